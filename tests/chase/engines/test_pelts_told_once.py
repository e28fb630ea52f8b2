"""Pelts speed-ups that must not show: the computer's answers carry the labels offered, and the
events made once (and shared by every chase that tells them) are never changed by a chase."""

from __future__ import annotations

import copy

import pytest

from chase.engines.chance import RandomChance
from chase.engines.pelts import ENGINE, actions, flow, model, moves, seats_to_act

OPTIONS = [{}, {"indian_canoes": 3, "trapper_canoes": 2}, {"quick_tests": True}]


def told_once():
    return {
        "discards": actions.DISCARDS,
        "phase_ends": actions.PHASE_ENDS,
        "draws": model.DRAWS,
        "drift": model.DRIFT_TOLD,
        "tests": flow.TESTS_TOLD,
        "paddles_on": moves.PADDLES_ON,
        "moves_up": moves.MOVES_UP,
    }


@pytest.mark.parametrize("options", OPTIONS)
def test_every_computer_action_is_one_offered_label_and_all(options):
    answers = 0
    for seed in range(12):
        chance = RandomChance(seed)
        state = ENGINE.new_game(options, chance).state
        while ENGINE.status(state) == "playing":
            seat = seats_to_act(state)[0]
            action = ENGINE.computer_action(state, seat, chance)
            assert action in ENGINE.legal_actions(state, seat)
            answers += state["pending"] is not None
            state = ENGINE.apply(state, seat, action, chance).state
    assert answers > 0  # sub-phases were answered, not only active-phase actions


def test_a_chase_changes_none_of_the_events_made_once():
    before = copy.deepcopy(told_once())
    for seed, options in enumerate(OPTIONS * 4):
        chance = RandomChance(seed)
        state = ENGINE.new_game(options, chance).state
        while ENGINE.status(state) == "playing":
            seat = seats_to_act(state)[0]
            for role in (seat, None):
                view = ENGINE.seat_view(state, role)
                for event in view["last_events"]:
                    event["text"] = "changed by a view's reader"
            action = ENGINE.computer_action(state, seat, chance)
            state = ENGINE.apply(state, seat, action, chance).state
        ENGINE.playout(ENGINE.new_game(options, RandomChance(seed)).state, RandomChance(seed))
    assert told_once() == before
