"""The weather dial (M3): every space's effect on lakes, portages and rivers, the 6 that moves it
before the move, windbound islands, being blown back, slipping on portages, and the shelter of
Dangerous Point (M4)."""

from __future__ import annotations

import pytest

from chase.engines.moosehead import ENGINE
from chase.engines.moosehead.tables import DIAL
from tests.chase.engines.moosehead_helpers import (
    BOARD,
    CARRY,
    EAST_SHORE,
    ISLANDS,
    MOOSE_RIVER,
    WEST_SHORE,
    act,
    named,
    player,
    put,
    setting,
    targets,
    texts,
    throw,
    trip,
    weather_index,
)

# A canoe heading south along Moosehead's west shore, one heading down the West Outlet Carry to
# Indian Pond, and one heading down the Moose River to Moosehead.
ON_LAKE = {"at": WEST_SHORE[5], "trail": WEST_SHORE[3:5]}
ON_PORTAGE = {"at": CARRY[1], "trail": CARRY[:1]}
ON_RIVER = {"at": MOOSE_RIVER[2], "trail": MOOSE_RIVER[:2]}
PLACES = {"lake": ON_LAKE, "portage": ON_PORTAGE, "river": ON_RIVER}
EFFECT = {  # M3: what a throw of 4 gives on each terrain, by the weather
    "calm": {"lake": 4, "portage": 4, "river": 4},
    "tailwind": {"lake": 6, "portage": 4, "river": 4},
    "headwind": {"lake": 1, "portage": 4, "river": 4},
    "windbound": {"lake": 0, "portage": 4, "river": 4},
    "heavy_rain": {"lake": 4, "portage": 2, "river": 4},
}


@pytest.mark.parametrize(
    ("index", "terrain"),
    [
        pytest.param(index, terrain, id=f"M3-dial-{index + 1}-{DIAL[index]}-on-{terrain}")
        for index in range(len(DIAL))
        for terrain in ("lake", "portage", "river")
    ],
)
def test_every_space_of_the_dial_acts_on_the_terrain_the_canoe_starts_on(index, terrain):
    state = setting(put(trip(), **PLACES[terrain]), weather=index)

    outcome = throw(state, 4)

    expected = EFFECT[DIAL[index]][terrain]
    assert outcome.events[0]["number"] == expected
    if expected > 0:
        assert all(len(a["path"]) <= expected for a in outcome.state["pending"]["moves"])
        assert any(len(a["path"]) == expected for a in outcome.state["pending"]["moves"])


def test_the_dial_has_the_eight_spaces_of_the_ruling_and_starts_on_the_last_calm():
    assert DIAL == (
        "calm",
        "tailwind",
        "calm",
        "headwind",
        "windbound",
        "headwind",
        "heavy_rain",
        "calm",
    )
    assert trip()["weather"] == 7


def test_a_six_moves_the_weather_before_the_move_and_the_log_says_so():
    state = setting(put(trip(), **ON_LAKE), weather="calm")
    state["weather"] = 2  # the Calm before Headwind

    outcome = throw(state, 6)

    assert outcome.state["weather"] == 3
    assert outcome.events[0]["number"] == 3
    assert texts(outcome).startswith(
        "Ann throws 6: the weather turns to Headwind; 6 − 3 = 3 on Moosehead Lake."
    )


def test_a_six_from_the_last_space_goes_round_to_the_first():
    state = put(trip(), **ON_LAKE)

    outcome = throw(state, 6)

    assert outcome.state["weather"] == 0
    assert "the indicator moves on but the weather stays Calm" in texts(outcome)


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5])
def test_only_a_six_moves_the_weather(die):
    state = setting(put(trip(), **ON_LAKE), weather="tailwind")

    assert throw(state, die).state["weather"] == weather_index("tailwind")


def test_the_number_is_fixed_at_the_start_even_when_the_canoe_paddles_off_the_lake():
    # From Rockwood (on the lake) with a tailwind the canoe goes 6 + 2 up the river, less one for
    # poling: the wind's +2 holds on the river because the turn began on the lake.
    rockwood = named("Rockwood")
    state = setting(put(trip(), at=rockwood, trail=[WEST_SHORE[3]]), weather="tailwind")

    outcome = throw(state, 5)

    river_moves = [m for m in outcome.state["pending"]["moves"] if m["path"][0] == MOOSE_RIVER[-2]]
    assert {len(m["path"]) for m in river_moves} == {6}
    assert "(6 poling upstream)" in texts(outcome)


def test_poling_up_a_river_takes_one_off_the_die():
    state = put(trip(), at=MOOSE_RIVER[3], trail=[MOOSE_RIVER[4]])  # heading upstream

    outcome = throw(state, 4)

    assert targets(outcome.state) == [MOOSE_RIVER[0]]
    assert "4 on the Moose River, 4 − 1 = 3 poling upstream" in texts(outcome)


def test_a_one_poling_upstream_does_not_move():
    state = put(trip(), at=MOOSE_RIVER[3], trail=[MOOSE_RIVER[4]])

    outcome = throw(state, 1)

    assert outcome.state["current"] == 1
    assert player(outcome.state)["at"] == MOOSE_RIVER[3]
    assert "cannot move" in texts(outcome)


# --- blown back (M3) ----------------------------------------------------------------------------


def test_a_headwind_blows_a_low_throw_back_along_the_way_it_came():
    state = setting(put(trip(), at=WEST_SHORE[6], trail=WEST_SHORE[2:6]), weather="headwind")

    outcome = throw(state, 1)

    assert player(outcome.state)["at"] == WEST_SHORE[4]
    assert player(outcome.state)["trail"] == WEST_SHORE[2:4]
    assert "1 − 3 = −2 on Moosehead Lake: Ann is blown back 2 spaces" in texts(outcome)


def test_the_wind_stops_at_the_lakes_perimeter():
    # Just onto Moosehead from the Moose River: blown back no further than the lake's edge.
    rockwood = named("Rockwood")
    state = setting(
        put(trip(), at=WEST_SHORE[5], trail=[*MOOSE_RIVER[-3:-1], rockwood]), weather="windbound"
    )

    outcome = throw(state, 1)

    assert player(outcome.state)["at"] == rockwood


def test_a_canoe_is_not_blown_further_back_than_the_island_it_left():
    sugar = named("Sugar Island")
    state = setting(put(trip(), at=ISLANDS[4], trail=ISLANDS[1:4]), weather="windbound")

    outcome = throw(state, 1)  # 1 − 4 = −3, but Sugar Island is only one back

    assert player(outcome.state)["at"] == sugar


def test_a_canoe_setting_off_from_an_island_in_a_headwind_stays_on_it():
    sugar = named("Sugar Island")
    state = setting(put(trip(), at=sugar, trail=ISLANDS[1:3]), weather="headwind")

    outcome = throw(state, 2)

    assert player(outcome.state)["at"] == sugar
    assert "not blown back past Sugar Island" in texts(outcome)


def test_a_canoe_is_not_blown_onto_a_taken_space():
    state = setting(put(trip(), at=WEST_SHORE[6], trail=WEST_SHORE[2:6]), weather="headwind")
    state = put(state, "canoe-2", at=WEST_SHORE[4], trail=WEST_SHORE[2:4])

    outcome = throw(state, 1)

    assert player(outcome.state)["at"] == WEST_SHORE[5]


# --- windbound (M3) -----------------------------------------------------------------------------


def test_a_windbound_canoe_on_an_island_cannot_throw_and_its_turn_passes():
    sugar = named("Sugar Island")
    state = setting(trip(3), weather="windbound")
    state = put(state, "canoe-2", at=sugar, trail=ISLANDS[1:3])
    state = put(state, **ON_LAKE)

    outcome = throw(state, 5)  # Ann makes 1 and moves on; Bo is stuck, so it is Cal's turn
    outcome = act(outcome.state, outcome.state["pending"]["moves"][0])

    assert outcome.state["players"][outcome.state["current"]]["name"] == "Cal"
    assert "Bo is windbound on Sugar Island and cannot throw." in texts(outcome)


def test_a_six_that_turns_the_wind_to_windbound_keeps_the_thrower_on_its_island():
    sugar = named("Sugar Island")
    state = setting(put(trip(), at=sugar, trail=ISLANDS[1:3]), weather=3)  # Headwind

    outcome = throw(state, 6)

    assert outcome.state["weather"] == weather_index("windbound")
    assert player(outcome.state)["at"] == sugar
    assert "windbound, Ann cannot leave Sugar Island" in texts(outcome)


def test_out_on_a_lake_a_windbound_canoe_makes_headway_only_with_a_five_or_six():
    state = setting(put(trip(), **ON_LAKE), weather="windbound")

    assert targets(throw(state, 5).state) != []
    assert player(throw(state, 4).state)["at"] == ON_LAKE["at"]


def test_when_every_canoe_is_on_an_island_the_weather_advances_by_itself():
    deer, sugar = named("Deer Island"), named("Sugar Island")
    state = setting(trip(), weather="windbound")
    state = put(state, "canoe-2", at=sugar, trail=ISLANDS[1:3])
    state = put(state, at=ISLANDS[2], trail=[sugar])  # heading back towards Deer Island

    outcome = throw(state, 5)  # 5 − 4 = 1: onto Deer Island
    outcome = act(outcome.state, outcome.state["pending"]["moves"][0])

    assert player(outcome.state)["at"] == deer
    assert outcome.state["weather"] == weather_index("windbound") + 1
    assert "Every canoe is on an island: the weather turns to Headwind." in texts(outcome)
    assert outcome.state["players"][outcome.state["current"]]["name"] == "Bo"


# --- heavy rain on portages (M3) ------------------------------------------------------------


def test_heavy_rain_makes_a_canoe_slip_back_along_a_portage():
    state = setting(put(trip(), at=CARRY[2], trail=CARRY[:2]), weather="heavy_rain")

    outcome = throw(state, 1)

    assert player(outcome.state)["at"] == CARRY[1]
    assert "1 − 2 = −1 on the West Outlet Carry: Ann slips back 1 space" in texts(outcome)


def test_a_canoe_does_not_slip_off_the_end_of_a_portage():
    state = setting(put(trip(), at=CARRY[1], trail=CARRY[:1]), weather="heavy_rain")

    outcome = throw(state, 1)

    assert player(outcome.state)["at"] == CARRY[1]


# --- Dangerous Point (M4) -------------------------------------------------------------------


def test_the_waiting_spaces_by_dangerous_point_are_sheltered_from_the_weather():
    shelter = BOARD.data["dangerous_point"]["shelters"][0]
    state = setting(put(trip(), at=shelter, trail=EAST_SHORE[4:6]), weather="windbound")

    outcome = throw(state, 4)

    assert outcome.events[0]["number"] == 4
    assert "4 by Dangerous Point, sheltered from the weather" in texts(outcome)


def test_a_canoe_by_dangerous_point_may_wait_unless_it_throws_a_five():
    shelter = BOARD.data["dangerous_point"]["shelters"][0]
    state = put(trip(), at=shelter, trail=EAST_SHORE[4:6])

    after_four = throw(state, 4).state
    after_five = throw(state, 5).state

    wait = {"type": "wait", "label": "Wait by Dangerous Point for a 5"}
    assert wait in ENGINE.legal_actions(after_four, "canoe-1")
    assert wait not in ENGINE.legal_actions(after_five, "canoe-1")
    waited = act(after_four, {"type": "wait"})
    assert player(waited.state)["at"] == shelter
    assert "Ann waits by Dangerous Point for a 5." in texts(waited)


def test_five_from_one_shelter_reaches_the_other_round_the_point():
    south, north = BOARD.data["dangerous_point"]["shelters"]
    state = put(trip(), at=south, trail=EAST_SHORE[4:6])

    assert north in targets(throw(state, 5).state)
