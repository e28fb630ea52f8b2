"""Benchmark the Moosehead Lake trip: computer trips, and does the seat order matter?

    .venv/bin/python bench/bench_moosehead.py [--games N] [--players P] [--variant V]
                                              [--seed S] [--workers W]

Runs N trips (default 10000) of P computer canoes (default 3) through the public engine API and
prints trips per second, the mean rounds and actions a trip takes, how often each seat wins
(with a chi-squared test against every seat winning as often), and the winners' mean points.
"""

import argparse
import math
import pathlib
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.moosehead import ENGINE  # noqa: E402

MAX_ACTIONS = 20000

Result = tuple[int, int, int, int]  # winning seat, rounds, actions, the winner's points


def run_trip(args: tuple[int, int, str]) -> Result:
    seed, players, variant = args
    chance = RandomChance(seed)
    state = ENGINE.new_game({"players": players, "variant": variant}, chance).state
    actions = 0
    while state["status"] != "finished":
        if actions == MAX_ACTIONS:
            raise RuntimeError(f"trip {seed} did not end in {MAX_ACTIONS} actions")
        role = state["players"][state["current"]]["role"]
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state
        actions += 1
    winner = next(p for p in state["players"] if p["role"] == state["winner"])
    seat = int(winner["role"].split("-")[1])
    return seat, state["round"], actions, winner["points"]


def chi_squared_p(counts: list[int]) -> tuple[float, float]:
    """Pearson's chi-squared statistic against equal shares, and its p-value (Wilson-Hilferty)."""
    total = sum(counts)
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    k = len(counts) - 1
    z = ((statistic / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return statistic, 0.5 * math.erfc(z / math.sqrt(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first trip")
    parser.add_argument("--workers", type=int, default=1, help="processes to run trips in")
    args = parser.parse_args()

    jobs = [(seed, args.players, args.variant) for seed in range(args.seed, args.seed + args.games)]
    started = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(run_trip, jobs, chunksize=max(1, args.games // (args.workers * 8)))
    else:
        results = [run_trip(job) for job in jobs]
    elapsed = time.perf_counter() - started

    wins = [0] * args.players
    for seat, *_ in results:
        wins[seat - 1] += 1
    rounds = [r[1] for r in results]
    actions = [r[2] for r in results]
    statistic, p_value = chi_squared_p(wins)
    print(
        f"{len(results)} {args.variant} trips of {args.players} computer canoes in {elapsed:.1f} s "
        f"({len(results) / elapsed:.0f} trips per second, {args.workers} worker(s))"
    )
    print(
        f"  rounds: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds):.0f}, "
        f"longest {max(rounds)}; actions: mean {statistics.mean(actions):.0f}; "
        f"winner's points: mean {statistics.mean(r[3] for r in results):.0f}"
    )
    for seat, count in enumerate(wins, start=1):
        print(f"  seat {seat} won {count:6} trips ({count / len(results):6.1%})")
    print(
        f"Seat shares against {1 / args.players:.1%} each: chi-squared {statistic:.1f} on "
        f"{args.players - 1} degrees of freedom, p = {p_value:.3g}"
    )


if __name__ == "__main__":
    main()
