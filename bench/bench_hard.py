"""The hard computer against the normal one, per game (issue "Engines at the limit", part 2:
target, hard wins at least 60% of the games between the two in every game, each hard move in
at most 1 s of CPU).

    .venv/bin/python bench/bench_hard.py [--games N] [--minutes M] [--playouts P] [--only KIND]

Each game is played on the options below (two seats, or two sides), with the hard computer at
one seat (or every seat of one side) and the normal computer at the other, the seats alternated
game by game (seed n: hard holds the n-th team of the finishing order, in turn), so a game's
own lean towards a seat cancels out. A game's share is its finishing-order score for the hard
seat (1 a win, 0 a loss, a draw a half): the mean is hard's share of the games between the
two, printed with its 95% interval, then hard's share holding each seat or side apart (where
a game's set-up decides it, this shows: with the computer game master the abstract chase's prey
escape whoever plays either side). Games are played until the interval is within ±3% (at
least `--games`' worth of games is asked for: about 1,000 for a share near 0.6), or until
`--minutes` of CPU time per game is spent: then the games played and the interval reached are
printed as they are. Hard moves use the app's budget (`levels.DEFAULT_SEARCH`, the hard moves
between two of the normal computer's sharing `levels.ANSWER_SECONDS` as one answer does), unless
`--playouts` sets another (and `--confidence` another gate); their mean and largest CPU time
are printed (moves with a single legal action cost nothing and are not counted).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from the repo root

from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.levels import (  # noqa: E402
    DEFAULT_SEARCH,
    Search,
    hard_search,
    seat_score,
    within_answer,
)
from chase.games import get_engine, kinds  # noqa: E402

TARGET_SHARE = 0.60
TARGET_SECONDS = 1.0
MARGIN = 0.03
Z95 = 1.959964

# kind -> options: two seats (or two sides) each; a game missing here plays its defaults.
DUELS: dict[str, dict] = {
    "pelts": {},
    "race": {"canoes": 2},
    "abstract": {},  # two sides of participants; the computer game master is the normal one
    "moosehead": {"players": 2},
}


def teams_of(engine, options: dict) -> list[list[str]]:
    """The teams of the finishing order (a seat alone, or a side), from one normal game."""
    chance = RandomChance(0, record=False)
    state = engine.new_game(options, chance).state
    final = engine.playout(state, chance)
    return [list(roles) for _rank, roles in engine.finishing_order(final["options"], final)]


def duel(engine, options: dict, seed: int, hard: list[str], search: Search, moves: list[float]):
    """One game, hard at the roles `hard`; hard's score, and each searched move's CPU time
    appended to `moves`."""
    chance = RandomChance(seed, record=False)
    state = engine.new_game(options, chance).state
    bound = engine.max_actions(engine.clean_options(options))
    spent = 0.0  # CPU seconds of hard's moves since the normal computer last moved
    for _ in range(bound):
        if engine.status(state) != "playing":
            break
        role = engine.seat_to_act(state)
        if role in hard:
            # as in the app, the hard moves of one answer share its budget (a Pelts phase)
            found = hard_search(engine, state, role, chance, within_answer(search, spent))
            spent += found.seconds
            action = found.action
            if found.playouts:
                moves.append(found.seconds)
        else:
            spent = 0.0
            action = engine.computer_action(state, role, chance)
        state = engine.perform(state, role, action, chance).state
    return seat_score(engine, state, hard[0])


def run(kind: str, args, search: Search) -> None:
    engine = get_engine(kind)
    options = DUELS.get(kind, {})
    teams = teams_of(engine, options)
    started = time.process_time()
    scores: list[float] = []
    by_team: list[list[float]] = [[] for _ in teams]  # hard's scores holding each team
    moves: list[float] = []
    margin = 1.0
    while len(scores) < args.games or margin > MARGIN:
        seed = args.seed + len(scores)
        scores.append(duel(engine, options, seed, teams[seed % len(teams)], search, moves))
        by_team[seed % len(teams)].append(scores[-1])
        share = sum(scores) / len(scores)
        margin = Z95 * math.sqrt(max(share * (1 - share), 0.01) / len(scores))
        if args.progress and len(scores) % args.progress == 0:
            held = ", ".join(
                f"{'+'.join(team)} {sum(got):g} of {len(got)}"
                for team, got in zip(teams, by_team, strict=True)
            )
            print(
                f"  {kind}: {share:.1%} ± {margin:.1%} after {len(scores)} games "
                f"({sum(scores):g} won; holding {held})",
                flush=True,
            )
        if len(scores) >= args.games and margin <= MARGIN:
            break
        if time.process_time() - started > args.minutes * 60:
            break
    n = len(scores)
    share = sum(scores) / n
    draws = sum(1 for s in scores if 0 < s < 1)
    cpu = time.process_time() - started
    mean = sum(moves) / len(moves) if moves else 0.0
    slowest = max(moves, default=0.0)
    if share - margin >= TARGET_SHARE:
        verdict = "meets"
    elif share + margin < TARGET_SHARE:
        verdict = "below"
    else:
        verdict = "not yet sure of"
    print(
        f"{kind} (options {options or 'default'}): hard wins {share:.1%} ± {margin:.1%} of {n} "
        f"games against normal ({draws} drawn, counted half), seats alternated; {verdict} the "
        f"{TARGET_SHARE:.0%} target. Hard moves searched: {len(moves)}, mean {mean * 1000:.0f} ms "
        f"CPU, slowest {slowest * 1000:.0f} ms ({'under' if slowest <= TARGET_SECONDS else 'OVER'} "
        f"{TARGET_SECONDS:g} s); {cpu:.0f} s CPU in all",
        flush=True,
    )
    held = ", ".join(
        f"{'+'.join(team)} {sum(got) / len(got):.1%} of {len(got)}"
        for team, got in zip(teams, by_team, strict=True)
        if got
    )
    print(f"  hard's share holding each seat or side: {held}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games at least, per game")
    parser.add_argument("--minutes", type=float, default=60.0, help="CPU minutes per game, at most")
    parser.add_argument("--playouts", type=int, help="a hard move's playouts (default: the app's)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--only", help="one game's kind")
    parser.add_argument("--progress", type=int, default=0, help="a line every N games")
    parser.add_argument(
        "--confidence",
        type=float,
        help="standard errors another action must beat the normal choice by (default: the app's)",
    )
    args = parser.parse_args()
    search = DEFAULT_SEARCH
    if args.playouts:
        search = dataclasses.replace(search, playouts=args.playouts)
    if args.confidence is not None:
        search = dataclasses.replace(search, confidence=args.confidence)
    print(
        f"hard vs normal: {search.playouts} playouts a hard move, at most {search.seconds} s CPU, "
        f"another action taken at {search.confidence:g} standard errors over the normal one"
    )
    for kind in kinds():
        if args.only and kind != args.only:
            continue
        run(kind, args, search)


if __name__ == "__main__":
    main()
