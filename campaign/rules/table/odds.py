"""Dice arithmetic shared by the calculators: 2D6 odds, modifiers, reading faces."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product

from campaign.rules.dice import Dice
from campaign.rules.errors import DiceError

# How many of the 36 throws of 2D6 give each total.
TWO_D6 = Counter(a + b for a, b in product(range(1, 7), repeat=2))


@dataclass(frozen=True)
class Modifier:
    """One line of a calculation, in words: `value` is added to the dice (or to a score)."""

    reason: str
    value: int
    key: str = ""

    def to_dict(self) -> dict:
        return {"reason": self.reason, "value": self.value}


def at_least(needed: int) -> float:
    """The chance that 2D6 shows `needed` or more, 0..1."""
    return sum(n for total, n in TWO_D6.items() if total >= needed) / 36


def percent(chance: float) -> float:
    return round(chance * 100, 1)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def roll(dice: Dice, count: int, field: str = "dice") -> tuple[int, ...]:
    """`count` faces from `dice` (typed in or the app's); a bad or missing face names `field`."""
    try:
        return tuple(dice.d6() for _ in range(count))
    except DiceError as error:
        raise DiceError(error.message, field=field) from None
