"""What a seat cannot see on the Moosehead trip, drawn afresh for the win odds.

Everything is on the table (the canoes, the points, the Destination cards held, the weather)
but the order of the three piles (M2). Each pile is the cards not seen since it was last
shuffled, in an order nobody knows, then the Shuffle card, then the cards drawn since and
returned to the bottom in the order everyone saw them go. Only the first part is dealt afresh,
from its cards sorted by name: so only what the seat sees counts, never the hidden order.
"""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.moosehead.state import State, copy_state
from chase.engines.moosehead.tables import PILE_NAMES, SHUFFLE


def determinize(state: State, role: str | None, chance: Chance) -> State:
    """A trip no seat (`role`, or a spectator) can tell from this one."""
    new = copy_state(state)
    piles: dict[str, Any] = new["piles"]
    for pile, cards in piles.items():
        unseen = cards.index(SHUFFLE) if SHUFFLE in cards else len(cards)
        piles[pile] = (
            chance.shuffle(sorted(cards[:unseen]), label=f"{PILE_NAMES[pile]} pile")
            + cards[unseen:]
        )
    return new
