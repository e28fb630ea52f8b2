"""How much a hard computer could gain over the normal one, at most, in one game: an upper bound
for a search of one step over the normal computer (what `chase.engines.levels` searches).

    .venv/bin/python bench/bench_hard_bound.py --only race [--games N] [--playouts P]

Games of the normal computer at every seat are played on the hard bench's options
(`bench_hard.DUELS`); at every position where the seat to act has a real choice, each of its
legal actions is played out `--playouts` times on the *real* state (perfect information: more
than the hard computer may see) with the normal computer after it, every action on the same
seeds (common random numbers), and scored as the hard bench scores a game (`seat_score`). The
mean gain of the best action over the normal computer's own choice, counted only where it is
positive (an upper bound: the luck of N playouts only adds to it), summed over one seat's (or
side's) choices in a game, bounds what a hard computer gains per game over 50% by leaving the
normal choice; a normal choice that no action beats at any position leaves no policy better than the
normal one against it (the policy improvement theorem), whatever its budget.
"""

from __future__ import annotations

import argparse
import math
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from the repo root
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # the hard bench's duels

from bench_hard import DUELS, teams_of  # noqa: E402

from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.levels import SEED_BITS, _index, _playout  # noqa: E402
from chase.games import get_engine, kinds  # noqa: E402


def run(kind: str, games: int, playouts: int) -> None:
    engine = get_engine(kind)
    options = DUELS.get(kind, {})
    started = time.process_time()
    gains: list[float] = []  # per choice: the best action's mean gain over normal's, if positive
    beaten = 0  # choices where another action beats normal's by more than 2 standard errors
    teams = len(teams_of(engine, options))  # a seat, or a side of several
    for seed in range(games):
        chance = RandomChance(seed, record=False)
        state = engine.new_game(options, chance).state
        while engine.status(state) == "playing":
            role = engine.seat_to_act(state)
            actions = engine.legal_actions(state, role)
            normal = engine.computer_action(state, role, chance)
            if len(actions) > 1 and _playout(engine, state, role, normal, 0) is not None:
                favourite = _index(actions, normal)
                luck = RandomChance(seed * 100_003 + len(gains), record=False)
                scores: list[list[float]] = [[] for _ in actions]
                for _ in range(playouts):
                    world_seed = luck.randint(0, 2**SEED_BITS)
                    for i, action in enumerate(actions):
                        scores[i].append(_playout(engine, state, role, action, world_seed))
                best = 0.0
                for i in range(len(actions)):
                    if i == favourite:
                        continue
                    diffs = [a - b for a, b in zip(scores[i], scores[favourite], strict=True)]
                    mean = sum(diffs) / playouts
                    spread = sum((d - mean) ** 2 for d in diffs) / (playouts - 1)
                    beaten += mean > 2 * math.sqrt(spread / playouts)
                    best = max(best, mean)
                gains.append(best)
            state = engine.perform(state, role, normal, chance).state
    per_team = sum(gains) / (games * teams)
    print(
        f"{kind} (options {options or 'default'}): {games} normal games, {len(gains)} choices, "
        f"{playouts} playouts an action on the real state. Best action over normal's, mean "
        f"gain a choice {sum(gains) / max(1, len(gains)):.2%} (positive gains only); another "
        f"action ahead by more than 2 standard errors at {beaten} choices; at most "
        f"{per_team:.2%} a seat (or side) and game above 50% for a one-step search over normal; "
        f"{time.process_time() - started:.0f} s CPU",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="normal games")
    parser.add_argument("--playouts", type=int, default=1000, help="playouts an action")
    parser.add_argument("--only", help="one game's kind")
    args = parser.parse_args()
    for kind in kinds():
        if args.only and kind != args.only:
            continue
        run(kind, args.games, args.playouts)


if __name__ == "__main__":
    main()
