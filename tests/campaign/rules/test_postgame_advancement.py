"""Advancement in the post-game sequence (C10): the two tables, attribute and skill caps,
promotion, reputation, and the +1 once a figure holds all its increases."""

from __future__ import annotations

import pytest

from campaign.rules.postgame import (
    HERO_AND_VETERAN_TABLE,
    MERE_MORTAL_TABLE,
    PostGameRun,
    WarbandSheet,
    advance_result,
)

CHIEF, GREY_WOLF, RED_HAWK, ELK, TALL_TREE, LITTLE_CROW = 1, 2, 3, 4, 5, 6


def one_roll(sheet: WarbandSheet, figure_id: int, make_report, rolls: int = 1) -> PostGameRun:
    """The sequence at the figure's first advancement roll: it is one point short of it."""
    figure = sheet.figure(figure_id)
    figure.experience = figure.experience_start + 2
    game = PostGameRun(sheet, make_report(sheet, scalps={figure_id: 3 * (rolls - 1)}))
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "advance", "figure": figure_id}
    return game


def test_the_tables_are_the_seeds():
    assert HERO_AND_VETERAN_TABLE == (
        "melee", "shooting", "morale", "choose", "new_skill", "reputation",
    )  # fmt: skip
    assert MERE_MORTAL_TABLE == ("melee", "shooting", "morale", "choose", "choose", "promotion")


@pytest.mark.parametrize(
    ("face", "increases", "status", "reputation"),
    [
        pytest.param(1, {"melee": 1}, "trooper", 2, id="C10-mere-mortal-1-melee"),
        pytest.param(2, {"shooting": 1}, "trooper", 2, id="C10-mere-mortal-2-shooting"),
        pytest.param(3, {"morale": 1}, "trooper", 2, id="C10-mere-mortal-3-morale"),
        pytest.param(6, {}, "veteran", 3, id="C10-mere-mortal-6-promotion"),
    ],
)
def test_a_trooper_rolls_on_the_mere_mortal_table(
    wolves, make_report, play, after, face, increases, status, reputation
):
    wolves.figures.remove(wolves.figure(RED_HAWK))  # one Veteran: room for a promotion
    game = play(one_roll(wolves, ELK, make_report), [face])
    elk = after(game, ELK)
    assert {k: v for k, v in elk.increases.items() if v} == increases
    assert (elk.status, elk.reputation) == (status, reputation)


@pytest.mark.parametrize(
    "face",
    [
        pytest.param(4, id="C10-mere-mortal-4-choose"),
        pytest.param(5, id="C10-mere-mortal-5-choose"),
    ],
)
def test_four_and_five_on_the_mere_mortal_table_choose(wolves, make_report, play, after, face):
    game = play(one_roll(wolves, ELK, make_report), [face])
    assert game.prompt == {
        "kind": "choice",
        "purpose": "attribute",
        "figure": ELK,
        "options": ["melee", "shooting", "morale"],
    }
    game = play(game, "morale")
    assert after(game, ELK).increases["morale"] == 1


@pytest.mark.parametrize(
    ("face", "increases", "reputation"),
    [
        pytest.param(1, {"melee": 1}, 3, id="C10-hero-veteran-1-melee"),
        pytest.param(2, {"shooting": 1}, 3, id="C10-hero-veteran-2-shooting"),
        pytest.param(3, {"morale": 1}, 3, id="C10-hero-veteran-3-morale"),
        pytest.param(6, {}, 4, id="C10-hero-veteran-6-reputation"),
    ],
)
def test_a_veteran_rolls_on_the_hero_and_veteran_table(
    wolves, make_report, play, after, face, increases, reputation
):
    game = play(one_roll(wolves, GREY_WOLF, make_report), [face])
    wolf = after(game, GREY_WOLF)
    assert {k: v for k, v in wolf.increases.items() if v} == increases
    assert (wolf.status, wolf.reputation) == ("veteran", reputation)


def test_a_reputation_gain_does_not_change_status(wolves, make_report, play, after, log_texts):
    game = play(one_roll(wolves, CHIEF, make_report), [6])
    assert (after(game, CHIEF).status, after(game, CHIEF).reputation) == ("hero", 5)
    assert after(game, CHIEF).reputation_gained_as == "hero"
    assert log_texts(game, "advance") == ["Black Kettle: advance 6 Reputation +1: reputation 4 → 5"]


# --- attribute caps and duplicates -----------------------------------------------------------


@pytest.mark.parametrize(
    ("figure_id", "held", "face", "lost"),
    [
        pytest.param(CHIEF, {"melee": 1}, 1, "melee already raised: lost (tough, you missed out)",
                     id="C10-duplicate-lost"),
        pytest.param(ELK, {"melee": 1}, 1, "a Trooper may hold 1 attribute increase: lost",
                     id="C10-trooper-cap-1"),  # 1 + 1 = 2, shooting
        pytest.param(GREY_WOLF, {"melee": 1, "morale": 1}, 1,
                     "a Veteran may hold 2 attribute increases: lost", id="C10-veteran-cap-2"),
        pytest.param(LITTLE_CROW, {}, 1, "a Green may hold 0 attribute increases: lost",
                     id="C10-green-cap-0"),
    ],
)  # fmt: skip
def test_an_increase_beyond_the_cap_or_already_raised_is_lost(
    wolves, make_report, play, after, log_texts, figure_id, held, face, lost
):
    wolves.figure(figure_id).increases.update(held)
    game = play(one_roll(wolves, figure_id, make_report), [face])
    assert log_texts(game, "advance")[0].endswith(lost)
    assert {k: v for k, v in after(game, figure_id).increases.items() if v} == held


def test_a_hero_may_hold_three_increases(wolves, make_report, play, after):
    wolves.figure(CHIEF).increases.update(melee=1, morale=1)
    game = play(one_roll(wolves, CHIEF, make_report), [2])
    assert after(game, CHIEF).increases == {"melee": 1, "shooting": 1, "morale": 1}


def test_choose_offers_only_the_attributes_still_open(wolves, make_report, play):
    wolves.figure(CHIEF).increases.update(shooting=1)
    game = play(one_roll(wolves, CHIEF, make_report), [4])
    assert game.prompt["options"] == ["melee", "morale"]


def test_choose_with_one_attribute_open_takes_it_without_asking(
    wolves, make_report, play, after, log_entries
):
    wolves.figure(CHIEF).increases.update(melee=1, shooting=1)
    game = play(one_roll(wolves, CHIEF, make_report), [4])
    assert game.step == "income"
    assert after(game, CHIEF).increases["morale"] == 1
    picked = log_entries(game, "attribute", CHIEF)[0]
    assert (picked["by"], picked["text"]) == (None, "Black Kettle picks morale")


def test_choose_with_nothing_open_is_lost(wolves, make_report, play, log_texts):
    wolves.figure(GREY_WOLF).increases.update(melee=1, shooting=1)
    wolves.figure(GREY_WOLF).reputation_gained_as = "veteran"  # no +1 (see below)
    wolves.figure(GREY_WOLF).bonus_ended = True
    game = play(one_roll(wolves, GREY_WOLF, make_report), [4])
    assert game.step == "income"
    assert log_texts(game, "advance") == [
        "Grey Wolf: advance 4 Choose an attribute +1: no attribute open: lost"
    ]


def test_a_choice_outside_the_options_is_refused(wolves, make_report, play):
    from campaign.rules.errors import RulesError

    wolves.figure(CHIEF).increases.update(shooting=1)
    game = play(one_roll(wolves, CHIEF, make_report), [4])
    with pytest.raises(RulesError, match="Choose one of melee, morale"):
        game.answer(choice="shooting", by="owner")


# --- new skills ------------------------------------------------------------------------------


def test_a_new_skill_picks_a_list_then_rolls_on_it(wolves, make_report, play, after, log_texts):
    game = play(one_roll(wolves, GREY_WOLF, make_report), [5])
    assert game.prompt == {
        "kind": "choice",
        "purpose": "skill_list",
        "figure": GREY_WOLF,
        "options": ["combat", "woodcraft"],
    }
    game = play(game, "woodcraft")
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "skill", "figure": GREY_WOLF}
    game = play(game, [2])
    assert after(game, GREY_WOLF).skills == ["expert_trader"]
    assert log_texts(game, "skill") == [
        "Grey Wolf: skill 2 Expert trader: +1 to each of his income rolls."
    ]


def test_a_skill_already_held_is_lost(wolves, make_report, play, after, log_texts):
    wolves.figure(GREY_WOLF).skills = ["fierce"]
    game = play(one_roll(wolves, GREY_WOLF, make_report), [5], "combat", [4])
    assert after(game, GREY_WOLF).skills == ["fierce"]
    assert log_texts(game, "advance")[0].endswith("Fierce already held: lost")


@pytest.mark.parametrize(
    ("figure_id", "held", "skills_after"),
    [
        pytest.param(GREY_WOLF, ["fierce"], ["fierce", "brave"], id="C10-veteran-second-skill"),
        pytest.param(CHIEF, ["fierce", "tough", "sprint"], ["fierce", "tough", "sprint", "brave"],
                     id="C10-hero-unlimited-skills"),
    ],
)  # fmt: skip
def test_veterans_hold_two_skills_and_heroes_any_number(
    wolves, make_report, play, after, figure_id, held, skills_after
):
    wolves.figure(figure_id).skills = list(held)
    game = play(one_roll(wolves, figure_id, make_report), [5], "woodcraft", [1])
    assert after(game, figure_id).skills == skills_after


def test_a_veteran_with_two_skills_loses_a_new_skill(wolves, make_report, play, log_texts):
    wolves.figure(GREY_WOLF).skills = ["fierce", "brave"]
    game = play(one_roll(wolves, GREY_WOLF, make_report), [5])
    assert game.step == "income"
    assert log_texts(game, "advance") == [
        "Grey Wolf: advance 5 New skill: a Veteran holds at most 2 skills: lost"
    ]


def test_a_faction_with_one_skill_list_is_not_asked_which(make_figure, make_report, play, after):
    sergeant = make_figure(2, "Sgt Brown", "veteran", faction="regulars")
    sheet = WarbandSheet(id=1, name="Patrol", faction="regulars", treasury=0, figures=[sergeant])
    game = play(one_roll(sheet, 2, make_report), [5])
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "skill", "figure": 2}
    game = play(game, [2])
    assert after(game, 2).skills == ["crack_shot"]


# --- promotion and reputation ----------------------------------------------------------------


def test_a_green_is_promoted_to_trooper(wolves, make_report, play, after, log_texts):
    game = play(one_roll(wolves, LITTLE_CROW, make_report), [6])
    crow = after(game, LITTLE_CROW)
    assert (crow.status, crow.reputation, crow.rolls_since_gain) == ("trooper", 2, 0)
    assert log_texts(game, "advance") == [
        "Little Crow: advance 6 Promotion: promoted Green → Trooper, reputation 1 → 2"
    ]


def test_a_trooper_is_promoted_while_there_are_fewer_than_two_veterans(
    wolves, make_report, play, after
):
    wolves.figure(RED_HAWK).state = "dead"
    game = play(one_roll(wolves, ELK, make_report), [6])
    assert after(game, ELK).status == "veteran"


def test_a_trooper_promoted_with_two_veterans_already_chooses_instead(
    wolves, make_report, play, after, log_texts
):
    game = play(one_roll(wolves, ELK, make_report), [6])
    assert game.prompt["purpose"] == "attribute"
    game = play(game, "shooting")
    elk = after(game, ELK)
    assert (elk.status, elk.reputation, elk.increases["shooting"]) == ("trooper", 2, 1)
    assert log_texts(game, "advance") == [
        "Running Elk: advance 6 Promotion: the warband has 2 Veterans already: choose instead: "
        "shooting +0 → +1"
    ]


def test_a_full_trooper_promoted_with_two_veterans_already_loses_the_roll(
    wolves, make_report, play, after, log_texts
):
    wolves.figure(ELK).increases["melee"] = 1
    game = play(one_roll(wolves, ELK, make_report), [6])
    assert game.step == "income"
    assert after(game, ELK).status == "trooper"
    assert log_texts(game, "advance")[0].endswith("choose instead: no attribute open: lost")


def test_a_specialist_counting_as_veteran_does_not_block_a_promotion(
    wolves, make_report, make_specialist, play, after
):
    wolves.figure(RED_HAWK).state = "dead"
    wolves.figures.append(make_specialist(8, "Hawkeye", "scout"))
    game = play(one_roll(wolves, ELK, make_report), [6])
    assert after(game, ELK).status == "veteran"


def test_two_promotions_in_one_post_game_see_the_first(wolves, make_report, play, after):
    """C10/C3: the first Trooper promoted fills the second Veteran place."""
    wolves.figure(RED_HAWK).state = "dead"
    wolves.figure(TALL_TREE).experience = 11 + 2
    game = play(one_roll(wolves, ELK, make_report), [6], [6])
    assert game.prompt["purpose"] == "attribute"  # Tall Tree: two Veterans now
    assert after(game, ELK).status == "veteran"


@pytest.mark.parametrize(
    ("figure_id", "setup", "why"),
    [
        pytest.param(GREY_WOLF, {"reputation": 4, "reputation_gained_as": "veteran"},
                     "reputation already gained as Veteran", id="C10-reputation-once-per-status"),
        pytest.param(CHIEF, {"reputation": 5}, "reputation already 5", id="C10-reputation-5"),
    ],
)  # fmt: skip
def test_a_second_reputation_result_is_a_new_skill_instead(
    wolves, make_report, play, after, log_texts, figure_id, setup, why
):
    for name, value in setup.items():
        setattr(wolves.figure(figure_id), name, value)
    game = play(one_roll(wolves, figure_id, make_report), [6], "combat", [6])
    assert after(game, figure_id).reputation == setup["reputation"]
    assert after(game, figure_id).skills == ["tough"]
    assert why + ": new skill instead: new skill Tough" in log_texts(game, "advance")[0]


def test_a_coureurs_hunt_leader_at_five_picks_a_skill(make_figure, make_report, play, after):
    leader = make_figure(1, "Langlade", "hero", faction="coureurs")
    assert leader.reputation == 5  # C4
    sheet = WarbandSheet(id=1, name="Party", faction="coureurs", treasury=0, figures=[leader])
    game = play(one_roll(sheet, 1, make_report), [6], "movement", [5])
    assert (after(game, 1).reputation, after(game, 1).skills) == (5, ["nimble"])


# --- the +1 once all increases are held ------------------------------------------------------


@pytest.mark.parametrize(
    ("figure_id", "setup", "face", "text"),
    [
        pytest.param(ELK, {"increases": {"melee": 1}}, 5,
                     "Running Elk: advance 5 + 1 = 6 Promotion", id="C10-plus-1-full-trooper"),
        pytest.param(ELK, {}, 5, "Running Elk: advance 5 Choose", id="C10-no-plus-1-open-trooper"),
        pytest.param(GREY_WOLF, {"increases": {"melee": 1, "shooting": 1}}, 5,
                     "Grey Wolf: advance 5 + 1 = 6 Reputation +1", id="C10-plus-1-full-veteran"),
        pytest.param(GREY_WOLF, {"increases": {"melee": 1, "shooting": 1},
                                 "reputation_gained_as": "veteran", "reputation": 4,
                                 "bonus_ended": True}, 5,
                     "Grey Wolf: advance 5 New skill", id="C10-plus-1-ends-with-reputation"),
        pytest.param(CHIEF, {"increases": {"melee": 1, "shooting": 1, "morale": 1}}, 6,
                     "Black Kettle: advance 6 + 1 = 6 Reputation +1", id="C10-over-6-counts-as-6"),
        pytest.param(LITTLE_CROW, {}, 5, "Little Crow: advance 5 Choose",
                     id="C10-green-first-roll-without-plus-1"),
        pytest.param(LITTLE_CROW, {"rolls_since_gain": 1}, 5,
                     "Little Crow: advance 5 + 1 = 6 Promotion", id="C10-green-second-roll-plus-1"),
    ],
)  # fmt: skip
def test_a_figure_with_all_its_increases_adds_one_to_later_rolls(
    wolves, make_report, play, log_texts, figure_id, setup, face, text
):
    wolves.figures.remove(wolves.figure(RED_HAWK))  # room for a promoted Veteran
    figure = wolves.figure(figure_id)
    for name, value in setup.items():
        setattr(figure, name, {**figure.increases, **value} if name == "increases" else value)
    game = play(one_roll(wolves, figure_id, make_report), [face])
    assert log_texts(game, "advance")[0].startswith(text)


def test_a_greens_two_rolls_in_one_game_add_one_from_the_second(
    wolves, make_report, play, log_texts, after
):
    game = play(one_roll(wolves, LITTLE_CROW, make_report, rolls=2), [5], [5])
    assert log_texts(game, "advance") == [
        "Little Crow: advance 5 Choose an attribute +1: no attribute open: lost",
        "Little Crow: advance 5 + 1 = 6 Promotion: promoted Green → Trooper, reputation 1 → 2",
    ]
    assert after(game, LITTLE_CROW).status == "trooper"


def test_a_promotion_ends_the_plus_one(wolves, make_report, play, log_texts):
    """Promoted to Trooper, the figure holds 0 of its 1 increase: no +1 on its next roll."""
    game = play(one_roll(wolves, LITTLE_CROW, make_report, rolls=3), [1], [6], [5])
    assert log_texts(game, "advance")[2].startswith("Little Crow: advance 5 Choose")


@pytest.mark.parametrize(
    ("status", "face", "bonus", "total", "result"),
    [
        pytest.param("trooper", 6, 1, 6, "promotion", id="C10-total-7-is-6"),
        pytest.param("hero", 4, 1, 5, "new_skill", id="C10-hero-4-plus-1"),
        pytest.param("green", 3, 0, 3, "morale", id="C10-green-3"),
    ],
)
def test_advance_result_reads_the_table_of_the_status(status, face, bonus, total, result):
    assert advance_result(status, face, bonus) == (total, result)


@pytest.mark.parametrize(
    ("figure_id", "faces", "last"),
    [
        pytest.param(GREY_WOLF, [[6], [1], [2], [4]], "Grey Wolf: advance 4 + 1 = 5 New skill",
                     id="C10-veteran-6-1-2-then-4-scores-5"),
        pytest.param(CHIEF, [[6], [1], [2], [3], [4]], "Black Kettle: advance 4 + 1 = 5 New skill",
                     id="C10-hero-6-1-2-3-then-4-scores-5"),
    ],
)  # fmt: skip
def test_c10_a_reputation_gain_before_the_last_increase_keeps_the_plus_one(
    wolves, make_report, play, log_texts, figure_id, faces, last
):
    """C10: "next" means after the figure holds every increase its status allows; the gain
    made before its last increase does not end the +1."""
    game = play(one_roll(wolves, figure_id, make_report, rolls=len(faces)), *faces)
    advances = log_texts(game, "advance", figure_id)
    assert advances[0].endswith("reputation 3 → 4") or advances[0].endswith("reputation 4 → 5")
    assert advances[-1].startswith(last)


def test_c10_a_reputation_gain_after_the_last_increase_still_ends_the_plus_one(
    wolves, make_report, play, log_texts
):
    game = play(one_roll(wolves, GREY_WOLF, make_report, rolls=4), [1], [2], [6], [4])
    assert log_texts(game, "advance", GREY_WOLF)[-1].startswith("Grey Wolf: advance 4 Choose")


def test_c27_a_specialist_rolling_a_mere_mortal_six_chooses_instead_of_a_promotion(
    wolves, make_report, play, after, log_texts, make_specialist
):
    wolves.figures.append(make_specialist(9, "Sweet Grass", "princess"))
    game = play(one_roll(wolves, 9, make_report), [6])
    assert (after(game, 9).status, after(game, 9).reputation) == ("green", 1)
    assert "never promoted: choose" in log_texts(game, "advance", 9)[0]
