"""R4 and R7: hostiles, the bear, the order of the turn's phases, and whirlpools."""

from __future__ import annotations

import pytest

from chase.engines.chance import ScriptedChance
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


def opening(state, dice):
    """Play a turn's opening phases (R4) with exactly these dice."""
    chance = ScriptedChance(dice)
    state, events = begin_turn(state, chance)
    assert chance.remaining == 0, f"{chance.remaining} scripted dice were not rolled"
    return state, events


# --- hostiles -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "leg", "face", "killed"),
    [
        pytest.param("canoe-1", 1, 5, True, id="R4-close-range-a-5-kills"),
        pytest.param("canoe-1", 1, 4, False, id="R4-close-range-a-4-misses"),
        pytest.param("canoe-1", 3, 6, True, id="R4-close-range-a-6-kills"),
        pytest.param("canoe-2", 1, 5, False, id="R4-long-range-a-5-misses"),
        pytest.param("canoe-2", 2, 6, True, id="R4-long-range-a-6-kills"),
        pytest.param("canoe-1", 4, 5, False, id="R4-after-the-turn-the-inside-starter-is-at-long"),
        pytest.param("canoe-2", 5, 5, True, id="R4-after-the-turn-the-outside-starter-is-at-close"),
    ],
)
def test_a_hostile_shoots_at_a_canoe_on_its_leg(role, leg, face, killed):
    state = put(race(), role, leg=leg, at=10)

    after, events = opening(state, [face, [0, 1]])

    assert canoe(after, role)["aboard"] == (3 if killed else 4)
    assert canoe(after, role)["lost"] == (1 if killed else 0)
    shot = events[1]
    assert shot["kind"] == "shot" and shot["face"] == face and shot["killed"] is killed
    assert f"D6 {face}" in shot["text"]


@pytest.mark.parametrize(
    "leg",
    [pytest.param(0, id="R1-no-hostile-on-leg-1"), pytest.param(6, id="R1-no-hostile-on-leg-7")],
)
def test_no_hostile_lurks_on_the_first_or_last_leg(leg):
    state = put(race(), "canoe-1", leg=leg, at=10)

    _, events = opening(state, [[0, 1]])

    assert "shot" not in [event.get("kind") for event in events]


def test_a_hostile_picks_one_canoe_at_random_when_several_share_its_leg():
    state = put(put(race(), "canoe-1", leg=2, at=5), "canoe-2", leg=2, at=9)

    after, _ = opening(state, [1, 6, [0, 1]])  # the draw picks canoe-2, a 6 at long range

    assert canoe(after, "canoe-1")["lost"] == 0
    assert canoe(after, "canoe-2")["lost"] == 1


def test_a_hostile_cannot_reach_a_canoe_in_the_rapid_below_its_leg():
    state = put(race(), "canoe-1", leg=1, at=24, rapid=True)

    after, events = opening(state, [[0, 1]])

    assert canoe(after, "canoe-1")["lost"] == 0


def test_a_shot_kills_a_paddler_before_a_swimmer():
    state = put(race(), "canoe-1", leg=1, at=6, **men(aboard=2, water=2))

    after, _ = opening(state, [6, [0, 1]])

    assert (canoe(after, "canoe-1")["aboard"], canoe(after, "canoe-1")["water"]) == (1, 2)


def test_a_shot_with_nobody_aboard_kills_a_swimmer():
    state = put(race(), "canoe-1", leg=1, at=6, flipped=True, **men(aboard=0, water=3))

    after, _ = opening(state, [6, [0, 1]])

    assert (canoe(after, "canoe-1")["water"], canoe(after, "canoe-1")["lost"]) == (2, 2)


# --- the bear -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flip", "maul", "killed"),
    [
        pytest.param(3, [], None, id="R4-bear-a-3-does-not-flip"),
        pytest.param(4, [1, 2, 3, 5], 0, id="R4-bear-a-4-flips-and-no-6-kills-nobody"),
        pytest.param(6, [6, 1, 6, 2], 2, id="R4-bear-flips-and-each-6-kills-a-man"),
    ],
)
def test_the_bear_attacks_a_canoe_in_its_rapid(flip, maul, killed):
    state = put(race(), "canoe-1", leg=5, at=24, rapid=True)

    after, events = opening(state, [flip, *maul, [0, 1]])
    bear = next(event for event in events if event.get("kind") == "bear")
    mauled = canoe(after, "canoe-1")

    assert bear["face"] == flip
    if killed is None:
        assert mauled["rapid"] and not mauled["flipped"] and mauled["aboard"] == 4
        assert ENGINE.legal_actions(after, "canoe-1")[0]["type"] == "run_rapid"
    else:
        assert mauled["flipped"] and mauled["aboard"] == 0
        assert (mauled["water"], mauled["lost"]) == (4 - killed, killed)
        assert bear["kills"] == maul


def test_a_canoe_the_bear_flips_is_washed_below_the_rapid_and_must_recrew():
    state = put(race(), "canoe-1", leg=5, at=24, rapid=True)

    after, _ = opening(state, [5, 1, 1, 1, 1, [0, 1]])
    flipped = canoe(after, "canoe-1")

    assert (flipped["leg"], flipped["at"], flipped["rapid"]) == (6, 4, False)
    assert [a["type"] for a in ENGINE.legal_actions(after, "canoe-1")] == ["recrew"]


def test_the_bear_picks_one_canoe_at_random_when_several_are_in_its_rapid():
    state = put(race(), "canoe-1", leg=5, at=24, rapid=True)
    state = put(state, "canoe-2", leg=5, at=24, rapid=True)

    after, _ = opening(state, [1, 6, 1, 1, 1, 1, [0, 1]])  # the draw picks canoe-2

    assert not canoe(after, "canoe-1")["flipped"]
    assert canoe(after, "canoe-2")["flipped"]


def test_a_bear_that_kills_the_whole_crew_puts_the_canoe_out():
    state = put(race(), "canoe-1", leg=5, at=24, rapid=True)

    after, _ = opening(state, [4, 6, 6, 6, 6])  # one canoe left: no chips to draw

    assert canoe(after, "canoe-1")["out"]
    assert after["order"] == ["canoe-2"]


# --- the turn's phases ------------------------------------------------------------------------


def test_hostiles_shoot_before_the_bear_and_both_before_the_chips_are_drawn():
    state = put(race(), "canoe-1", leg=1, at=8)
    state = put(state, "canoe-2", leg=5, at=24, rapid=True)

    after, events = opening(state, [1, 1, [1, 0]])

    assert [event["kind"] for event in events] == ["turn", "shot", "bear", "order"]
    assert after["order"] == ["canoe-2", "canoe-1"]


def test_the_action_that_ends_a_turn_opens_the_next_with_its_phases():
    state = put(race(), "canoe-2", leg=1, at=5)
    state = set_order(state, ["canoe-2", "canoe-1"], active=1)

    outcome = act(state, "canoe-1", "paddle", [3, 6, [1, 0]])

    assert kinds(outcome) == ["paddle", "turn", "shot", "order"]
    assert outcome.state["turn"] == 2
    assert outcome.state["order"] == ["canoe-2", "canoe-1"]
    assert canoe(outcome.state, "canoe-2")["lost"] == 1
    assert ENGINE.legal_actions(outcome.state, "canoe-2")


def test_new_game_opens_turn_one_with_a_drawn_order():
    state = race(3)

    assert state["turn"] == 1
    assert state["order"] == ["canoe-1", "canoe-2", "canoe-3"]

    chance = ScriptedChance([0, [2, 0, 1], 0, [1, 2, 0]])
    outcome = ENGINE.new_game({"canoes": 3, "currents": [2] * 7, "classes": [4] * 6}, chance)
    assert outcome.state["order"] == ["canoe-2", "canoe-3", "canoe-1"]
    assert kinds(outcome)[-2:] == ["turn", "order"]


# --- R7: whirlpools --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rapid", "whirlpool", "face", "caught"),
    [
        pytest.param(0, "inside", 2, True, id="R7-flipping-into-a-whirlpool-on-your-track"),
        pytest.param(0, "outside", 2, False, id="R7-a-whirlpool-on-the-other-track-is-harmless"),
        pytest.param(0, "inside", 5, False, id="R7-passing-safely-over-a-whirlpool-is-harmless"),
        pytest.param(
            3, "outside", 1, True, id="R7-after-the-turn-the-whirlpool-is-on-the-new-track"
        ),
        pytest.param(3, "inside", 1, False, id="R7-after-the-turn-the-old-track-is-clear"),
    ],
)
def test_a_canoe_flipped_in_a_rapid_lands_in_the_whirlpool_behind_it(
    rapid, whirlpool, face, caught
):
    state = set_rapid(race(), rapid, whirlpool=whirlpool)
    state = put(state, "canoe-1", leg=rapid, at=24, rapid=True)

    outcome = act(state, "canoe-1", "run_rapid", [face])

    assert canoe(outcome.state, "canoe-1")["whirlpool"] is caught
    assert ("whirlpool" in kinds(outcome)) is caught


@pytest.mark.parametrize(
    ("faces", "aboard", "drowned"),
    [
        pytest.param([3, 1, 2, 6], 2, 2, id="R7-every-man-who-fails-drowns"),
        pytest.param([6, 6, 3, 4], 4, 0, id="R7-a-good-roll-saves-everyone"),
        pytest.param([1, 2, 2, 1], 0, 4, id="R7-all-drown-and-the-canoe-is-out"),
    ],
)
def test_a_canoe_in_a_whirlpool_makes_one_recrew_roll(faces, aboard, drowned):
    state = put(
        race(), "canoe-1", leg=1, at=4, flipped=True, whirlpool=True, **men(aboard=0, water=4)
    )

    outcome = act(state, "canoe-1", "recrew", faces)
    after = canoe(outcome.state, "canoe-1")

    assert (after["aboard"], after["water"], after["lost"]) == (aboard, 0, drowned)
    assert after["out"] is (aboard == 0)
    assert not after["whirlpool"]
    if drowned and aboard:
        assert f"{drowned} men drown in the whirlpool" in texts(outcome)[0]


def test_a_canoe_the_bear_flips_above_a_whirlpool_is_caught_too():
    state = set_rapid(race(), 4, bear=True, whirlpool="outside")
    state = put(state, "canoe-1", leg=4, at=28, rapid=True)

    after, events = opening(state, [6, 1, 1, 1, 1, [0, 1]])

    assert canoe(after, "canoe-1")["whirlpool"]
    assert "whirlpool" in [event.get("kind") for event in events]
