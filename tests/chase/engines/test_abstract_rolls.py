"""The maneuvering roll (A2, A3): aces, the wild die, successes and raises, the modifiers and
cooperative passengers, each with fixed dice."""

from __future__ import annotations

import pytest

from chase.engines.abstract import ENGINE
from chase.engines.abstract.dice import ace, successes, trait_roll
from chase.engines.abstract.state import roll_modifiers
from chase.engines.chance import ChanceExhausted, ScriptedChance
from tests.chase.engines.abstract_helpers import (
    act,
    chase,
    group,
    labels,
    person,
    put,
    texts,
    who,
)


def test_a_die_that_shows_its_top_face_aces_again_and_again():
    faces = ace(6, ScriptedChance([6, 6, 6, 2]))

    assert faces == [6, 6, 6, 2]
    assert sum(faces) == 20


def test_a_d4_aces_on_4_and_a_d12_on_12():
    assert ace(4, ScriptedChance([4, 4, 1])) == [4, 4, 1]
    assert ace(12, ScriptedChance([12, 11])) == [12, 11]
    assert ace(12, ScriptedChance([6])) == [6]


def test_several_aces_are_told_face_by_face_in_the_log():
    state = chase([person("Pierre", "trappers", "d8", wild=False), person("Grey Wolf", "Indians")])

    outcome = act(state, "p1", "roll", [8, 8, 8, 3])

    assert texts(outcome)[0] == (
        "Pierre rolls d8 8→ace 8+8+8+3: 27, a success and 5 raises: six cards."
    )
    assert who(outcome.state, "p1")["roll"]["total"] == 27


def test_the_log_tells_the_roll_with_its_faces_as_the_issue_asks():
    state = chase()

    outcome = act(state, "p1", "roll", [7, 6, 2])

    assert texts(outcome)[0] == (
        "Pierre rolls d8 7 and wild d6 6→ace 6+2: 8, a success and a raise: two cards."
    )


def test_the_wild_die_counts_when_it_beats_the_trait_die():
    roll = trait_roll(8, True, ScriptedChance([2, 5]))

    assert roll["best"] == 5
    assert successes(roll["best"]) == 1


def test_the_trait_die_counts_when_it_beats_the_wild_die():
    roll = trait_roll(10, True, ScriptedChance([9, 3]))

    assert roll["best"] == 9


def test_an_aced_wild_die_can_carry_a_poor_trait_die_to_two_raises():
    state = chase([person("Pierre", "trappers", "d4"), person("Grey Wolf", "Indians")])

    outcome = act(state, "p1", "roll", [1, 6, 6, 1])

    assert who(outcome.state, "p1")["roll"]["successes"] == 3
    assert len(who(outcome.state, "p1")["drawn"]) == 3


def test_an_extra_rolls_no_wild_die():
    state = chase([person("Pierre", "trappers"), group("Braves", "Indians", 6, "d6")])

    outcome = act(state, "p2", "roll", [5])

    assert texts(outcome)[0] == "Braves rolls d6 5: 5, a success: one card."
    with pytest.raises(ChanceExhausted):
        act(state, "p2", "roll", [])


@pytest.mark.parametrize(
    ("total", "cards"),
    [
        pytest.param(3, 0, id="A3-3-is-a-failure"),
        pytest.param(4, 1, id="A3-4-is-a-success"),
        pytest.param(7, 1, id="A3-7-is-one-success"),
        pytest.param(8, 2, id="A3-8-is-a-raise"),
        pytest.param(11, 2, id="A3-11-is-still-one-raise"),
        pytest.param(12, 3, id="A3-12-is-two-raises"),
        pytest.param(16, 4, id="A3-16-is-three-raises"),
        pytest.param(-1, 0, id="A3-below-zero-is-a-failure"),
    ],
)
def test_one_card_for_each_success_and_raise(total, cards):
    assert successes(total) == cards


def test_no_success_means_no_card_this_round_but_still_in_the_chase():
    state = chase([person("Pierre", "trappers", "d6"), person("Grey Wolf", "Indians")])

    outcome = act(state, "p1", "roll", [2, 3])
    pierre = who(outcome.state, "p1")

    assert "no success: no card this round" in texts(outcome)[0]
    assert pierre["drawn"] == [] and pierre["card"] is None and pierre["kept"]
    assert not pierre["out"]


def test_a_single_card_is_kept_at_once():
    state = chase(top=["9H"])

    outcome = act(state, "p1", "roll", [5, 2])

    assert who(outcome.state, "p1")["card"] == "9H"
    assert labels(outcome.state, "p1") == []


# --- the modifiers (A3) ----------------------------------------------------------------------


def modifiers_of(participants, role="p1", **options):
    state = chase(participants, **options)
    return roll_modifiers(state, who(state, role))


@pytest.mark.parametrize(
    ("mine", "theirs", "bonus"),
    [
        pytest.param(10, 10, [], id="A3-same-speed-no-bonus"),
        pytest.param(9, 10, [], id="A3-slower-no-bonus"),
        pytest.param(11, 10, [(2, "faster")], id="A3-faster-plus-2"),
        pytest.param(19, 10, [(2, "faster")], id="A3-just-short-of-twice-plus-2"),
        pytest.param(20, 10, [(4, "twice as fast")], id="A3-exactly-twice-as-fast-plus-4"),
        pytest.param(35, 10, [(4, "twice as fast")], id="A3-more-than-twice-plus-4"),
    ],
)
def test_the_speed_bonus_against_the_fastest_opponent(mine, theirs, bonus):
    participants = [
        person("Pierre", "trappers", speed=mine),
        person("Grey Wolf", "Indians", speed=theirs),
        person("Otter", "Indians", speed=theirs // 2),
    ]

    assert modifiers_of(participants) == bonus


def test_an_opponent_out_of_the_chase_no_longer_sets_the_pace():
    state = chase(
        [
            person("Pierre", "trappers", speed=10),
            person("Grey Wolf", "Indians", speed=30),
            person("Otter", "Indians", speed=5),
        ]
    )
    state = put(state, "p2", out=True)

    assert roll_modifiers(state, who(state, "p1")) == [(4, "twice as fast")]


@pytest.mark.parametrize(
    ("mine", "theirs", "bonus"),
    [
        pytest.param(2, 1, [(2, "better climb")], id="A3-better-climb-plus-2"),
        pytest.param(1, 1, [], id="A3-equal-climb-no-bonus"),
        pytest.param(0, 1, [], id="A3-worse-climb-no-bonus"),
        pytest.param(3, None, [], id="A3-climb-against-no-aircraft-no-bonus"),
        pytest.param(None, 1, [], id="A3-no-climb-no-bonus"),
    ],
)
def test_a_better_climb_than_the_foe_adds_2(mine, theirs, bonus):
    participants = [
        person("Spad", "allies", climb=mine),
        person("Fokker", "axis", climb=theirs),
    ]

    assert modifiers_of(participants) == bonus


def test_difficult_terrain_shaken_and_forced_each_cost_2():
    state = chase(terrain="difficult")
    state = put(state, "p1", shaken=True, forced=2)

    assert roll_modifiers(state, who(state, "p1")) == [
        (-2, "difficult terrain"),
        (-2, "shaken"),
        (-4, "forced"),
    ]


def test_the_modifiers_change_the_cards_drawn_and_are_told():
    state = chase(
        [person("Pierre", "trappers", speed=20), person("Grey Wolf", "Indians", speed=10)],
        terrain="difficult",
    )

    outcome = act(state, "p1", "roll", [6, 2])

    assert texts(outcome)[0] == (
        "Pierre rolls d8 6 and wild d6 2: 6; +4 twice as fast −2 difficult terrain = 8, "
        "a success and a raise: two cards."
    )


def test_a_force_penalty_lasts_for_one_roll_only():
    state = put(chase(), "p1", forced=1)

    outcome = act(state, "p1", "roll", [5, 1])

    assert who(outcome.state, "p1")["roll"]["total"] == 3
    assert who(outcome.state, "p1")["forced"] == 0


def test_the_roll_offers_its_modifiers_in_the_label():
    state = chase(
        [person("Pierre", "trappers", speed=11), person("Grey Wolf", "Indians", speed=10)],
        terrain="difficult",
    )

    assert labels(state, "p1") == [
        "Roll d8 and the wild die to maneuver (+2 faster −2 difficult terrain)"
    ]


# --- cooperative passengers (A2) -------------------------------------------------------------

CANOE = person(
    "Pierre",
    "trappers",
    passengers=[{"name": "Jean-Baptiste", "trait_die": "d6"}, {"name": "Luc", "trait_die": "d4"}],
)


def test_each_success_and_raise_of_a_helping_passenger_adds_2():
    state = chase([CANOE, person("Grey Wolf", "Indians")])

    # Pierre d8 3, wild 2; Jean-Baptiste d6 6→ace 2 = 8 (success and raise: +4); Luc d4 1.
    outcome = act(state, "p1", "roll", [3, 2, 6, 2, 1], help=True)

    assert who(outcome.state, "p1")["roll"]["total"] == 7
    assert texts(outcome)[0] == (
        "Pierre rolls d8 3 and wild d6 2: 3; Jean-Baptiste helps with d6 6→ace 6+2: 8, "
        "a success and a raise: +4; Luc helps with d4 1: 1, no success = 7, a success: one card."
    )


def test_passengers_may_keep_their_hands_free_and_roll_no_dice():
    state = chase([CANOE, person("Grey Wolf", "Indians")])

    assert [a.get("help") for a in ENGINE.legal_actions(state, "p1")] == [True, False]
    outcome = act(state, "p1", "roll", [3, 2], help=False)

    assert who(outcome.state, "p1")["roll"]["total"] == 3
    assert not who(outcome.state, "p1")["helped"]
