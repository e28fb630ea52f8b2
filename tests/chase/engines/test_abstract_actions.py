"""Acting on the cards (A4, A6, A7): attacks and the game master's word on them, groups of
extras sharing out their attacks, forcing a foe, and passengers acting on the driver's card."""

from __future__ import annotations

import pytest

from chase.engines.abstract import ENGINE
from chase.engines.abstract.rounds import split_attacks
from chase.engines.base import IllegalMove
from tests.chase.engines.abstract_helpers import (
    act,
    chase,
    group,
    kinds,
    labels,
    person,
    put,
    said,
    texts,
    who,
)

ONE_CARD = [5, 1]
NO_CARD = [1, 1]


def dealt(participants, top, dice=None):
    """Every participant rolls in seat order with the given dice (one card each by default)."""
    state = chase(participants, top=top)
    for n, spec in enumerate(participants):
        rolled = dice[n] if dice else (ONE_CARD if spec["wild_card"] else [5])
        helping = {"help": True} if spec.get("passengers") else {}
        state = act(state, f"p{n + 1}", "roll", rolled, **helping).state
    return state


def test_an_attack_waits_for_the_game_master_who_tells_the_result():
    state = dealt([person("Pierre", "trappers"), person("Grey Wolf", "Indians")], ["KH", "5S"])

    outcome = act(state, "p1", "attack", target=1)

    assert said(outcome, "attack") == (
        "Pierre attacks Grey Wolf at short range, melee possible: the game master tells what "
        "happens."
    )
    assert kinds(outcome.state, "p1") == [] and kinds(outcome.state, "p2") == []
    assert labels(outcome.state, "gm") == [
        "Grey Wolf: miss",
        "Grey Wolf: hit, no lasting harm",
        "Grey Wolf: shaken",
        "Grey Wolf: wounded",
        "Grey Wolf: out of the chase",
    ]
    wounded = act(outcome.state, "gm", "resolve", result="wounded")
    assert texts(wounded)[0] == "Pierre's attack on Grey Wolf: Grey Wolf is wounded (1) and shaken."
    assert who(wounded.state, "p2")["wounds"] == 1 and who(wounded.state, "p2")["shaken"]


CANOE = person("Pierre", "trappers", passengers=[{"name": "Jean-Baptiste", "trait_die": "d6"}])
CANOE_CARD = [5, 1, 1]  # Pierre 5 and wild 1, Jean-Baptiste 1: one card


def test_a_wild_card_goes_out_with_a_fourth_wound_and_an_extra_with_its_first():
    state = dealt(
        [CANOE, person("Grey Wolf", "Indians"), person("Otter", "Indians", wild=False)],
        ["KH", "5S", "4S"],
        [CANOE_CARD, ONE_CARD, [5]],
    )
    state = put(state, "p2", wounds=3)
    state = act(state, "p1", "attack", target=1).state
    state = act(state, "gm", "resolve", result="wounded").state
    assert who(state, "p2")["out"]

    state = act(state, "p1", "attack", target=2).state
    outcome = act(state, "gm", "resolve", result="wounded")

    assert who(outcome.state, "p3")["out"]
    assert outcome.state["winner"] == "trappers"  # no Indian is left in the chase
    assert said(outcome, "end") == (
        "The Indians can pursue no longer: Pierre escapes; victory to the trappers."
    )


def test_passengers_act_on_the_drivers_card_with_an_attack_each():
    state = dealt([CANOE, person("Grey Wolf", "Indians")], ["KH", "5S"], [CANOE_CARD, ONE_CARD])

    state = act(state, "p1", "force", [5, 1, 6, 1], target=1).state  # the driver's action
    assert kinds(state, "p1") == ["attack", "done"]  # Jean-Baptiste may still shoot
    state = act(state, "p1", "attack", target=1).state
    state = act(state, "gm", "resolve", result="hit").state

    assert state["phase"] == "between"


# --- groups of extras (A4) -------------------------------------------------------------------


def test_a_group_shares_out_its_attacks_evenly_among_the_foes():
    heroes = [person(name, "heroes") for name in ("Abel", "Cale", "Dala", "Ben", "Eve")]
    state = dealt(heroes + [group("Wolves", "wolves", 9)], ["2S", "3S", "4S", "5S", "6S", "7H"])

    shares = split_attacks(state, who(state, "p6"))

    # Nine wolves on a Seven, five heroes on lower cards: four get two wolves, one gets one.
    assert sorted(count for _, count, _ in shares) == [1, 2, 2, 2, 2]
    assert all(attacked for _, _, attacked in shares)


def test_attacks_against_foes_with_the_advantage_are_lost():
    # The seed's road warriors: five gangers on an Eight; Abel on a Ten, Dala on a Four.
    heroes = [person("Abel", "heroes"), person("Dala", "heroes")]
    state = dealt(heroes + [group("Gangers", "gangers", 5)], ["10H", "4C", "8D"])
    state = act(state, "p1", "done").state  # Abel on the Ten lets them be
    assert kinds(state, "p3") == ["group_attack", "done"]

    outcome = act(state, "p3", "group_attack")

    assert said(outcome, "group_attack") == (
        "Gangers share out their 5 attacks at long range −4: 3 on Dala; lost for want of the "
        "advantage: 2 against Abel."
    )
    assert outcome.state["pending"] == [
        {"kind": "attack", "attacker": 2, "target": 1, "count": 3, "range": "long"}
    ]
    resolved = act(outcome.state, "gm", "resolve", result="shaken")
    assert texts(resolved)[0] == "3 of Gangers against Dala: Dala is shaken."


def test_a_group_shares_its_attacks_among_the_passengers_too_rounded_up_A4():
    # The seed's road warriors as ruled (A4): Abel's rig carries Big Ben and Cale, so five
    # gangers on an Eight face four foes: two each (5 / 4 rounded up), lowest card first. Only
    # Dala, on a Four, is below them: two attack her; the rig's three are lost.
    rig = person(
        "Abel",
        "heroes",
        passengers=[{"name": "Big Ben", "trait_die": "d6"}, {"name": "Cale", "trait_die": "d6"}],
    )
    heroes = [rig, person("Dala", "heroes")]
    state = dealt(heroes + [group("Gangers", "gangers", 5)], ["10H", "4C", "8D"], [
        [5, 1, 1, 1], ONE_CARD, [5]
    ])  # fmt: skip
    state = act(state, "p1", "done").state  # Abel's rig on the Ten lets them be

    outcome = act(state, "p3", "group_attack")

    assert said(outcome, "group_attack") == (
        "Gangers share out their 5 attacks at long range −4: 2 on Dala; lost for want of the "
        "advantage: 3 against Abel."
    )
    assert outcome.state["pending"] == [
        {"kind": "attack", "attacker": 2, "target": 1, "count": 2, "range": "long"}
    ]


def test_a_group_never_sends_more_attackers_than_it_has_A4():
    heroes = [person(name, "heroes") for name in ("Abel", "Cale", "Dala")]
    state = dealt(heroes + [group("Wolves", "wolves", 2)], ["2S", "3S", "4S", "7H"])

    shares = split_attacks(state, who(state, "p4"))

    # Two wolves, three heroes: one each (2 / 3 rounded up) while the wolves last, the
    # lowest cards first; the hero on the Four is left alone.
    assert [(foe["name"], count) for foe, count, _ in shares] == [("Abel", 1), ("Cale", 1)]


def test_a_group_loses_one_extra_to_each_wound_and_is_out_with_the_last():
    state = dealt([CANOE, group("Braves", "Indians", 2)], ["KH", "5S"], [CANOE_CARD, [5]])
    state = act(state, "p1", "attack", target=1).state
    state = act(state, "gm", "resolve", result="wounded").state
    assert who(state, "p2")["left"] == 1 and not who(state, "p2")["out"]

    state = act(state, "p1", "attack", target=1).state
    outcome = act(state, "gm", "resolve", result="out")

    assert who(outcome.state, "p2")["out"]
    assert said(outcome, "out") == (
        "Pierre's attack on Braves: the last of Braves is out of the chase."
    )


# --- force (A6) ------------------------------------------------------------------------------


def forcing(top=("KH", "5S")):
    return dealt([person("Pierre", "trappers"), person("Grey Wolf", "Indians")], list(top))


def test_force_with_a_raise_costs_the_target_2_and_throws_an_obstacle_at_it():
    state = forcing()
    # Pierre d8 8→ace 4 = 12, wild 3 (short range, no penalty) against Grey Wolf d8 2, wild 3 = 3:
    # 9 over, a raise. Grey Wolf then faces the obstacle: d8 1, wild 2 = 2, failed.
    outcome = act(state, "p1", "force", [8, 4, 3, 2, 3, 1, 2], target=1)

    assert said(outcome, "force") == (
        "Pierre forces Grey Wolf: rolls d8 8→ace 8+4 and wild d6 3: 12 against Grey Wolf's "
        "d8 2 and wild d6 3: 3: a raise, Grey Wolf is at −2 on its next maneuvering roll and "
        "hits an obstacle."
    )
    assert said(outcome, "complication") == (
        "Grey Wolf faces a minor obstacle (forced): rolls d8 1 and wild d6 2: 2, failed."
    )
    assert who(outcome.state, "p2")["forced"] == 1
    assert outcome.state["pending"][0]["kind"] == "harm"
    after = act(outcome.state, "gm", "resolve", result="unhurt").state
    state = act(after, "gm", "next").state
    rolled = act(state, "p2", "roll", [6, 1]).state
    assert who(rolled, "p2")["roll"]["total"] == 4  # 6 − 2 forced


def test_force_with_a_plain_success_only_costs_the_target_2():
    outcome = act(forcing(), "p1", "force", [7, 2, 5, 1], target=1)  # 7 against 5

    assert outcome.events[0]["won"] and not outcome.events[0]["raise"]
    assert who(outcome.state, "p2")["forced"] == 1
    assert outcome.state["pending"] == []


def test_a_tie_in_a_force_holds_the_target_on_its_course():
    outcome = act(forcing(), "p1", "force", [5, 2, 5, 1], target=1)

    assert not outcome.events[0]["won"]
    assert "Grey Wolf holds its course" in texts(outcome)[0]
    assert who(outcome.state, "p2")["forced"] == 0


def test_force_is_modified_by_range():
    # On a Ten Pierre is at long range: 9 − 4 = 5 does not beat Grey Wolf's 6.
    outcome = act(forcing(("10H", "5S")), "p1", "force", [8, 1, 2, 6, 2], target=1)

    assert outcome.events[0]["total"] == 5
    assert not outcome.events[0]["won"]


def test_a_force_is_one_per_round_and_needs_the_advantage():
    state = forcing()
    assert [a["target"] for a in ENGINE.legal_actions(state, "p1") if a["type"] == "force"] == [1]
    assert kinds(state, "p2") == []
    with pytest.raises(IllegalMove):
        act(state, "p2", "force", target=0)


# --- taking turns ----------------------------------------------------------------------------


def test_nobody_acts_while_the_game_master_has_something_to_decide():
    state = act(forcing(), "p1", "attack", target=1).state

    with pytest.raises(IllegalMove, match="The game master has something to decide first"):
        act(state, "p1", "done")


def test_apply_never_changes_the_state_it_was_given():
    import json

    state = forcing()
    frozen = json.dumps(state, sort_keys=True)

    act(state, "p1", "force", [8, 4, 3, 2, 3, 1, 2], target=1)

    assert json.dumps(state, sort_keys=True) == frozen
