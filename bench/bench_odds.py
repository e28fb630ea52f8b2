"""How long the win odds take: 1,000 playouts from the start and from a mid-game position, for
every game and the variants its lobby offers (target: under 1 s of CPU each, issue 38).

    .venv/bin/python bench/bench_odds.py [--playouts N] [--repeat R] [--only KIND]

For each variant, the position a seat asks from is a new game (the start) and the same game
halfway through the actions the computer plays to its end (mid-game). Prints the seconds in CPU
time, best of `--repeat` (the machine may be shared: CPU time is what compares), the wall clock
of that best run, the playouts per second, the odds with their margin, and whether the target
is met.
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

TARGET = 1.0  # CPU seconds for 1,000 playouts (scaled to --playouts)

# kind -> (name, options): the variants measured, as the lobby offers them (data, no branch on
# a kind: a game missing here is measured with its default options).
VARIANTS: dict[str, list[tuple[str, dict]]] = {
    "pelts": [
        ("default", {}),
        ("2 trapper canoes, 3 Indian canoes, 6 rowers",
         {"trapper_canoes": 2, "indian_canoes": 3, "rowers": 6}),
    ],
    "race": [
        ("4 canoes", {}),
        ("6 canoes", {"canoes": 6}),
        ("8 canoes, open course, 48-space legs", {"canoes": 8, "hidden": False, "leg_length": 48}),
    ],
    "abstract": [
        ("canoe chase (extended, difficult)", {}),
        ("canoe chase, standard, open", {"length": "standard", "terrain": "open"}),
        ("canoe chase, dogfight", {"length": "dogfight"}),
        ("road chase", {"template": "road"}),
        ("road chase, extended", {"template": "road", "length": "extended"}),
        ("road chase, dogfight", {"template": "road", "length": "dogfight"}),
    ],
    "moosehead": [
        ("standard, 3 canoes", {"players": 3}),
        ("standard, 6 canoes", {"players": 6}),
        ("short, 3 canoes", {"variant": "short"}),
        ("short without Destination cards, 3 canoes", {"variant": "short_none"}),
        ("long, 3 canoes", {"variant": "long"}),
        ("all-night, 3 canoes", {"variant": "all_night"}),
        ("all-night, 6 canoes", {"variant": "all_night", "players": 6}),
    ],
}  # fmt: skip


def positions(kind: str, options: dict) -> list[tuple[str, dict, str]]:
    """The start of a computer game and the position halfway through its actions."""
    engine = get_engine(kind)
    chance = RandomChance(2024)
    state = engine.new_game(options, chance).state
    states = [state]
    while engine.status(state) == "playing":
        role = engine.seat_to_act(state)
        state = engine.apply(state, role, engine.computer_action(state, role, chance), chance).state
        states.append(state)
    halfway = len(states) // 2
    middle = states[halfway]
    first = engine.roles(engine.clean_options(options))[0]  # the first seat asks at the start
    asking = engine.seat_to_act(middle)
    return [
        (f"the start ({first} asks)", states[0], first),
        (f"mid-game, action {halfway} of {len(states) - 1} ({asking} asks)", middle, asking),
    ]


def timed(kind: str, label: str, state: dict, role: str, sides: list[str], args) -> float:
    """One position's odds, timed (CPU, best of `args.repeat`), printed on one line."""
    engine = get_engine(kind)
    best = None
    for _ in range(args.repeat):
        cpu = time.process_time()
        odds = win_odds(engine, state, role, sides=sides, playouts=args.playouts, seed=1)
        cpu = time.process_time() - cpu
        if best is None or cpu < best[0]:
            best = (cpu, odds)
    cpu, odds = best
    shares = ", ".join(f"{side} {p:.0%}" for side, p in odds.win.items())
    target = TARGET * args.playouts / 1000
    verdict = "under" if cpu < target else "OVER"
    print(
        f"{kind}, {label}: {odds.playouts} playouts in {cpu:.2f} s CPU ({verdict} {target:g} s; "
        f"{odds.seconds:.2f} s wall, {odds.playouts / cpu:.0f}/s); {shares} (± {odds.margin:.1%})",
        flush=True,
    )
    return cpu


def print_table(table: list[tuple[str, list[float]]], args) -> None:
    """The odds table: every game and variant, from the start and from mid-game, CPU seconds
    (best of `--repeat`), over the target marked."""
    if not table:
        return
    target = TARGET * args.playouts / 1000
    width = max(len(name) for name, _ in table)
    print(
        f"odds table: CPU s for {args.playouts:,} playouts, best of {args.repeat} "
        f"(* over the {target:g} s target)"
    )
    print(f"  {'game, variant':<{width}}  {'start':>7}  {'mid-game':>8}")
    for name, row in table:
        cells = [f"{cpu:.2f}{'*' if cpu >= target else ' '}" for cpu in row]
        cells += [""] * (2 - len(cells))
        print(f"  {name:<{width}}  {cells[0]:>7}  {cells[1]:>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", help="one game's kind")
    args = parser.parse_args()
    worst: list[tuple[float, str]] = []
    table: list[tuple[str, list[float]]] = []
    for kind in kinds():
        if args.only and kind != args.only:
            continue
        engine = get_engine(kind)
        if not engine.odds:
            print(f"{kind}: no win odds")
            continue
        for name, options in VARIANTS.get(kind, [("default", {})]):
            sides = engine.odds_sides(engine.clean_options(options))
            row: list[float] = []
            for label, state, role in positions(kind, options):
                cpu = timed(kind, f"{name}, {label}", state, role, sides, args)
                worst.append((cpu, f"{kind}, {name}, {label}"))
                row.append(cpu)
            table.append((f"{kind}, {name}", row))
    print_table(table, args)
    if worst:
        cpu, where = max(worst)
        print(f"odds: the slowest is {where}: {cpu:.2f} s CPU for {args.playouts} playouts")


if __name__ == "__main__":
    main()
