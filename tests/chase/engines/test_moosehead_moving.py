"""Moving (M4): the highlighted spaces after a throw, directions and turning points, one-way
portages, taken spaces, the Unmapped Region, Raven Rock and the dock with its eddy (M5)."""

from __future__ import annotations

import pytest

from chase.engines.base import IllegalMove
from chase.engines.moosehead import ENGINE
from tests.chase.engines.moosehead_helpers import (
    BOARD,
    CHANNEL,
    DOCK,
    EDDY,
    KINEO,
    NORTHERN,
    WEST_SHORE,
    act,
    move_to,
    named,
    player,
    put,
    route,
    setting,
    targets,
    texts,
    throw,
    trip,
)

WEST_OUTLET = route("West Outlet")
SOUTHBOUND = {"at": WEST_SHORE[5], "trail": WEST_SHORE[3:5]}  # between Rockwood and West Outlet


def test_a_throw_offers_the_spaces_it_reaches_as_moves_to_tap():
    state = put(trip(), **SOUTHBOUND)

    thrown = throw(state, 3).state

    assert thrown["phase"] == "move"
    assert targets(thrown) == sorted([WEST_SHORE[8], WEST_OUTLET[1]])
    move = next(a for a in ENGINE.legal_actions(thrown, "canoe-1") if a["to"] == WEST_SHORE[8])
    assert move == {
        "type": "move",
        "to": WEST_SHORE[8],
        "path": WEST_SHORE[6:9],
        "camp": False,
        "label": "Move 3 to Moosehead Lake, 1 space south of West Outlet",
    }
    assert ENGINE.seat_view(thrown, None)["throw"]["reachable"] == targets(thrown)


def test_the_chosen_space_is_where_the_canoe_lands_and_the_turn_passes():
    state = put(trip(), **SOUTHBOUND)

    outcome = move_to(throw(state, 3).state, WEST_OUTLET[1])

    assert player(outcome.state)["at"] == WEST_OUTLET[1]
    assert player(outcome.state)["trail"][-3:] == [WEST_SHORE[5], WEST_SHORE[6], WEST_SHORE[7]]
    assert outcome.state["current"] == 1 and outcome.state["phase"] == "throw"
    assert texts(outcome) == "Ann moves 3 to the West Outlet, 1 space west of West Outlet."


def test_only_the_canoe_whose_turn_it_is_may_act():
    state = trip()

    assert ENGINE.legal_actions(state, "canoe-2") == []
    with pytest.raises(IllegalMove, match="It is Ann's turn, not Bo's"):
        ENGINE.apply(state, "canoe-2", {"type": "throw"}, None)


def test_a_move_not_offered_is_refused():
    thrown = throw(put(trip(), **SOUTHBOUND), 3).state

    with pytest.raises(IllegalMove, match="Ann cannot do that now"):
        act(thrown, {"type": "move", "to": WEST_SHORE[4], "path": [WEST_SHORE[4]], "camp": False})


# --- directions (M4) ---------------------------------------------------------------------------


def test_a_canoe_cannot_turn_round_out_on_the_lake():
    state = put(trip(), **SOUTHBOUND)

    assert all(WEST_SHORE[4] not in m["path"] for m in throw(state, 4).state["pending"]["moves"])


@pytest.mark.parametrize(
    ("space", "why"),
    [
        pytest.param("Rockwood", "grey canoe", id="M4-grey-canoe"),
        pytest.param("Deer Island", "island", id="M4-island"),
    ],
)
def test_a_canoe_may_set_off_either_way_from_a_turning_point(space, why):
    here = named(space)
    came = WEST_SHORE[3] if space == "Rockwood" else route("The islands crossing")[0]
    state = put(trip(), at=here, trail=[came])

    first_steps = {m["path"][0] for m in throw(state, 1).state["pending"]["moves"]}

    assert came in first_steps, why


def test_a_canoe_can_turn_round_at_a_portage_end():
    state = put(trip(), at=NORTHERN[1], trail=[NORTHERN[0]])  # just onto the Northern Portage
    state = setting(state, weather="calm")

    assert NORTHERN[2] in targets(throw(state, 1).state)
    assert NORTHERN[0] not in targets(throw(state, 1).state)  # one-way: no going back


def test_a_move_never_doubles_back_on_itself():
    # Heading for Solitude Point with more than enough: the canoe stops at the dead end.
    spencer, solitude = named("Spencer Bay"), named("Solitude Point")
    state = put(trip(), at=spencer, trail=[route("Moosehead Lake, east shore")[-4]])
    state = put(state, camps=[solitude])  # no camping there again yet, so no stopping to camp

    moves = throw(state, 4).state["pending"]["moves"]

    to_the_point = [m for m in moves if m["path"][0] != route("Moosehead Lake, east shore")[-2]]
    assert [m["to"] for m in to_the_point if solitude in m["path"]] == [solitude]


def test_the_northern_portage_is_one_way():
    landing = named("West Branch landing")
    state = put(trip(), at=landing, trail=[route("West Branch")[1]])

    assert all(m["path"][0] != NORTHERN[-2] for m in throw(state, 3).state["pending"]["moves"])


def test_a_portage_is_set_off_along_from_its_booted_end():
    carry = named("Northeast Carry")
    state = put(trip(), at=carry, trail=[route("Moosehead Lake, east shore")[-2]])

    assert NORTHERN[2] in targets(throw(state, 2).state)


# --- taken spaces (M4) ---------------------------------------------------------------------------


def test_landing_on_a_canoe_with_fewer_points_goes_on_to_the_next_free_space():
    state = put(trip(), at=WEST_SHORE[6], trail=WEST_SHORE[4:6], points=20)
    state = put(state, "canoe-2", at=WEST_SHORE[8], points=10)

    thrown = throw(state, 2).state
    label = next(a["label"] for a in thrown["pending"]["moves"] if a["to"] == WEST_SHORE[8])
    outcome = move_to(thrown, WEST_SHORE[8])

    assert label.endswith("(taken by Bo: you go on to East Outlet)")
    assert player(outcome.state)["at"] == WEST_SHORE[9]
    assert "which is taken: Ann goes on to East Outlet" in texts(outcome)


def test_landing_on_a_canoe_with_as_many_points_drops_back_to_the_nearest_free_space():
    state = put(trip(3), **SOUTHBOUND, points=10)
    state = put(state, "canoe-2", at=WEST_SHORE[7], points=10)
    state = put(state, "canoe-3", at=WEST_SHORE[6], points=0)

    outcome = move_to(throw(state, 2).state, WEST_SHORE[7])

    assert player(outcome.state)["at"] == WEST_SHORE[5]
    assert "Ann drops back to" in texts(outcome)


def test_campsites_are_shared():
    sugar = named("Sugar Island")
    deer = named("Deer Island")
    state = put(trip(), at=deer, trail=[route("The islands crossing")[0]])
    state = put(state, "canoe-2", at=sugar, camps=[sugar])

    outcome = move_to(throw(state, 2).state, sugar)

    assert player(outcome.state)["at"] == sugar == player(outcome.state, "canoe-2")["at"]


# --- the Unmapped Region (M4) --------------------------------------------------------------------


MISERY = route("Misery Stream")  # its entry point, a river space, Indian Pond west


def test_a_move_ends_at_the_edge_of_the_unmapped_region():
    state = put(trip(), at=MISERY[2], trail=[route("Indian Pond")[5]])

    thrown = throw(state, 5).state

    edge = [m for m in thrown["pending"]["moves"] if MISERY[1] in m["path"]]
    assert [m["to"] for m in edge] == [MISERY[0]]
    outcome = move_to(thrown, MISERY[0])
    assert "reaches the Unmapped Region's edge and waits there" in texts(outcome)


def test_the_throw_to_enter_picks_the_exit():
    state = put(trip(), at=MISERY[0], trail=[MISERY[1]])

    outcome = act(state, {"type": "enter"}, 2)

    upper_moose = named("Upper Moose River")
    assert BOARD.entries[MISERY[0]][2] == upper_moose
    assert player(outcome.state)["at"] == upper_moose
    assert player(outcome.state)["barred"] == upper_moose
    assert "unmapped" in player(outcome.state)["done"]
    assert "comes out at Upper Moose River" in texts(outcome)


def test_no_going_straight_back_in_by_the_point_just_left():
    upper_moose = named("Upper Moose River")
    state = put(trip(), at=upper_moose, trail=[], barred=upper_moose)

    types = [a["type"] for a in ENGINE.legal_actions(state, "canoe-1")]

    assert types == ["throw"]


def test_a_barred_entry_is_a_space_like_any_other_to_paddle_to():
    # M4 as ruled: the point a canoe came out by is barred only as a way back in.
    upper = route("Upper Moose River")  # entry, river space, Brassua west
    state = put(trip(), at=upper[2], trail=[route("Brassua Lake, north shore")[2]])
    state = put(state, barred=upper[0])

    assert any(upper[0] in m["path"] for m in throw(state, 3).state["pending"]["moves"])


# --- Raven Rock (M4) -----------------------------------------------------------------------------


BASE = BOARD.raven_base
ROCK = [*BOARD.raven_climb, BOARD.summit]


@pytest.mark.parametrize(
    ("weather", "climbs"),
    [
        pytest.param("calm", True, id="M4-calm-climbs"),
        pytest.param("tailwind", True, id="M4-tailwind-climbs"),
        pytest.param("headwind", False, id="M4-no-climbing-in-a-headwind"),
        pytest.param("windbound", False, id="M4-no-climbing-windbound"),
        pytest.param("heavy_rain", False, id="M4-no-climbing-in-the-rain"),
    ],
)
def test_raven_rock_is_climbed_only_in_fair_weather(weather, climbs):
    state = setting(put(trip(), at=BASE, trail=[KINEO[0]]), weather=weather)

    moves = throw(state, 5).state["pending"]["moves"]

    assert any(m["path"][0] == ROCK[0] for m in moves) is climbs


def test_a_climb_stops_at_the_summit_and_scores_the_peak():
    state = put(trip(), at=BASE, trail=[KINEO[0]])

    outcome = move_to(throw(state, 5).state, BOARD.summit)

    assert player(outcome.state)["at"] == BOARD.summit
    assert player(outcome.state)["points"] == 25
    assert "Ann: climb Raven Rock Peak! +25." in texts(outcome)
    assert "raven" in player(outcome.state)["done"]


def test_from_the_summit_the_only_way_is_down():
    state = put(trip(), at=BOARD.summit, trail=ROCK[:-1])

    moves = throw(state, 5).state["pending"]["moves"]

    assert {m["path"][0] for m in moves} == {ROCK[-2]}


def test_at_the_foot_of_the_rock_a_canoe_may_wait_for_better_weather():
    state = setting(put(trip(), at=BASE, trail=[KINEO[0]]), weather="heavy_rain")

    outcome = act(state, {"type": "wait"})

    assert player(outcome.state)["at"] == BASE
    assert outcome.state["current"] == 1
    assert "Ann waits at Kineo, foot of Raven Rock for better weather." in texts(outcome)
    assert {"type": "wait"} not in [
        {"type": a["type"]} for a in ENGINE.legal_actions(setting(state, weather="calm"), "canoe-1")
    ]


def test_a_wind_getting_up_sends_climbers_down_off_the_rock():
    state = setting(trip(), weather=2)  # the Calm before Headwind
    state = put(state, "canoe-2", at=BOARD.summit, trail=ROCK[:-1])
    state = put(state, **SOUTHBOUND)

    outcome = throw(state, 6)

    assert player(outcome.state, "canoe-2")["at"] == BASE
    assert "Bo must come down off Raven Rock to Kineo, foot of Raven Rock." in texts(outcome)


# --- the dock (M5) -------------------------------------------------------------------------------


READY = {"camps": [named("Sugar Island"), named("Solitude Point")], "points": 50}


def test_a_canoe_ahead_with_its_nights_docks_with_the_exact_throw_and_wins():
    state = put(trip(), at=CHANNEL, trail=[named("Greenville bay")], **READY)

    thrown = throw(state, 5).state

    assert DOCK in targets(thrown)
    outcome = move_to(thrown, DOCK)
    assert outcome.state["status"] == "finished"
    assert ENGINE.winner(outcome.state) == "canoe-1"
    assert ENGINE.legal_actions(outcome.state, "canoe-2") == []
    assert "Ann lands on Greenville dock with 50 points, ahead of everyone: Ann wins" in texts(
        outcome
    )


@pytest.mark.parametrize("die", [1, 2, 3, 4, 6])
def test_without_the_exact_throw_a_canoe_goes_round_the_eddy(die):
    state = put(trip(), at=CHANNEL, trail=[named("Greenville bay")], **READY)

    thrown = throw(state, die).state

    assert DOCK not in targets(thrown)
    assert set(targets(thrown)) & set(EDDY)


def test_a_canoe_that_is_not_ahead_may_not_dock():
    state = put(trip(), at=CHANNEL, trail=[named("Greenville bay")], **READY)
    state = put(state, "canoe-2", points=50)

    thrown = throw(state, 5).state

    assert DOCK not in targets(thrown)
    assert (
        "more points than everyone else"
        in ENGINE.seat_view(thrown, None)["players"][0]["dock_needs"]
    )


def test_round_the_eddy_a_canoe_docks_from_any_of_its_spaces_with_the_exact_throw():
    for index, space in enumerate(EDDY):
        exact = len(EDDY) - index
        state = put(trip(), at=space, trail=[EDDY[index - 1]], **READY)

        assert DOCK in targets(throw(state, exact).state), space


def test_a_canoe_may_leave_the_eddy_to_look_for_points():
    state = put(trip(), at=EDDY[-1], trail=[EDDY[-2]], **READY)

    assert CHANNEL in targets(throw(state, 2).state)


def test_dropping_back_onto_the_dock_is_not_finishing():
    state = put(trip(3), points=0)
    state = put(state, "canoe-2", at=named("Greenville bay"), points=5)

    outcome = move_to(throw(state, 2).state, named("Greenville bay"))

    assert player(outcome.state)["at"] in (DOCK, CHANNEL)
    assert outcome.state["status"] == "playing"
