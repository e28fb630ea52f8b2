"""Building a warband and reading a figure's numbers (C2-C7, C11, C13, C14), as plain rules.

Pure rules: no database, passes with `-p no:django`.
"""

from __future__ import annotations

import pytest

from campaign.rules.dice import TypedDice
from campaign.rules.errors import DiceError, RosterError
from campaign.rules.injuries import injury_for
from campaign.rules.warband import (
    FigureDraft,
    attribute_modifiers,
    check_warband,
    movement,
    roll_starting_skills,
    team_rating,
)


def fig(profile: str, *equipment: str, name: str = "") -> FigureDraft:
    return FigureDraft(name, profile, equipment)


def h(faction: str, *kit: str, **kw) -> FigureDraft:
    return fig(f"{faction}_hero", *kit, **kw)


def v(faction: str, *kit: str, **kw) -> FigureDraft:
    return fig(f"{faction}_veteran", *kit, **kw)


def t(faction: str, *kit: str, **kw) -> FigureDraft:
    return fig(f"{faction}_trooper", *kit, **kw)


def g(faction: str, *kit: str, **kw) -> FigureDraft:
    return fig(f"{faction}_green", *kit, **kw)


# Valid starting warbands and what they cost, worked out by hand from the seed's prices.
WAR_PARTY = [  # 36 + 29 + 16 + 19 + 15 + 12 = 127
    h("indians", "bow", "tomahawk"),
    v("indians", "musket"),
    t("indians", "bow"),
    t("indians", "bow", "shield"),
    t("indians", "lance"),
    t("indians", "tomahawk"),
]
PATROL = [h("regulars", "musket"), *[t("regulars", "musket")] * 3]  # 38 + 3 * 19 = 95
HUNTING_PARTY = [h("coureurs", "rifle"), *[t("coureurs", "musket")] * 3]  # 44 + 3 * 21 = 107
SECTION = [h("rangers", "rifle"), *[t("rangers", "musket")] * 3]  # 42 + 3 * 21 = 105


def problems(faction: str, figures, budget: int = 200) -> list[tuple[str, str]]:
    return [(p.rule, p.message) for p in check_warband(faction, figures, budget).problems]


# --- a valid warband ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faction, figures, cost, figure_costs",
    [
        ("indians", WAR_PARTY, 127, [36, 29, 16, 19, 15, 12]),
        ("regulars", PATROL, 95, [38, 19, 19, 19]),
        ("coureurs", HUNTING_PARTY, 107, [44, 21, 21, 21]),
        ("rangers", SECTION, 105, [42, 21, 21, 21]),
    ],
    ids=["C2-indians", "C2-regulars", "C2-coureurs", "C2-rangers"],
)
def test_a_valid_warband_has_no_problems_and_costs_its_figures_and_kit(
    faction, figures, cost, figure_costs
):
    check = check_warband(faction, figures, 200)
    assert check.problems == []
    assert check.valid
    assert check.cost == cost
    assert check.figure_costs == figure_costs


@pytest.mark.parametrize(
    "faction, figures",
    [
        ("indians", [*WAR_PARTY[:4], *[g("indians")] * 11]),
        ("indians", [*WAR_PARTY, v("indians")]),
        ("indians", [h("indians", "bow"), t("indians", "bow"), t("indians", "bow")]),
        ("indians", [*WAR_PARTY[:-1], v("indians", "pistol", "pistol")]),
        ("regulars", [*PATROL, t("regulars", "pistol")]),
        ("coureurs", [*HUNTING_PARTY, t("coureurs", "rifle")]),
        ("rangers", [*SECTION, t("rangers", "rifle")]),
    ],
    ids=[
        "C3-fifteen-figures-is-the-limit",
        "C3-two-veterans",
        "C3-two-troopers",
        "C5-two-pistols-on-a-veteran",
        "C4-regulars-pistol-is-for-anyone",
        "C4-coureurs-rifle-is-for-anyone",
        "C4-rangers-rifle-is-for-anyone",
    ],
)
def test_it_accepts_a_warband_at_the_edge_of_the_rules(faction, figures):
    assert problems(faction, figures) == []


def test_a_warband_that_spends_exactly_its_budget_is_valid():
    assert problems("indians", WAR_PARTY, budget=127) == []  # C2


# --- every broken rule, with the words the player reads --------------------------------------

BROKEN = [
    pytest.param(
        "indians", WAR_PARTY, 126,
        [("C2", "The warband costs 127 but the budget is 126: 1 too much.")],
        id="C2-over-budget",
    ),
    pytest.param(
        "indians", [*WAR_PARTY[:4], *[g("indians")] * 12], 200,
        [("C3", "A warband holds at most 15 figures: you have 16.")],
        id="C3-sixteen-figures",
    ),
    pytest.param(
        "indians", [t("indians", "bow"), t("indians", "bow"), t("indians", "bow")], 200,
        [("C3", "A warband needs exactly 1 Hero (its leader): you have 0.")],
        id="C3-no-hero",
    ),
    pytest.param(
        "indians", [*WAR_PARTY, h("indians")], 200,
        [("C3", "A warband needs exactly 1 Hero (its leader): you have 2.")],
        id="C3-two-heroes",
    ),
    pytest.param(
        "indians", [*WAR_PARTY, v("indians"), v("indians")], 200,
        [("C3", "A warband may have at most 2 Veterans: you have 3.")],
        id="C3-three-veterans",
    ),
    pytest.param(
        "indians", [h("indians", "bow"), v("indians", "bow"), t("indians", "bow")], 200,
        [("C3", "A warband needs at least 2 Troopers: you have 1.")],
        id="C3-one-trooper",
    ),
    pytest.param(
        "regulars", [h("regulars"), t("regulars", "musket"), t("regulars", "musket")], 200,
        [("C3", "Regulars need at least 3 figures with a musket: you have 2.")],
        id="C3-regulars-two-muskets",
    ),
    pytest.param(
        "coureurs",
        [h("coureurs", "bow"), t("coureurs", "musket"), t("coureurs", "musket"),
         t("coureurs", "bow")],
        200,
        [("C3", "Coureurs de Bois need at least 3 figures with a musket: you have 2.")],
        id="C3-coureurs-bows-do-not-count-as-muskets",
    ),
    pytest.param(
        "rangers",
        [h("rangers", "rifle"), t("rangers", "musket"), t("rangers", "musket")],
        200,
        [("C3", "Rangers need at least 3 figures with a musket: you have 2.")],
        id="C3-rangers-rifles-do-not-count-as-muskets",
    ),
    pytest.param(
        "indians",
        [h("indians", "bow"), t("indians", "bow"), t("indians", "musket"),
         t("indians", "musket")],
        200,
        [("C3", "Indians need at least 3 figures with a bow: you have 2.")],
        id="C3-indians-two-bows",
    ),
    pytest.param(
        "indians", [*WAR_PARTY, fig("indians_general", name="Big Chief")], 200,
        [("C4", "Big Chief: the Indians have no profile 'indians_general'.")],
        id="C4-unknown-profile",
    ),
    pytest.param(
        "indians", [*WAR_PARTY, fig("rangers_green")], 200,
        [("C4", "Figure 7: the Indians have no profile 'rangers_green'.")],
        id="C4-another-factions-profile",
    ),
    pytest.param(
        "rangers", [*SECTION, t("rangers", "bow", name="Pvt. Hill")], 200,
        [("C4", "Pvt. Hill: the Rangers cannot buy 'bow' (sold by the Coureurs de Bois and "
                "Indians).")],
        id="C4-rangers-buy-a-bow",
    ),
    pytest.param(
        "indians", [*WAR_PARTY, t("indians", "rifle", name="Tall Tree")], 200,
        [("C4", "Tall Tree: the Indians cannot buy 'rifle' (sold by the Regulars, Coureurs de "
                "Bois and Rangers).")],
        id="C4-indians-buy-a-rifle",
    ),
    pytest.param(
        "regulars", [*PATROL, t("regulars", "cannon", name="Gunner")], 200,
        [("C4", "Gunner: the Regulars cannot buy 'cannon' (there is no such item).")],
        id="C4-unknown-item",
    ),
    pytest.param(
        "indians", [*WAR_PARTY, t("indians", "pistol", name="Swift Otter")], 200,
        [("C4", "Swift Otter: the Infantry pistol is for Veterans and Heroes only.")],
        id="C4-pistol-on-an-indian-trooper",
    ),
    pytest.param(
        "regulars", [*PATROL, g("regulars", "rifle", name="Recruit Bell")], 200,
        [("C4", "Recruit Bell: the Rifle is for Veterans and Heroes only.")],
        id="C4-rifle-on-a-regular-green",
    ),
    pytest.param(
        "regulars", [*PATROL, t("regulars", "musket", "musket", name="Pte. Dunn")], 200,
        [("C5", "Pte. Dunn: a figure may carry the Musket once only (you gave 2).")],
        id="C5-two-muskets",
    ),
    pytest.param(
        "indians",
        [*WAR_PARTY[1:], h("indians", "bow", "pistol", "pistol", "pistol", name="Chief")],
        200,
        [("C5", "Chief: a figure may carry the Infantry pistol 2 times only (you gave 3).")],
        id="C5-three-pistols",
    ),
]  # fmt: skip


@pytest.mark.parametrize("faction, figures, budget, expected", BROKEN)
def test_it_rejects_a_broken_rule_in_words_a_player_understands(faction, figures, budget, expected):
    assert problems(faction, figures, budget) == expected


def test_every_problem_is_reported_at_once():
    figures = [
        t("indians", "musket", "musket", name="Twice armed"),
        t("indians", "rifle", name="Thief"),
        *[t("indians", "lance")] * 16,
    ]
    rules = [rule for rule, _ in problems("indians", figures, budget=100)]
    assert sorted(rules) == ["C2", "C3", "C3", "C3", "C4", "C5"]
    messages = " ".join(message for _, message in problems("indians", figures, budget=100))
    assert "at most 15 figures: you have 18" in messages
    assert "exactly 1 Hero" in messages
    assert "with a bow: you have 0" in messages
    assert "cannot buy 'rifle'" in messages
    assert "Musket once only" in messages
    assert "but the budget is 100" in messages


def test_an_unknown_faction_is_refused_with_the_choices():
    with pytest.raises(RosterError, match="Regulars, Coureurs de Bois, Indians, Rangers"):
        check_warband("vikings", [], 200)


# --- starting skills (C6) ---------------------------------------------------------------------


def test_each_roll_is_made_on_the_list_the_owner_picked():
    dice = TypedDice([4, 2])
    assert roll_starting_skills("indians", "hero", ["combat", "woodcraft"], dice) == [
        "fierce",
        "expert_trader",
    ]
    assert dice.rolls == [4, 2]


def test_a_duplicate_skill_is_rolled_again():
    dice = TypedDice([4, 4, 1])
    assert roll_starting_skills("indians", "hero", ["combat", "combat"], dice) == [
        "fierce",
        "brawling",
    ]
    assert dice.remaining == 0


def test_a_skill_the_figure_already_holds_is_rolled_again():
    dice = TypedDice([6, 6, 3])
    assert roll_starting_skills(
        "rangers", "veteran", ["shooting"], dice, known=["expert_shot"]
    ) == ["shoot_from_hip"]


def test_a_list_with_every_skill_already_held_gains_nothing_and_rolls_no_die():
    dice = TypedDice([])
    known = ["brawling", "strongman", "dirty_fighter", "fierce", "duelist", "tough"]
    assert roll_starting_skills("indians", "veteran", ["combat"], dice, known=known) == []


@pytest.mark.parametrize(
    "faction, status, lists, message",
    [
        (
            "regulars",
            "hero",
            ["shooting", "combat"],
            "The Regulars roll on shooting, not 'combat'.",
        ),
        (
            "indians",
            "veteran",
            ["movement"],
            "The Indians roll on combat or woodcraft, not 'movement'.",
        ),
    ],
    ids=["C1-regulars-have-no-combat-list", "C1-indians-have-no-movement-list"],
)
def test_it_refuses_a_skill_list_the_faction_does_not_roll_on(faction, status, lists, message):
    with pytest.raises(RosterError) as caught:
        roll_starting_skills(faction, status, lists, TypedDice([1, 2, 3]))
    assert caught.value.message == message
    assert caught.value.rule == "C1"


@pytest.mark.parametrize(
    "status, lists, message",
    [
        ("hero", ["combat"], "A Hero rolls 2 starting skill(s); 1 list(s) were chosen."),
        (
            "veteran",
            ["combat", "woodcraft"],
            "A Veteran rolls 1 starting skill(s); 2 list(s) were chosen.",
        ),
        ("trooper", ["combat"], "A Trooper rolls 0 starting skill(s); 1 list(s) were chosen."),
        ("green", ["combat"], "A Green rolls 0 starting skill(s); 1 list(s) were chosen."),
    ],
    ids=["C6-hero-one-list", "C6-veteran-two-lists", "C6-trooper-any", "C6-green-any"],
)
def test_it_refuses_the_wrong_number_of_lists(status, lists, message):
    with pytest.raises(RosterError) as caught:
        roll_starting_skills("indians", status, lists, TypedDice([1, 2, 3]))
    assert caught.value.message == message
    assert caught.value.rule == "C6"


@pytest.mark.parametrize(
    "faces",
    [[4], [4, 4]],
    ids=["C6-one-face-for-two-rolls", "C6-no-face-left-for-the-re-roll"],
)
def test_it_fails_loudly_when_the_typed_faces_run_out(faces):
    with pytest.raises(DiceError, match="more dice are needed than were given"):
        roll_starting_skills("indians", "hero", ["combat", "combat"], TypedDice(faces))


def test_a_typed_face_that_is_not_on_a_d6_is_refused():
    with pytest.raises(DiceError, match="a D6 shows 1 to 6, not 7"):
        roll_starting_skills("indians", "veteran", ["combat"], TypedDice([7]))


# --- movement, attributes and rating ----------------------------------------------------------


@pytest.mark.parametrize(
    "status, injuries, non_combatant, expected",
    [
        ("hero", [], False, "7/4"),
        ("veteran", [], False, "9/5"),
        ("trooper", [], False, "6/3"),
        ("green", [], False, "5/3"),
        ("green", [], True, "4/2"),
        ("veteran", [], True, "4/2"),
        ("trooper", ["leg_wound"], False, "5/2"),
        ("trooper", ["chest_wound"], False, "5/2"),
        ("veteran", ["leg_wound", "chest_wound"], False, "7/3"),
        ("hero", ["blind_in_one_eye", "hardened", "bitter_enemy:Rogers' Rangers"], False, "7/4"),
        ("green", ["leg_wound"], True, "3/1"),
        ("green", ["leg_wound"] * 3, False, "2/1"),
        ("trooper", ["leg_wound"] * 3 + ["chest_wound"] * 3, False, "1/1"),
    ],
    ids=[
        "C7-hero",
        "C7-veteran",
        "C7-trooper",
        "C7-green",
        "C7-non-combatant-green",
        "C7-non-combatant-veteran",
        "C14-leg-wound",
        "C14-chest-wound",
        "C14-leg-and-chest-wound",
        "C14-injuries-that-do-not-slow",
        "C14-non-combatant-leg-wound",
        "C14-green-three-leg-wounds-never-faster-in-woods",
        "C14-each-rate-at-least-one-inch",
    ],
)
def test_movement_is_the_printed_rate_less_injuries_on_both_rates(
    status, injuries, non_combatant, expected
):
    assert movement(status, injuries, non_combatant=non_combatant) == expected


@pytest.mark.parametrize(
    "increases, injuries, expected",
    [
        ({}, [], {"melee": 0, "shooting": 0, "morale": 0}),
        ({}, ["chest_wound"], {"melee": -1, "shooting": -1, "morale": 0}),
        ({}, ["blind_in_one_eye"], {"melee": 0, "shooting": -1, "morale": 0}),
        ({}, ["leg_wound", "nervous_condition"], {"melee": 0, "shooting": 0, "morale": 0}),
        (
            {"melee": 1, "shooting": 1, "morale": 1},
            ["chest_wound", "blind_in_one_eye"],
            {"melee": 0, "shooting": -1, "morale": 1},
        ),
    ],
    ids=[
        "C14-unhurt",
        "C14-chest-wound",
        "C14-blind-in-one-eye",
        "C14-injuries-that-do-not-weaken",
        "C10-increases-less-injuries",
    ],
)
def test_attribute_modifiers_add_increases_and_take_off_injuries(increases, injuries, expected):
    assert attribute_modifiers(increases, injuries) == expected


def test_team_rating_adds_treasury_kit_and_experience():
    # C11: the founded war party: 73 left, 34 of kit, levels 30 + 19 + 4 * 11.
    assert team_rating(73, [5, 1, 10, 5, 5, 3, 4, 1], [30, 19, 11, 11, 11, 11]) == 200


def test_team_rating_of_an_empty_warband_is_its_treasury():
    assert team_rating(12, [], []) == 12


# --- the injury table (C13) ---------------------------------------------------------------------

INJURY_RANGES = {
    "dead": [11, 12, 13, 14, 15],
    "multiple_injuries": [16, 21],
    "leg_wound": [22],
    "arm_wound": [23],
    "madness": [24],
    "nervous_condition": [25],
    "chest_wound": [26],
    "blind_in_one_eye": [31],
    "old_battle_wound": [32],
    "snake_oil": [33],
    "robbed": [34, 35, 36],
    "full_recovery": [41, 42, 43, 44, 45, 46, 51, 52, 53, 54, 55, 56],
    "bitter_enemy": [61],
    "captured": [62],
    "hardened": [63, 64, 65],
    "survives_against_the_odds": [66],
}
D66 = sorted((roll, key) for key, rolls in INJURY_RANGES.items() for roll in rolls)


def test_the_injury_table_covers_all_thirty_six_d66_results():
    assert [roll for roll, _ in D66] == [t * 10 + u for t in range(1, 7) for u in range(1, 7)]


@pytest.mark.parametrize("d66, key", D66, ids=[f"C13-{roll}-{key}" for roll, key in D66])
def test_each_d66_result_gives_the_printed_injury(d66, key):
    assert injury_for(d66).key == key


@pytest.mark.parametrize("value", [17, 40, 67, 10, 0, 70, 7, -11])
def test_a_number_no_pair_of_d6_can_show_is_refused(value):
    with pytest.raises(ValueError, match="is not a D66 result"):
        injury_for(value)
