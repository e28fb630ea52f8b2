"""Pelts, Paddling and Powder: the computer player makes sensible choices."""

from __future__ import annotations

import pytest

from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.pelts import ENGINE


def indians_to_play(state):
    state.update(active="indian", phase=3)
    return state


def computer(state, role):
    action = ENGINE.computer_action(state, role, RandomChance(0))
    return {k: v for k, v in action.items() if k != "label"}


@pytest.mark.parametrize(
    ("hand", "card"),
    [
        pytest.param(["3S", "9C", "5S"], "9C", id="the-biggest-card"),
        pytest.param(["AS", "8S"], "8S", id="keeps-the-ace-for-a-cancel"),
        pytest.param(["AS", "2S"], "AS", id="uses-the-ace-when-the-rest-is-poor"),
        pytest.param(["8S", "7C", "QH"], "7C", id="P5-odd-card-when-wounded"),
    ],
)
def test_the_computer_trappers_run_with_their_best_card(pelts, hand, card):
    state = pelts.hands(pelts.new(), trapper=hand)
    if card == "7C":
        pelts.put(state, "trapper", rowers=["wounded", "ok"])
    assert computer(state, "trapper") == {"type": "move", "card": card, "canoe": 0}


def test_the_computer_fires_a_loaded_gun_at_an_enemy_in_sight(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "QS"])
    assert computer(state, "trapper")["type"] == "fire"


def test_the_computer_reloads_an_empty_gun(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "JC"])
    pelts.put(state, "trapper", loaded=False)
    assert computer(state, "trapper") == {"type": "reload", "card": "JC", "canoe": 0}


def test_the_computer_frees_a_stuck_canoe_with_its_smallest_card(pelts):
    state = pelts.hands(pelts.new(), trapper=["9S", "2C"])
    pelts.put(state, "trapper", stuck="aground")
    assert computer(state, "trapper") == {"type": "free", "card": "2C", "canoe": 0}


def test_the_computer_indians_close_in_to_melee_range(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["4H", "8H", "10H"]))
    assert computer(state, "indian")["card"] == "8H"  # ends at 8", an inch from the trappers


def test_the_computer_indians_start_a_melee_and_the_fit_trappers_decline_one(pelts):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["8H"], trapper=["2H"]))
    state = pelts.act(state, "indian", "move", card="8H", canoe=0).state
    assert computer(state, "indian") == {"type": "choose", "option": "melee", "target": 0}
    state = pelts.hands(pelts.new(), trapper=["2S"])
    pelts.put(state, "indian", 0, position=11)
    state = pelts.act(state, "trapper", "move", card="2S", canoe=0).state
    assert computer(state, "trapper") == {"type": "choose", "option": "no_melee"}


def test_the_computer_cancels_a_shot_with_an_ace(pelts):
    state = pelts.hands(pelts.new(), trapper=["QS"], indian=["AH"])
    state = pelts.act(state, "trapper", "fire", card="QS", canoe=0, target=0).state
    assert computer(state, "indian") == {"type": "cancel", "card": "AH"}


def test_the_computer_slows_a_holed_canoe_with_its_biggest_counter_card(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S"], indian=["3C", "8S", "5C"])
    pelts.put(state, "trapper", holed=True)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    assert computer(state, "indian") == {"type": "counter", "card": "8S"}


def test_the_computer_lets_a_small_counter_card_through_and_keeps_its_ace(pelts):
    state = pelts.hands(pelts.new(), trapper=["7S", "AS"], indian=["2C"])
    pelts.put(state, "trapper", holed=True)
    state = pelts.act(state, "trapper", "move", card="7S", canoe=0).state
    state = pelts.act(state, "indian", "counter", card="2C").state
    assert computer(state, "trapper") == {"type": "allow"}


@pytest.mark.parametrize(
    ("position", "card", "option"),
    [
        pytest.param(31, "AS", "wide", id="P9-goes-wide-when-it-gets-round"),
        pytest.param(30, "10S", "cut", id="P9-cuts-with-4-inches-past-the-apex"),
        pytest.param(30, "8S", "cut", id="P9-cuts-with-2-inches-past-the-apex"),
    ],
)
def test_the_computer_goes_wide_or_cuts_at_a_bend(pelts, position, card, option):
    state = pelts.hands(pelts.new(), trapper=[card], indian=["2H"])
    pelts.put(state, "trapper", position=position)
    state = pelts.act(state, "trapper", "move", card=card, canoe=0).state
    assert computer(state, "trapper")["option"] == option


def test_the_computer_throws_away_a_card_it_cannot_use_then_ends_its_phase(pelts):
    state = pelts.hands(pelts.new(), trapper=["5H", "QS"])
    state["rain"] = True  # P13: the Queen is no use either, but a red card is worse
    assert computer(state, "trapper") == {"type": "discard", "card": "5H"}
    state = pelts.act(state, "trapper", "discard", card="5H").state
    assert computer(state, "trapper") == {"type": "end"}


@pytest.mark.parametrize(
    ("cut", "option"),
    [
        pytest.param("5C", "pick_up", id="P13-picks-the-rower-up"),
        pytest.param("8C", "bail", id="P13-bails-out"),
    ],
)
def test_the_computer_stops_for_a_rower_or_to_bail_rather_than_lose_for_good(pelts, cut, option):
    state = indians_to_play(pelts.hands(pelts.new(), indian=["KH"], trapper=[]))
    pelts.on_top(state, cut)
    top = len(state["draw"]) - 1
    chance = ScriptedChance([top, top])
    state = pelts.passing(pelts.act(state, "indian", "event", chance, card="KH", target=0)).state
    assert computer(state, "trapper") == {"type": "choose", "option": option}
