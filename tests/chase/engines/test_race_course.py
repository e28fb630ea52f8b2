"""R1-R3: the course, the hidden course and the start line."""

from __future__ import annotations

import pytest

from chase.engines.chance import RandomChance
from chase.engines.race import ENGINE
from chase.engines.race.course import track_on
from tests.chase.engines.race_helpers import act, canoe, put, race, seen, set_rapid


def test_the_course_has_seven_legs_and_six_four_inch_rapids():
    course = ENGINE.seat_view(race(), None)["course"]

    assert len(course["legs"]) == 7
    assert len(course["rapids"]) == 6
    assert {rapid["length"] for rapid in course["rapids"]} == {4}
    assert course["length"] == 7 * 24 + 6 * 4


@pytest.mark.parametrize(
    ("role", "leg", "track"),
    [
        pytest.param("canoe-1", 0, "inside", id="R1-an-inside-starter-begins-inside"),
        pytest.param("canoe-1", 3, "inside", id="R1-an-inside-starter-stays-inside-to-leg-4"),
        pytest.param("canoe-1", 4, "outside", id="R1-an-inside-starter-is-outside-after-the-turn"),
        pytest.param("canoe-1", 6, "outside", id="R1-an-inside-starter-finishes-outside"),
        pytest.param("canoe-2", 3, "outside", id="R1-an-outside-starter-stays-outside-to-leg-4"),
        pytest.param("canoe-2", 4, "inside", id="R1-an-outside-starter-is-inside-after-the-turn"),
    ],
)
def test_the_tracks_swap_at_the_turn_after_leg_4(role, leg, track):
    state = put(race(), role, leg=leg, at=10)

    assert seen(state, role)["track"] == track


def test_running_rapid_4_takes_a_canoe_onto_the_other_track():
    state = put(race(), "canoe-1", leg=3, at=24, rapid=True)

    after = act(state, "canoe-1", "run_rapid", [12]).state

    assert seen(after, "canoe-1")["leg"] == 4
    assert seen(after, "canoe-1")["track"] == "outside"


@pytest.mark.parametrize(
    "leg_length",
    [
        pytest.param(12, id="R1-shortest-legs"),
        pytest.param(24, id="R1-the-seeds-24-inch-legs"),
        pytest.param(48, id="R1-longest-legs"),
    ],
)
def test_both_starting_tracks_travel_the_same_distance(leg_length):
    state = race(leg_length=leg_length)
    legs = state["course"]["legs"]

    def path(role):
        racer = canoe(state, role)
        return sum(leg["length"][track_on(racer, i)] for i, leg in enumerate(legs))

    assert path("canoe-1") == path("canoe-2") == 7 * leg_length
    assert any(leg["length"]["inside"] < leg["length"]["outside"] for leg in legs)


def test_the_inside_of_a_corner_is_shorter_than_the_outside():
    bends = [leg for leg in ENGINE.seat_view(race(), None)["course"]["legs"] if leg["bend"]]

    assert len(bends) == 2
    assert all(leg["length"]["inside"] < leg["length"]["outside"] for leg in bends)


def test_hand_set_currents_and_classes_are_the_courses():
    state = race(currents=[1, 2, 3, 1, 2, 3, 1], classes=[3, 4, 5, 6, 5, 4])
    course = ENGINE.seat_view(state, None)["course"]

    assert [leg["current"] for leg in course["legs"]] == [1, 2, 3, 1, 2, 3, 1]
    assert [rapid["class"] for rapid in course["rapids"]] == [3, 4, 5, 6, 5, 4]


@pytest.mark.parametrize("seed", [pytest.param(s, id=f"R1-rolled-course-{s}") for s in range(40)])
def test_a_rolled_course_keeps_to_r1(seed):
    state = ENGINE.new_game({"canoes": 2, "hidden": False}, RandomChance(seed)).state
    course = state["course"]
    rapids = course["rapids"]

    assert all(1 <= leg["current"] <= 3 for leg in course["legs"])
    assert all(3 <= rapid["class"] <= 6 for rapid in rapids)
    assert [i for i, leg in enumerate(course["legs"]) if leg["hostile"]] == [1, 2, 3, 4, 5]
    assert [i for i, rapid in enumerate(rapids) if rapid["bear"]] == [course["bear"]]
    assert sorted(rapid["whirlpool"] for rapid in rapids if rapid["whirlpool"]) == [
        "inside",
        "outside",
    ]
    for role in ("canoe-1", "canoe-2"):
        racer = canoe(state, role)
        met = [r for r, rapid in enumerate(rapids) if rapid["whirlpool"] == track_on(racer, r + 1)]
        assert len(met) == 1, f"{role} would meet {len(met)} whirlpools"


def test_a_hidden_course_shows_only_the_first_leg_to_players_and_spectators_alike():
    state = set_rapid(race(hidden=True), 0, whirlpool="inside")

    for who in ("canoe-1", "canoe-2", None):
        course = ENGINE.seat_view(state, who)["course"]
        assert [rapid["class"] for rapid in course["rapids"]] == [4, None, None, None, None, None]
        assert [leg["current"] for leg in course["legs"]] == [2] * 7  # currents are never hidden
        assert [leg["hostile"] for leg in course["legs"]][1:] == [None] * 6
        assert course["hostiles"] == []
        assert course["bear"] is None
        assert course["whirlpools"] == [{"rapid": 0, "leg": 1, "track": "inside", "at": 4}]
        assert [rapid["whirlpool"] for rapid in course["rapids"]][3:] == [None] * 3


def test_reaching_a_leg_reveals_its_hostile_its_rapid_the_bear_and_the_whirlpool():
    state = set_rapid(race(hidden=True), 1, bear=True, whirlpool="outside", **{"class": 6})
    state = put(state, "canoe-1", leg=0, at=24, rapid=True)

    outcome = act(state, "canoe-1", "run_rapid", [12])
    course = ENGINE.seat_view(outcome.state, None)["course"]

    reveal = next(event for event in outcome.events if event.get("kind") == "reveal")
    assert reveal["text"] == (
        "Leg 2 comes into view (current 2): a hostile lurks on its bank; rapid 2 ahead is class 6; "
        "a bear is fishing in it; a whirlpool waits behind it on the outside track."
    )
    assert course["rapids"][1]["class"] == 6
    assert course["hostiles"] == [{"leg": 1, "bank": "inside", "at": 12}]
    assert course["bear"] == {"rapid": 1}
    assert {"rapid": 1, "leg": 2, "track": "outside", "at": 4} in course["whirlpools"]
    assert course["rapids"][2]["class"] is None


def test_an_open_course_shows_everything_from_the_start():
    course = ENGINE.seat_view(race(hidden=False), None)["course"]

    assert [rapid["class"] for rapid in course["rapids"]] == [4] * 6
    assert [hostile["leg"] for hostile in course["hostiles"]] == [1, 2, 3, 4, 5]
    assert course["bear"] == {"rapid": 5}
    assert [(w["rapid"], w["track"]) for w in course["whirlpools"]] == [
        (3, "inside"),
        (4, "outside"),
    ]


@pytest.mark.parametrize("canoes", [pytest.param(n, id=f"R3-{n}-canoes") for n in range(2, 9)])
def test_canoes_start_with_four_men_alternating_inside_and_outside(canoes):
    state = race(canoes)

    assert ENGINE.roles(ENGINE.clean_options({"canoes": canoes})) == [
        f"canoe-{seat}" for seat in range(1, canoes + 1)
    ]
    assert [c["start_track"] for c in ENGINE.seat_view(state, None)["canoes"]] == [
        "inside" if seat % 2 else "outside" for seat in range(1, canoes + 1)
    ]
    assert all(
        c["aboard"] == 4 and c["position"] == 0 for c in ENGINE.seat_view(state, None)["canoes"]
    )
