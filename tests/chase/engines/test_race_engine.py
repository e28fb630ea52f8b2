"""The race behind the Engine contract: seats, validation, the view, and the computer racers."""

from __future__ import annotations

import copy
import json

import pytest

from chase.engines.base import IllegalMove
from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.race import ENGINE, computer_action, random_action
from tests.chase.engines.race_helpers import act, canoe, men, put, race, set_order


def test_the_engine_is_the_colonial_canoe_race():
    assert ENGINE.kind == "race"
    assert ENGINE.title == "The Colonial Canoe Race"


def test_only_the_canoe_whose_chip_came_out_has_actions():
    state = race(3)

    assert ENGINE.legal_actions(state, "canoe-1") == [
        {"type": "paddle", "label": "Paddle (D12 + current 2)"}
    ]
    assert ENGINE.legal_actions(state, "canoe-2") == []
    assert ENGINE.seat_view(state, None)["actions"] == []
    assert ENGINE.seat_view(state, "canoe-1")["active"] == "canoe-1"


def test_an_action_is_matched_without_its_label():
    state = race()

    with_label = ENGINE.apply(
        state, "canoe-1", {"type": "paddle", "label": "whatever"}, ScriptedChance([3])
    )
    without = ENGINE.apply(state, "canoe-1", {"type": "paddle"}, ScriptedChance([3]))

    assert with_label.state == without.state


@pytest.mark.parametrize(
    ("role", "action", "message"),
    [
        pytest.param(
            "canoe-2",
            {"type": "paddle"},
            "It is Virginia's activation, not Massachusetts's",
            id="out-of-turn",
        ),
        pytest.param(
            "canoe-1", {"type": "run_rapid"}, "Virginia cannot do that now", id="R5-no-rapid-here"
        ),
        pytest.param(
            "canoe-1", {"type": "recrew"}, "Choose one of: Paddle", id="R6-nobody-in-the-water"
        ),
        pytest.param(
            "canoe-1", {"type": "paddle", "inches": 12}, "cannot do that", id="extra-fields"
        ),
        pytest.param("canoe-1", "paddle", "cannot do that", id="not-a-dict"),
        pytest.param("canoe-9", {"type": "paddle"}, "no seat 'canoe-9'", id="unknown-seat"),
    ],
)
def test_an_illegal_action_is_refused_with_a_reason(role, action, message):
    with pytest.raises(IllegalMove, match=message):
        ENGINE.apply(race(), role, action, ScriptedChance([]))


def test_nothing_can_be_done_once_the_race_is_over():
    state = set_order(put(race(), "canoe-1", leg=6, at=20), ["canoe-1"])
    finished = act(state, "canoe-1", "paddle", [6]).state

    assert ENGINE.status(finished) == "finished"
    with pytest.raises(IllegalMove, match="The race is over"):
        ENGINE.apply(finished, "canoe-1", {"type": "paddle"}, ScriptedChance([]))


def test_apply_leaves_the_state_it_was_given_alone():
    state = put(race(), "canoe-1", leg=1, at=6, flipped=True, **men(aboard=0, water=4))
    state = set_order(state, ["canoe-2", "canoe-1"], active=1)
    before = copy.deepcopy(state)

    act(state, "canoe-1", "recrew", [3, 3, 1, 1, 6, [0, 1]])  # ends the turn: a shot, new chips

    assert state == before


def test_the_state_and_every_view_are_plain_json():
    state = put(race(hidden=True), "canoe-2", leg=2, at=7, **men(aboard=2, water=1))

    assert json.loads(json.dumps(state)) == state
    for who in (None, "canoe-1", "canoe-2"):
        assert json.loads(json.dumps(ENGINE.seat_view(state, who))) == ENGINE.seat_view(state, who)


def test_the_view_holds_what_a_drawing_of_the_race_needs():
    state = put(race(), "canoe-2", leg=4, at=10, **men(aboard=2, water=1))
    view = ENGINE.seat_view(state, "canoe-2")

    assert set(view) >= {"turn", "order", "active", "status", "finishers", "winner", "course"}
    assert set(view["course"]) >= {"legs", "rapids", "hostiles", "bear", "whirlpools", "length"}
    seen = next(c for c in view["canoes"] if c["role"] == "canoe-2")
    assert seen == {
        "role": "canoe-2",
        "name": "Heron",
        "colony": "Massachusetts",
        "start_track": "outside",
        "track": "inside",
        "leg": 4,
        "at": 10,
        "leg_length": 20,
        "position": 24 + 24 + 28 + 24 + 4 * 4 + 10,
        "to_go": 192 - (24 + 24 + 28 + 24 + 4 * 4 + 10),
        "in_rapid": False,
        "flipped": False,
        "in_whirlpool": False,
        "aboard": 2,
        "in_water": 1,
        "lost": 1,
        "paddle_die": "D8",
        "out": False,
        "place": None,
    }


def test_a_canoe_in_a_rapid_fills_it():
    state = put(race(), "canoe-1", leg=0, at=24, rapid=True)

    seen = next(c for c in ENGINE.seat_view(state, None)["canoes"] if c["role"] == "canoe-1")

    assert (seen["position"], seen["in_rapid"]) == (28, True)


# --- the computer racers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("leg", "at", "aboard", "water", "choice"),
    [
        pytest.param(1, 8, 3, 1, "recrew", id="R6-far-from-home-a-full-crew-is-worth-a-turn"),
        pytest.param(1, 8, 1, 3, "recrew", id="R6-a-lone-paddler-hauls-his-mates-in"),
        pytest.param(6, 16, 3, 1, "abandon", id="R6-close-to-the-line-paddle-on"),
        pytest.param(6, 4, 2, 2, "abandon", id="R6-on-the-last-leg-even-two-men-paddle-on"),
    ],
)
def test_the_computer_weighs_recrewing_against_paddling_on(leg, at, aboard, water, choice):
    state = put(race(), "canoe-1", leg=leg, at=at, **men(aboard=aboard, water=water))

    action = ENGINE.computer_action(state, "canoe-1", RandomChance(0))

    assert action["type"] == choice
    assert action in ENGINE.legal_actions(state, "canoe-1")


def test_the_computer_paddles_and_runs_rapids_when_that_is_all_there_is():
    state = race()
    in_rapid = put(state, "canoe-1", at=24, rapid=True)

    assert computer_action(state, "canoe-1", RandomChance(0))["type"] == "paddle"
    assert computer_action(in_rapid, "canoe-1", RandomChance(0))["type"] == "run_rapid"


def test_the_random_racer_picks_one_of_the_legal_actions():
    state = put(race(), "canoe-1", leg=1, at=8, **men(aboard=2, water=2))

    picks = {random_action(state, "canoe-1", ScriptedChance([i]))["type"] for i in (0, 1)}

    assert picks == {"recrew", "abandon"}


def test_no_computer_racer_acts_out_of_turn():
    with pytest.raises(IllegalMove):
        ENGINE.computer_action(race(), "canoe-2", RandomChance(0))
    with pytest.raises(IllegalMove):
        random_action(race(), "canoe-2", RandomChance(0))


def test_a_full_computer_race_reaches_a_result():
    chance = RandomChance(7)
    state = ENGINE.new_game({"canoes": 6}, chance).state
    for _ in range(2000):
        if ENGINE.status(state) == "finished":
            break
        role = state["order"][state["active"]]
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state

    assert ENGINE.status(state) == "finished"
    assert ENGINE.winner(state) == state["finishers"][0]
    assert canoe(state, ENGINE.winner(state))["place"] == 1
