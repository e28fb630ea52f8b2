"""The race's options: defaults, hand-set courses and clear refusals (R1-R3)."""

from __future__ import annotations

import pytest

from chase.engines.base import OptionsError
from chase.engines.race import ENGINE


def test_no_options_give_the_seeds_race():
    options = ENGINE.clean_options({})

    assert options == {
        "canoes": 4,
        "names": [
            {"canoe": "Swift Otter", "colony": "Virginia"},
            {"canoe": "Heron", "colony": "Massachusetts"},
            {"canoe": "Kingfisher", "colony": "New York"},
            {"canoe": "Beaver", "colony": "Pennsylvania"},
        ],
        "leg_length": 24,
        "outside_extra": 0,
        "hidden": True,
        "currents": None,
        "classes": None,
    }
    assert ENGINE.roles(options) == ["canoe-1", "canoe-2", "canoe-3", "canoe-4"]


def test_eight_canoes_get_eight_colonies():
    colonies = [n["colony"] for n in ENGINE.clean_options({"canoes": 8})["names"]]

    assert colonies[-2:] == ["Carolina", "New Hampshire"]
    assert len(set(colonies)) == 8


def test_clubs_can_name_their_own_canoes_and_colonies():
    names = [{"canoe": " Wren ", "colony": "Delaware"}, {"canoe": "Otter", "colony": "Georgia"}]

    options = ENGINE.clean_options({"canoes": 2, "names": names})

    assert options["names"] == [
        {"canoe": "Wren", "colony": "Delaware"},
        {"canoe": "Otter", "colony": "Georgia"},
    ]


def test_cleaning_twice_changes_nothing():
    options = ENGINE.clean_options({"canoes": 3, "currents": [1, 2, 3, 1, 2, 3, 1]})

    assert ENGINE.clean_options(options) == options


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param({"paddles": 2}, "Unknown option 'paddles'", id="unknown-option"),
        pytest.param(
            {"canoes": 1}, "'canoes' must be a whole number from 2 to 8", id="R3-one-canoe"
        ),
        pytest.param({"canoes": 9}, "from 2 to 8, not 9", id="R3-nine-canoes"),
        pytest.param({"canoes": "4"}, "'canoes'", id="R3-canoes-as-text"),
        pytest.param({"canoes": True}, "'canoes'", id="R3-canoes-as-a-flag"),
        pytest.param({"leg_length": 6}, "'leg_length' must be", id="R1-legs-too-short"),
        pytest.param({"leg_length": 24.5}, "'leg_length' must be", id="R1-legs-not-whole"),
        pytest.param(
            {"hidden": "yes"}, "'hidden' must be true or false", id="R2-hidden-not-a-flag"
        ),
        pytest.param({"currents": [1] * 6}, "must list 7 numbers", id="R1-six-currents"),
        pytest.param(
            {"currents": [1, 2, 3, 4, 1, 2, 3]},
            r"'currents\[3\]' must be a whole number from 1 to 3",
            id="R1-current-4",
        ),
        pytest.param(
            {"currents": [0] * 7},
            r"'currents\[0\]' must be a whole number from 1 to 3",
            id="R1-current-0",
        ),
        pytest.param({"classes": [3] * 7}, "must list 6 numbers", id="R1-seven-classes"),
        pytest.param(
            {"classes": [3, 4, 5, 6, 7, 3]},
            r"'classes\[4\]' must be a whole number from 3 to 6",
            id="R1-class-7",
        ),
        pytest.param(
            {"classes": [2, 4, 5, 6, 6, 3]},
            r"'classes\[0\]' must be a whole number from 3 to 6",
            id="R1-class-2",
        ),
        pytest.param(
            {"canoes": 2, "names": [{"canoe": "A", "colony": "B"}]},
            "each of the 2",
            id="R3-too-few-names",
        ),
        pytest.param(
            {"canoes": 2, "names": [{"canoe": "A"}, {"canoe": "B", "colony": "C"}]},
            r"'names\[0\]\.colony' is missing",
            id="R3-a-name-without-a-colony",
        ),
        pytest.param(
            {"canoes": 2, "names": [{"canoe": "A", "colony": " "}, {"canoe": "B", "colony": "C"}]},
            r"'names\[0\]\.colony' must be 1 to 40 characters",
            id="R3-a-blank-colony",
        ),
        pytest.param(
            {
                "canoes": 2,
                "names": [{"canoe": "A", "colony": "Erie"}, {"canoe": "B", "colony": "erie"}],
            },
            "A (canoe 1) and B (canoe 2) both hail from erie; each canoe must hail from a "
            "different colony",
            id="R3-two-canoes-from-one-colony-are-both-named",
        ),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options, message):
    with pytest.raises(OptionsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ENGINE.clean_options(options)


def test_new_game_refuses_bad_options_too():
    from chase.engines.chance import RandomChance

    with pytest.raises(OptionsError):
        ENGINE.new_game({"canoes": 12}, RandomChance(1))
