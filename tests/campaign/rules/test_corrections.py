"""Checking a correction of a founded figure (C30) against the limits the rules keep: each row
a value allowed or refused, with the ruling in the id."""

from __future__ import annotations

import pytest

from campaign.rules.corrections import check_correction, correction_words
from campaign.rules.errors import RulesError
from campaign.rules.factions import FACTIONS

TROOPER = {
    "reputation": 2, "melee_increase": 0, "shooting_increase": 0, "morale_increase": 0,
    "skills": [], "injuries": [], "experience": 11, "kit": ["bow"],
}  # fmt: skip


def check(changes, status="trooper", before=None):
    return check_correction(
        faction=FACTIONS["indians"],
        status=status,
        specialist=None,
        experience_start=11,
        before=before or TROOPER,
        changes=changes,
    )


@pytest.mark.parametrize(
    ("changes", "after"),
    [
        pytest.param({"reputation": 1}, {"reputation": 1}, id="C30-reputation"),
        pytest.param({"melee_increase": 1}, {"melee_increase": 1}, id="C10-one-raise-trooper"),
        pytest.param({"injuries": ["leg_wound"]}, {"injuries": ["leg_wound"]}, id="C14-leg"),
        pytest.param(
            {"injuries": ["bitter_enemy:Rogers' Rangers"]},
            {"injuries": ["bitter_enemy:Rogers' Rangers"]},
            id="C14-bitter-enemy-keeps-its-warband",
        ),
        pytest.param({"experience": 14}, {"experience": 14}, id="C8-level"),
        pytest.param({"kit": ["tomahawk", "bow"]}, {"kit": ["bow", "tomahawk"]}, id="C5-kit"),
        pytest.param({"reputation": 2, "experience": 12}, {"experience": 12}, id="only-changes"),
        pytest.param({"state": "dead"}, {"state": "dead"}, id="C30-state-dead"),
        pytest.param({"state": "captive"}, {"state": "captive"}, id="C30-state-captive"),
        pytest.param({"state": "missing"}, {"state": "missing"}, id="C30-state-missing"),
    ],
)
def test_a_value_the_rules_allow_is_taken(changes, after):
    before, new = check(changes)
    assert new == after
    assert before == {field: (TROOPER | {"state": "alive"})[field] for field in after}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"reputation": 0}, "reputation", id="C30-reputation-low"),
        pytest.param({"reputation": True}, "reputation", id="C30-not-a-number"),
        pytest.param({"melee_increase": 2}, "melee_increase", id="C10-once-in-a-life"),
        pytest.param({"melee_increase": 1, "morale_increase": 1}, "melee_increase", id="C10-limit"),
        pytest.param({"skills": ["tough"]}, "skills", id="C10-trooper-no-skill"),
        pytest.param({"injuries": ["dead"]}, "injuries", id="C14-not-kept"),
        pytest.param({"injuries": ["blind_in_one_eye"] * 2}, "injuries", id="C14-second-blind"),
        pytest.param({"experience": 10}, "experience", id="C8-below-start"),
        pytest.param({"kit": ["pistol"]}, "kit", id="C4-veterans-and-heroes-only"),
        pytest.param({"kit": ["musket"], "injuries": ["arm_amputated"]}, "kit", id="C26"),
        pytest.param({"status": "hero"}, "status", id="C30-not-correctable"),
        pytest.param({"injuries": ["leg_wound"] * 150_000}, "injuries", id="C30-list-too-long"),
        pytest.param({"kit": ["bow" * 1000]}, "kit", id="C30-key-too-long"),
        pytest.param({"state": "sold"}, "state", id="C30-sold-is-no-correction"),
        pytest.param({"state": "captured"}, "state", id="C30-state-in-the-rulings-words"),
        pytest.param({"state": "alive"}, "changes", id="C30-alive-already"),
        pytest.param({"reputation": 2}, "changes", id="C30-nothing-changes"),
    ],
)
def test_a_value_the_rules_refuse_names_its_field(changes, field):
    with pytest.raises(RulesError) as error:
        check(changes)
    assert error.value.field == field


def test_a_hero_holds_any_number_of_skills_from_the_factions_lists():
    hero = TROOPER | {"skills": ["tough"]}
    _, after = check({"skills": ["tough", "fierce", "brave"]}, status="hero", before=hero)
    assert after == {"skills": ["tough", "fierce", "brave"]}


def test_a_correction_reads_in_words():
    before, after = check({"injuries": ["leg_wound"], "kit": ["bow", "tomahawk"]})
    assert correction_words(before, after) == ("injuries none → Leg wound; kit Bow → Bow, Tomahawk")


def test_a_figure_brought_back_to_life_reads_in_words():
    before, after = check({"state": "alive"}, before=TROOPER | {"state": "dead"})
    assert (before, after) == ({"state": "dead"}, {"state": "alive"})
    assert correction_words(before, after) == "state dead → alive"


def test_a_death_by_correction_says_where_the_kit_goes():  # C28
    before, after = check({"state": "dead"})
    assert correction_words(before, after) == (
        "state alive → dead (what it carried goes to the warband's storage)"
    )
