"""How long the win odds take: 1,000 playouts from the start and from a mid-game position.

    .venv/bin/python bench/bench_odds.py [--playouts N]

For each game, the position a seat asks from is a new game (the start) and the same game halfway
through the actions the computer plays to its end (mid-game). Prints the seconds (as the odds
report them, wall clock, and in CPU time: the machine may be shared), the playouts per second
and the odds with their margin.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from the repo root

from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.odds import win_odds  # noqa: E402
from chase.games import get_engine, kinds  # noqa: E402

POSITIONS = {"race": {"canoes": 6}, "pelts": {}}  # kind -> the options of the game measured
MOOSEHEAD = {"players": 3}  # measured by moosehead_odds below


def positions(kind: str, options: dict | None = None) -> list[tuple[str, dict, str]]:
    """The start of a computer game and the position halfway through its actions."""
    engine = get_engine(kind)
    options = POSITIONS[kind] if options is None else options
    chance = RandomChance(2024)
    state = engine.new_game(options, chance).state
    roles = engine.roles(engine.clean_options(options))
    states = [state]
    while engine.status(state) == "playing":
        role = next(r for r in roles if engine.legal_actions(state, r))
        state = engine.apply(state, role, engine.computer_action(state, role, chance), chance).state
        states.append(state)
    halfway = len(states) // 2
    middle = states[halfway]
    asking = next(r for r in roles if engine.legal_actions(middle, r))
    return [
        (f"the start ({roles[0]} asks)", states[0], roles[0]),
        (f"mid-game, action {halfway} of {len(states) - 1} ({asking} asks)", middle, asking),
    ]


def timed(kind: str, label: str, state: dict, role: str, sides: list[str], playouts: int) -> None:
    """One position's odds, timed, printed on one line."""
    engine = get_engine(kind)
    cpu = time.process_time()
    odds = win_odds(engine, state, role, sides=sides, playouts=playouts, seed=1)
    cpu = time.process_time() - cpu
    shares = ", ".join(f"{side} {p:.0%}" for side, p in odds.win.items())
    print(
        f"{kind}, {label}: {odds.playouts} playouts in {odds.seconds:.2f} s "
        f"({cpu:.2f} s CPU, {odds.playouts / cpu:.0f}/s); {shares} (± {odds.margin:.1%})"
    )


# The abstract chase's positions: its default canoe chase (two canoes of trappers and a war
# canoe of extras after them) and the road chase, each from the start and from mid-game.
ABSTRACT_CHASES = {"canoe chase": {}, "road chase": {"template": "road"}}


def abstract_odds(playouts: int) -> None:
    """The abstract chase: its winner is a side, so the odds share out its sides (the prey
    first: they escape, or the pursuers catch them), with the computer's passive game master."""
    engine = get_engine("abstract")
    for name, options in ABSTRACT_CHASES.items():
        sides = engine.odds_sides(options)
        for label, state, role in positions("abstract", options):
            timed("abstract", f"{name}, {label}", state, role, sides, playouts)


def moosehead_odds(playouts: int) -> None:
    """The Moosehead trip's odds from the start and mid-game (target: 1,000 under 2 s)."""
    engine = get_engine("moosehead")
    sides = engine.roles(engine.clean_options(MOOSEHEAD))
    for label, state, role in positions("moosehead", MOOSEHEAD):
        timed("moosehead", label, state, role, sides, playouts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    args = parser.parse_args()
    for kind in kinds():
        engine = get_engine(kind)
        if kind == "abstract":
            abstract_odds(args.playouts)
            continue
        if kind == "moosehead":
            moosehead_odds(args.playouts)
            continue
        if not hasattr(engine, "determinize"):
            print(f"{kind}: no win odds")
            continue
        sides = engine.roles(engine.clean_options(POSITIONS[kind]))
        for label, state, role in positions(kind):
            timed(kind, label, state, role, sides, args.playouts)


if __name__ == "__main__":
    main()
