"""The post-game sequence as a whole: the steps in order, every roll the app's or typed in and
logged (C12), undo and replay, and one unit of work until commit (C22)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.rules.errors import DiceError, RulesError
from campaign.rules.postgame import (
    Answer,
    PostGameRun,
    ReportSheet,
    WarbandSheet,
    check_faces,
    rating,
)

CHIEF, GREY_WOLF, RED_HAWK, ELK, TALL_TREE, LITTLE_CROW = 1, 2, 3, 4, 5, 6


@pytest.fixture
def battle(wolves, make_report, make_specialist):
    """A won game as underdogs: Elk out of action and Tall Tree down, a Doctor at home, and
    Grey Wolf wounded an enemy and is two points short of an advancement roll."""
    wolves.figures.append(make_specialist(8, "Old Sam", "doctor"))
    wolves.figure(GREY_WOLF).experience = 19 + 1
    report = make_report(
        wolves,
        out=[ELK],
        down=[TALL_TREE],
        absent=[8],
        wounds={GREY_WOLF: 1},
        scalps={GREY_WOLF: 0},
        rating=154,
        opponent_rating=210,  # difference 56: underdogs +1 (C9)
    )
    return wolves, report


SCRIPT = [
    "5",  # the Doctor heals Tall Tree
    [2, 2],  # Running Elk: leg wound
    [4],  # Grey Wolf: advance 4, choose
    "shooting",
    [3, 4],  # income, won
    [6, 1],  # Black Kettle
    [2, 2],  # Grey Wolf
    [5, 5],  # Red Hawk
    {"action": "buy", "item": "musket", "to": ELK},
    {"action": "recruit", "profile": "indians_green", "name": "Fox"},
    {"action": "done"},
]


def test_a_whole_sequence_runs_from_injuries_to_ready(battle, play, after, log_texts):
    game = PostGameRun(*battle)
    steps = [game.step]
    for item in SCRIPT:
        game = play(game, item)
        steps.append(game.step)
    assert steps == ["injuries", "injuries", "advancement", "advancement", "income", "income",
                     "income", "income", "trading", "trading", "trading", "ready"]  # fmt: skip
    sheet = game.final_sheet()
    assert after(game, ELK).injuries == ["leg_wound"]
    assert after(game, TALL_TREE).injuries == []
    assert after(game, GREY_WOLF).experience == 20 + 3  # survived, wound, underdog
    assert after(game, GREY_WOLF).increases["shooting"] == 1
    # 20 + income 7 + 7 + 4 + 10 - retainer 6 - musket 10 - Fox 6
    assert sheet.treasury == 26
    assert sheet.figure(-1).name == "Fox"
    assert sheet.games_played == 4
    assert [e["step"] for e in game.log] == [
        "injuries", "injuries",
        "experience", "experience", "experience", "experience", "experience", "experience",
        "experience", "advancement", "advancement",
        "income", "income", "income", "income", "income", "income",
        "trading", "trading", "trading",
    ]  # fmt: skip
    assert log_texts(game, "injury") == ["Running Elk: injury 22 Leg wound: movement 6/3 → 5/2"]
    assert log_texts(game, "experience", GREY_WOLF) == [
        "Grey Wolf gains 3 experience (survived 1, wounds 1, underdog 1): 20 → 23, "
        "an advancement roll is due"
    ]
    assert log_texts(game, "income_total") == [
        "Income: 2D6 (won) 3+4 = 7, Hero Black Kettle 2D6 6+1 = 7, Veteran Grey Wolf 2D6 2+2 = 4,"
        " Veteran Red Hawk 2D6 5+5 = 10: £28 (treasury £20 → £48)"
    ]
    assert log_texts(game, "retainer") == [
        "Retainer for the Doctor / Indian healer Old Sam: £6 paid (treasury £42)"
    ]
    assert game.preview["rating"] == rating(sheet)


def test_the_preview_lists_each_figures_changes_in_words(battle, play):
    game = play(PostGameRun(*battle), *SCRIPT)
    changes = {c["name"]: c["changes"] for c in game.preview["changes"]}
    assert changes["Running Elk"] == [
        "Leg wound: movement 6/3 → 5/2",
        "experience 11 → 13",
        "bought a Musket",
    ]
    assert changes["Tall Tree"] == ["healed by Old Sam", "experience 11 → 13"]
    assert changes["Grey Wolf"] == ["experience 20 → 23", "shooting +0 → +1"]
    assert changes["Fox"] == ["recruited as Young blood, level 6"]


def test_nothing_touches_the_sheet_given(battle, play):
    sheet, report = battle
    before = json.dumps(sheet.to_dict())
    play(PostGameRun(sheet, report), *SCRIPT)
    assert json.dumps(sheet.to_dict()) == before


def test_to_dict_has_the_shape_of_the_api(battle):
    shown = PostGameRun(*battle).to_dict()
    assert set(shown) == {"step", "prompt", "log", "preview"}
    assert shown["prompt"] == {"kind": "choice", "purpose": "doctor",
                               "options": ["4", "5", "none"]}  # fmt: skip
    assert set(shown["preview"]) == {"warband", "rating", "rating_before", "changes"}
    json.dumps(shown)


# --- C12: the app's dice or faces typed in, each logged -------------------------------------


def test_every_roll_is_logged_with_who_made_it_and_how(battle, log_entries, app_dice):
    game = PostGameRun(*battle).answer(choice="none", by="ann")
    game = game.answer(by="ann", roller=app_dice([2, 6]))  # Elk: the app rolls 26
    game = game.answer(dice=[4, 1], by="bob")  # Tall Tree: typed in
    doctor, elk, tall_tree = log_entries(game, "doctor") + log_entries(game, "injury")
    assert (doctor["choice"], doctor["by"], doctor["typed"]) == ("none", "ann", False)
    assert (elk["faces"], elk["by"], elk["typed"]) == ([2, 6], "ann", False)
    assert (tall_tree["faces"], tall_tree["by"], tall_tree["typed"]) == ([4, 1], "bob", True)
    assert elk["text"].startswith("Running Elk: injury 26 Chest wound")


def test_an_app_roll_is_recorded_with_its_faces_so_a_replay_never_rolls(battle, app_dice):
    game = PostGameRun(*battle).answer(choice="none").answer(roller=app_dice([6, 2]))
    recorded = game.answers[-1]
    assert (recorded.dice, recorded.typed, recorded.purpose, recorded.figure) == (
        (6, 2), False, "injury", ELK,
    )  # fmt: skip
    assert PostGameRun(*battle, game.answers).log == game.log


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        pytest.param([2], "A D66 roll is two faces, tens then units: 1 given", id="C12-too-few"),
        pytest.param([2, 2, 2], "A D66 roll is two faces, tens then units: 3 given",
                     id="C12-too-many"),
        pytest.param([0, 3], "A die shows 1 to 6, not 0", id="C12-face-0"),
        pytest.param([3, 7], "A die shows 1 to 6, not 7", id="C12-face-7"),
        pytest.param(["3", 1], "whole number 1 to 6, not '3'", id="C12-face-text"),
        pytest.param([True, 1], "whole number 1 to 6, not True", id="C12-face-bool"),
    ],
)  # fmt: skip
def test_bad_faces_are_refused_and_change_nothing(battle, faces, message):
    game = PostGameRun(*battle).answer(choice="none")
    shown = game.to_dict()
    with pytest.raises(DiceError, match=message):
        game.answer(dice=faces, by="ann")
    assert game.to_dict() == shown
    assert len(game.answers) == 1


@pytest.mark.parametrize(
    ("kind", "faces", "ok"),
    [
        pytest.param("D6", [6], True, id="C12-D6-one-face"),
        pytest.param("D6", [3, 3], False, id="C12-D6-two-faces"),
        pytest.param("2D6", [1, 6], True, id="C12-2D6-two-faces"),
        pytest.param("2D6", [7], False, id="C12-2D6-one-face"),
        pytest.param("D66", [6, 6], True, id="C12-D66-two-faces"),
        pytest.param("D66", [66], False, id="C12-D66-as-a-number"),
    ],
)
def test_faces_are_checked_by_count_and_range(kind, faces, ok):
    if ok:
        assert check_faces(kind, faces) == tuple(faces)
    else:
        with pytest.raises(DiceError):
            check_faces(kind, faces)


def test_a_roll_prompt_wants_dice_and_a_choice_prompt_a_choice(battle):
    game = PostGameRun(*battle)
    with pytest.raises(RulesError, match="wants a choice, not dice"):
        game.answer(dice=[1, 1])
    with pytest.raises(RulesError, match="Choose one of 4, 5, none for doctor, not '9'"):
        game.answer(choice="9")
    with pytest.raises(RulesError, match="wants dice, not a choice"):
        game.answer(choice="none").answer(choice="5")
    with pytest.raises(RulesError, match="Answer the doctor prompt first"):
        game.trade({"action": "done"})


# --- C22: undo and replay --------------------------------------------------------------------


def test_undo_drops_the_last_answer_and_gives_the_previous_prompt_and_log(battle, play):
    game = PostGameRun(*battle)
    shown = []
    for item in SCRIPT:
        shown.append(game.to_dict())
        game = play(game, item)
    for undos, expected in enumerate(reversed(shown), start=1):
        game = game.undo()
        state = game.to_dict()
        kept = [e for e in state.pop("log") if e["purpose"] != "undo"]
        made = (state["prompt"] or {}).pop("made", None)
        assert {**state, "log": kept} == expected
        if made is not None:  # C22: the roll taken back is what answering it again gives
            assert made["faces"] == game.undone[-1]["faces"]
        assert len(game.log) - len(kept) == undos  # C22: every undo stays in the log
    with pytest.raises(RulesError, match="nothing to undo"):
        game.undo()


def test_an_undo_is_logged_where_it_was_made_with_the_faces_it_took_back(battle, app_dice):
    """C22: undo takes back a choice, never a die, and says so in the log."""
    game = PostGameRun(*battle).answer(choice="none", by="ann")
    game = game.answer(by="ann", roller=app_dice([2, 2]))  # Elk: the app rolls 22
    undone = game.undo(by="bob", when="2025-05-02T10:00:00+00:00")
    assert [e["purpose"] for e in undone.log] == ["doctor", "undo"]
    entry = undone.log[-1]
    assert entry["faces"] == [2, 2] and entry["typed"] is False
    assert (entry["by"], entry["when"]) == ("bob", "2025-05-02T10:00:00+00:00")
    assert entry["text"].startswith("undid: Running Elk: injury 22 Leg wound")
    assert undone.stream_position == 0  # the app's next roll starts where the undone one did
    again = undone.answer(dice=[2, 2], by="ann")  # the same faces typed: still the app's roll
    assert [e["purpose"] for e in again.log] == ["doctor", "undo", "injury"]
    assert again.log[-1]["typed"] is False and again.stream_position == 2


def test_c22_an_app_roll_undone_cannot_be_answered_afresh_with_typed_dice(battle, app_dice):
    game = PostGameRun(*battle).answer(choice="none", by="ann")
    game = game.answer(by="ann", roller=app_dice([1, 1])).undo(by="ann")  # Elk: the app's 11
    assert game.prompt["made"] == {"faces": [1, 1], "typed": False}
    with pytest.raises(DiceError, match="The app already made this roll before the undo: 11"):
        game.answer(dice=[6, 6], by="ann")
    again = game.answer(by="ann", roller=app_dice([6, 6]))  # whatever another roller would say
    assert again.log[-1]["faces"] == [1, 1] and again.log[-1]["typed"] is False


def test_c22_typed_faces_undone_come_back_when_the_app_is_asked_to_roll(battle, app_dice):
    game = PostGameRun(*battle).answer(choice="none", by="ann")
    game = game.answer(dice=[6, 6], by="ann").undo(by="ann")
    assert game.prompt["made"] == {"faces": [6, 6], "typed": True}
    again = game.answer(by="ann", roller=app_dice([1, 1]))
    assert again.log[-1]["faces"] == [6, 6] and again.log[-1]["typed"] is True
    assert "changed_from" not in again.log[-1] and again.answers[-1].was is None
    same = game.answer(dice=[6, 6], by="ann")
    assert same.answers[-1].was is None  # typed again the same: no change to show


def test_c22_typed_faces_typed_again_differently_are_a_change_in_the_log(battle):
    game = PostGameRun(*battle).answer(choice="none", by="ann")
    game = game.answer(dice=[6, 6], by="ann").undo(by="ann")
    changed = game.answer(dice=[2, 2], by="ann")
    entry = changed.log[-1]
    assert (entry["faces"], entry["changed_from"], entry["typed"]) == ([2, 2], [6, 6], True)
    assert changed.answers[-1].was == (6, 6)
    replayed = PostGameRun.from_dicts(
        battle[0].to_dict(), battle[1].to_dict(), changed.answers_to_list(), changed.undone
    )
    assert replayed.log == changed.log  # the change is stored with the answer


def test_c22_the_same_roll_is_the_same_prompt_at_the_same_place(battle, app_dice):
    """An undo further back and a different choice: the roll at that place is another one."""
    game = PostGameRun(*battle).answer(choice="none", by="ann")
    game = game.answer(dice=[6, 6], by="ann").undo(by="ann").undo(by="ann")
    game = game.answer(choice="5", by="ann")  # the Doctor heals Tall Tree now
    assert game.prompt["purpose"] == "injury" and "made" in game.prompt  # Elk's roll still
    game = game.undo(by="ann").answer(choice="4", by="ann")  # heals Elk: no injury roll for him
    assert game.prompt is None or "made" not in game.prompt


def test_c22_the_undo_says_what_it_took_back_and_which_roll(battle):
    game = PostGameRun(*battle).answer(choice="none", by="ann").answer(dice=[2, 2], by="ann")
    record = game.undo(by="bob").log[-1]
    assert (record["position"], record["answered"], record["figure"]) == (1, "injury", ELK)
    assert record["taken_back"] == [
        {"text": game.log[-1]["text"], "by": "ann", "typed": True, "faces": [2, 2]}
    ]


def test_undos_further_on_stay_before_what_is_answered_after_them(battle, play):
    game = play(PostGameRun(*battle), "5", [2, 2], [4])
    game = game.undo(by="ann").undo(by="ann").undo(by="ann")
    game = game.answer(choice="none", by="ann")
    assert [e["purpose"] for e in game.log] == ["undo", "undo", "undo", "doctor"]
    assert [e["text"] for e in game.log] == [
        "undid: Grey Wolf: advance 4 Choose an attribute +1",
        "undid: Running Elk: injury 22 Leg wound: movement 6/3 → 5/2",
        "undid: Old Sam heals Tall Tree: no injury roll.",
        "Old Sam heals nobody.",
    ]


def test_an_undo_moves_no_money(battle, play):
    game = play(PostGameRun(*battle), *SCRIPT[:5])
    undone = game.undo(by="ann")
    treasuries = [e["treasury"] for e in undone.log]
    assert undone.log[-1]["purpose"] == "undo"
    assert treasuries[-1] == treasuries[-2]


def test_undo_after_ready_reopens_trading(battle, play):
    game = play(PostGameRun(*battle), *SCRIPT).undo()
    assert (game.step, game.prompt) == ("trading", None)
    with pytest.raises(RulesError, match="at trading: finish it"):
        game.final_sheet()


def test_the_same_answers_always_give_the_same_result(battle, play):
    game = play(PostGameRun(*battle), *SCRIPT)
    again = PostGameRun(*battle, game.answers)
    assert again.to_dict() == game.to_dict()
    assert again.final_sheet() == game.final_sheet()


def test_answers_that_no_longer_fit_the_report_are_refused(battle, play, make_report):
    sheet, report = battle
    game = play(PostGameRun(sheet, report), "5", [2, 2])
    changed = make_report(sheet, absent=[ELK, TALL_TREE])  # nobody to heal or roll for
    with pytest.raises(RulesError, match="recorded answer for doctor no longer fits"):
        PostGameRun(sheet, changed, game.answers)


def test_a_report_about_a_dead_figure_is_refused(battle):
    sheet, report = battle
    sheet.figure(ELK).state = "dead"
    with pytest.raises(RulesError, match="Running Elk is dead and cannot have taken part"):
        PostGameRun(sheet, report)


# --- JSON round trips ------------------------------------------------------------------------


def test_sheets_reports_and_answers_round_trip_through_json(battle, play):
    sheet, report = battle
    game = play(PostGameRun(sheet, report), *SCRIPT)
    stored = json.loads(json.dumps({
        "sheet": sheet.to_dict(),
        "report": report.to_dict(),
        "answers": game.answers_to_list(),
        "preview": game.final_sheet().to_dict(),
    }))  # fmt: skip
    assert WarbandSheet.from_dict(stored["sheet"]) == sheet
    assert ReportSheet.from_dict(stored["report"]) == report
    assert [Answer.from_dict(a) for a in stored["answers"]] == list(game.answers)
    assert WarbandSheet.from_dict(stored["preview"]) == game.final_sheet()
    again = PostGameRun.from_dicts(stored["sheet"], stored["report"], stored["answers"])
    assert again.to_dict() == game.to_dict()


def test_an_answer_is_stored_as_plain_json(battle):
    game = PostGameRun(*battle).answer(choice="none", by="ann").answer(dice=[2, 2], by="ann")
    assert game.answers_to_list()[-1] == {
        "dice": [2, 2],
        "choice": None,
        "trade": None,
        "by": "ann",
        "typed": True,
        "purpose": "injury",
        "figure": ELK,
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({"id": 1, "name": "X", "faction": "indians"}, "needs 'treasury'",
                     id="missing-field"),
        pytest.param({"id": 1, "name": "X", "faction": "indians", "treasury": 0,
                      "figures": [{"id": 1, "name": "A", "profile": "p", "status": "chief"}]},
                     "unknown status 'chief'", id="bad-status"),
    ],
)  # fmt: skip
def test_a_malformed_sheet_is_refused_in_words(data, message):
    with pytest.raises(RulesError, match=message):
        WarbandSheet.from_dict(data)


# --- any answers at all ----------------------------------------------------------------------


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_faces_and_choices_reach_ready_and_replay_the_same(battle, data):
    """Whatever the dice and the choices, the sequence reaches ready, the treasury stays at 0 or
    more, and the stored answers replay to the same result."""
    sheet, report = battle
    game = PostGameRun(sheet, report)
    for _ in range(100):
        if game.ready:
            break
        prompt = game.prompt
        if prompt is None:
            game = game.trade({"action": "done"})
        elif prompt["kind"] == "roll":
            count = 1 if prompt["dice"] == "D6" else 2
            faces = data.draw(st.lists(st.integers(1, 6), min_size=count, max_size=count))
            game = game.answer(dice=faces, by="owner")
        else:
            game = game.answer(choice=data.draw(st.sampled_from(prompt["options"])), by="owner")
    assert game.ready
    assert game.final_sheet().treasury >= 0
    assert PostGameRun.from_dicts(
        sheet.to_dict(), report.to_dict(), game.answers_to_list()
    ).to_dict() == (game.to_dict())
