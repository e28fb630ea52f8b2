"""The compact race the rules run on (`compact.Race`): made from a dict state and turned back into
one, it is that state again; played, it draws and ends as stepping through `apply` does."""

from __future__ import annotations

import copy
import json

import pytest

from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.race import ENGINE, random_action
from chase.engines.race.compact import Race
from chase.engines.race.rules import play
from chase.engines.race.state import seat_of

OPTIONS = [
    {"canoes": 6},
    {"canoes": 2, "hidden": False},
    {"canoes": 8, "leg_length": 12},
    {"canoes": 5, "leg_length": 48, "currents": [3, 1, 2, 3, 1, 2, 3]},
    {"canoes": 3, "classes": [6, 3, 6, 3, 6, 3]},
]


def positions(options, seed):
    """Every state of one race, the computer at odd seats and a random racer at even ones."""
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    seen = [state]
    while ENGINE.status(state) == "playing":
        role = state["order"][state["active"]]
        if int(role.split("-")[1]) % 2:
            action = ENGINE.computer_action(state, role, chance)
        else:
            action = random_action(state, role, chance)
        state = ENGINE.apply(state, role, action, chance).state
        seen.append(state)
    return seen


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: json.dumps(options))
def test_a_compact_race_gives_back_the_state_it_was_made_from_key_for_key(options):
    for seed in range(4):
        for state in positions(options, seed):
            back = Race(state).state()
            assert back == state
            # Sessions store states as JSON: the same keys in the same order, the same text.
            assert json.dumps(back) == json.dumps(state)


def test_the_state_a_compact_race_gives_back_shares_nothing_that_changes():
    state = positions({"canoes": 4}, seed=7)[20]
    before = copy.deepcopy(state)
    back = Race(state).state()
    back["canoes"][0]["aboard"] = 0
    back["order"].append("canoe-9")
    back["finishers"].append("canoe-1")
    back["revealed"][6] = not back["revealed"][6]
    assert state == before


@pytest.mark.parametrize("seed", range(12))
def test_a_playout_draws_the_same_dice_with_the_same_labels_as_stepping_through_apply(seed):
    """From a position midway, recorded dice: every outcome (kind, range, value, label) alike."""
    options = OPTIONS[seed % len(OPTIONS)]
    states = positions(options, seed)
    midway = states[len(states) // 3]
    played = RandomChance(seed + 50)
    end = ENGINE.playout(midway, played)
    stepped = RandomChance(seed + 50)
    state = midway
    while ENGINE.status(state) == "playing":
        role = state["order"][state["active"]]
        action = ENGINE.computer_action(state, role, stepped)
        state = ENGINE.apply(state, role, action, stepped).state
    assert played.outcomes == stepped.outcomes
    assert end == state


def test_a_race_of_one_canoe_gives_back_the_state_and_shares_nothing_that_changes():
    """The race `apply` makes for an activation that leaves the turn open: one canoe a racer."""
    for state in positions({"canoes": 5}, seed=3)[:40]:
        if state["status"] != "playing":
            continue
        before = copy.deepcopy(state)
        back = Race(state, seat_of(state, state["order"][state["active"]])).state()
        assert back == state
        assert json.dumps(back) == json.dumps(state)
        for canoe in back["canoes"]:
            canoe["aboard"] = 0
        back["order"].append("canoe-9")
        back["finishers"].append("canoe-1")
        back["revealed"][6] = not back["revealed"][6]
        assert state == before


def test_a_race_of_one_canoe_refuses_to_end_the_turn():
    """Its `racing` lacks the other canoes, so R4's shots and R8's end would be wrong on it."""
    last = next(
        state
        for state in positions({"canoes": 4}, seed=5)
        if state["status"] == "playing" and state["active"] == len(state["order"]) - 1
    )
    seat = seat_of(last, last["order"][last["active"]])

    for once in (True, False):
        with pytest.raises(RuntimeError, match="end of the turn"):
            play(Race(last, seat), ScriptedChance([6] * 20), lambda race, racer: False, once=once)
