"""Pelts, Paddling and Powder: larger canoes and rafts (P15), the option `rowers`.

A canoe takes as many wounds as it has rowers before it is out of action, and moves only on
odd cards once fewer than two of its rowers are unwounded.
"""

from __future__ import annotations

import pytest

from chase.engines.base import OptionsError
from chase.engines.pelts import ENGINE, why_unplayable


def moves(state, side="trapper"):
    return {a["card"] for a in ENGINE.legal_actions(state, side) if a["type"] == "move"}


@pytest.mark.parametrize("rowers", [2, 3, 6])
def test_p15_every_canoe_starts_with_the_rowers_asked_for(pelts, rowers):
    state = pelts.new(rowers=rowers, trapper_canoes=2, indian_canoes=3)
    for side in ("trapper", "indian"):
        assert [boat["rowers"] for boat in state["canoes"][side]] == [
            ["ok"] * rowers for _ in state["canoes"][side]
        ]


def test_p15_the_default_is_two_rowers():
    assert ENGINE.clean_options({})["rowers"] == 2


@pytest.mark.parametrize("value", [1, 7, "3", True, 2.5])
def test_p15_a_crew_outside_two_to_six_is_refused_naming_the_option(value):
    with pytest.raises(OptionsError, match="rowers"):
        ENGINE.clean_options({"rowers": value})


def test_p15_a_canoe_of_four_with_two_wounded_still_moves_on_even_cards(pelts):
    state = pelts.hands(pelts.new(rowers=4), trapper=["8S", "7S"])
    pelts.put(state, "trapper", rowers=["wounded", "wounded", "ok", "ok"])
    assert moves(state) == {"8S", "7S"}


def test_p15_a_canoe_of_four_with_one_rower_unwounded_moves_only_on_odd_cards(pelts):
    state = pelts.hands(pelts.new(rowers=4), trapper=["8S", "7S"])
    pelts.put(state, "trapper", rowers=["wounded", "lost", "wounded", "ok"])
    assert moves(state) == {"7S"}
    assert why_unplayable(state, "trapper", "8S") == (
        "Only odd cards: fewer than two of its rowers are unwounded."
    )


def shot_at_the_trappers(pelts, state):
    state = pelts.hands(state, indian=["QH"], trapper=[])
    state.update(active="indian", phase=3, used={"moved": [], "action": False, "discard": False})
    pelts.put(state, "indian", 0, loaded=True)
    outcome = pelts.passing(pelts.act(state, "indian", "fire", card="QH", canoe=0, target=0))
    return pelts.signs(outcome.state, "scissors", "rock").state  # the Indians' shot hits


def test_p15_a_canoe_of_three_goes_on_after_two_wounds_and_is_out_at_the_third(pelts):
    state = pelts.new(rowers=3)
    pelts.put(state, "trapper", rowers=["wounded", "ok", "ok"])
    state = shot_at_the_trappers(pelts, state)
    assert state["canoes"]["trapper"][0]["rowers"] == ["wounded", "wounded", "ok"]
    assert (ENGINE.status(state), state["canoes"]["trapper"][0]["out"]) == ("playing", False)

    state = shot_at_the_trappers(pelts, state)
    assert state["canoes"]["trapper"][0]["out"] is True
    assert (ENGINE.status(state), ENGINE.winner(state)) == ("finished", "indian")


@pytest.mark.parametrize("rowers", [3, 6])
def test_p15_larger_canoes_play_to_an_end_as_the_playout_does(rowers):
    from chase.engines.chance import RandomChance
    from chase.engines.pelts import seats_to_act

    chance = RandomChance(5)
    state = ENGINE.new_game({"rowers": rowers}, chance).state
    played = ENGINE.playout(state, RandomChance(6, record=False))
    stepping = RandomChance(6)
    while ENGINE.status(state) == "playing":
        seat = seats_to_act(state)[0]
        action = ENGINE.computer_action(state, seat, stepping)
        state = ENGINE.apply(state, seat, action, stepping).state
    assert played == state and ENGINE.status(state) == "finished"
