"""Shooting (C23): the number needed on 2D6, every modifier, each weapon's ranges, volley fire,
the skills that change a shot, and the shot that cannot hit."""

from __future__ import annotations

import pytest

from campaign.rules.dice import TypedDice
from campaign.rules.errors import DiceError
from campaign.rules.table import CANNOT_HIT, TableError, shooting
from tests.campaign.rules.table_figures import fighter

TARGET = fighter("Pte. Abbott", faction="regulars", status="trooper")


@pytest.mark.parametrize(
    ("at_range", "needed"),
    [pytest.param("short", 7, id="C23-short-7+"), pytest.param("long", 9, id="C23-long-9+")],
)
def test_a_plain_shot_needs_7_at_short_range_and_9_at_long(at_range, needed):
    shot = shooting(fighter(), target=TARGET, at_range=at_range)
    assert shot.modifiers == ()
    assert shot.needed == needed


@pytest.mark.parametrize(
    ("shooter", "target", "options", "reason", "value"),
    [
        pytest.param({"reputation": 5}, {}, {}, "Shooter of reputation 4 or 5", +1,
                     id="C23-reputation-5-plus-1"),
        pytest.param({"reputation": 4}, {}, {}, "Shooter of reputation 4 or 5", +1,
                     id="C23-reputation-4-plus-1"),
        pytest.param({"reputation": 2}, {}, {}, "Shooter of reputation 1 or 2", -1,
                     id="C23-reputation-2-minus-1"),
        pytest.param({"reputation": 1}, {}, {}, "Shooter of reputation 1 or 2", -1,
                     id="C23-reputation-1-minus-1"),
        pytest.param({}, {}, {"cover": True}, "Target in cover", -2, id="C23-cover-minus-2"),
        pytest.param({}, {"kit": ("bow", "shield")}, {}, "Target carries a shield", -1,
                     id="C23-shield-minus-1"),
        pytest.param({"kit": ("bow",)}, {}, {}, "Not a firearm (bow)", -1,
                     id="C23-non-firearm-minus-1"),
        pytest.param({"wounds": 1}, {}, {}, "1 wound taken", -1, id="C23-one-wound-minus-1"),
        pytest.param({"wounds": 2}, {}, {}, "2 wounds taken", -2, id="C23-two-wounds-minus-2"),
        pytest.param({"faction": "regulars"}, {}, {"volley": 3},
                     "Volley fire: 3 models, +1 for each after the first", +2,
                     id="C23-volley-three-models-plus-2"),
        pytest.param({}, {"skills": ("dodge",)}, {}, "Target has Dodge, at short range", -2,
                     id="C23-dodge-short-minus-2"),
        pytest.param({}, {"skills": ("dodge",)}, {"at_range": "long"},
                     "Target has Dodge, at long range", -1, id="C23-dodge-long-minus-1"),
        pytest.param({"increases": {"shooting": 1}}, {}, {}, "Shooting +1 from advancement", +1,
                     id="C10-shooting-increase-plus-1"),
        pytest.param({"injuries": ("chest_wound",)}, {}, {}, "Chest wound", -1,
                     id="C14-chest-wound-minus-1"),
        pytest.param({"injuries": ("blind_in_one_eye",)}, {}, {}, "Blind in one eye", -1,
                     id="C14-blind-in-one-eye-minus-1"),
    ],
)  # fmt: skip
def test_each_modifier_is_listed_in_words_and_moves_the_number_needed(
    shooter, target, options, reason, value
):
    options = {"at_range": "short", **options}
    shot = shooting(fighter(**shooter), target=fighter("Target", **target), **options)
    assert [(m.reason, m.value) for m in shot.modifiers] == [(reason, value)]
    base = 7 if options["at_range"] == "short" else 9
    assert shot.needed == base - value


@pytest.mark.parametrize(
    ("kit", "weapon", "at_range", "needed"),
    [
        pytest.param(("rifle",), "rifle", "long", 9, id="C23-rifle-15-30"),
        pytest.param(("musket",), "musket", "short", 7, id="C23-musket-10-20"),
        pytest.param(("pistol",), "pistol", "long", 9, id="C23-pistol-5-10"),
        pytest.param(("bow",), "bow", "short", 8, id="C23-bow-10-20-non-firearm"),
        pytest.param(("lance",), "lance", "short", 8, id="C23-spear-5-10-non-firearm"),
        pytest.param(("tomahawk",), "tomahawk", "long", 10, id="C23-axe-long-only"),
    ],
)
def test_each_weapon_shoots_at_its_printed_ranges(kit, weapon, at_range, needed):
    shot = shooting(fighter(kit=kit), target=TARGET, weapon=weapon, at_range=at_range)
    assert shot.weapon.key == weapon
    assert shot.needed == needed


def test_a_knife_or_axe_has_no_short_range():
    with pytest.raises(TableError) as error:
        shooting(fighter(kit=("tomahawk",)), target=TARGET, at_range="short")
    assert error.value.field == "range"
    assert "no short range" in error.value.message


@pytest.mark.parametrize(
    ("weapon", "message"),
    [
        pytest.param("rifle", "does not carry a rifle", id="C23-weapon-not-carried"),
        pytest.param("shovel", "not a weapon that shoots", id="C23-club-does-not-shoot"),
        pytest.param("cannon", "not a weapon that shoots", id="C23-unknown-weapon"),
    ],
)
def test_a_weapon_the_shooter_cannot_shoot_is_refused_naming_the_field(weapon, message):
    with pytest.raises(TableError) as error:
        shooting(fighter(kit=("musket", "shovel")), target=TARGET, weapon=weapon, at_range="short")
    assert error.value.field == "weapon"
    assert message in error.value.message


def test_without_a_weapon_named_the_figure_shoots_its_best_one():
    shot = shooting(fighter(kit=("tomahawk", "bow", "rifle")), at_range="long")
    assert shot.weapon.key == "rifle"


def test_a_figure_with_nothing_to_shoot_is_refused():
    with pytest.raises(TableError) as error:
        shooting(fighter(kit=("shovel",)), at_range="short")
    assert error.value.field == "shooter"


@pytest.mark.parametrize(
    ("volley", "value"),
    [pytest.param(2, 1, id="C23-volley-2-plus-1"), pytest.param(5, 4, id="C23-volley-5-plus-4")],
)
def test_volley_fire_adds_one_per_model_after_the_first(volley, value):
    shot = shooting(fighter(faction="regulars"), target=TARGET, at_range="long", volley=volley)
    assert shot.needed == 9 - value


def test_only_regulars_fire_volleys():
    with pytest.raises(TableError) as error:
        shooting(fighter(faction="rangers"), target=TARGET, at_range="short", volley=2)
    assert (error.value.field, error.value.rule) == ("volley", "C23")


def test_marksman_counts_as_short_range_and_dodge_follows_it():
    shooter = fighter(skills=("marksman",))
    shot = shooting(shooter, target=fighter("Target", skills=("dodge",)), at_range="long")
    assert shot.counts_as == "short"
    assert shot.needed == 7 + 2
    assert "Marksman: counts as firing at short range." in shot.notes


def test_a_shot_that_needs_13_or_more_cannot_hit_and_is_not_rolled():
    shooter = fighter(reputation=1, kit=("bow",), wounds=1)
    target = fighter("Target", kit=("shield",), skills=("dodge",))
    shot = shooting(shooter, target=target, at_range="long", cover=True)
    assert shot.needed == 9 + 1 + 1 + 1 + 2 + 1 + 1
    assert shot.cannot_hit
    assert shot.chance == 0
    assert shot.words.startswith("Cannot hit")
    assert shot.roll(TypedDice([6, 6])) is None


def test_a_shot_needing_exactly_13_cannot_hit_and_12_still_can():
    bowman = fighter(kit=("bow",))
    shielded = fighter("Target", kit=("shield",))
    thirteen = shooting(bowman, target=shielded, at_range="long", cover=True)
    assert thirteen.needed == CANNOT_HIT and thirteen.cannot_hit
    twelve = shooting(bowman, target=fighter("Target"), at_range="long", cover=True)
    assert twelve.needed == 12 and not twelve.cannot_hit
    assert twelve.chance == 2.8


@pytest.mark.parametrize(
    ("needed", "chance"),
    [(2, 100.0), (3, 97.2), (4, 91.7), (5, 83.3), (6, 72.2), (7, 58.3), (8, 41.7), (9, 27.8),
     (10, 16.7), (11, 8.3), (12, 2.8)],
    ids=[f"C23-needs-{n}" for n in range(2, 13)],
)  # fmt: skip
def test_the_chance_is_the_share_of_2d6_throws_that_reach_the_number(needed, chance):
    if needed >= 7:  # wounds push a plain short-range shot up
        shot = shooting(fighter(wounds=needed - 7), at_range="short")
    else:  # a volley pulls it down
        shot = shooting(fighter(faction="regulars"), at_range="short", volley=8 - needed)
    assert shot.needed == needed
    assert shot.chance == chance


def test_the_number_needed_never_goes_below_2():
    shot = shooting(fighter(faction="regulars", reputation=5), at_range="short", volley=10)
    assert shot.needed == 2
    assert shot.chance == 100.0


@pytest.mark.parametrize(
    ("faces", "hit"),
    [pytest.param([3, 4], True, id="C23-7-hits-at-short"),
     pytest.param([3, 3], False, id="C23-6-misses-at-short")],
)  # fmt: skip
def test_the_roll_hits_on_the_number_needed_or_more(faces, hit):
    shot = shooting(fighter(), target=TARGET, at_range="short")
    result = shot.roll(TypedDice(faces))
    assert (result.dice, result.total, result.hit) == (tuple(faces), sum(faces), hit)
    assert ("hit" if hit else "miss") in shot.result_words(result)


def test_faces_out_of_range_are_refused_naming_the_dice():
    shot = shooting(fighter(), target=TARGET, at_range="short")
    with pytest.raises(DiceError) as error:
        shot.roll(TypedDice([3, 7]))
    assert error.value.field == "dice"


@pytest.mark.parametrize("state", ["down", "out_of_action"])
def test_a_figure_down_or_out_of_action_neither_shoots_nor_is_shot(state):
    with pytest.raises(TableError) as error:
        shooting(fighter(state=state), target=TARGET, at_range="short")
    assert error.value.field == "shooter"
    with pytest.raises(TableError) as error:
        shooting(fighter(), target=fighter("Target", state=state), at_range="short")
    assert error.value.field == "target"


def test_a_flesh_wounded_figure_shoots_at_minus_one_per_wound():
    shot = shooting(fighter(state="flesh_wound", wounds=1), target=TARGET, at_range="short")
    assert shot.needed == 8


def test_skills_that_do_not_move_the_number_are_told_in_words():
    shooter = fighter(kit=("pistol", "pistol"), skills=("expert_shot", "gun_fighter"))
    shot = shooting(shooter, target=fighter("Target", skills=("fearsome",)), at_range="short")
    assert "Expert shot: may re-roll a miss (82.6% with the re-roll)." in shot.notes
    assert "Gun fighter: with two pistols he shoots twice." in shot.notes
    assert any(n.startswith("Fearsome reputation") for n in shot.notes)
