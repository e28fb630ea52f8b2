"""The app's dice for a post-game sequence (C22): one stream per sequence, fixed by its secret,
so a roll asked again at the same place shows the same faces."""

from __future__ import annotations

from collections import Counter

import pytest

from campaign.rules.dice import StreamDice
from campaign.rules.errors import DiceError


def faces(dice, count: int) -> list[int]:
    return [dice.d6() for _ in range(count)]


def test_the_same_place_in_the_stream_gives_the_same_faces_C22():
    assert faces(StreamDice("secret", 0), 8) == faces(StreamDice("secret", 0), 8)
    assert faces(StreamDice("secret", 3), 5) == faces(StreamDice("secret", 0), 8)[3:]


def test_another_sequence_has_other_dice():
    assert faces(StreamDice("one", 0), 20) != faces(StreamDice("two", 0), 20)


def test_the_faces_are_one_to_six_and_even():
    counts = Counter(faces(StreamDice("fairness", 0), 6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_the_stream_is_the_apps_dice_not_typed_in():
    dice = StreamDice("secret", 0)
    dice.d66()
    assert dice.typed_in is False and len(dice.rolls) == 2 and dice.position == 2


def test_a_stream_without_a_secret_is_refused():
    with pytest.raises(DiceError):
        StreamDice("", 0)
