"""Injuries in the post-game sequence: the D66 table (C13), its effects (C14), Multiple injuries
(C15), Captured (C16), the Doctor, Nimble and Crack shot (C17)."""

from __future__ import annotations

import pytest

from campaign.rules.errors import RosterError
from campaign.rules.postgame import (
    PostGameRun,
    captive_sale_price,
    ransom_captive,
    release_for_sale,
)

ELK = 4  # Running Elk, a Brave: movement 6/3, bow and tomahawk


@pytest.mark.parametrize(
    ("faces", "name"),
    [
        pytest.param([1, 1], "Dead", id="C13-11-dead"),
        pytest.param([1, 5], "Dead", id="C13-15-dead"),
        pytest.param([1, 6], "Multiple injuries", id="C13-16-multiple"),
        pytest.param([2, 1], "Multiple injuries", id="C13-21-multiple"),
        pytest.param([2, 2], "Leg wound", id="C13-22-leg"),
        pytest.param([2, 3], "Arm wound", id="C13-23-arm"),
        pytest.param([2, 4], "Madness", id="C13-24-madness"),
        pytest.param([2, 5], "Nervous condition", id="C13-25-nervous"),
        pytest.param([2, 6], "Chest wound", id="C13-26-chest"),
        pytest.param([3, 1], "Blind in one eye", id="C13-31-blind"),
        pytest.param([3, 2], "Old battle wound", id="C13-32-old-wound"),
        pytest.param([3, 3], "Snake oil salesman", id="C13-33-snake-oil"),
        pytest.param([3, 4], "Robbed", id="C13-34-robbed"),
        pytest.param([3, 6], "Robbed", id="C13-36-robbed"),
        pytest.param([4, 1], "Full recovery", id="C13-41-recovery"),
        pytest.param([4, 6], "Full recovery", id="C13-46-recovery"),
        pytest.param([5, 1], "Full recovery", id="C13-51-recovery"),
        pytest.param([5, 6], "Full recovery", id="C13-56-recovery"),
        pytest.param([6, 1], "Bitter enemy", id="C13-61-bitter-enemy"),
        pytest.param([6, 2], "Captured", id="C13-62-captured"),
        pytest.param([6, 3], "Hardened", id="C13-63-hardened"),
        pytest.param([6, 5], "Hardened", id="C13-65-hardened"),
        pytest.param([6, 6], "Survives against the odds", id="C13-66-against-the-odds"),
    ],
)
def test_the_injury_roll_reads_a_d66_on_the_table(
    wolves, make_report, play, log_texts, faces, name
):
    game = play((wolves, make_report(wolves, down=[ELK])), faces)
    value = f"{faces[0]}{faces[1]}"
    assert log_texts(game, "injury", ELK)[0].startswith(f"Running Elk: injury {value} {name}")


@pytest.mark.parametrize("outcome", ["down", "out"])
def test_a_figure_down_or_out_of_action_rolls_for_injury(wolves, make_report, outcome):
    report = make_report(wolves, **{outcome: [ELK]})
    game = PostGameRun(wolves, report)
    assert game.step == "injuries"
    assert game.prompt == {"kind": "roll", "dice": "D66", "purpose": "injury", "figure": ELK}


def test_figures_standing_at_the_end_roll_no_injury(wolves, make_report, log_texts):
    game = PostGameRun(wolves, make_report(wolves))
    assert game.step == "income"  # nothing to ask in injuries, experience or advancement
    assert log_texts(game, "injury") == ["No figure ended the game down or out of action."]


def test_a_figure_that_did_not_take_part_rolls_no_injury(wolves, make_report):
    report = make_report(wolves, down=[ELK], absent=[ELK])
    assert PostGameRun(wolves, report).step == "income"


# --- C14 effects -----------------------------------------------------------------------------


def test_a_leg_wound_takes_an_inch_off_movement(wolves, make_report, play, log_texts, after):
    game = play((wolves, make_report(wolves, down=[ELK])), [2, 2])
    assert log_texts(game, "injury", ELK) == [
        "Running Elk: injury 22 Leg wound: movement 6/3 → 5/2"
    ]
    assert after(game, ELK).injuries == ["leg_wound"]


def test_a_chest_wound_costs_movement_shooting_and_melee(wolves, make_report, play, log_texts):
    game = play((wolves, make_report(wolves, down=[ELK])), [2, 6])
    assert log_texts(game, "injury", ELK) == [
        "Running Elk: injury 26 Chest wound: movement 6/3 → 5/2, melee +0 → -1, shooting +0 → -1"
    ]


@pytest.mark.parametrize(
    ("figure_id", "before", "after_", "held"),
    [
        pytest.param(ELK, 2, 1, ["nervous_condition"], id="C14-nervous-2-to-1"),
        pytest.param(6, 1, 1, [], id="C14-nervous-minimum-1"),
    ],
)
def test_a_nervous_condition_costs_a_point_of_reputation_down_to_one(
    wolves, make_report, play, after, figure_id, before, after_, held
):
    assert wolves.figure(figure_id).reputation == before
    game = play((wolves, make_report(wolves, down=[figure_id])), [2, 5])
    assert after(game, figure_id).reputation == after_
    assert after(game, figure_id).injuries == held


def test_blind_in_one_eye_costs_a_point_of_shooting(wolves, make_report, play, log_texts, after):
    game = play((wolves, make_report(wolves, down=[ELK])), [3, 1])
    assert log_texts(game, "injury", ELK) == [
        "Running Elk: injury 31 Blind in one eye: shooting +0 → -1"
    ]
    assert after(game, ELK).state == "active"


def test_a_second_blind_in_one_eye_kills(wolves, make_report, play, log_texts, after):
    wolves.figure(ELK).injuries = ["blind_in_one_eye"]
    game = play((wolves, make_report(wolves, down=[ELK])), [3, 1])
    elk = after(game, ELK)
    assert elk.state == "dead"
    assert "a second Blind in one eye: Dead" in log_texts(game, "injury", ELK)[0]
    assert elk.equipment == []  # what the warband bought goes to storage
    assert [p.key for p in game.preview_sheet().storage] == ["lance", "bow", "tomahawk"]


@pytest.mark.parametrize(
    ("face", "injuries", "state"),
    [
        pytest.param(1, ["arm_amputated"], "active", id="C14-arm-1-amputated"),
        pytest.param(2, [], "misses_next_game", id="C14-arm-2-misses-next-game"),
        pytest.param(6, [], "misses_next_game", id="C14-arm-6-misses-next-game"),
    ],
)
def test_an_arm_wound_rolls_a_d6(wolves, make_report, play, after, face, injuries, state):
    game = play((wolves, make_report(wolves, down=[ELK])), [2, 3])
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "arm_wound", "figure": ELK}
    game = play(game, [face])
    assert after(game, ELK).injuries == injuries
    assert after(game, ELK).state == state


@pytest.mark.parametrize(
    ("face", "injuries", "reputation", "state"),
    [
        pytest.param(1, ["leg_wound", "nervous_condition", "hardened"], 1, "misses_next_game",
                     id="C14-snake-oil-1-misses-next-game"),
        pytest.param(3, ["leg_wound", "nervous_condition", "hardened"], 1, "active",
                     id="C14-snake-oil-3-nothing"),
        pytest.param(6, ["hardened"], 2, "active", id="C14-snake-oil-6-miracle-cure"),
    ],
)  # fmt: skip
def test_a_snake_oil_salesman_rolls_a_d6(
    wolves, make_report, play, after, face, injuries, reputation, state
):
    elk = wolves.figure(ELK)
    elk.injuries, elk.reputation = ["leg_wound", "nervous_condition", "hardened"], 1
    game = play((wolves, make_report(wolves, down=[ELK])), [3, 3])
    assert game.prompt["purpose"] == "snake_oil"
    game = play(game, [face])
    assert after(game, ELK).injuries == injuries
    assert after(game, ELK).reputation == reputation  # the cure gives back what nerves took
    assert after(game, ELK).state == state


def test_robbed_loses_all_the_figures_equipment(wolves, make_report, play, log_texts, after):
    recovered = play((wolves, make_report(wolves, down=[ELK])), [4, 4])
    game = play((wolves, make_report(wolves, down=[ELK])), [3, 5])
    assert after(game, ELK).equipment == []
    assert log_texts(game, "injury", ELK) == ["Running Elk: injury 35 Robbed: loses Bow, Tomahawk"]
    assert game.preview["rating"] == recovered.preview["rating"] - 6  # bow 5 + tomahawk 1 (C11)
    assert [p.key for p in game.preview_sheet().storage] == ["lance"]


@pytest.mark.parametrize(
    ("faces", "held"),
    [
        pytest.param([2, 4], "madness", id="C14-madness-kept"),
        pytest.param([3, 2], "old_battle_wound", id="C14-old-battle-wound-kept"),
        pytest.param([6, 4], "hardened", id="C14-hardened-kept"),
        pytest.param([6, 1], "bitter_enemy:Rogers' Rangers", id="C14-bitter-enemy-kept"),
    ],
)
def test_lasting_injuries_are_kept_on_the_roster_card(
    wolves, make_report, play, after, faces, held
):
    game = play((wolves, make_report(wolves, down=[ELK])), faces)
    assert after(game, ELK).injuries == [held]
    assert after(game, ELK).state == "active"


def test_a_bitter_enemy_is_against_the_warband_that_caused_it(wolves, make_report, play, log_texts):
    game = play((wolves, make_report(wolves, down=[ELK])), [6, 1])
    assert log_texts(game, "injury", ELK) == [
        "Running Elk: injury 61 Bitter enemy: fearless against Rogers' Rangers, on the roster card"
    ]


def test_dead_is_dead(wolves, make_report, play, after):
    game = play((wolves, make_report(wolves, out=[ELK])), [1, 3])
    assert after(game, ELK).state == "dead"
    assert ELK not in [f.id for f in game.preview_sheet().roster]


def test_a_figure_that_missed_this_game_is_back_afterwards(wolves, make_report, after, log_texts):
    wolves.figure(ELK).state = "misses_next_game"
    game = PostGameRun(wolves, make_report(wolves))
    assert after(game, ELK).state == "active"
    assert log_texts(game, "return") == ["Running Elk is back after missing a game"]


# --- C15 Multiple injuries -------------------------------------------------------------------


def test_multiple_injuries_rolls_a_d6_then_that_many_d66(wolves, make_report, play, after):
    game = play((wolves, make_report(wolves, down=[ELK])), [1, 6])
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "injury_count", "figure": ELK}
    game = play(game, [2], [2, 2], [2, 6])
    assert after(game, ELK).injuries == ["leg_wound", "chest_wound"]
    assert game.step == "income"


@pytest.mark.parametrize(
    "faces",
    [
        pytest.param([1, 1], id="C15-dead-re-rolled"),
        pytest.param([4, 4], id="C15-full-recovery-re-rolled"),
        pytest.param([2, 1], id="C15-multiple-re-rolled"),
    ],
)
def test_multiple_injuries_re_rolls_dead_full_recovery_and_multiple(
    wolves, make_report, play, log_texts, after, faces
):
    game = play((wolves, make_report(wolves, down=[ELK])), [1, 6], [1], faces)
    assert game.prompt == {"kind": "roll", "dice": "D66", "purpose": "injury", "figure": ELK}
    game = play(game, [2, 2])
    assert after(game, ELK).state == "active"
    assert after(game, ELK).injuries == ["leg_wound"]
    rolls = log_texts(game, "injury", ELK)
    assert rolls[1].endswith(": re-rolled")
    assert rolls[2] == "Running Elk: injury 22 Leg wound (1 of 1): movement 6/3 → 5/2"


def test_a_second_blind_eye_among_multiple_injuries_kills_and_ends_the_rolls(
    wolves, make_report, play, log_texts, after
):
    game = play((wolves, make_report(wolves, down=[ELK])), [1, 6], [3], [3, 1], [3, 1])
    assert after(game, ELK).state == "dead"
    assert log_texts(game, "injury", ELK)[-1] == (
        "Running Elk is dead: the other rolls are not needed."
    )
    assert game.step == "income"


def test_multiple_injuries_can_include_an_arm_wound_roll(wolves, make_report, play, after):
    game = play((wolves, make_report(wolves, down=[ELK])), [1, 6], [2], [2, 3], [1], [2, 2])
    assert after(game, ELK).injuries == ["arm_amputated", "leg_wound"]


# --- C16 Captured ----------------------------------------------------------------------------


def test_a_captured_figure_is_held_by_the_opponent(wolves, make_report, play, after):
    game = play((wolves, make_report(wolves, out=[ELK])), [6, 2])
    elk = after(game, ELK)
    assert (elk.state, elk.held_by) == ("captured", "Rogers' Rangers")
    assert [p.key for p in elk.equipment] == ["bow", "tomahawk"]  # lost only when settled


def test_a_ransomed_captive_comes_back_without_its_equipment(wolves):
    elk = wolves.figure(ELK)
    elk.state, elk.held_by = "captured", "Rogers' Rangers"
    sheet = ransom_captive(wolves, ELK, 15)
    assert sheet.treasury == 5
    assert (sheet.figure(ELK).state, sheet.figure(ELK).equipment) == ("active", [])
    assert wolves.figure(ELK).state == "captured"  # the sheet given is not changed


def test_a_ransom_the_owner_cannot_pay_is_refused(wolves):
    wolves.figure(ELK).state = "captured"
    with pytest.raises(RosterError, match="treasury holds £20"):
        ransom_captive(wolves, ELK, 21)


def test_a_captive_not_ransomed_leaves_the_owners_roster(wolves):
    wolves.figure(ELK).state = "captured"
    assert release_for_sale(wolves, ELK).figure(ELK).state == "sold"


def test_only_a_captive_can_be_ransomed(wolves):
    with pytest.raises(RosterError, match="not held captive"):
        ransom_captive(wolves, ELK, 5)


@pytest.mark.parametrize(("face", "price"), [pytest.param(1, 5, id="C16-sale-1"),
                                             pytest.param(6, 30, id="C16-sale-6")])  # fmt: skip
def test_a_captive_sells_for_a_d6_times_five(face, price):
    assert captive_sale_price(face) == price


# --- C17 the Doctor, Nimble and Crack shot ---------------------------------------------------


@pytest.fixture
def with_doctor(wolves, make_specialist):
    wolves.figures.append(make_specialist(8, "Old Sam", "doctor"))
    return wolves


def test_the_doctor_chooses_among_the_figures_that_need_a_roll(with_doctor, make_report):
    game = PostGameRun(with_doctor, make_report(with_doctor, down=[ELK], out=[5]))
    assert game.prompt == {"kind": "choice", "purpose": "doctor", "options": ["4", "5", "none"]}


def test_the_figure_the_doctor_heals_skips_its_injury_roll(
    with_doctor, make_report, play, log_texts
):
    game = play((with_doctor, make_report(with_doctor, down=[ELK], out=[5])), "4")
    assert game.prompt == {"kind": "roll", "dice": "D66", "purpose": "injury", "figure": 5}
    assert log_texts(game, "doctor") == ["Old Sam heals Running Elk: no injury roll."]


def test_the_doctor_may_heal_nobody(with_doctor, make_report, play):
    game = play((with_doctor, make_report(with_doctor, down=[ELK], out=[5])), "none")
    assert game.prompt["figure"] == ELK


def test_without_a_doctor_nobody_is_healed(wolves, make_report):
    assert PostGameRun(wolves, make_report(wolves, down=[ELK])).prompt["purpose"] == "injury"


def test_a_dead_doctor_heals_nobody(with_doctor, make_report):
    with_doctor.figure(8).state = "dead"
    assert (
        PostGameRun(with_doctor, make_report(with_doctor, down=[ELK])).prompt["purpose"] == "injury"
    )


@pytest.fixture
def nimble_elk(wolves):
    wolves.figure(ELK).skills = ["nimble"]
    return wolves


@pytest.mark.parametrize(
    ("face", "state"),
    [
        pytest.param(3, "dead", id="C17-nimble-3-result-stands"),
        pytest.param(4, "active", id="C17-nimble-4-full-recovery"),
        pytest.param(6, "active", id="C17-nimble-6-full-recovery"),
    ],
)
def test_nimble_turns_the_result_into_full_recovery_on_4_or_more(
    nimble_elk, make_report, play, after, face, state
):
    game = play((nimble_elk, make_report(nimble_elk, down=[ELK])), [1, 1])
    assert game.prompt == {
        "kind": "choice",
        "purpose": "nimble_use",
        "figure": ELK,
        "options": ["yes", "no"],
    }
    game = play(game, "yes")
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "nimble", "figure": ELK}
    game = play(game, [face])
    assert after(game, ELK).state == state


def test_a_nimble_figure_may_keep_its_result(nimble_elk, make_report, play, after):
    game = play((nimble_elk, make_report(nimble_elk, down=[ELK])), [2, 2], "no")
    assert after(game, ELK).injuries == ["leg_wound"]
    assert game.step == "income"


def test_nimble_is_not_offered_after_a_full_recovery(nimble_elk, make_report, play):
    game = play((nimble_elk, make_report(nimble_elk, down=[ELK])), [4, 4])
    assert game.step == "income"


def test_nimble_can_save_a_figure_from_multiple_injuries(nimble_elk, make_report, play, after):
    game = play((nimble_elk, make_report(nimble_elk, down=[ELK])), [1, 6], "yes", [5])
    assert after(game, ELK).injuries == []
    assert game.step == "income"


def test_an_opposing_crack_shot_may_force_a_re_roll(wolves, make_report, play, log_texts, after):
    report = make_report(wolves, down=[ELK], crack_shot={ELK: "Major Rogers"})
    game = play((wolves, report), [4, 4])
    assert game.prompt == {
        "kind": "choice",
        "purpose": "crack_shot",
        "figure": ELK,
        "options": ["reroll", "keep"],
    }
    game = play(game, "reroll", [1, 2])
    assert after(game, ELK).state == "dead"
    assert log_texts(game, "crack_shot") == [
        "Major Rogers's Crack shot forces Running Elk to re-roll."
    ]


def test_a_crack_shot_forces_one_re_roll_only(wolves, make_report, play):
    report = make_report(wolves, down=[ELK, 5], crack_shot={ELK: "Major Rogers", 5: "Major Rogers"})
    game = play((wolves, report), [4, 4], "reroll", [4, 5])
    assert game.prompt == {"kind": "roll", "dice": "D66", "purpose": "injury", "figure": 5}
    game = play(game, [4, 1])
    assert game.step == "income"  # no second crack_shot choice


def test_a_crack_shot_kept_is_still_there_for_the_next_figure(wolves, make_report, play):
    report = make_report(wolves, down=[ELK, 5], crack_shot={ELK: "Major Rogers", 5: "Major Rogers"})
    game = play((wolves, report), [4, 4], "keep", [4, 5])
    assert game.prompt["purpose"] == "crack_shot"
    assert game.prompt["figure"] == 5


def test_c14_snake_oil_6_never_raises_reputation_above_five(make_figure, make_report, play, after):
    """A Coureurs hunt leader (5) took a Nervous condition (4) and advanced back to 5: the cure
    removes the condition but leaves reputation at 5."""
    from campaign.rules.postgame import WarbandSheet

    leader = make_figure(1, "Pierre", "hero", faction="coureurs", reputation=5)
    leader.injuries = ["nervous_condition", "leg_wound", "chest_wound", "blind_in_one_eye",
                       "old_battle_wound", "madness", "arm_amputated", "hardened",
                       "bitter_enemy:Rogers' Rangers"]  # fmt: skip
    others = [make_figure(n, f"Man {n}", "trooper", faction="coureurs") for n in (2, 3, 4)]
    sheet = WarbandSheet(id=3, name="Voyageurs", faction="coureurs", treasury=0, games_played=2,
                         figures=[leader, *others])  # fmt: skip
    game = play((sheet, make_report(sheet, down=[1])), [3, 3], [6])
    cured = after(game, 1)
    assert cured.reputation == 5
    assert cured.injuries == ["hardened", "bitter_enemy:Rogers' Rangers"]  # not wounds: they stay


def test_c26_an_amputated_arm_sends_the_figures_bow_to_storage(wolves, make_report, play, after):
    game = play((wolves, make_report(wolves, down=[ELK])), [2, 3], [1])
    assert [p.key for p in after(game, ELK).equipment] == ["tomahawk"]
    assert [p.key for p in game.preview_sheet().storage] == ["lance", "bow"]


def test_c28_a_dead_figures_equipment_goes_to_storage_and_still_counts(wolves, make_report, play):
    recovered = play((wolves, make_report(wolves, out=[ELK])), [4, 4])
    game = play((wolves, make_report(wolves, out=[ELK])), [1, 1])
    assert game.preview_sheet().figure(ELK).state == "dead"
    assert [p.key for p in game.preview_sheet().storage] == ["lance", "bow", "tomahawk"]
    level = wolves.figure(ELK).experience
    assert game.preview["rating"] == recovered.preview["rating"] - level - 1  # C11: no level
