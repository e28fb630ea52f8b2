"""Sources of chance for the game engines.

Engines never call `random` themselves: every die, shuffle and draw goes through a `Chance`
object, so that a session can record each outcome in its action log and replay a game from the
log alone, and so that tests can script the exact faces and card orders they need.

The three primitives are `roll` (one die), `randint` (any inclusive range) and `shuffle`
(a permutation of a list). Everything random in an engine is built from them.

The campaign rules have their own D6s, `campaign.rules.dice.Dice` (faces typed in by players,
the post-game stream); docs/development/dice.md says why there are two.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")

DIE_LABELS = {sides: f"D{sides}" for sides in range(1, 101)}
DIE_BITS = {sides: sides.bit_length() for sides in DIE_LABELS}  # random draws this many bits


class ChanceExhausted(Exception):
    """A scripted source ran out of outcomes, or was asked for a different kind of outcome."""


class Chance:
    """Base class: subclasses implement `_randint` and `_permutation`; outcomes are recorded."""

    # The generator's `getrandbits`, for a source that records nothing: a compiled playout draws
    # its dice from it with `roll`'s very rejection draw (`RandomChance`), without calling back
    # into Python a throw, and shuffles with `shuffle`'s very swaps (`_shuffler`). None: ask
    # `roll` and `shuffle`.
    quiet_bits: Callable[[int], int] | None = None

    def __init__(self) -> None:
        self.outcomes: list[dict[str, Any]] = []

    def roll(self, sides: int) -> int:
        """One die with `sides` faces, 1..sides."""
        return self.randint(1, sides, label=DIE_LABELS.get(sides) or f"D{sides}")

    def randint(self, lo: int, hi: int, *, label: str = "") -> int:
        value = self._randint(lo, hi)
        if not lo <= value <= hi:
            raise ChanceExhausted(f"scripted value {value} is outside {lo}..{hi}")
        self.outcomes.append({"kind": "int", "lo": lo, "hi": hi, "value": value, "label": label})
        return value

    def shuffle(self, items: Sequence[T], *, label: str = "") -> list[T]:
        """Return a new list with `items` in a random order (the permutation is recorded)."""
        order = self._permutation(len(items))
        if sorted(order) != list(range(len(items))):
            raise ChanceExhausted(f"scripted order {order} is not a permutation of {len(items)}")
        self.outcomes.append({"kind": "shuffle", "order": order, "label": label})
        return [items[i] for i in order]

    def choice(self, items: Sequence[T], *, label: str = "") -> T:
        return items[self.randint(0, len(items) - 1, label=label or "choice")]

    def _randint(self, lo: int, hi: int) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def _permutation(self, n: int) -> list[int]:  # pragma: no cover - abstract
        raise NotImplementedError


class RandomChance(Chance):
    """Real randomness (optionally seeded, for benchmarks and property tests).

    `record=False` keeps no outcomes: for playouts that are thrown away (the win odds), where
    nothing is logged. Either way a seed gives exactly the numbers `random.Random(seed).randint`
    and `.shuffle` give, drawn here without their layers of calls (dice are most of a race).
    """

    def __init__(self, seed: int | None = None, *, record: bool = True) -> None:
        super().__init__()
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits
        self._shuffled = _shuffler(self._bits)
        draws = _quiet_draws(self._bits)
        self._draw = draws[0]  # one die, unrecorded: the one rejection draw of every int
        if not record:  # the methods' very draws, as closures that look nothing up on self
            self.roll, self.randint, self.choice = draws
            self.shuffle = self._shuffled  # the same swaps on the items themselves: same order
            self.quiet_bits = self._bits

    # The methods below run only when recording (record=False puts the closures in their place).
    def roll(self, sides: int) -> int:
        value = self._draw(sides)
        self.outcomes.append({"kind": "int", "lo": 1, "hi": sides, "value": value,
                              "label": DIE_LABELS.get(sides) or f"D{sides}"})  # fmt: skip
        return value

    def randint(self, lo: int, hi: int, *, label: str = "") -> int:
        if hi < lo:
            raise ValueError(f"empty range for randint({lo}, {hi})")
        value = lo - 1 + self._draw(hi - lo + 1)  # lo + a draw below hi - lo + 1
        self.outcomes.append({"kind": "int", "lo": lo, "hi": hi, "value": value, "label": label})
        return value

    def shuffle(self, items: Sequence[T], *, label: str = "") -> list[T]:
        order = self._shuffled(range(len(items)))
        self.outcomes.append({"kind": "shuffle", "order": order, "label": label})
        return [items[i] for i in order]

    def _randint(self, lo: int, hi: int) -> int:
        return self._rng.randint(lo, hi)

    def _permutation(self, n: int) -> list[int]:
        return self._shuffled(range(n))


def _shuffler(bits_of: Callable[[int], int]) -> Callable[..., list[Any]]:
    """random.Random.shuffle written out over the generator's `getrandbits`, as a closure (a race
    shuffles its chip bag every turn): a new list of the items, each place swapped with one drawn
    at or below it."""

    def shuffle(items: Sequence[T], *, label: str = "") -> list[T]:
        items = list(items)
        for i, below, bits in _swaps(len(items)):
            j = bits_of(bits)
            while j >= below:
                j = bits_of(bits)
            items[i], items[j] = items[j], items[i]
        return items

    return shuffle


def _quiet_draws(bits_of: Callable[[int], int]) -> tuple[Callable[..., Any], ...]:
    """`roll`, `randint` and `choice` of a RandomChance that records nothing: what the methods
    draw (random's `_randbelow`, by rejection) from the generator's `getrandbits`, without a
    method's look-ups on the object: a race's playout throws some 240 dice, the odds play 1,000
    races. The recording methods draw with this `roll` too, so there is one rejection draw."""

    def roll(sides: int) -> int:
        try:  # the bits of the common dice looked up, rather than a test and a call a throw
            bits = DIE_BITS[sides]
        except KeyError:
            if sides < 1:
                raise ValueError(f"a die needs at least one side, not {sides}") from None
            bits = sides.bit_length()
        r = bits_of(bits)
        while r >= sides:
            r = bits_of(bits)
        return r + 1

    def randint(lo: int, hi: int, *, label: str = "") -> int:
        if hi < lo:
            raise ValueError(f"empty range for randint({lo}, {hi})")
        return lo - 1 + roll(hi - lo + 1)  # lo + a draw below hi - lo + 1

    def choice(items: Sequence[T], *, label: str = "") -> T:
        if not items:
            raise ValueError("empty range for randint(0, -1)")
        return items[roll(len(items)) - 1]  # randint(0, len - 1)

    return roll, randint, choice


@cache
def _swaps(n: int) -> tuple[tuple[int, int, int], ...]:
    """random.Random.shuffle's swaps of `n` items, last place first: the place, how many places
    are at or below it, and the bits drawn for one of them (a race shuffles every turn)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


class ScriptedChance(Chance):
    """Plays back outcomes given in advance: a test's fixed dice, or a replay of a logged action.

    `script` holds ints (for roll/randint/choice) and lists (for shuffle), or the recorded dicts
    of `Chance.outcomes`. Asking for more than the script holds raises `ChanceExhausted`, so a
    test fails loudly when a rule rolls more dice than the test expected.
    """

    def __init__(self, script: Sequence[Any]) -> None:
        super().__init__()
        self._script = list(script)

    def _next(self) -> Any:
        if not self._script:
            raise ChanceExhausted("the scripted chance has no outcome left")
        item = self._script.pop(0)
        if isinstance(item, dict):
            return item["value"] if item["kind"] == "int" else item["order"]
        return item

    def _randint(self, lo: int, hi: int) -> int:
        value = self._next()
        if not isinstance(value, int):
            raise ChanceExhausted(f"expected a number in {lo}..{hi}, the script has {value!r}")
        return value

    def _permutation(self, n: int) -> list[int]:
        order = self._next()
        if not isinstance(order, list):
            raise ChanceExhausted(f"expected a permutation of {n}, the script has {order!r}")
        return list(order)

    @property
    def remaining(self) -> int:
        return len(self._script)
