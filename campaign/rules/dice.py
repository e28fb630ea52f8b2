"""Dice for the campaign rules: the app's own, or faces typed in from real dice (C12).

Rules never call `random`; they take a `Dice` and ask it for faces. Every face handed out is
recorded in `rolls`, so services can log each roll with who made it and how.

The canoe games have their own source of chance, `chase.engines.chance.Chance` (dice of any
size, shuffles, outcomes logged for replay); docs/development/dice.md says why there are two.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterable

from campaign.rules.errors import DiceError

# No re-roll in the rules goes on for ever (C6's duplicate skill, C15's Multiple injuries). Each
# ends by the rules' own terms (a skill not held, an injury other than Dead, Full recovery or
# Multiple injuries) and the rule book guarantees one can come up. This bound is a guard behind
# that: real dice never reach it (with the narrowest injury table a club may save, one result
# in 36 kept, the chance is (35/36)^1000, about 10^-12), and a rule that reaches it raises
# instead of asking for dice for ever.
REROLL_LIMIT = 1000


class Dice:
    """The app's dice. `seed` only for benchmarks and demos."""

    typed_in = False

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.rolls: list[int] = []

    def d6(self) -> int:
        face = self._face()
        if not 1 <= face <= 6:
            raise DiceError(f"a D6 shows 1 to 6, not {face}")
        self.rolls.append(face)
        return face

    def d66(self) -> int:
        """Two D6 read as tens and units (11..66), C13."""
        return self.d6() * 10 + self.d6()

    def two_d6(self) -> int:
        return self.d6() + self.d6()

    def _face(self) -> int:
        return self._rng.randint(1, 6)


class TypedDice(Dice):
    """Faces typed in from real dice (or fixed by a test): handed out in order.

    Asking for more faces than were given raises DiceError, so a rule that rolls more dice than
    the player typed in fails loudly instead of inventing a result.
    """

    typed_in = True

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__()
        self._faces = list(faces)

    def _face(self) -> int:
        if not self._faces:
            raise DiceError("more dice are needed than were given")
        return self._faces.pop(0)

    @property
    def remaining(self) -> int:
        """How many faces are left: 0 once a roll took every one (as `ScriptedChance.remaining`
        of the canoe games)."""
        return len(self._faces)

    @property
    def unused(self) -> list[int]:
        """The faces left, to show a player which ones the roll did not need."""
        return list(self._faces)


class StreamDice(Dice):
    """The app's dice for one post-game sequence (C22): face number n of the sequence's stream
    is fixed by the sequence's secret and n alone, so a roll taken back by an undo and asked for
    again at the same place in the stream shows the same faces. The secret never leaves the
    server, so no face can be read ahead.

    `start` is how many of the stream's faces the answers kept so far have used.
    """

    def __init__(self, secret: str, start: int = 0) -> None:
        super().__init__()
        if not secret:
            raise DiceError("a dice stream needs its secret")
        self._secret = secret.encode()
        self.position = start

    def _face(self) -> int:
        face = stream_face(self._secret, self.position)
        self.position += 1
        return face


def stream_face(secret: bytes, position: int) -> int:
    """Face `position` (0, 1, …) of the stream keyed by `secret`: HMAC-SHA256 bytes below 252
    read modulo 6, so each face is equally likely (the bytes 252-255 are skipped)."""
    counter = 0
    while True:
        message = f"{position}:{counter}".encode()
        for byte in hmac.new(secret, message, hashlib.sha256).digest():
            if byte < 252:
                return byte % 6 + 1
        counter += 1
