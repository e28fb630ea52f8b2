"""What a seat cannot see, drawn afresh, for the win odds.

Hidden from a seat (see `seat_view.py`): the other seat's hand, the draw pile, the discards under
the top one, and the other seat's sign in a test until both are shown; a spectator sees no
hand and no sign. `determinize` pools every card in those places, puts the pool in the pack's
own order (so the pool depends only on what the seat sees: the pack less its own hand and the
top discard) and deals it back out at random, each place keeping its visible count. A sign
already shown but hidden is drawn again at random, as the computer shows them.
"""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.pelts import cards
from chase.engines.pelts.model import clone
from chase.engines.pelts.tables import SIDES, SIGNS

State = dict[str, Any]

PACK_ORDER = {card: n for n, card in enumerate(cards.FULL_DECK)}


def determinize(state: State, role: str | None, chance: Chance) -> State:
    """A chase `role` (a side, or None for a spectator) cannot tell from this one."""
    new = clone(state)
    hidden_hands = [side for side in SIDES if side != role]
    under_top = new["discard"][:-1]
    pool = [card for side in hidden_hands for card in new["hands"][side]]
    pool += new["draw"] + under_top
    pool.sort(key=PACK_ORDER.__getitem__)
    dealt = chance.shuffle(pool, label="determinize")
    for side in hidden_hands:
        size = len(new["hands"][side])
        new["hands"][side], dealt = dealt[:size], dealt[size:]
    if new["discard"]:
        new["discard"] = dealt[: len(under_top)] + new["discard"][-1:]
        dealt = dealt[len(under_top) :]
    new["draw"] = dealt
    pending = new["pending"]
    if pending is not None and pending["kind"] == "test":
        signs = pending["signs"]
        for side in SIDES:
            if side != role and signs[side] is not None:
                signs[side] = chance.choice(SIGNS, label="hidden sign")
    return new
