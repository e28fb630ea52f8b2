"""Morale (C24): every cell of the chart, the column clamp at both ends, each modifier, each
rally range, Brave's re-roll, Hardened and the Bitter enemy, and the losses that call a test."""

from __future__ import annotations

import pytest

from campaign.rules.dice import TypedDice
from campaign.rules.errors import DiceError
from campaign.rules.table import MORALE_CHART, Losses, TableError, column, morale_test, rally_test
from tests.campaign.rules.table_figures import fighter

CHART = {  # C24 as printed: reputation → columns 1..7
    1: "RT RT RT RT FB FB NE",
    2: "RT RT RT FB FB NE NE",
    3: "RT RT FB FB NE NE NE",
    4: "RT FB FB NE NE NE NE",
    5: "FB FB NE NE NE NE NE",
}
CELLS = [
    pytest.param(rep, col, result, id=f"C24-rep{rep}-col{col}-{result}")
    for rep, row in CHART.items()
    for col, result in enumerate(row.split(), start=1)
]


def faces_for(total: int) -> list[int]:
    return [min(6, total - 1), total - min(6, total - 1)]


@pytest.mark.parametrize(("reputation", "col", "result"), CELLS)
def test_every_cell_of_the_chart(reputation, col, result):
    total = col + 5  # no modifiers: column = total - 5 (columns 1 and 7 at 6 and 12)
    outcome = morale_test(fighter(reputation=reputation)).roll(TypedDice(faces_for(total)))
    assert (outcome.final.total, outcome.final.column, outcome.row) == (total, col, reputation)
    assert outcome.result == result


@pytest.mark.parametrize(
    ("total", "col"),
    [pytest.param(-4, 1, id="C24-clamp-minus-4-col1"), pytest.param(2, 1, id="C24-clamp-2-col1"),
     pytest.param(6, 1, id="C24-clamp-6-col1"), pytest.param(7, 2, id="C24-7-col2"),
     pytest.param(11, 6, id="C24-11-col6"), pytest.param(12, 7, id="C24-clamp-12-col7"),
     pytest.param(15, 7, id="C24-clamp-15-col7")],
)  # fmt: skip
def test_the_column_is_the_total_minus_5_clamped_to_1_to_7(total, col):
    assert column(total) == col


def test_a_total_far_below_the_chart_falls_in_the_first_column():
    test = morale_test(fighter(reputation=5), ["sees_scalping", "hero_lost"])
    outcome = test.roll(TypedDice([1, 1]))
    assert (outcome.final.total, outcome.final.column, outcome.result) == (-4, 1, "FB")


def test_a_total_far_above_the_chart_falls_in_the_last_column():
    test = morale_test(fighter(reputation=1), ["hero_in_combat", "leader_near", "formation"])
    outcome = test.roll(TypedDice([6, 6]))
    assert (outcome.final.total, outcome.final.column, outcome.result) == (16, 7, "NE")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        pytest.param("losses_20", -1, id="C24-losses-20-minus-1"),
        pytest.param("losses_40", -2, id="C24-losses-40-minus-2"),
        pytest.param("sees_scalping", -3, id="C24-sees-scalping-minus-3"),
        pytest.param("hero_lost", -3, id="C24-hero-killed-or-captured-minus-3"),
        pytest.param("hero_in_combat", +2, id="C24-hero-in-combat-plus-2"),
        pytest.param("leader_near", +1, id="C24-leader-within-4-plus-1"),
        pytest.param("formation", +1, id="C24-formation-plus-1"),
        pytest.param("sees_coup", +1, id="C24-coup-seen-plus-1"),
        pytest.param("sermon", -1, id="C21-sermon-minus-1"),
    ],
)
def test_each_modifier_adds_its_printed_value_to_the_total(key, value):
    test = morale_test(fighter(), [key])
    assert [m.value for m in test.modifiers] == [value]
    assert test.roll(TypedDice([4, 4])).final.total == 8 + value


def test_the_morale_increase_is_added_from_the_roster():
    test = morale_test(fighter(increases={"morale": 1}))
    assert [(m.reason, m.value) for m in test.modifiers] == [("Morale +1 from advancement", 1)]


@pytest.mark.parametrize(
    ("keys", "field"),
    [
        pytest.param(["leader_near", "panic"], "modifiers[1]", id="C24-unknown-modifier"),
        pytest.param(["leader_near", "leader_near"], "modifiers[1]", id="C24-modifier-twice"),
        pytest.param(["losses_20", "losses_40"], "modifiers", id="C24-one-losses-modifier"),
    ],
)
def test_unknown_or_clashing_modifiers_are_refused_naming_the_field(keys, field):
    with pytest.raises(TableError) as error:
        morale_test(fighter(), keys)
    assert error.value.field == field


RALLY = {1: 9, 2: 8, 3: 7, 4: 5, 5: 3}  # C24: the printed low end of each rally range (..12)


@pytest.mark.parametrize(
    ("reputation", "low"), [pytest.param(r, low, id=f"C24-rally-rep{r}-{low}-12")
                            for r, low in RALLY.items()],
)  # fmt: skip
def test_each_rally_range_rallies_from_its_low_end_to_12(reputation, low):
    test = rally_test(fighter(reputation=reputation))
    assert test.range == (low, 12) == MORALE_CHART[reputation].rally
    assert test.roll(TypedDice(faces_for(low))).rallied
    assert test.roll(TypedDice([6, 6])).rallied
    if low > 2:
        assert not test.roll(TypedDice(faces_for(low - 1))).rallied


def test_rally_takes_the_same_modifiers():
    test = rally_test(fighter(reputation=3), ["leader_near"])
    outcome = test.roll(TypedDice([3, 3]))
    assert (outcome.total, outcome.rallied) == (7, True)
    assert test.chance == 72.2


def test_brave_re_rolls_a_failed_test_and_the_re_roll_stands():
    test = morale_test(fighter(reputation=3, skills=("brave",)))
    outcome = test.roll(TypedDice([1, 2, 5, 5]))
    assert [r.result for r in outcome.rolls] == ["RT", "NE"]
    assert outcome.result == "NE"
    worse = test.roll(TypedDice([4, 4, 1, 1]))
    assert [r.result for r in worse.rolls] == ["FB", "RT"]
    assert worse.result == "RT"
    assert "Brave re-roll" in test.result_words(worse)


def test_brave_does_not_re_roll_a_passed_test():
    outcome = morale_test(fighter(skills=("brave",))).roll(TypedDice([5, 5]))
    assert len(outcome.rolls) == 1 and outcome.result == "NE"


def test_a_brave_failure_typed_in_needs_the_re_rolls_faces():
    with pytest.raises(DiceError) as error:
        morale_test(fighter(skills=("brave",))).roll(TypedDice([1, 1]))
    assert error.value.field == "dice"


def test_bravery_raises_the_chance_of_standing():
    plain = morale_test(fighter()).chances["NE"]
    brave = morale_test(fighter(skills=("brave",))).chances["NE"]
    assert plain == 16.7  # reputation 3: NE from column 5, a total of 10
    assert brave == pytest.approx(100 - (100 - plain) ** 2 / 100, abs=0.1)


@pytest.mark.parametrize(
    ("injuries", "opponent"),
    [pytest.param(("hardened",), None, id="C14-hardened-ignores-morale"),
     pytest.param(("bitter_enemy:The 44th Foot Patrol",), "The 44th Foot Patrol",
                  id="C14-bitter-enemy-ignores-morale-against-them")],
)  # fmt: skip
def test_hardened_and_a_bitter_enemy_ignore_morale_without_a_roll(injuries, opponent):
    test = morale_test(fighter(reputation=1, injuries=injuries, opponent=opponent))
    outcome = test.roll(TypedDice([]))
    assert outcome.result == "NE" and outcome.rolls == ()
    assert outcome.ignored
    assert test.chances["NE"] == 100
    assert rally_test(fighter(injuries=injuries, opponent=opponent)).roll(TypedDice([])).rallied


def test_a_bitter_enemy_tests_as_usual_against_another_warband():
    test = morale_test(fighter(reputation=1, injuries=("bitter_enemy:Rogers' Rangers",),
                               opponent="The 44th Foot Patrol"))  # fmt: skip
    assert test.roll(TypedDice([1, 1])).result == "RT"


def test_the_result_is_told_in_words():
    test = morale_test(fighter("Sgt. Pike"), ["losses_20"])
    outcome = test.roll(TypedDice([4, 3]))
    assert test.result_words(outcome) == (
        "Sgt. Pike tests morale: 4+3 − 1 = 6, column 1, row 3: rout — Sgt. Pike routs."
    )


@pytest.mark.parametrize(
    ("taking_part", "lost", "checked", "due", "key", "routs"),
    [
        pytest.param(6, 1, 0, None, None, False, id="C24-17pc-no-check"),
        pytest.param(5, 1, 0, 20, "losses_20", False, id="C24-20pc-check"),
        pytest.param(6, 2, 0, 20, "losses_20", False, id="C24-33pc-check-at-20"),
        pytest.param(6, 2, 20, None, "losses_20", False, id="C24-20pc-checked-once"),
        pytest.param(5, 2, 20, 40, "losses_40", False, id="C24-40pc-check"),
        pytest.param(6, 3, 40, None, "losses_40", True, id="C24-50pc-routs"),
    ],
)
def test_losses_call_a_test_at_20_and_40_percent_and_rout_at_50(
    taking_part, lost, checked, due, key, routs
):
    losses = Losses(taking_part, lost)
    assert losses.check_due(checked) == due
    assert losses.modifier_key == key
    assert losses.routs is routs
