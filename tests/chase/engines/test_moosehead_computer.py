"""The computer paddler: chases points, keeps its Destination in mind, camps when it pays, and
heads for the dock when ahead."""

from __future__ import annotations

import pytest

from chase.engines.chance import RandomChance
from chase.engines.moosehead import ENGINE, random_action
from tests.chase.engines.moosehead_helpers import (
    BOARD,
    CHANNEL,
    DOCK,
    EDDY,
    ISLANDS,
    KINEO,
    named,
    put,
    route,
    setting,
    throw,
    trip,
)

READY = {"camps": [named("Sugar Island"), named("Solitude Point")], "points": 50}


def choice(state, role="canoe-1"):
    action = ENGINE.computer_action(state, role, RandomChance(1))
    assert action in ENGINE.legal_actions(state, role)
    return action


def test_ahead_and_ready_it_lands_on_the_dock_with_the_exact_throw():
    state = put(trip(), at=CHANNEL, trail=[named("Greenville bay")], **READY)

    assert choice(throw(state, 5).state)["to"] == DOCK


def test_ahead_and_ready_it_goes_round_the_eddy_rather_than_leave_it():
    state = put(trip(), at=EDDY[-1], trail=[EDDY[-2]], **READY)

    assert choice(throw(state, 2).state)["to"] == EDDY[1]


def test_behind_it_leaves_the_eddy_to_look_for_points():
    state = put(trip(), at=EDDY[-1], trail=[EDDY[-2]], **READY)
    state = put(state, "canoe-2", points=80)

    assert choice(throw(state, 2).state)["to"] == CHANNEL


def test_it_camps_when_it_still_needs_the_night():
    state = put(trip(), at=named("Deer Island"), trail=[ISLANDS[0]])

    action = choice(throw(state, 4).state)

    assert (action["to"], action["camp"]) == (named("Sugar Island"), True)


@pytest.mark.parametrize(
    ("site", "camps"),
    [
        pytest.param("Falls Pool", True, id="a-20-point-site-pays-for-a-lost-throw"),
        pytest.param("Indian Pond west", False, id="a-5-point-site-does-not"),
    ],
)
def test_with_its_nights_done_it_camps_only_where_it_pays(site, camps):
    here = named(site)
    before = {
        "Falls Pool": (route("Great Falls Carry")[-2], route("Great Falls Carry")[-3]),
        "Indian Pond west": (route("Indian Pond")[5], route("Indian Pond")[4]),
    }[site]
    state = put(trip(), at=before[0], trail=[before[1]], **READY)
    state = put(state, "canoe-2", points=90)  # behind, so it is after points, not the dock

    thrown = throw(state, 1).state
    action = choice(thrown)

    assert action["to"] == here
    assert action["camp"] is camps


def test_it_waits_at_the_foot_of_raven_rock_when_the_summit_is_its_task():
    state = put(trip(), at=BOARD.raven_base, trail=[KINEO[0]], destination="dest-raven")

    assert choice(setting(state, weather="headwind"))["type"] == "wait"
    assert choice(setting(state, weather="calm"))["type"] == "throw"
    assert choice(throw(state, 4).state)["to"] == BOARD.summit


def test_it_does_not_wait_for_a_wind_no_one_can_turn():
    # Found by the trip properties: with the other canoe windbound on an island nobody throws,
    # no 6 turns the dial (M3), and waiting for better weather would go on for ever.
    raven = put(trip(), at=BOARD.raven_base, trail=[KINEO[0]], destination="dest-raven")
    stranded = setting(put(raven, "canoe-2", at=named("Deer Island")), weather="windbound")
    afloat = setting(put(raven, "canoe-2", at=CHANNEL), weather="windbound")

    assert choice(stranded)["type"] == "throw"
    assert choice(afloat)["type"] == "wait"


def test_without_that_task_it_does_not_wait_for_the_weather():
    state = setting(put(trip(), at=BOARD.raven_base, trail=[KINEO[0]]), weather="headwind")

    assert choice(state)["type"] == "throw"


def test_it_enters_the_unmapped_region_when_its_card_says_so():
    entry = named("Misery Stream")
    state = put(trip(), at=entry, trail=[route("Misery Stream")[1]], destination="dest-unmapped")

    assert choice(state)["type"] == "enter"


def test_it_heads_for_its_destination():
    # Holding "see a moose" at Rockwood: up the Moose River, not on down the lake.
    state = put(trip(), at=named("Rockwood"), trail=[route("Moosehead Lake, west shore")[3]])
    state = put(state, destination="dest-moose", **READY)

    action = choice(throw(state, 4).state)

    assert action["path"][0] == route("Moose River")[-2]


def test_the_random_paddler_picks_a_legal_action():
    state = throw(put(trip(), at=named("Rockwood"), trail=[]), 4).state

    action = random_action(state, "canoe-1", RandomChance(5))

    assert action in ENGINE.legal_actions(state, "canoe-1")
