"""The three piles (M2): what is in them, the Shuffle card, cards going back to the bottom,
Destination cards held one at a time, and the cards that move a canoe or keep it waiting."""

from __future__ import annotations

from collections import Counter

import pytest

from chase.engines.moosehead.tables import CARD, DESTINATION, PILES, SHUFFLE
from tests.chase.engines.moosehead_helpers import (
    CARRY,
    NORTHERN,
    WEST_SHORE,
    act,
    move_to,
    named,
    player,
    put,
    route,
    setting,
    texts,
    throw,
    trip,
)

# A canoe one space short of a Canoe card space on Moosehead's west shore (heading south), and
# one space short of a Portage card space on the West Outlet Carry (heading for Indian Pond).
TO_C = {"at": WEST_SHORE[7], "trail": WEST_SHORE[5:7]}
C_SPACE = WEST_SHORE[8]
TO_P = {"at": CARRY[1], "trail": CARRY[:1]}
P_SPACE = CARRY[2]


def land_on_c(state):
    return move_to(throw(state, 1).state, C_SPACE)


@pytest.mark.parametrize("pile", PILES)
def test_each_pile_has_its_cards_three_destinations_and_the_shuffle_card_at_the_bottom(pile):
    cards = trip()["piles"][pile]

    assert cards[-1] == SHUFFLE
    assert sum(card in DESTINATION for card in cards) == 3
    assert Counter(cards[:-1]) == Counter(
        [c for c, info in CARD.items() if info["pile"] == pile]
        + [c for c, info in DESTINATION.items() if info["pile"] == pile]
    )
    assert len(cards) == 16


@pytest.mark.parametrize(
    ("card", "score"),
    [
        pytest.param("camp-wind-drops", -25, id="M2-camp-wind-drops"),
        pytest.param("camp-breeze", 15, id="M2-camp-breeze"),
        pytest.param("portage-stream", 20, id="M2-portage-stream"),
        pytest.param("portage-tumpline", 5, id="M2-portage-tumpline"),
        pytest.param("canoe-better", 25, id="M2-canoe-better-paddler"),
        pytest.param("canoe-phone", 5, id="M2-canoe-phone"),
        pytest.param("canoe-no-fuel", -20, id="M2-canoe-no-fuel"),
    ],
)
def test_card_scores_are_the_rulings(card, score):
    assert CARD[card]["score"] == score


def test_landing_on_a_c_space_draws_a_canoe_card_that_goes_back_to_the_bottom():
    state = setting(put(trip(), **TO_C), canoe=["canoe-admired"])

    outcome = land_on_c(state)

    assert player(outcome.state)["points"] == 20
    assert outcome.state["piles"]["canoe"][-1] == "canoe-admired"
    assert (
        "Ann draws a Canoe card: \u201cPassers-by admire your home-built canoe.\u201d +20."
        in texts(outcome)
    )


def test_passing_a_c_space_draws_nothing():
    state = put(trip(), **TO_C)

    outcome = move_to(throw(state, 2).state, WEST_SHORE[9])

    assert not [e for e in outcome.events if e["kind"] == "card"]


def test_the_shuffle_card_shuffles_the_pile_goes_to_the_bottom_and_the_next_card_is_drawn():
    state = put(trip(), **TO_C)
    rest = [c for c in state["piles"]["canoe"] if c != SHUFFLE]
    state["piles"]["canoe"] = [SHUFFLE, *rest]
    first = rest.index("canoe-admired")
    order = [first, *[i for i in range(len(rest)) if i != first]]  # the scripted shuffle
    thrown = throw(state, 1).state
    landing = next(a for a in thrown["pending"]["moves"] if a["to"] == C_SPACE)

    outcome = act(thrown, landing, order)

    assert outcome.state["piles"]["canoe"] == [
        *[c for c in rest if c != "canoe-admired"],
        SHUFFLE,
        "canoe-admired",
    ]
    assert player(outcome.state)["points"] == 20
    assert texts(outcome).index("The Shuffle card") < texts(outcome).index("Passers-by")


# --- Destination cards (M2) ----------------------------------------------------------------------


def test_a_destination_card_is_held_until_its_task_is_done():
    state = setting(put(trip(), **TO_C), canoe=["dest-great-falls"])

    outcome = land_on_c(state)

    assert player(outcome.state)["destination"] == "dest-great-falls"
    assert "dest-great-falls" not in outcome.state["piles"]["canoe"]
    assert "Ann must land just above Great Falls before docking." in texts(outcome)


def test_a_second_destination_goes_back_to_the_bottom():
    state = setting(put(trip(), **TO_C, destination="dest-moose"), canoe=["dest-unmapped"])

    outcome = land_on_c(state)

    assert player(outcome.state)["destination"] == "dest-moose"
    assert outcome.state["piles"]["canoe"][-1] == "dest-unmapped"
    assert "already holds one" in texts(outcome)


def test_a_destination_already_done_goes_back_to_the_bottom():
    state = setting(put(trip(), **TO_C, done=["unmapped"]), canoe=["dest-unmapped"])

    outcome = land_on_c(state)

    assert player(outcome.state)["destination"] is None
    assert "Ann has already done it" in texts(outcome)


def test_a_destination_obeyed_leaves_the_game():
    landing = named("Great Falls landing")
    kennebec = route("Kennebec River")
    state = put(trip(), at=kennebec[1], trail=[kennebec[0]], destination="dest-great-falls")
    state["piles"]["canoe"].remove("dest-great-falls")

    outcome = move_to(throw(state, 2).state, landing)

    assert player(outcome.state)["destination"] is None
    assert player(outcome.state)["obeyed"] == 1
    assert outcome.state["obeyed"] == ["dest-great-falls"]
    assert all("dest-great-falls" not in pile for pile in outcome.state["piles"].values())
    assert "Ann has done it: land just above Great Falls." in texts(outcome)


def test_on_a_short_trip_one_obeyed_destination_is_enough():
    state = trip(variant="short")
    state = setting(put(state, **TO_C, obeyed=1), canoe=["dest-unmapped"])

    outcome = land_on_c(state)

    assert player(outcome.state)["destination"] is None
    assert "on a short trip one Destination card is enough" in texts(outcome)


# --- cards that move or stop a canoe -------------------------------------------------------------


def test_the_shortcut_card_goes_on_to_the_end_of_the_portage():
    state = setting(put(trip(), at=NORTHERN[1], trail=[NORTHERN[0]]), portage=["portage-shortcut"])

    outcome = move_to(throw(state, 1).state, NORTHERN[2])

    assert player(outcome.state)["at"] == NORTHERN[-2]
    assert player(outcome.state)["points"] == 10
    assert "northern_portage" in player(outcome.state)["done"]


def test_the_sleeping_bag_card_sends_the_canoe_back_to_the_portages_start():
    state = setting(put(trip(), **TO_P), portage=["portage-sleeping-bag"])

    outcome = move_to(throw(state, 1).state, P_SPACE)

    assert player(outcome.state)["at"] == CARRY[1]
    assert player(outcome.state)["points"] == 10 - 15  # a paddle made on the way, then the card


def test_the_leak_card_misses_the_next_go():
    state = setting(put(trip(), **TO_C), canoe=["canoe-leak"])

    after = land_on_c(state).state
    bo = throw(after, 3).state
    outcome = act(bo, bo["pending"]["moves"][0])

    assert outcome.state["current"] == 1  # Ann's go is missed: back to Bo
    assert "Ann misses a throw (repairing the leak)." in texts(outcome)
