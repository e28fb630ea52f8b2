"""The seeded chance gives the numbers Python's own seeded generator gives, recorded or not."""

from __future__ import annotations

import random

import pytest

from chase.engines.chance import RandomChance, ScriptedChance

RANGES = [(1, 6), (1, 12), (0, 0), (0, 1), (3, 6), (1, 10), (0, 7), (5, 5), (1, 100)]


@pytest.mark.parametrize("record", [True, False], ids=["recorded", "not-recorded"])
def test_a_seeded_chance_draws_what_random_draws_for_the_same_seed(record):
    for seed in range(20):
        ours, theirs = RandomChance(seed, record=record), random.Random(seed)
        for lo, hi in RANGES * 5:
            assert ours.randint(lo, hi) == theirs.randint(lo, hi)
            order = list(range(6))
            theirs.shuffle(order)
            assert ours.shuffle("abcdef") == ["abcdef"[i] for i in order]
        assert ours.roll(6) == theirs.randint(1, 6)


def test_an_unrecorded_chance_keeps_no_outcomes_and_a_recorded_one_replays():
    quiet, loud = RandomChance(3, record=False), RandomChance(3)
    drawn = [loud.roll(6), loud.shuffle([1, 2, 3]), loud.choice("xyz")]
    assert [quiet.roll(6), quiet.shuffle([1, 2, 3]), quiet.choice("xyz")] == drawn
    assert quiet.outcomes == []
    replay = ScriptedChance(loud.outcomes)
    assert [replay.roll(6), replay.shuffle([1, 2, 3]), replay.choice("xyz")] == drawn
    assert loud.outcomes[0] == {"kind": "int", "lo": 1, "hi": 6, "value": drawn[0], "label": "D6"}


@pytest.mark.parametrize("record", [True, False], ids=["recorded", "not-recorded"])
def test_a_seeded_chance_shuffles_any_number_of_items_as_random_does(record):
    for seed in range(10):
        ours, theirs = RandomChance(seed, record=record), random.Random(seed)
        for size in [*range(12), 17, 33]:
            items = list(range(size))
            theirs.shuffle(items)
            assert ours.shuffle(range(size)) == items
