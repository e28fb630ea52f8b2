"""A playout (the computer at every seat, no events, one copy worked in place) ends exactly as
stepping through `apply` with `computer_action` does, from the start or from any position."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chase.engines.chance import RandomChance
from chase.engines.race import ENGINE, random_action
from chase.engines.race.computer import playout


def stepped(state, chance):
    while ENGINE.status(state) == "playing":
        role = state["order"][state["active"]]
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state
    return state


@settings(max_examples=60, deadline=None)
@given(
    canoes=st.integers(2, 8),
    hidden=st.booleans(),
    leg_length=st.sampled_from([12, 24, 36]),
    seed=st.integers(0, 2**32 - 1),
    random_steps=st.integers(0, 120),
)
def test_a_playout_ends_as_stepping_through_apply_does(
    canoes, hidden, leg_length, seed, random_steps
):
    options = {"canoes": canoes, "hidden": hidden, "leg_length": leg_length}
    state = ENGINE.new_game(options, RandomChance(seed)).state
    moves = RandomChance(seed + 1)
    for _ in range(random_steps):  # a position reached by other players first
        if ENGINE.status(state) == "finished":
            break
        role = state["order"][state["active"]]
        state = ENGINE.apply(state, role, random_action(state, role, moves), moves).state
    before = copy.deepcopy(state)
    played = playout(state, RandomChance(seed + 2, record=False))
    assert state == before, "a playout changed the state it started from"
    assert played == stepped(state, RandomChance(seed + 2))
    assert ENGINE.status(played) == "finished"


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_engines_playout_of_a_six_canoe_race_ends_as_apply_does_from_the_start_and_midway(
    seed,
):
    """The bench's race (6 computer canoes from `new_game`): the whole final state, compared
    from the start and again from halfway through the stepped race."""
    start = ENGINE.new_game({"canoes": 6}, RandomChance(seed)).state
    before = copy.deepcopy(start)
    played = ENGINE.playout(start, RandomChance(seed, record=False))
    assert start == before, "a playout changed the state it started from"
    assert played == stepped(start, RandomChance(seed))
    assert ENGINE.status(played) == "finished"

    chance = RandomChance(seed + 100)
    states = [start]
    while ENGINE.status(states[-1]) == "playing":
        state = states[-1]
        role = state["order"][state["active"]]
        action = ENGINE.computer_action(state, role, chance)
        states.append(ENGINE.apply(state, role, action, chance).state)
    midway = states[len(states) // 2]
    assert ENGINE.playout(midway, RandomChance(seed, record=False)) == stepped(
        midway, RandomChance(seed)
    )
