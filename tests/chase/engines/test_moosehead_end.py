"""The end (M5): who may dock in each variant, and the trip ending on the dock."""

from __future__ import annotations

import pytest

from chase.engines.moosehead import ENGINE
from tests.chase.engines.moosehead_helpers import (
    BOARD,
    CHANNEL,
    DOCK,
    move_to,
    named,
    player,
    put,
    targets,
    throw,
    trip,
)

TWO_NIGHTS = [named("Sugar Island"), named("Falls Pool")]
EVERY_SITE = list(BOARD.campsites)
EVERY_ATTRACTION = list(BOARD.attractions)
AT_THE_CHANNEL = {"at": CHANNEL, "trail": [named("Greenville bay")], "points": 60}


@pytest.mark.parametrize(
    ("options", "fields", "docks", "need"),
    [
        pytest.param({}, {"camps": TWO_NIGHTS}, True, None, id="M5-standard-two-nights"),
        pytest.param(
            {},
            {"camps": TWO_NIGHTS[:1]},
            False,
            "1 more night camping",
            id="M5-standard-one-night-short",
        ),
        pytest.param(
            {"nights": 1}, {"camps": TWO_NIGHTS[:1]}, True, None, id="M5-a-one-night-trip"
        ),
        pytest.param(
            {},
            {"camps": TWO_NIGHTS, "destination": "dest-moose"},
            False,
            "the Destination card held",
            id="M5-destination-held",
        ),
        pytest.param(
            {"variant": "short"},
            {"camps": TWO_NIGHTS, "obeyed": 1},
            True,
            None,
            id="M5-short-one-destination-obeyed",
        ),
        pytest.param(
            {"variant": "short"},
            {"camps": TWO_NIGHTS, "destination": "dest-moose"},
            False,
            "the Destination card held",
            id="M5-short-still-one-to-obey",
        ),
        pytest.param(
            {"variant": "long"},
            {"camps": EVERY_SITE[:-1]},
            False,
            "1 campsite still to camp at",
            id="M5-long-one-site-missing",
        ),
        pytest.param(
            {"variant": "long"}, {"camps": EVERY_SITE}, True, None, id="M5-long-every-site"
        ),
        pytest.param(
            {"variant": "all_night"},
            {"camps": TWO_NIGHTS, "seen": EVERY_ATTRACTION[:-1]},
            False,
            "1 attraction still to see",
            id="M5-all-night-one-attraction-missing",
        ),
        pytest.param(
            {"variant": "all_night"},
            {"camps": TWO_NIGHTS, "seen": EVERY_ATTRACTION},
            True,
            None,
            id="M5-all-night-everything-seen",
        ),
    ],
)
def test_each_variant_says_who_may_dock(options, fields, docks, need):
    state = put(trip(**options), **AT_THE_CHANNEL, **fields)

    thrown = throw(state, 5).state

    assert (DOCK in targets(thrown)) is docks
    needs = ENGINE.seat_view(state, "canoe-1")["players"][0]["dock_needs"]
    assert needs == ([] if docks else [need])


@pytest.mark.parametrize(
    ("mine", "theirs", "docks"),
    [
        pytest.param(60, 59, True, id="M5-ahead-docks"),
        pytest.param(60, 60, False, id="M5-level-goes-round"),
        pytest.param(-5, -10, True, id="M5-ahead-even-below-zero"),
    ],
)
def test_only_a_canoe_ahead_of_everyone_docks(mine, theirs, docks):
    state = put(trip(3), **{**AT_THE_CHANNEL, "points": mine}, camps=TWO_NIGHTS)
    state = put(state, "canoe-2", points=theirs)
    state = put(state, "canoe-3", points=theirs - 20)

    assert (DOCK in targets(throw(state, 5).state)) is docks


def test_docking_ends_the_trip_with_the_docker_the_winner():
    state = put(trip(), **AT_THE_CHANNEL, camps=TWO_NIGHTS)

    outcome = move_to(throw(state, 5).state, DOCK)

    assert ENGINE.status(outcome.state) == "finished"
    assert ENGINE.winner(outcome.state) == "canoe-1"
    assert player(outcome.state)["at"] == DOCK
    view = ENGINE.seat_view(outcome.state, "canoe-2")
    assert view["status"] == "finished" and view["winner"] == "canoe-1"
    assert view["current"] is None and view["actions"] == []
