"""The balance lab's proposals (issue 38): for each game and one declared option, the value
that brings a chosen group's share of the games won closest to even, with its 95% interval,
the values the games cannot tell from it, and the games played.

    .venv/bin/python bench/bench_proposals.py [--games N] [--only KIND]

Each value plays `--games` games with the lab's seeds (the same games for every value), as a
search run on the `lab` queue plays them (chase.engines.lab.search); the CPU seconds of each
search are printed beside it.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from the repo root

from chase.engines import lab  # noqa: E402
from chase.games import game_for, get_engine  # noqa: E402

# (kind, option searched, group evened): the balances the issue names.
SEARCHES = [
    ("race", "leg_length", "outside"),  # the outside starters win 56% of won races (R3)
    ("race", "outside_extra", "outside"),  # the same, by a longer course for the outside (R1)
    ("pelts", "indian_canoes", "trapper"),  # the trappers escape 72% of chases
    ("pelts", "obstacles", "trapper"),
    ("pelts", "head_start", "trapper"),  # the same, by the trappers' start (P1)
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games for each value")
    parser.add_argument("--only", help="one game's kind")
    args = parser.parse_args()
    for kind, name, group in SEARCHES:
        if args.only and kind != args.only:
            continue
        engine = get_engine(kind)
        option = engine.option(name)
        options = engine.clean_options({})
        values = lab.candidates(option)
        cpu = time.process_time()
        found = lab.search(engine, options, name, values, group, seed=0, games=args.games)
        cpu = time.process_time() - cpu
        words = game_for(kind).group_words(options, group)
        tried = "; ".join(
            f"{option.value_words(row['value'])} {row['share']:.1%}" for row in found["candidates"]
        )
        low, high = found["interval"]
        close = ", ".join(option.value_words(v) for v in found["close"]) or "none"
        print(
            f"{kind}, {option.heading()} for {words}: proposes {option.value_words(found['value'])}"
            f" ({found['share']:.1%} of {found['won_games']:,} games won, 95% {low:.1%}-"
            f"{high:.1%}; {found['games']:,} games a value); the games cannot tell it from: "
            f"{close}; tried: {tried} ({cpu:.1f} s CPU)",
            flush=True,
        )


if __name__ == "__main__":
    main()
