"""What a hard move gains over the normal one, move by move: far cheaper than whole games (a
Pelts game has some 54 hard moves a seat, so the hard bench at ±3% would take hours).

    .venv/bin/python bench/bench_hard_choices.py --only pelts [--games 6] [--every 10]
        [--playouts 400] [--confidence 1.5 0] [--seconds 0.8]

Games of the normal computer at every seat are played on the hard bench's options; at every
`--every`-th position where the seat to act has a real choice, the hard computer searches (the
app's search, `--seconds` of CPU with playouts to spare, once for each `--confidence` gate), and
where it leaves the normal choice, its choice and the normal one are each played out
`--playouts` times on the *real* state, on the same seeds, with the normal computer after: the
difference of the means is that move's gain (0 where hard keeps the normal choice). Over many
positions this is unbiased (the real hidden state is a draw from what the seat sees). Printed
per gate: how often hard left the normal choice, the mean gain a move with its standard error
(from the playouts' luck alone), and that times a seat's choices in a game.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from the repo root
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # the hard bench's duels

from bench_hard import DUELS, teams_of  # noqa: E402

from chase.engines import levels  # noqa: E402
from chase.engines.chance import RandomChance  # noqa: E402
from chase.engines.levels import SEED_BITS, Search, _playout, hard_search  # noqa: E402
from chase.games import get_engine, kinds  # noqa: E402


def gain(engine, state, role, chosen, normal, playouts: int, seed: int) -> tuple[float, float]:
    """The mean of chosen's result minus normal's on the same seeds, and its standard error."""
    luck = RandomChance(seed, record=False)
    diffs = []
    for _ in range(playouts):
        world_seed = luck.randint(0, 2**SEED_BITS)
        diffs.append(
            _playout(engine, state, role, chosen, world_seed)
            - _playout(engine, state, role, normal, world_seed)
        )
    mean = sum(diffs) / playouts
    spread = sum((d - mean) ** 2 for d in diffs) / (playouts - 1)
    return mean, math.sqrt(spread / playouts)


def run(kind: str, args) -> None:
    engine = get_engine(kind)
    options = DUELS.get(kind, {})
    teams = len(teams_of(engine, options))
    started = time.process_time()
    search = Search(playouts=10**7, seconds=args.seconds)
    found: dict[float, list[tuple[float, float]]] = {c: [] for c in args.confidence}
    spent: dict[float, list[float]] = {c: [] for c in args.confidence}
    choices = 0
    for seed in range(args.seed, args.seed + args.games):
        chance = RandomChance(seed, record=False)
        state = engine.new_game(options, chance).state
        while engine.status(state) == "playing":
            role = engine.seat_to_act(state)
            normal = engine.computer_action(state, role, chance)
            if len(engine.legal_actions(state, role)) > 1:
                choices += 1
                if choices % args.every == 0:
                    for gate in args.confidence:
                        gated = dataclasses.replace(search, confidence=gate)
                        hard = hard_search(engine, state, role, RandomChance(choices), gated)
                        spent[gate].append(hard.seconds)
                        if not hard.playouts or hard.action == hard.normal:
                            found[gate].append((0.0, 0.0))
                        else:
                            found[gate].append(
                                gain(engine, state, role, hard.action, hard.normal,
                                     args.playouts, choices)
                            )  # fmt: skip
            state = engine.perform(state, role, normal, chance).state
    per_game = choices / (args.games * teams)
    positions = len(next(iter(found.values())))
    print(
        f"{kind} (options {options or 'default'}): {positions} positions of {choices} choices "
        f"in {args.games} normal games ({per_game:.0f} a seat or side and game); hard with "
        f"{args.seconds} s CPU a move, each gain from {args.playouts} playouts a side on the "
        f"real state; {time.process_time() - started:.0f} s CPU",
        flush=True,
    )
    for gate, gains in found.items():
        n = len(gains)
        mean = sum(g for g, _ in gains) / n
        error = math.sqrt(sum(e * e for _, e in gains)) / n
        left = sum(1 for g in gains if g != (0.0, 0.0))
        print(
            f"  gate {gate:g} standard errors: left the normal choice at {left} of {n}; gain "
            f"{mean:+.2%} ± {error:.2%} a move, {mean * per_game:+.1%} a seat and game; hard "
            f"moves mean {sum(spent[gate]) / n * 1000:.0f} ms CPU, slowest "
            f"{max(spent[gate]) * 1000:.0f} ms",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="normal games")
    parser.add_argument("--every", type=int, default=10, help="search every N-th choice")
    parser.add_argument("--playouts", type=int, default=400, help="playouts a side, a gain")
    parser.add_argument("--seconds", type=float, default=0.8, help="CPU seconds a hard move")
    parser.add_argument("--confidence", type=float, nargs="+", default=[levels.CONFIDENCE])
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--only", help="one game's kind")
    args = parser.parse_args()
    for kind in kinds():
        if args.only and kind != args.only:
            continue
        run(kind, args)


if __name__ == "__main__":
    main()
