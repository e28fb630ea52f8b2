"""Melee (C23): 2D6 + reputation + weapon + tactical factors on each side; the higher score
wounds when it beats the other by the loser's victory margin; free strikes when outnumbered."""

from __future__ import annotations

import pytest

from campaign.rules.dice import TypedDice
from campaign.rules.table import TableError, melee
from tests.campaign.rules.table_figures import fighter

UNARMED = ()


def bonus(side) -> list[tuple[str, int]]:
    """A side's modifiers other than its reputation."""
    return [(m.reason, m.value) for m in side.modifiers if m.key != "reputation"]


@pytest.mark.parametrize(
    ("faction", "kit", "skills", "reason", "value"),
    [
        pytest.param("indians", ("tomahawk",), (), "Tomahawk (knife/axe)", 1,
                     id="C23-knife-axe-plus-1"),
        pytest.param("rangers", ("hand_weapon",), (), "Hand weapon (knife/axe)", 1,
                     id="C23-hand-weapon-knife-axe-plus-1"),
        pytest.param("indians", ("lance",), (), "Indian lance (spear)", 2, id="C23-spear-plus-2"),
        pytest.param("coureurs", ("shovel",), (), "Shovel (club) (club)", 2,
                     id="C23-club-plus-2"),
        pytest.param("regulars", ("musket",), (), "Musket and bayonet", 2,
                     id="C23-bayonet-plus-2"),
        pytest.param("coureurs", ("sword",), (), "Sword (sword)", 3, id="C23-sword-plus-3"),
        pytest.param("indians", ("tomahawk",), ("brawling",), "Brawling: counts as a club", 2,
                     id="C23-brawling-club-plus-2"),
        pytest.param("indians", ("tomahawk", "lance"), (), "Indian lance (spear)", 2,
                     id="C23-best-weapon-carried"),
    ],
)  # fmt: skip
def test_the_weapon_factor_comes_from_the_kit(faction, kit, skills, reason, value):
    fight = melee(fighter(faction=faction, kit=kit, skills=skills), fighter("Enemy"))
    assert bonus(fight.attacker) == [(reason, value)]


def test_a_musket_is_no_melee_weapon_for_anyone_but_regulars():
    fight = melee(fighter(faction="rangers", kit=("musket",)), fighter("Enemy"))
    assert bonus(fight.attacker) == []


def test_formed_bayonets_replace_the_weapon_factor_for_regulars():
    regular = fighter(faction="regulars")
    fight = melee(regular, fighter("Enemy"), attacker_factors=["formed_bayonets"])
    assert bonus(fight.attacker) == [
        ("Formed bayonets (only Regulars, 2+ figures side by side)", 4)
    ]


def test_only_regulars_with_muskets_form_bayonets():
    with pytest.raises(TableError) as error:
        melee(fighter(faction="indians"), fighter("Enemy"), attacker_factors=["formed_bayonets"])
    assert (error.value.field, error.value.rule) == ("attacker_factors", "C23")


@pytest.mark.parametrize(
    ("factor", "reason", "value"),
    [
        pytest.param("charging", "Charging", 1, id="C23-charging-plus-1"),
        pytest.param("flank", "Against the enemy's flank", 1, id="C23-flank-plus-1"),
        pytest.param("rear", "Against the enemy's rear", 2, id="C23-rear-plus-2"),
        pytest.param("uphill", "Uphill or height advantage", 1, id="C23-uphill-plus-1"),
        pytest.param("obstacle", "Against an obstacle", -1, id="C23-obstacle-minus-1"),
        pytest.param("hard_cover", "Against hard cover", -2, id="C23-hard-cover-minus-2"),
    ],
)
def test_each_tactical_factor_adds_its_printed_value(factor, reason, value):
    fight = melee(fighter(kit=UNARMED), fighter("Enemy"), attacker_factors=[factor])
    assert bonus(fight.attacker) == [(reason, value)]
    fight = melee(fighter(kit=UNARMED), fighter("Enemy", kit=UNARMED), defender_factors=[factor])
    assert bonus(fight.defender) == [(reason, value)]


@pytest.mark.parametrize(
    ("fields", "factors", "expected"),
    [
        pytest.param({"wounds": 1}, [], [("1 wound taken", -1)], id="C23-each-wound-minus-1"),
        pytest.param({"wounds": 2}, [], [("2 wounds taken", -2)], id="C23-two-wounds-minus-2"),
        pytest.param({"increases": {"melee": 1}}, [], [("Melee +1 from advancement", 1)],
                     id="C10-melee-increase-plus-1"),
        pytest.param({"injuries": ("chest_wound",)}, [], [("Chest wound", -1)],
                     id="C14-chest-wound-minus-1"),
        pytest.param({"skills": ("fierce",)}, ["charging"],
                     [("Charging", 1), ("Fierce: extra +1 when charging", 1)],
                     id="C23-fierce-charging-plus-1"),
        pytest.param({"skills": ("fierce",)}, [], [], id="C23-fierce-not-charging-nothing"),
        pytest.param({"skills": ("strongman",)}, [], [("Strongman: always counts as if uphill", 1)],
                     id="C23-strongman-uphill"),
        pytest.param({"skills": ("strongman",)}, ["uphill"], [("Uphill or height advantage", 1)],
                     id="C23-strongman-uphill-once"),
        pytest.param({"skills": ("duelist",), "kit": ("lance",)}, [],
                     [("Indian lance (spear)", 2), ("Duelist: extra +1 armed with a sword or "
                                                    "spear", 1)],
                     id="C23-duelist-spear-plus-1"),
        pytest.param({"skills": ("duelist",), "kit": ("tomahawk",)}, [],
                     [("Tomahawk (knife/axe)", 1)], id="C23-duelist-axe-nothing"),
    ],
)  # fmt: skip
def test_the_roster_supplies_wounds_advancement_injuries_and_skills(fields, factors, expected):
    fields = {"kit": UNARMED, **fields}
    fight = melee(fighter(**fields), fighter("Enemy"), attacker_factors=factors)
    assert bonus(fight.attacker) == expected


@pytest.mark.parametrize(
    ("status", "margin"),
    [pytest.param("hero", 4, id="C23-hero-4"), pytest.param("veteran", 3, id="C23-veteran-3"),
     pytest.param("trooper", 2, id="C23-trooper-2"), pytest.param("green", 1, id="C23-green-1")],
)  # fmt: skip
def test_the_higher_score_wounds_when_it_beats_the_loser_by_its_victory_margin(status, margin):
    fight = melee(fighter(kit=UNARMED), fighter("Enemy", status=status, kit=UNARMED))
    assert fight.defender.victory_margin == margin
    # Both reputation 3, no weapons: the scores are the dice.
    assert fight.roll(TypedDice([6, 6, 6, 6 - margin])).result == "defender_wounds"
    assert fight.roll(TypedDice([6, 6, 6, 7 - margin])).result == "no_effect"
    fight = melee(fighter("Enemy", status=status, kit=UNARMED), fighter(kit=UNARMED))
    assert fight.roll(TypedDice([6, 6 - margin, 6, 6])).result == "attacker_wounds"


def test_equal_scores_have_no_effect():
    fight = melee(fighter(kit=UNARMED), fighter("Enemy", kit=UNARMED))
    roll = fight.roll(TypedDice([3, 4, 5, 2]))
    assert (roll.attacker_score, roll.defender_score, roll.margin) == (10, 10, 0)
    assert roll.result == "no_effect"


def test_women_children_and_animals_are_wounded_on_an_equal_score():
    fight = melee(fighter(kit=UNARMED), fighter("Settler", kit=UNARMED),
                  defender_factors=["civilian"])  # fmt: skip
    assert fight.defender.victory_margin == 0
    assert fight.roll(TypedDice([3, 4, 5, 2])).result == "defender_wounds"
    assert fight.roll(TypedDice([3, 3, 5, 2])).result == "no_effect"


def test_tough_adds_one_to_the_margin_needed_against_him():
    fight = melee(fighter(kit=UNARMED), fighter("Enemy", kit=UNARMED, skills=("tough",)))
    assert fight.defender.victory_margin == 4
    assert fight.roll(TypedDice([6, 6, 4, 5])).result == "no_effect"
    assert fight.roll(TypedDice([6, 6, 4, 4])).result == "defender_wounds"


def test_a_free_strike_may_wound_the_outnumbered_figure_but_never_be_wounded():
    striker, outnumbered = fighter("Extra", kit=UNARMED), fighter("Alone", kit=UNARMED)
    fight = melee(striker, outnumbered, attacker_factors=["free_strike"])
    assert fight.roll(TypedDice([6, 6, 4, 4])).result == "defender_wounds"
    beaten = fight.roll(TypedDice([1, 1, 6, 6]))
    assert beaten.result == "no_effect"
    assert "cannot strike back" in fight.result_words(beaten)
    assert fight.chances["attacker_wounds"] == 0


def test_a_free_strike_is_the_attackers():
    with pytest.raises(TableError) as error:
        melee(fighter(), fighter("Enemy"), defender_factors=["free_strike"])
    assert error.value.field == "defender_factors"


@pytest.mark.parametrize(
    ("factors", "field"),
    [
        pytest.param(["charging", "ambush"], "attacker_factors[1]", id="C23-unknown-factor"),
        pytest.param(["charging", "charging"], "attacker_factors[1]", id="C23-factor-twice"),
        pytest.param(["flank", "rear"], "attacker_factors", id="C23-flank-or-rear"),
    ],
)
def test_unknown_or_repeated_factors_are_refused_naming_the_field(factors, field):
    with pytest.raises(TableError) as error:
        melee(fighter(), fighter("Enemy"), attacker_factors=factors)
    assert error.value.field == field


def test_the_chances_of_the_three_results_add_up_to_all_throws():
    fight = melee(fighter(status="hero", reputation=4), fighter("Enemy", status="green"))
    chances = fight.chances
    assert set(chances) == {"attacker_wounds", "defender_wounds", "no_effect"}
    assert sum(chances.values()) == pytest.approx(100, abs=0.2)
    assert chances["defender_wounds"] > chances["attacker_wounds"]


def test_the_result_is_told_in_words():
    fight = melee(fighter("Running Elk", kit=("tomahawk",)), fighter("Pte. Abbott", kit=UNARMED,
                                                                     status="trooper"))  # fmt: skip
    roll = fight.roll(TypedDice([5, 5, 2, 3]))
    assert fight.result_words(roll) == (
        "Running Elk 14 v Pte. Abbott 8: Running Elk wins by 6 (needs 2): "
        "Pte. Abbott takes a wound."
    )


def test_a_dirty_fighter_who_rolls_a_double_strikes_again():
    fight = melee(fighter(skills=("dirty_fighter",)), fighter("Enemy"))
    assert "Dirty fighter: Grey Wolf rolled a double: another strike." in fight.notes(
        fight.roll(TypedDice([4, 4, 1, 2]))
    )


def test_down_figures_do_not_fight_and_a_figure_does_not_fight_itself():
    with pytest.raises(TableError) as error:
        melee(fighter(), fighter("Enemy", state="down"))
    assert error.value.field == "defender"
    wolf = fighter()
    with pytest.raises(TableError):
        melee(wolf, wolf)


def test_a_non_combatant_only_defends_himself():
    doctor = fighter("Doctor", status="green", non_combatant=True, kit=("knife",))
    with pytest.raises(TableError) as error:
        melee(doctor, fighter("Enemy"))
    assert (error.value.field, error.value.rule) == ("attacker", "C21")
    assert melee(fighter("Enemy"), doctor).defender.figure is doctor
