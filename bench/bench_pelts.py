"""Benchmark and sanity check for the Pelts, Paddling and Powder engine.

Plays computer-against-computer chases from `new_game` to the end and reports games per second
(CPU time, `time.process_time`, so that other work on a shared machine does not count) and how
often the trappers escape, twice: through the public API (`ENGINE.apply` with
`ENGINE.computer_action`, recorded chance, as a session plays) and as `ENGINE.playout` plays
them (the same choices on one copy changed in place, chance unrecorded, as the win odds do;
tests/chase/engines/test_pelts_playout.py holds the two equal). Then it pits the computer player
against a uniformly random one, 1000 games each way.

Each rate is the best of `--rounds` rounds of the same games (3 by default), as `timeit` takes
the best of its repeats: the games are the same every round (checked), so a slower round only
measured other work on the machine (a shared virtual machine's neighbours, a helper's build).

    .venv/bin/python bench/bench_pelts.py [--games N] [--duel-games M] [--seed S] [--rounds R]
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from the repo root

import argparse  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.pelts import ENGINE, random_action, seats_to_act  # noqa: E402

MAX_STEPS = 5000
Player = Callable[[dict, str, RandomChance], dict]


def play(seed: int, trapper: Player, indian: Player) -> tuple[str, int, int]:
    """One chase; returns the winner, the number of actions and the number of turns."""
    chance = RandomChance(seed)
    players = {"trapper": trapper, "indian": indian}
    state = ENGINE.new_game({}, chance).state
    for steps in range(MAX_STEPS):
        seats = seats_to_act(state)
        if not seats:
            return state["winner"], steps, state["turn"]
        seat = seats[0]
        state = ENGINE.apply(state, seat, players[seat](state, seat, chance), chance).state
    raise RuntimeError(f"game {seed} did not end in {MAX_STEPS} actions")


def run(games: int, seed: int, trapper: Player, indian: Player) -> dict[str, float]:
    start = time.process_time()
    escapes = actions = turns = 0
    for i in range(games):
        winner, steps, turn = play(seed + i, trapper, indian)
        escapes += winner == "trapper"
        actions += steps
        turns += turn
    seconds = time.process_time() - start
    return rates(games, seconds, escape_rate=escapes, actions=actions, turns=turns)


def run_playouts(games: int, seed: int) -> dict[str, float]:
    """The same chases as `run` with the computer on both sides, each played by `ENGINE.playout`
    from its new game (the same seeds, so the same games)."""
    start = time.process_time()
    escapes = turns = 0
    for i in range(games):
        chance = RandomChance(seed + i, record=False)
        final = ENGINE.playout(ENGINE.new_game({}, chance).state, chance)
        escapes += final["winner"] == "trapper"
        turns += final["turn"]
    seconds = time.process_time() - start
    return rates(games, seconds, escape_rate=escapes, turns=turns)


def rates(games: int, seconds: float, **totals: int) -> dict[str, float]:
    """The CPU seconds, the games per second and each total per game."""
    return {
        "seconds": seconds,
        "per_second": games / seconds,
        **{name: total / games for name, total in totals.items()},
    }


def best_of(rounds: int, measure: Callable[[], dict[str, float]]) -> dict[str, float]:
    """The fastest of `rounds` runs of `measure`, which must give the same games every time."""
    results = [measure() for _ in range(rounds)]
    games = {key: value for key, value in results[0].items() if key not in TIMES}
    for result in results[1:]:
        if {key: value for key, value in result.items() if key not in TIMES} != games:
            raise RuntimeError("a round played other games than the first: the bench is broken")
    return min(results, key=lambda result: result["seconds"])


TIMES = ("seconds", "per_second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000, help="computer-vs-computer chases")
    parser.add_argument("--duel-games", type=int, default=1000, help="games each way vs random")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the fastest is printed")
    args = parser.parse_args()

    computer = ENGINE.computer_action
    result = best_of(args.rounds, lambda: run(args.games, args.seed, computer, computer))
    print(
        f"computer vs computer, public API (apply + computer_action): {args.games} chases in "
        f"{result['seconds']:.1f} s CPU, best of {args.rounds} "
        f"({result['per_second']:.0f} games/s, "
        f"{result['actions']:.0f} actions and {result['turns']:.1f} turns a chase); "
        f"the trappers escape {result['escape_rate']:.1%}"
    )
    fast = best_of(args.rounds, lambda: run_playouts(args.games, args.seed))
    print(
        f"computer vs computer, ENGINE.playout: {args.games} chases in "
        f"{fast['seconds']:.1f} s CPU, best of {args.rounds} "
        f"({fast['per_second']:.0f} games/s, {fast['turns']:.1f} turns a chase); "
        f"the trappers escape {fast['escape_rate']:.1%}"
    )
    if args.duel_games <= 0:
        return
    as_trapper = run(args.duel_games, args.seed, computer, random_action)
    print(
        f"computer trappers vs random Indians: the computer wins {as_trapper['escape_rate']:.1%} "
        f"of {args.duel_games}"
    )
    as_indian = run(args.duel_games, args.seed, random_action, computer)
    indian_wins = 1 - as_indian["escape_rate"]
    print(
        f"computer Indians vs random trappers: the computer wins {indian_wins:.1%} "
        f"of {args.duel_games}"
    )


if __name__ == "__main__":
    main()
