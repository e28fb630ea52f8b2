"""The rulings the review found off in the Moosehead trip: the canoe stuck by the Unmapped
Region's exit (M4), stopping short at Raven Rock's foot (M4), the weather dial as a setting (M3)
and the short trip without Destination cards (M5)."""

from __future__ import annotations

import pytest

from chase.engines.base import OptionsError
from chase.engines.chance import ScriptedChance
from chase.engines.moosehead import ENGINE
from chase.engines.moosehead.tables import DESTINATION, DIAL
from tests.chase.engines.moosehead_helpers import (
    BOARD,
    KINEO,
    move_to,
    player,
    put,
    setting,
    targets,
    texts,
    throw,
    trip,
)

# --- M4: the Unmapped Region's exit is barred only as a way back in ----------------------------

MOUTH, STREAM, EXIT = 69, 70, 71  # Caucomgomoc mouth, the river space, the entry point


def test_the_reported_stuck_canoe_now_reaches_the_exit_point_and_gets_away_again():
    # The reproduction: at 69, come from 68, barred 71, calm, throws 3.
    state = setting(put(trip(), at=MOUTH, trail=[68], barred=EXIT), weather="calm")

    thrown = throw(state, 3).state

    assert EXIT in targets(thrown)  # 3, poling upstream: 2 spaces, onto the old exit
    assert STREAM not in targets(thrown)  # no longer "as far as it can go" beside it
    moved = move_to(thrown, EXIT).state
    assert player(moved)["at"] == EXIT
    back = setting(moved, turn="canoe-1")
    assert [a["type"] for a in ENGINE.legal_actions(back, "canoe-1")] == ["throw"]  # M4
    for die in range(1, 6):
        assert targets(throw(back, die).state), f"no move away from the exit with a {die}"


@pytest.mark.parametrize("die", range(2, 6))  # a 1 poling upstream makes no headway anywhere
def test_a_canoe_beside_its_old_exit_point_has_a_move_upstream(die):
    state = setting(put(trip(), at=STREAM, trail=[MOUTH], barred=EXIT), weather="calm")

    outcome = throw(state, die)

    assert "cannot move" not in texts(outcome)
    assert targets(outcome.state)


def test_a_move_onto_the_old_exit_point_does_not_wait_at_the_boundary():
    state = setting(put(trip(), at=STREAM, trail=[MOUTH], barred=EXIT), weather="calm")

    outcome = move_to(throw(state, 2).state, EXIT)

    assert "waits there" not in texts(outcome)
    assert player(outcome.state)["barred"] == EXIT  # still no going straight back in


# --- M4: Raven Rock's foot is a place to wait only in bad weather ------------------------------

BASE = BOARD.raven_base
FROM_MOOSEHEAD = {"at": KINEO[0], "trail": [11]}  # one space before the foot, heading to it


@pytest.mark.parametrize("weather", ["calm", "tailwind"])
def test_in_good_weather_a_canoe_may_not_stop_short_at_the_foot_of_raven_rock(weather):
    state = setting(put(trip(), **FROM_MOOSEHEAD), weather=weather)

    moves = throw(state, 4).state["pending"]["moves"]

    assert all(m["to"] != BASE for m in moves)


@pytest.mark.parametrize("weather", ["headwind", "heavy_rain"])
def test_in_bad_weather_a_canoe_may_stop_short_at_the_foot_to_wait(weather):
    state = setting(put(trip(), **FROM_MOOSEHEAD), weather=weather)

    moves = throw(state, 6 if weather == "headwind" else 4).state["pending"]["moves"]

    assert any(m["to"] == BASE and len(m["path"]) == 1 for m in moves)


# --- M3: the weather dial is a setting -----------------------------------------------------------


def test_the_dial_defaults_to_the_seeds_eight_spaces():
    options = ENGINE.clean_options({})

    assert options["dial"] == list(DIAL)
    assert options["dial"] == [
        "calm",
        "tailwind",
        "calm",
        "headwind",
        "windbound",
        "headwind",
        "heavy_rain",
        "calm",
    ]
    assert trip()["weather"] == 7  # the last Calm, as before the dial was a setting


def test_a_trip_follows_its_own_dial():
    state = trip(dial=["calm", "headwind", "tailwind"])
    assert ENGINE.seat_view(state, None)["weather"]["now"] == "calm"
    assert [w["id"] for w in ENGINE.seat_view(state, None)["weather"]["dial"]] == [
        "calm",
        "headwind",
        "tailwind",
    ]

    once = throw(state, 6).state
    assert ENGINE.seat_view(once, None)["weather"]["now"] == "headwind"


@pytest.mark.parametrize(
    ("dial", "message"),
    [
        pytest.param(7, "Option 'dial' must be a list", id="not-a-list"),
        pytest.param([], "'dial' must list 1 to 12 spaces", id="empty"),
        pytest.param(["calm"] * 13, "'dial' must list 1 to 12 spaces", id="too-long"),
        pytest.param(["calm", "fog"], r"'dial\[1\]' must be one of .*'fog'", id="unknown-weather"),
        pytest.param(["headwind", "windbound"], "at least one Calm", id="no-calm"),
    ],
)
def test_a_bad_dial_is_refused_naming_the_option(dial, message):
    with pytest.raises(OptionsError, match=message):
        ENGINE.clean_options({"dial": dial})


# --- M5: the short trip without Destination cards -------------------------------------------------


def test_a_short_trip_without_destination_cards_deals_none():
    chance = ScriptedChance([list(range(12))] * 3)
    state = ENGINE.new_game({"players": 2, "variant": "short_none"}, chance).state

    piles = [card for pile in state["piles"].values() for card in pile]
    assert not set(piles) & set(DESTINATION)
    assert len(piles) == 3 * 13  # twelve cards and the Shuffle card a pile
    assert ENGINE.seat_view(state, None)["variant"] == "Short trip without Destination cards"


def test_the_other_variants_still_shuffle_the_destination_cards_in():
    piles = [card for pile in trip()["piles"].values() for card in pile]

    assert set(DESTINATION) <= set(piles)


def test_short_none_is_a_variant_choice():
    assert ENGINE.clean_options({"variant": "short_none"})["variant"] == "short_none"
    with pytest.raises(OptionsError, match="short_none"):
        ENGINE.clean_options({"variant": "shortest"})
