"""Win odds: "what are my chances?", by Monte Carlo playouts with the computer at every seat.

Each playout starts from a state the asking seat cannot tell from the real one: the engine's
`determinize(state, role, chance)` draws afresh everything `role` may not see (the other hand
and the draw pile, the unrevealed course), reading only what the seat's view shows; then the
engine's `playout(state, chance)` plays it to the end. So the odds never leak hidden
information: two games that differ only in what the seat cannot see give the same odds from
the same seed. Plain Python, no Django.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from chase.engines.base import Engine, IllegalMove
from chase.engines.chance import RandomChance

PLAYOUTS = 1000
Z95 = 1.959964  # a 95% interval


@dataclass(frozen=True)
class Odds:
    """Each role's (or side's) share of won playouts, and the ± of a 95% interval around the
    least certain of them. `certain` says why the outcome is already certain ("" when it is
    not: the shares are then estimates, however near 0 or 1). `seconds` is how long the
    playouts took (not part of the answer)."""

    playouts: int
    margin: float
    win: dict[str, float]
    seconds: float = field(default=0.0, compare=False)
    certain: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"playouts": self.playouts, "margin": self.margin, "win": dict(self.win)}


def win_odds(
    engine: Engine,
    state: dict[str, Any],
    role: str | None,
    *,
    sides: list[str],
    playouts: int = PLAYOUTS,
    seed: int | None = None,
) -> Odds:
    """The chance each of `sides` wins from `state`, as `role` (None: a spectator) sees it."""
    if playouts < 1:
        raise IllegalMove("The odds need at least one playout.")
    started = time.perf_counter()
    chance = RandomChance(seed, record=False)
    wins = dict.fromkeys(sides, 0)
    certain = engine.certainty(state)
    if certain:  # proven by the engine (a finished game), not guessed from the playouts
        winner = engine.winner(state)
        wins = {side: playouts if side == winner else 0 for side in sides}
    else:
        for _ in range(playouts):
            world = engine.determinize(state, role, chance)
            winner = engine.winner(engine.playout(world, chance))
            if winner in wins:
                wins[winner] += 1
    win = {side: round(count / playouts, 4) for side, count in wins.items()}
    widest = max((n / playouts for n in wins.values()), key=lambda p: p * (1 - p), default=0.0)
    margin = round(Z95 * math.sqrt(widest * (1 - widest) / playouts), 4)
    return Odds(playouts, margin, win, time.perf_counter() - started, certain)


def share_words(share: float, certain: bool) -> str:
    """A share of the playouts as a reader should take it: "63%"; "over 99%" or "under 1%"
    near the ends, even at 1,000 playouts of 1,000, unless the outcome is `certain` (proven
    by the engine: then "100%" and "0%")."""
    if not certain and share > 0.99:
        return "over 99%"
    if not certain and share < 0.01:
        return "under 1%"
    return f"{round(share * 100)}%"
