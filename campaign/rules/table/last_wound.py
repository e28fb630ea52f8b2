"""The last wound (C23): "as soon as a figure receives its last wound roll 1D6: 6 out of action,
2-5 down, 1 flesh wound". A down figure rolls again each turn until it gets a flesh wound
(it fights on) or goes out of action."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.rules.dice import Dice
from campaign.rules.table.combatant import DOWN, FLESH_WOUND, OUT_OF_ACTION
from campaign.rules.table.odds import roll

# C23: D6 face → result.
LAST_WOUND: dict[int, str] = {1: FLESH_WOUND, 2: DOWN, 3: DOWN, 4: DOWN, 5: DOWN, 6: OUT_OF_ACTION}
LAST_WOUND_WORDS = {
    OUT_OF_ACTION: "Out of action",
    DOWN: 'Down: crawls 2" a move, rolls again each turn',
    FLESH_WOUND: "Flesh wound: fights on, -1 to shooting and melee for each wound",
}
RESULTS = (OUT_OF_ACTION, DOWN, FLESH_WOUND)


@dataclass(frozen=True)
class LastWound:
    face: int
    result: str

    @property
    def words(self) -> str:
        return LAST_WOUND_WORDS[self.result]


def last_wound(dice: Dice) -> LastWound:
    (face,) = roll(dice, 1)
    return LastWound(face, LAST_WOUND[face])


def chances() -> dict[str, float]:
    return {r: round(sum(1 for v in LAST_WOUND.values() if v == r) / 6 * 100, 1) for r in RESULTS}
