"""The race's house option `outside_extra` (on R1 and R3): the outside starters line up that many
inches behind the start line, so their course is that much longer (a negative number puts the
inside starters behind). The seed starts every canoe on the line: the default changes nothing."""

from __future__ import annotations

import pytest

from chase.engines.base import OptionsError
from chase.engines.chance import RandomChance
from chase.engines.race import ENGINE
from chase.engines.race.game import draw_race
from tests.chase.engines.race_helpers import act, canoe, race, seen


def starts(state) -> dict[str, int]:
    return {c["role"]: c["at"] for c in state["canoes"]}


def test_by_default_every_canoe_starts_on_the_line_and_the_state_is_as_before():
    assert ENGINE.clean_options({})["outside_extra"] == 0
    state = ENGINE.new_game({}, RandomChance(3)).state
    assert set(starts(state).values()) == {0}
    # a race stored before the option came replays to the very same states
    assert "outside_extra" not in state["options"]
    assert ENGINE.new_game({"outside_extra": 0}, RandomChance(3)).state == state


@pytest.mark.parametrize(
    ("extra", "behind"),
    [
        pytest.param(
            6, {"canoe-1": 0, "canoe-2": -6, "canoe-3": 0, "canoe-4": -6}, id="R3-outside"
        ),
        pytest.param(
            -4, {"canoe-1": -4, "canoe-2": 0, "canoe-3": -4, "canoe-4": 0}, id="R3-inside"
        ),
    ],
)
def test_the_starters_of_one_track_line_up_behind_the_line(extra, behind):
    state = ENGINE.new_game({"outside_extra": extra}, RandomChance(3)).state
    assert starts(state) == behind
    assert state["options"]["outside_extra"] == extra
    setup = ENGINE.new_game({"outside_extra": extra}, RandomChance(3)).events[0]["text"]
    late = (
        "Massachusetts (Heron) on the outside track"
        if extra > 0
        else "Virginia (Swift Otter) on the inside track"
    )
    assert f'{late}, {abs(extra)}" behind the line' in setup


def test_their_course_is_that_much_longer():
    state = race(4, outside_extra=6)
    inside, outside = seen(state, "canoe-1"), seen(state, "canoe-2")
    assert (inside["position"], outside["position"]) == (0, -6)
    assert outside["to_go"] == inside["to_go"] + 6
    assert inside["to_go"] == ENGINE.seat_view(state, None)["course"]["length"]


def test_a_canoe_behind_the_line_paddles_from_where_it_lined_up():
    def second_paddles(state):  # the chips come out in seat order: canoe 1 paddles first
        state = act(state, "canoe-1", "paddle", [5]).state
        return act(state, "canoe-2", "paddle", [5, [0, 1]]).state  # and the next chips

    on_the_line = second_paddles(race(2))
    behind = second_paddles(race(2, outside_extra=6))
    assert canoe(on_the_line, "canoe-2")["at"] == 7  # 5 + current 2
    assert canoe(behind, "canoe-2")["at"] == 1  # from 6" further back
    assert canoe(behind, "canoe-1")["at"] == canoe(on_the_line, "canoe-1")["at"] == 7


def test_the_table_draws_and_names_a_canoe_behind_the_start_line():
    state = race(2, outside_extra=6)
    drawing = draw_race(ENGINE.seat_view(state, None))
    inside, outside = drawing["canoes"]
    assert (inside["behind"], outside["behind"]) == (0, 6)
    assert outside["bow"] < 0 == inside["bow"]  # upstream of the start line


@pytest.mark.parametrize("value", [13, -13, "6", 6.5, True])
def test_more_than_a_short_leg_behind_or_not_a_whole_number_is_refused(value):
    with pytest.raises(OptionsError, match="'outside_extra' must be a whole number from -12 to 12"):
        ENGINE.clean_options({"outside_extra": value})


def test_the_bound_on_actions_counts_the_inches_behind():
    assert ENGINE.max_actions(ENGINE.clean_options({"canoes": 2, "outside_extra": -12})) == (
        ENGINE.max_actions(ENGINE.clean_options({"canoes": 2})) + 2 * 12
    )


def test_inches_are_told_with_their_mark_and_other_numbers_bare():
    """The lab's proposals and variants say a value as a player reads it: 12", not 12."""
    from chase.engines.pelts import ENGINE as PELTS

    race_options = {option.name: option for option in ENGINE.options}
    pelts_options = {option.name: option for option in PELTS.options}
    assert race_options["outside_extra"].value_words(12) == '12"'
    assert race_options["outside_extra"].value_words(-3) == '-3"'
    assert race_options["leg_length"].value_words(48) == '48"'
    assert pelts_options["head_start"].value_words(9) == '9"'
    assert pelts_options["indian_canoes"].value_words(3) == "3"
