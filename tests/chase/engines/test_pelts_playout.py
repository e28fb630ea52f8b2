"""A Pelts playout (the computer on both sides, one copy worked in place) ends exactly as
stepping through `apply` with `computer_action` does, from the start or from any position."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chase.engines.chance import RandomChance
from chase.engines.pelts import ENGINE, random_action, seats_to_act


def stepped(state, chance):
    while ENGINE.status(state) == "playing":
        seat = seats_to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.computer_action(state, seat, chance), chance).state
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    random_steps=st.integers(0, 120),
    options=st.fixed_dictionaries(
        {
            "indian_canoes": st.integers(1, 3),
            "trapper_canoes": st.integers(1, 2),
            "quick_tests": st.booleans(),
            "trapper_ace": st.booleans(),
        }
    ),
)
def test_a_playout_ends_as_stepping_through_apply_does(seed, random_steps, options):
    state = ENGINE.new_game(options, RandomChance(seed)).state
    moves = RandomChance(seed + 1)
    for _ in range(random_steps):  # a position reached by other players first
        if ENGINE.status(state) == "finished":
            break
        seat = seats_to_act(state)[0]
        state = ENGINE.apply(state, seat, random_action(state, seat, moves), moves).state
    before = copy.deepcopy(state)
    played = ENGINE.playout(state, RandomChance(seed + 2, record=False))
    assert state == before, "a playout changed the state it started from"
    assert played == stepped(state, RandomChance(seed + 2))
    assert ENGINE.status(played) == "finished"


@pytest.mark.parametrize("options", [{}, {"quick_tests": True, "indian_canoes": 3}])
def test_a_playout_from_every_position_of_a_chase_ends_as_stepping_does(options):
    """Every kind of sub-phase a chase passes through (a test half signed, a counter-card, an
    ace's reaction, a choice) is a starting point, and the playout answers it as stepping does."""
    chance = RandomChance(11)
    state = ENGINE.new_game(options, chance).state
    kinds = set()
    while ENGINE.status(state) == "playing":
        seat = seats_to_act(state)[0]
        if state["pending"] is not None:
            kinds.add(state["pending"]["kind"])
        seed = state["turn"] * 1000 + len(chance.outcomes)
        played = ENGINE.playout(state, RandomChance(seed, record=False))
        assert played == stepped(state, RandomChance(seed))
        action = ENGINE.computer_action(state, seat, chance)
        state = ENGINE.apply(state, seat, action, chance).state
    assert {"test", "reaction", "counter", "choice"} <= kinds
