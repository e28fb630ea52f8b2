"""Every engine's games draw from a seeded RandomChance exactly what random's own `randint` and
`shuffle` give for that seed: recorded (a session's dice) or not (the win odds' playouts)."""

from __future__ import annotations

import random

import pytest

from chase.engines.chance import Chance, RandomChance
from chase.games import get_engine, kinds

# Every registered game is played (the registry's kinds); some with more than its defaults.
OPTIONS = {"race": [{"canoes": 6}, {"canoes": 3, "hidden": False}, {"canoes": 8}]}
MAX_ACTIONS = 3000


class RandomsOwnDraws(Chance):
    """Every outcome drawn by `random.Random`'s own methods, recorded by the base class."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self._rng = random.Random(seed)

    def _randint(self, lo: int, hi: int) -> int:
        return self._rng.randint(lo, hi)

    def _permutation(self, n: int) -> list[int]:
        order = list(range(n))
        self._rng.shuffle(order)
        return order


def played(engine, options, chance):
    """A game with the computer at every seat: every state and event, then (where the game
    has odds) a determinized playout from the start."""
    outcome = engine.new_game(options, chance)
    start = state = outcome.state
    seen = [state, outcome.events]
    roles = engine.roles(engine.clean_options(options))
    for _ in range(MAX_ACTIONS):
        if engine.status(state) != "playing":
            break
        role = next(r for r in roles if engine.legal_actions(state, r))
        outcome = engine.apply(state, role, engine.computer_action(state, role, chance), chance)
        state = outcome.state
        seen += [state, outcome.events]
    if engine.odds:
        seen.append(engine.playout(engine.determinize(start, roles[0], chance), chance))
    return seen


@pytest.mark.parametrize("kind", kinds())
def test_every_engine_draws_from_a_seeded_chance_what_randoms_own_methods_draw(kind):
    engine = get_engine(kind)
    for options in OPTIONS.get(kind, [{}]):
        for seed in range(6):
            theirs = RandomsOwnDraws(seed)
            expected = played(engine, options, theirs)
            recorded = RandomChance(seed)
            assert played(engine, options, recorded) == expected
            assert recorded.outcomes == theirs.outcomes
            assert played(engine, options, RandomChance(seed, record=False)) == expected


def test_an_unrecorded_chance_refuses_what_a_recorded_one_refuses():
    for record in (True, False):
        chance = RandomChance(1, record=record)
        with pytest.raises(ValueError, match="at least one side"):
            chance.roll(0)
        with pytest.raises(ValueError, match="at least one side"):
            chance.roll(-3)
        with pytest.raises(ValueError, match=r"empty range for randint\(3, 2\)"):
            chance.randint(3, 2)
        with pytest.raises(ValueError, match=r"empty range for randint\(0, -1\)"):
            chance.choice([])


@pytest.mark.parametrize("record", [True, False], ids=["recorded", "not-recorded"])
def test_a_die_of_any_size_rolls_what_random_draws(record):
    for seed in range(5):
        ours, theirs = RandomChance(seed, record=record), random.Random(seed)
        for sides in [*range(1, 130), 1000, 2**40]:
            assert ours.roll(sides) == theirs.randint(1, sides)
