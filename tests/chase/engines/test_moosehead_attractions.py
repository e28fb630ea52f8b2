"""Attractions (M4): the orange lines and their weather and direction, the summit and Solitude
Point, and the different-lake rule."""

from __future__ import annotations

import pytest

from tests.chase.engines.moosehead_helpers import (
    BOARD,
    EAST_SHORE,
    MOOSE_RIVER,
    WEST_SHORE,
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

CHESUNCOOK = route("Chesuncook Lake")
VILLAGE = named("Chesuncook Village")
NARROWS = named("Chesuncook narrows")


def test_crossing_the_moose_line_sees_a_moose():
    state = put(trip(), at=MOOSE_RIVER[1], trail=MOOSE_RIVER[:1])

    thrown = throw(state, 3).state
    label = next(m["label"] for m in thrown["pending"]["moves"] if m["to"] == MOOSE_RIVER[4])
    outcome = move_to(thrown, MOOSE_RIVER[4])

    assert label.endswith(", see a moose +15")
    assert player(outcome.state)["points"] == 15
    assert player(outcome.state)["seen"] == ["moose"]
    assert "Ann: see a moose! +15." in texts(outcome)


@pytest.mark.parametrize(
    ("start", "blocked_on", "scores"),
    [
        pytest.param("brassua", None, True, id="M4-first-time-scores"),
        pytest.param("brassua", "moosehead", True, id="M4-crossed-brassua-since-moosehead"),
        pytest.param("brassua", "brassua", False, id="M4-no-other-lake-since-brassua"),
        pytest.param("moosehead", "moosehead", False, id="M4-no-other-lake-since-moosehead"),
        pytest.param("moosehead", "brassua", True, id="M4-crossed-moosehead-since-brassua"),
    ],
)
def test_an_attraction_scores_again_only_after_crossing_a_different_lake(start, blocked_on, scores):
    # The canoe leaves a lake (Brassua downstream, or Moosehead upstream) and then crosses the
    # moose line; before, it had last seen the moose after crossing `blocked_on`.
    if start == "brassua":
        state = put(trip(), at=MOOSE_RIVER[0], trail=[route("Brassua Lake, north shore")[1]])
        die, to = 3, MOOSE_RIVER[3]
    else:  # up the river from Rockwood: 5, less one poling
        state = put(trip(), at=MOOSE_RIVER[-1], trail=[WEST_SHORE[3]])
        die, to = 5, MOOSE_RIVER[1]
    if blocked_on is not None:
        state = put(state, blocked={"moose": blocked_on}, seen=["moose"], last_lake=blocked_on)

    outcome = move_to(throw(state, die).state, to)

    assert player(outcome.state)["points"] == (15 if scores else 0)
    assert player(outcome.state)["last_lake"] == start
    if not scores:
        assert "again, but no points until another lake has been crossed" in texts(outcome)


def test_the_northern_lights_are_seen_heading_north_in_calm_weather():
    state = put(trip(), at=NARROWS, trail=[CHESUNCOOK[2]])

    outcome = move_to(throw(state, 1).state, VILLAGE)

    assert player(outcome.state)["points"] == 20 + 0  # the lights; no camping
    assert "northern_lights" in player(outcome.state)["done"]


@pytest.mark.parametrize("weather", ["tailwind", "headwind", "heavy_rain"])
def test_the_northern_lights_hide_in_other_weather(weather):
    state = setting(put(trip(), at=NARROWS, trail=[CHESUNCOOK[2]]), weather=weather)

    thrown = throw(state, 5 if weather == "headwind" else 1).state
    outcome = move_to(thrown, VILLAGE)

    assert "northern_lights" not in player(outcome.state)["seen"]


def test_the_northern_lights_line_is_crossed_one_way_only():
    state = put(trip(), at=VILLAGE, trail=[NARROWS], camps=[VILLAGE])

    outcome = move_to(throw(state, 1).state, NARROWS)

    assert player(outcome.state)["seen"] == []


@pytest.mark.parametrize(
    ("weather", "rescued"),
    [
        pytest.param("headwind", True, id="M4-rescue-in-a-headwind"),
        pytest.param("calm", False, id="M4-no-beginners-in-calm"),
    ],
)
def test_beginners_are_rescued_round_dangerous_point_in_a_wind(weather, rescued):
    south = BOARD.data["dangerous_point"]["shelters"][0]
    state = setting(put(trip(), at=south, trail=EAST_SHORE[4:6]), weather=weather)

    outcome = move_to(throw(state, 4).state, EAST_SHORE[10])

    assert ("rescue" in player(outcome.state)["seen"]) is rescued
    assert player(outcome.state)["points"] == (25 if rescued else 0)


def test_two_lines_of_one_attraction_in_one_move_count_once():
    state = setting(put(trip(), at=WEST_SHORE[-3], trail=WEST_SHORE[-5:-3]), weather="tailwind")

    outcome = move_to(throw(state, 3).state, EAST_SHORE[3])  # west line, the bay, the east line

    assert player(outcome.state)["points"] == 15
    assert texts(outcome).count("rainbow") == 1


def test_camping_at_solitude_point_is_an_attraction_too():
    solitude = named("Solitude Point")
    state = put(trip(), at=named("Spencer Bay"), trail=[EAST_SHORE[-4]])
    state = setting(state, camp=["camp-sunset"])

    outcome = move_to(throw(state, 4).state, solitude, camp=True)

    assert player(outcome.state)["points"] == 10 + 20 + 5  # the site, the attraction, the card
    assert "Ann: camp at Solitude Point! +20." in texts(outcome)
