"""Benchmark the Colonial Canoe Race: computer races of 6 canoes, and is the track swap fair?

    .venv/bin/python bench/bench_race.py [--races N] [--seed S] [--workers W] [--rounds R]

Runs N races (default 10000) through the public engine API (`new_game`, then `computer_action`
and `apply` for every activation, the dice recorded as a session records them), with the computer
at every seat, and prints races per CPU-second; then the same races again as the win odds play
them (`new_game`, then `ENGINE.playout`: the same choices, no events, no record of the dice).
Both rates are CPU time of this process (time.process_time; the workers' own with --workers), so
a busy shared machine slows them less than wall time would. Then how often each starting track
wins, and a
binomial test of the inside-starters' share of the wins against the 50% a fair course would give
(3 canoes start on each track). Also prints the men each starting track loses, to show where any
bias comes from.

With one worker each rate is the best of `--rounds` rounds of the same races (3 by default), as
`timeit` takes the best of its repeats: the races are the same every round (checked), so a slower
round only measured other work on the machine.
"""

import argparse
import math
import pathlib
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.race import ENGINE  # noqa: E402

CANOES = 6
MAX_ACTIVATIONS = 5000


Result = tuple[str | None, int, dict[str, int], dict[str, int]]


def run_race(seed: int) -> Result:
    """One computer race.

    Returns the winner's starting track (None: nobody finished), the race's turns, and for each
    starting track the men lost (all causes) and the men shot by hostiles.
    """
    chance = RandomChance(seed)
    outcome = ENGINE.new_game({"canoes": CANOES}, chance)
    state = outcome.state
    start = {canoe["role"]: canoe["start"] for canoe in state["canoes"]}
    shot = {"inside": 0, "outside": 0}
    for _ in range(MAX_ACTIVATIONS):
        if state["status"] == "finished":
            break
        role = state["order"][state["active"]]
        outcome = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance)
        state = outcome.state
        for event in outcome.events:
            if event.get("kind") == "shot" and event["killed"]:
                shot[start[event["seat"]]] += 1
    else:
        raise RuntimeError(f"race {seed} did not finish in {MAX_ACTIVATIONS} activations")
    lost = {"inside": 0, "outside": 0}
    for canoe in state["canoes"]:
        lost[canoe["start"]] += canoe["lost"]
    winner = ENGINE.winner(state)
    return (start[winner] if winner else None), state["turn"], lost, shot


def playout_rate(races: int, seed: int) -> tuple[float, list[str | None]]:
    """Races per CPU-second set up and played out by the computer at every seat, as the win odds
    play them: the same rules and choices, without events or a record of the dice; and each
    race's winner."""
    winners = []
    started = time.process_time()
    for n in range(seed, seed + races):
        chance = RandomChance(n, record=False)
        final = ENGINE.playout(ENGINE.new_game({"canoes": CANOES}, chance).state, chance)
        winners.append(ENGINE.winner(final))
    return races / (time.process_time() - started), winners


def best_of(rounds: int, measure: Callable[[], tuple[Any, Any]], rate: Callable[[Any], float]):
    """The fastest of `rounds` runs of `measure` (its results and timing, by `rate`), which must
    give the same races every time."""
    runs = [measure() for _ in range(rounds)]
    if any(results != runs[0][0] for results, _ in runs[1:]):
        raise RuntimeError("a round raced other races than the first: the bench is broken")
    return max(runs, key=lambda run: rate(run[1]))


def run_chunk(seeds: range) -> tuple[list[Result], float]:
    """The races of these seeds, and the CPU seconds they took in this process."""
    started = time.process_time()
    results = [run_race(seed) for seed in seeds]
    return results, time.process_time() - started


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def binomial_two_sided(successes: int, n: int) -> float:
    """Exact two-sided p-value of `successes` in `n` fair coin tosses."""
    if n == 0:
        return 1.0
    tail = min(successes, n - successes)
    log_half = n * math.log(0.5)
    total = sum(
        math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + log_half)
        for k in range(tail + 1)
    )
    return min(1.0, 2 * total)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first race")
    parser.add_argument("--workers", type=int, default=1, help="processes to run races in")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the fastest is printed")
    args = parser.parse_args()

    seeds = range(args.seed, args.seed + args.races)
    started = time.perf_counter()
    if args.workers > 1:
        size = max(1, args.races // (args.workers * 8))
        chunks = [seeds[i : i + size] for i in range(0, args.races, size)]
        with Pool(args.workers) as pool:
            done = pool.map(run_chunk, chunks)
        results = [r for chunk, _ in done for r in chunk]
        cpu = sum(seconds for _, seconds in done)
    else:
        results, cpu = best_of(args.rounds, lambda: run_chunk(seeds), lambda cpu: -cpu)
    elapsed = time.perf_counter() - started

    wins = {"inside": 0, "outside": 0, None: 0}
    lost = {"inside": 0, "outside": 0}
    shot = {"inside": 0, "outside": 0}
    for track, _, men, hits in results:
        wins[track] += 1
        for side in lost:
            lost[side] += men[side]
            shot[side] += hits[side]
    turns = sum(result[1] for result in results) / len(results)
    decided = wins["inside"] + wins["outside"]
    share = wins["inside"] / decided if decided else float("nan")
    low, high = wilson(wins["inside"], decided)
    p_value = binomial_two_sided(wins["inside"], decided)
    per_canoe = len(results) * CANOES // 2

    print(
        f"{len(results)} races of {CANOES} computer canoes ({args.workers} worker(s), "
        f"{elapsed:.1f} s, all rounds); {turns:.1f} turns a race on average"
    )
    rounds = 1 if args.workers > 1 else args.rounds
    print(
        f"  through the public API (apply + computer_action, events, dice recorded): "
        f"{len(results) / cpu:.0f} races per CPU-second (best of {rounds})"
    )
    winners, per_second = best_of(
        args.rounds,
        lambda: playout_rate(args.races, args.seed)[::-1],
        lambda per_second: per_second,
    )
    print(
        f"  played out without events (ENGINE.playout, the win odds' playouts): "
        f"{per_second:.0f} races per CPU-second (best of {args.rounds})"
    )
    for track in ("inside", "outside"):
        print(
            f"  {track:7} starters won {wins[track]:6} races ({wins[track] / len(results):6.1%}), "
            f"lost {lost[track] / per_canoe:.2f} men per canoe "
            f"({shot[track] / per_canoe:.2f} of them shot by hostiles)"
        )
    print(f"  no winner (every canoe out): {wins[None]} races")
    print(
        f"Inside starters' share of the wins: {share:.1%} "
        f"(95% CI {low:.1%}-{high:.1%}; exact binomial test against 50%: p = {p_value:.3g})"
    )
    if p_value >= 0.05:
        print(
            "Conclusion: no evidence that the starting track matters; "
            "with the swap the race looks fair."
        )
    else:
        favoured = "outside" if share < 0.5 else "inside"
        print(
            f"Conclusion: the swap evens the distance but the race is not fair: "
            f"{favoured} starters win more often than chance allows."
        )


if __name__ == "__main__":
    main()
