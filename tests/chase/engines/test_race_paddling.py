"""R5, R6 and R8: paddling, running rapids, re-crewing, abandoning swimmers, finishing."""

from __future__ import annotations

import pytest

from chase.engines.chance import ChanceExhausted, ScriptedChance
from chase.engines.race import ENGINE
from chase.engines.race.phases import begin_turn
from tests.chase.engines.race_helpers import (
    act,
    canoe,
    kinds,
    men,
    put,
    race,
    set_order,
    set_rapid,
    texts,
)


def types(state, role):
    return [action["type"] for action in ENGINE.legal_actions(state, role)]


# --- R5: paddling ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("aboard", "sides"),
    [
        pytest.param(4, 12, id="R5-four-men-roll-d12"),
        pytest.param(3, 10, id="R5-three-men-roll-d10"),
        pytest.param(2, 8, id="R5-two-men-roll-d8"),
        pytest.param(1, 6, id="R5-one-man-rolls-d6"),
    ],
)
def test_the_paddle_die_goes_by_the_men_in_the_canoe(aboard, sides):
    state = put(race(), "canoe-1", **men(aboard=aboard))

    assert f"D{sides} " in ENGINE.legal_actions(state, "canoe-1")[0]["label"]
    paddle = act(state, "canoe-1", "paddle", [sides]).events[0]
    assert (paddle["die"], paddle["face"], paddle["aboard"]) == (sides, sides, aboard)
    assert paddle["text"].startswith(f"Virginia paddles D{sides}: {sides} + current 2")
    with pytest.raises(ChanceExhausted):  # a face the die does not have
        act(state, "canoe-1", "paddle", [sides + 1])


@pytest.mark.parametrize(
    ("current", "face", "at"),
    [
        pytest.param(1, 7, 8, id="R5-move-is-the-paddle-die-plus-current-1"),
        pytest.param(3, 1, 4, id="R5-move-is-the-paddle-die-plus-current-3"),
    ],
)
def test_a_canoe_moves_its_paddle_die_plus_the_legs_current(current, face, at):
    state = race(currents=[current] * 7)

    after = act(state, "canoe-1", "paddle", [face]).state

    assert canoe(after, "canoe-1")["at"] == at
    assert canoe(after, "canoe-1")["leg"] == 0


@pytest.mark.parametrize(
    ("role", "leg", "at", "face", "in_rapid", "ends_at"),
    [
        pytest.param("canoe-1", 0, 17, 5, True, 24, id="R5-a-bow-touching-the-rapid-stops-in-it"),
        pytest.param("canoe-1", 0, 17, 4, False, 23, id="R5-a-bow-an-inch-short-stays-on-the-leg"),
        pytest.param("canoe-1", 0, 17, 12, True, 24, id="R5-the-rest-of-the-move-is-lost"),
        pytest.param("canoe-1", 2, 15, 3, True, 20, id="R1-the-inside-of-a-corner-is-shorter"),
        pytest.param("canoe-2", 2, 15, 3, False, 20, id="R1-the-outside-of-a-corner-is-longer"),
    ],
)
def test_a_canoe_stops_in_the_rapid_its_bow_touches(role, leg, at, face, in_rapid, ends_at):
    other = "canoe-2" if role == "canoe-1" else "canoe-1"
    state = set_order(put(race(), role, leg=leg, at=at), [role, other])

    outcome = act(state, role, "paddle", [face])
    after = canoe(outcome.state, role)

    assert (after["leg"], after["rapid"], after["at"]) == (leg, in_rapid, ends_at)
    assert types(outcome.state, role) == []  # one activation a turn


@pytest.mark.parametrize(
    ("aboard", "cls", "face", "passed"),
    [
        pytest.param(4, 4, 5, True, id="R5-higher-than-the-class-passes"),
        pytest.param(4, 4, 4, False, id="R5-equal-to-the-class-flips"),
        pytest.param(4, 4, 1, False, id="R5-lower-than-the-class-flips"),
        pytest.param(4, 6, 7, True, id="R5-a-d12-can-pass-class-6"),
        pytest.param(1, 6, 6, False, id="R5-a-lone-paddler-never-passes-class-6"),
        pytest.param(2, 3, 4, True, id="R5-two-men-roll-a-d8-in-the-rapid"),
    ],
)
def test_running_a_rapid_passes_on_more_than_its_class(aboard, cls, face, passed):
    state = set_rapid(race(), 0, **{"class": cls})
    state = put(state, "canoe-1", at=24, rapid=True, **men(aboard=aboard))

    outcome = act(state, "canoe-1", "run_rapid", [face])
    after = canoe(outcome.state, "canoe-1")

    # either way the canoe ends just below the rapid, stern touching it, its move over
    assert (after["leg"], after["at"], after["rapid"]) == (1, 4, False)
    assert outcome.events[0]["die"] == {4: 12, 2: 8, 1: 6}[aboard]
    if passed:
        assert (after["aboard"], after["water"], after["flipped"]) == (aboard, 0, False)
    else:
        assert (after["aboard"], after["water"], after["flipped"]) == (0, aboard, True)


def test_the_rapid_roll_reads_as_the_table_would_say_it():
    state = set_rapid(race(), 0, **{"class": 5})
    state = put(state, "canoe-1", at=24, rapid=True, **men(aboard=3))

    outcome = act(state, "canoe-1", "run_rapid", [4])

    assert texts(outcome)[0] == "Virginia rolls D10: 4 against class 5 and flips."


# --- R6: re-crewing, drifting, abandoning ---------------------------------------------------


@pytest.mark.parametrize(
    ("aboard", "water", "faces", "after"),
    [
        pytest.param(0, 4, [3, 4, 5, 6], (4, 0), id="R6-3-or-better-climbs-in"),
        pytest.param(0, 4, [1, 2, 2, 3], (1, 3), id="R6-1-or-2-stays-in-the-water"),
        pytest.param(1, 3, [2, 2, 6], (4, 0), id="R6-a-helping-hand-lets-a-2-climb-in"),
        pytest.param(1, 3, [1, 1, 2], (2, 2), id="R6-a-1-fails-even-with-a-helping-hand"),
        pytest.param(0, 2, [2, 2], (0, 2), id="R6-with-nobody-aboard-there-is-no-helping-hand"),
        pytest.param(0, 4, [3, 2, 2, 2], (1, 3), id="R6-a-man-climbing-in-helps-only-next-time"),
    ],
)
def test_recrewing_rolls_a_d6_for_each_man_in_the_water(aboard, water, faces, after):
    state = put(race(), "canoe-1", leg=1, at=6, flipped=aboard == 0, **men(aboard, water))

    outcome = act(state, "canoe-1", "recrew", faces)
    recrewed = canoe(outcome.state, "canoe-1")

    assert (recrewed["aboard"], recrewed["water"]) == after
    assert recrewed["lost"] == 4 - aboard - water
    assert recrewed["flipped"] is (after[0] == 0)
    assert outcome.events[0]["faces"] == faces
    assert outcome.events[0]["bonus"] == (1 if aboard else 0)


@pytest.mark.parametrize(
    ("leg", "at", "current", "ends_at"),
    [
        pytest.param(1, 6, 2, 8, id="R6-canoe-and-swimmers-drift-the-current"),
        pytest.param(1, 6, 3, 9, id="R6-a-faster-leg-drifts-further"),
        pytest.param(1, 22, 3, 23, id="R6-a-drift-stops-an-inch-short-of-the-next-rapid"),
        pytest.param(6, 23, 3, 23, id="R6-a-capsized-canoe-cannot-drift-over-the-finish"),
    ],
)
def test_after_recrewing_the_canoe_drifts_with_the_current(leg, at, current, ends_at):
    state = race(currents=[current] * 7)
    state = put(state, "canoe-1", leg=leg, at=at, flipped=True, **men(aboard=0, water=4))

    outcome = act(state, "canoe-1", "recrew", [1, 1, 1, 6])

    assert canoe(outcome.state, "canoe-1")["at"] == ends_at
    assert canoe(outcome.state, "canoe-1")["rapid"] is False
    assert outcome.events[0]["drift"] == ends_at - at


def test_a_crew_all_back_aboard_still_drifts_that_activation():
    state = put(race(), "canoe-1", leg=1, at=6, flipped=True, **men(aboard=0, water=4))

    after = act(state, "canoe-1", "recrew", [6, 6, 6, 6]).state

    assert canoe(after, "canoe-1")["at"] == 8
    assert canoe(after, "canoe-1")["aboard"] == 4


def test_a_freshly_flipped_canoe_can_only_recrew():
    state = put(race(), "canoe-1", leg=1, at=4, flipped=True, **men(aboard=0, water=4))

    assert types(state, "canoe-1") == ["recrew"]


def test_with_men_aboard_and_in_the_water_the_owner_chooses():
    state = put(race(), "canoe-1", leg=1, at=4, **men(aboard=2, water=2))

    assert types(state, "canoe-1") == ["recrew", "abandon"]


def test_swimmers_with_nobody_aboard_to_paddle_can_only_be_hauled_in():
    state = put(race(), "canoe-1", leg=1, at=4, **men(aboard=0, water=2))

    assert types(state, "canoe-1") == ["recrew"]


def test_abandoning_the_swimmers_leaves_them_out_and_paddles_on_at_once():
    state = put(race(), "canoe-1", leg=1, at=4, **men(aboard=2, water=2))

    outcome = act(state, "canoe-1", "abandon", [8])
    after = canoe(outcome.state, "canoe-1")

    assert (after["aboard"], after["water"], after["lost"]) == (2, 0, 2)
    assert after["at"] == 4 + 8 + 2
    assert kinds(outcome) == ["abandon", "paddle"]
    assert outcome.events[1]["die"] == 8


# --- R8: out, finishing --------------------------------------------------------------------


def test_a_canoe_with_nobody_left_is_out_and_draws_no_more_chips():
    state = put(race(3), "canoe-1", leg=1, at=6, **men(aboard=1))

    chance = ScriptedChance([6, [1, 0]])
    after, events = begin_turn(state, chance)

    assert canoe(after, "canoe-1")["out"]
    assert after["order"] == ["canoe-3", "canoe-2"]
    assert "Virginia is out: no one is left alive in the canoe." in [e["text"] for e in events]


def test_the_first_bow_across_wins_and_a_later_crossing_that_turn_comes_second():
    state = race(3)
    for role, at in (("canoe-1", 20), ("canoe-2", 20), ("canoe-3", 20)):
        state = put(state, role, leg=6, at=at)
    state = set_order(state, ["canoe-2", "canoe-1", "canoe-3"])

    first = act(state, "canoe-2", "paddle", [2])  # exactly to the line: across
    second = act(first.state, "canoe-1", "paddle", [12])  # further, but later in the turn
    last = act(second.state, "canoe-3", "paddle", [1])  # an inch short

    assert ENGINE.status(first.state) == ENGINE.status(second.state) == "playing"
    assert ENGINE.winner(second.state) is None
    assert ENGINE.status(last.state) == "finished"
    assert ENGINE.winner(last.state) == "canoe-2"
    assert last.state["finishers"] == ["canoe-2", "canoe-1"]
    assert [canoe(last.state, r)["place"] for r in ("canoe-1", "canoe-2", "canoe-3")] == [
        2,
        1,
        None,
    ]
    assert texts(first)[-1] == "Massachusetts wins the race!"
    assert texts(second)[-1] == "Virginia finishes second."
    assert "turn" not in kinds(last)  # no turn after the deciding one


def test_a_canoe_that_has_finished_does_not_activate_again():
    state = put(race(3), "canoe-1", leg=6, at=20)

    after = act(state, "canoe-1", "paddle", [5]).state

    assert types(after, "canoe-1") == []
    assert "canoe-1" not in after["order"][after["active"] :]


def test_a_race_where_every_canoe_is_lost_ends_without_a_winner():
    state = put(race(), "canoe-1", out=True, flipped=True, **men(aboard=0))
    state = put(state, "canoe-2", leg=1, at=6, **men(aboard=1))

    after, events = begin_turn(state, ScriptedChance([6]))  # long range: a 6

    assert ENGINE.status(after) == "finished"
    assert ENGINE.winner(after) is None
    assert events[-1]["text"] == "The race is over: no canoe is left to finish it."
