"""Campaign figures as chase participants: a pure mapping, no Django.

A figure's reputation (1-5, C-rulings) becomes its maneuvering trait die, one die step per point:
reputation 1 a d4, 2 a d6, 3 a d8, 4 a d10, 5 a d12. A Hero is a wild card (the wild die
beside the trait die, A2); Veterans, Troopers and Greens are not. Reputation outside 1-5 (a
Nervous condition cannot take it below 1) is held to the nearest end.
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract.tables import MAX_NAME, TRAIT_DICE

REPUTATION_DIE = {1: 4, 2: 6, 3: 8, 4: 10, 5: 12}
WILD_CARD_STATUS = "hero"


def trait_die_for(reputation: int) -> str:
    """The maneuvering trait die for a reputation: "d4" (1) to "d12" (5)."""
    held = min(max(int(reputation), min(REPUTATION_DIE)), max(REPUTATION_DIE))
    sides = REPUTATION_DIE[held]
    assert sides in TRAIT_DICE
    return f"d{sides}"


def figure_participant(
    *,
    name: str,
    reputation: int,
    side: str,
    top_speed: int,
    status: str = "",
    passengers: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A participant option for a campaign figure (clean it with the chase's options)."""
    return {
        "name": " ".join(name.split())[:MAX_NAME],
        "side": side,
        "trait_die": trait_die_for(reputation),
        "wild_card": status == WILD_CARD_STATUS,
        "top_speed": top_speed,
        "passengers": list(passengers or []),
    }
