"""Pelts' house option `head_start` (P1): the trappers start that many inches up the river, the
Indian canoes at its start. The seed says 9": the default changes nothing."""

from __future__ import annotations

import pytest

from chase.engines.base import OptionsError
from chase.engines.chance import RandomChance
from chase.engines.pelts import ENGINE


def positions(state, side):
    return [boat["position"] for boat in state["canoes"][side]]


def test_p1_by_default_the_trappers_start_9_inches_up_and_the_state_is_as_before():
    state = ENGINE.new_game({}, RandomChance(4)).state
    assert positions(state, "trapper") == [9] and positions(state, "indian") == [0, 0]
    # a chase stored before the option came replays to the very same states
    assert "head_start" not in state["options"]
    assert ENGINE.new_game({"head_start": 9}, RandomChance(4)).state == state


@pytest.mark.parametrize("inches", [0, 3, 24])
def test_p1_every_trapper_canoe_starts_at_the_head_start_asked_for(inches):
    options = {"head_start": inches, "trapper_canoes": 2}
    state = ENGINE.new_game(options, RandomChance(4)).state
    assert positions(state, "trapper") == [inches, inches]
    assert positions(state, "indian") == [0, 0]
    assert state["options"]["head_start"] == inches
    view = ENGINE.seat_view(state, "indian")
    shown = [boat["position"] for boat in view["canoes"] if boat["side"] == "trapper"]
    assert shown == [inches, inches]


def test_p1_a_move_goes_on_from_the_head_start(pelts):
    near = pelts.hands(pelts.new(head_start=2), trapper=["7S"])
    far = pelts.hands(pelts.new(head_start=20), trapper=["7S"])
    near = pelts.act(near, "trapper", "move", card="7S", canoe=0).state
    far = pelts.act(far, "trapper", "move", card="7S", canoe=0).state
    assert positions(near, "trapper") == [9] and positions(far, "trapper") == [27]


@pytest.mark.parametrize("value", [-1, 25, "9", 9.5, True])
def test_p1_a_head_start_outside_0_to_24_is_refused_naming_the_option(value):
    with pytest.raises(OptionsError, match="'head_start' must be a whole number from 0 to 24"):
        ENGINE.clean_options({"head_start": value})
