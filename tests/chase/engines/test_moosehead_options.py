"""A trip's options (M5), the seats, the setup and the view."""

from __future__ import annotations

import json

import pytest

from chase.engines.base import IllegalMove, OptionsError
from chase.engines.chance import RandomChance
from chase.engines.moosehead import ENGINE
from tests.chase.engines.moosehead_helpers import DOCK, trip


def test_no_options_give_a_three_canoe_standard_trip_of_two_nights():
    options = ENGINE.clean_options({})

    assert options == {
        "players": 3,
        "names": ["Ann", "Bo", "Cal"],
        "nights": 2,
        "variant": "standard",
        "board": "standard",
        # M3: the seed's eight spaces, in order
        "dial": [
            "calm",
            "tailwind",
            "calm",
            "headwind",
            "windbound",
            "headwind",
            "heavy_rain",
            "calm",
        ],
    }
    assert ENGINE.roles(options) == ["canoe-1", "canoe-2", "canoe-3"]


def test_the_engine_is_the_moosehead_trip():
    assert ENGINE.kind == "moosehead"
    assert ENGINE.title == "The Moosehead Lake Canoe Trip"


def test_clubs_name_their_paddlers():
    options = ENGINE.clean_options({"players": 2, "names": [" Wren ", "Otter"]})

    assert options["names"] == ["Wren", "Otter"]
    assert ENGINE.clean_options(options) == options


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param({"canoes": 2}, "Unknown option 'canoes'", id="unknown-option"),
        pytest.param({"players": 1}, "'players' must be a whole number from 2 to 6", id="one"),
        pytest.param({"players": 7}, "from 2 to 6, not 7", id="seven"),
        pytest.param({"players": "3"}, "'players'", id="players-as-text"),
        pytest.param({"nights": 0}, "'nights' must be a whole number from 1 to 7", id="no-nights"),
        pytest.param({"nights": True}, "'nights'", id="nights-as-a-flag"),
        pytest.param(
            {"variant": "marathon"},
            "'variant' must be one of standard, short, short_none, long, all_night",
            id="variant",
        ),
        pytest.param({"board": "mars"}, "Option 'board' must be one of", id="board"),
        pytest.param({"players": 2, "names": ["Ann"]}, "one name for each of the 2", id="names"),
        pytest.param(
            {"players": 2, "names": ["Ann", " "]},
            r"'names\[1\]' must be 1 to 24",
            id="blank-name",
        ),
        pytest.param({"players": 2, "names": ["Ann", "ann"]}, "a different name", id="same-name"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options, message):
    with pytest.raises(OptionsError, match=message):
        ENGINE.clean_options(options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param({"dial": []}, "'dial' must list 1 to 12 spaces", id="M3-empty-dial"),
        pytest.param({"dial": ["calm"] * 13}, "'dial' must list 1 to 12", id="M3-long-dial"),
        pytest.param({"dial": ["calm", "fog"]}, r"'dial\[1\]' must be one of calm", id="M3-fog"),
        pytest.param({"variant": "sprint"}, "short_none", id="M5-variants-named"),
    ],
)
def test_the_dial_and_the_variants_are_options(options, message):
    with pytest.raises(OptionsError, match=message):
        ENGINE.clean_options(options)


def test_a_dial_and_the_short_trip_without_destination_cards_are_accepted():
    options = ENGINE.clean_options({"dial": ["calm", "headwind"], "variant": "short_none"})

    assert options["dial"] == ["calm", "headwind"]  # M3
    assert options["variant"] == "short_none"  # M5


def test_a_new_trip_puts_every_canoe_on_the_dock_with_nothing_yet():
    state = trip(4)

    assert [p["at"] for p in state["players"]] == [DOCK] * 4
    assert all(p["points"] == 0 and p["camps"] == [] for p in state["players"])
    assert ENGINE.legal_actions(state, "canoe-1") == [{"type": "throw", "label": "Throw the die"}]
    assert ENGINE.status(state) == "playing" and ENGINE.winner(state) is None


def test_the_view_shows_the_table_but_not_the_piles_order():
    state = ENGINE.new_game({}, RandomChance(3)).state

    view = ENGINE.seat_view(state, "canoe-2")

    json.dumps(view)
    assert view["piles"] == {"canoe": 16, "camp": 16, "portage": 16}
    assert "piles" not in json.dumps(view["board"])
    assert view["board"]["digest"] == state["board"]["digest"]
    assert view["weather"]["name"] == "Calm" and len(view["weather"]["dial"]) == 8
    assert [p["name"] for p in view["players"]] == ["Ann", "Bo", "Cal"]
    assert view["current"] == "canoe-1" and view["actions"] == []
    assert ENGINE.seat_view(state, None)["actions"] == []


def test_a_seat_that_is_not_in_the_trip_is_refused():
    with pytest.raises(IllegalMove, match="There is no seat 'canoe-9'"):
        ENGINE.apply(trip(), "canoe-9", {"type": "throw"}, RandomChance(1))
