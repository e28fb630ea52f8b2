"""Pelts, Paddling and Powder: why a card in hand cannot be played now (`why_unplayable`), for
the table to say beside the card. Each row sets up a fixed hand and the canoes, then names the
card and the words; the reason is None exactly when the card has a legal use other than a
discard."""

from __future__ import annotations

import random

import pytest

from chase.engines.chance import RandomChance
from chase.engines.pelts import ENGINE, random_action, why_unplayable
from chase.engines.pelts.explain import unplayable_hand


def _trappers_hold(pelts, *hand):
    return pelts.hands(pelts.new(), trapper=list(hand), indian=["2H"])


def _wounded(pelts, state):
    pelts.put(state, "trapper", rowers=["wounded", "ok"])


def _overboard(pelts, state):
    pelts.put(state, "trapper", rowers=["lost", "ok"])


def _paddle_lost(pelts, state):
    pelts.put(state, "trapper", paddle_lost=True)


def _moved(pelts, state):
    state["used"]["moved"].append(0)


def _action_used(pelts, state):
    state["used"]["action"] = True


def _empty_gun(pelts, state):
    pelts.put(state, "trapper", loaded=False)


def _wet_powder(pelts, state):
    pelts.put(state, "trapper", wet_powder=True)


def _rain(pelts, state):
    state["rain"] = True


def _out_of_sight(pelts, state):
    pelts.put(state, "trapper", position=40)  # past the first bend's apex (36"): P7


def _bailing(pelts, state):
    pelts.put(state, "trapper", skip_move=True)


def _slowed(pelts, state):
    pelts.put(state, "trapper", skip_phase=True)


def _nothing(pelts, state):
    return None


@pytest.mark.parametrize(
    ("setup", "card", "words"),
    [
        pytest.param(_wounded, "4S", "Only odd cards: a rower is wounded.", id="P5-wounded-even"),
        pytest.param(_wounded, "AS", 'Only odd cards: an ace played as 10" counts as even.',
                     id="P5-ace-is-even"),
        pytest.param(_overboard, "8C", "Only odd cards: a rower is lost overboard.",
                     id="P5-overboard-even"),
        pytest.param(_paddle_lost, "10S", "Only odd cards: the paddle is lost.",
                     id="P13-paddle-lost-even"),
        pytest.param(_moved, "5S", "It has moved this phase (one movement card a canoe).",
                     id="P4-one-movement-card"),
        pytest.param(_bailing, "5S", "It misses this move (picking up a rower or bailing out).",
                     id="P13-bailing"),
        pytest.param(_slowed, "QS", "Your canoe is tired out and loses this phase.",
                     id="P13-slowing-down"),
        pytest.param(_nothing, "QH", "Red cards are not yours: you play black ones.",
                     id="P3-wrong-colour"),
        pytest.param(_nothing, "JS", "A Jack reloads an empty gun, and your gun is loaded.",
                     id="P6-jack-with-a-loaded-gun"),
        pytest.param(_empty_gun, "QS", "Your gun is empty: reload it with a Jack first.",
                     id="P6-queen-with-an-empty-gun"),
        pytest.param(_wet_powder, "QS", "Your powder is wet until the deck is reshuffled.",
                     id="P13-wet-powder"),
        pytest.param(_rain, "QS", "Torrential rain: no gun fires for the rest of the chase.",
                     id="P13-rain"),
        pytest.param(_out_of_sight, "QS", "No enemy canoe in sight: a bend lies between you.",
                     id="P7-out-of-sight"),
        pytest.param(_action_used, "KS", "You have played your action card this phase (one a "
                     "phase).", id="P4-one-action-card"),
        pytest.param(_action_used, "JK1", "You have played your action card this phase (one a "
                     "phase).", id="P6-joker-is-an-action-card"),
    ],
)  # fmt: skip
def test_a_card_that_cannot_be_played_says_why(pelts, setup, card, words):
    state = _trappers_hold(pelts, card, "3S")
    setup(pelts, state)

    assert why_unplayable(state, "trapper", card) == words
    assert all(
        a["type"] == "discard"
        for a in ENGINE.legal_actions(state, "trapper")
        if a.get("card") == card
    )


@pytest.mark.parametrize(
    ("setup", "card"),
    [
        pytest.param(_wounded, "5S", id="P5-an-odd-card-still-moves-a-wounded-canoe"),
        pytest.param(_nothing, "AS", id="P3-an-ace-moves-10"),
        pytest.param(_empty_gun, "JS", id="P6-a-jack-reloads-an-empty-gun"),
        pytest.param(_nothing, "QS", id="P6-a-queen-fires-a-loaded-gun-in-sight"),
        pytest.param(_nothing, "KS", id="P6-a-king-sets-an-event"),
        pytest.param(_nothing, "JK2", id="P6-a-joker"),
    ],
)
def test_a_card_that_can_be_played_has_no_reason(pelts, setup, card):
    state = _trappers_hold(pelts, card)
    setup(pelts, state)

    assert why_unplayable(state, "trapper", card) is None


def test_out_of_turn_every_card_waits_for_the_other_side(pelts):
    state = pelts.hands(pelts.new(), trapper=["5S"], indian=["5H", "QH"])

    assert why_unplayable(state, "indian", "5H") == "Wait for the trappers to end their phase."
    assert unplayable_hand(state, "indian") == {
        "5H": "Wait for the trappers to end their phase.",
        "QH": "Wait for the trappers to end their phase.",
    }


def test_each_indian_canoe_is_named_when_none_can_take_the_card(pelts):
    state = pelts.hands(pelts.new(), trapper=["3S"], indian=["6H"])
    state.update(active="indian", phase=3)
    pelts.put(state, "indian", 0, rowers=["wounded", "ok"])
    state["used"]["moved"].append(1)

    assert why_unplayable(state, "indian", "6H") == (
        "Indian canoe 1: only odd cards: a rower is wounded; Indian canoe 2: it has moved this "
        "phase (one movement card a canoe)."
    )


def test_the_seat_view_carries_the_reasons_for_its_own_hand_only(pelts):
    state = _trappers_hold(pelts, "4S", "3S")
    _wounded(pelts, state)

    assert ENGINE.seat_view(state, "trapper")["unplayable"] == {
        "4S": "Only odd cards: a rower is wounded."
    }
    assert ENGINE.seat_view(state, "indian")["unplayable"] == {
        "2H": "Wait for the trappers to end their phase."
    }
    assert ENGINE.seat_view(state, None)["unplayable"] == {}


@pytest.mark.parametrize("seed", range(4))
def test_a_reason_is_given_exactly_when_the_card_has_no_legal_use_but_a_discard(pelts, seed):
    rng = random.Random(seed)
    chance = RandomChance(seed)
    state = pelts.new(seed=seed, obstacles=2, rocks=2)
    for _ in range(150):
        if state["status"] != "playing":
            break
        for role in ("trapper", "indian"):
            used = {
                a["card"]
                for a in ENGINE.legal_actions(state, role)
                if "card" in a and a["type"] != "discard"
            }
            for card in state["hands"][role]:
                assert (why_unplayable(state, role, card) is None) == (card in used), card
        movers = [r for r in ("trapper", "indian") if ENGINE.legal_actions(state, r)]
        role = rng.choice(movers)
        state = ENGINE.apply(state, role, random_action(state, role, chance), chance).state
