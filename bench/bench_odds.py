"""How long the win odds take: 1,000 playouts from the start and from a mid-game position.

    .venv/bin/python bench/bench_odds.py [--playouts N]

For each game, the position a seat asks from is a new game (the start) and the same game after
the computer has played half of a typical game's actions (mid-game). Prints the seconds, the
playouts per second and the odds with their margin.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from the repo root

from chase.engines import ENGINES, get_engine  # noqa: E402
from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.odds import win_odds  # noqa: E402

# kind -> the options of the game measured, and the computer actions played before "mid-game"
POSITIONS = {"race": ({"canoes": 6}, 80), "pelts": ({}, 65)}


def positions(kind: str) -> list[tuple[str, dict, str]]:
    engine = get_engine(kind)
    options, halfway = POSITIONS[kind]
    chance = RandomChance(2024)
    state = engine.new_game(options, chance).state
    roles = engine.roles(engine.clean_options(options))
    start = (f"the start ({roles[0]} asks)", state, roles[0])
    for _ in range(halfway):
        role = next(r for r in roles if engine.legal_actions(state, r))
        state = engine.apply(state, role, engine.computer_action(state, role, chance), chance).state
    asking = next((r for r in roles if engine.legal_actions(state, r)), roles[0])
    return [start, (f"mid-game, after {halfway} actions ({asking} asks)", state, asking)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    args = parser.parse_args()
    for kind in ENGINES:
        engine = get_engine(kind)
        if not hasattr(engine, "determinize"):
            print(f"{kind}: no win odds")
            continue
        sides = list(dict.fromkeys(engine.roles(engine.clean_options(POSITIONS[kind][0]))))
        for label, state, role in positions(kind):
            odds = win_odds(engine, state, role, sides=sides, playouts=args.playouts, seed=1)
            shares = ", ".join(f"{side} {p:.0%}" for side, p in odds.win.items())
            print(
                f"{kind}, {label}: {odds.playouts} playouts in {odds.seconds:.2f} s "
                f"({odds.playouts / odds.seconds:.0f}/s); {shares} (± {odds.margin:.1%})"
            )


if __name__ == "__main__":
    main()
