"""Income (C18), captives sold or ransomed by the captor (C16) and retainers (C19)."""

from __future__ import annotations

import pytest

from campaign.rules.postgame import CaptiveReport, PostGameRun

CHIEF, GREY_WOLF, RED_HAWK, ELK = 1, 2, 3, 4


def income_prompts(game: PostGameRun) -> list[tuple[str, int | None]]:
    """Answer every income roll with 1s; return (dice, figure) of each prompt."""
    asked = []
    while game.prompt and game.prompt["purpose"] == "income":
        asked.append((game.prompt["dice"], game.prompt.get("figure")))
        game = game.answer(dice=[1] * (2 if game.prompt["dice"] == "2D6" else 1), by="owner")
    return asked


@pytest.mark.parametrize(
    ("won", "dice"),
    [
        pytest.param(True, "2D6", id="C18-won-2D6"),
        pytest.param(False, "D6", id="C18-lost-D6"),
        pytest.param(None, "D6", id="C18-draw-D6"),
    ],
)
def test_income_is_2d6_for_a_win_and_a_d6_otherwise(wolves, make_report, won, dice):
    game = PostGameRun(wolves, make_report(wolves, won=won))
    assert game.prompt == {"kind": "roll", "dice": dice, "purpose": "income"}


def test_each_hero_and_veteran_standing_at_the_end_adds_2d6(wolves, make_report):
    game = PostGameRun(wolves, make_report(wolves))
    assert income_prompts(game) == [("2D6", None), ("2D6", CHIEF), ("2D6", GREY_WOLF),
                                    ("2D6", RED_HAWK)]  # fmt: skip


@pytest.mark.parametrize(
    "report_args",
    [
        pytest.param({"down": [GREY_WOLF]}, id="C18-down-no-income"),
        pytest.param({"out": [GREY_WOLF]}, id="C18-out-of-action-no-income"),
        pytest.param({"absent": [GREY_WOLF]}, id="C18-did-not-take-part-no-income"),
    ],
)
def test_a_veteran_down_out_of_action_or_absent_adds_nothing(
    wolves, make_report, play, report_args
):
    game = PostGameRun(wolves, make_report(wolves, **report_args))
    if game.step == "injuries":
        game = play(game, [4, 4])
    assert ("2D6", GREY_WOLF) not in income_prompts(game)
    assert ("2D6", RED_HAWK) in income_prompts(game)


def test_a_trooper_promoted_after_the_game_adds_no_income_roll(wolves, make_report, play):
    wolves.figure(RED_HAWK).state = "dead"
    wolves.figure(ELK).experience = 13
    game = play((wolves, make_report(wolves)), [6])  # promoted to Veteran
    assert game.preview_sheet().figure(ELK).status == "veteran"
    assert ("2D6", ELK) not in income_prompts(game)


def test_a_veteran_type_specialist_adds_2d6(wolves, make_report, make_specialist):
    wolves.figures.append(make_specialist(8, "Hawkeye", "scout"))
    assert ("2D6", 8) in income_prompts(PostGameRun(wolves, make_report(wolves)))


def test_a_prospector_adds_one_more_2d6(wolves, make_report, make_specialist):
    wolves.figures.append(make_specialist(8, "Old Pete", "prospector"))
    game = PostGameRun(wolves, make_report(wolves, absent=[8]))
    assert income_prompts(game)[-1] == ("2D6", 8)


def test_income_goes_to_the_treasury(wolves, make_report, play, log_texts):
    game = play((wolves, make_report(wolves)), [4, 3], [5, 1], [2, 2], [1, 1])
    assert game.preview_sheet().treasury == 20 + 7 + 6 + 4 + 2
    assert log_texts(game, "income_total") == [
        "Income: 2D6 (won) 4+3 = 7, Hero Black Kettle 2D6 5+1 = 6, Veteran Grey Wolf 2D6 2+2 = 4,"
        " Veteran Red Hawk 2D6 1+1 = 2: £19 (treasury £20 → £39)"
    ]
    assert game.step == "trading"


def test_an_expert_trader_adds_one_to_his_own_income_roll(wolves, make_report, play, log_texts):
    wolves.figure(GREY_WOLF).skills = ["expert_trader"]
    game = play((wolves, make_report(wolves, won=False)), [4], [5, 1], [2, 2], [1, 1])
    assert game.preview_sheet().treasury == 20 + 4 + 6 + (4 + 1) + 2
    assert "Veteran Grey Wolf 2D6 2+2 = 4, +1 Expert trader = 5" in log_texts(game, "income")[2]


def test_an_expert_trader_down_at_the_end_adds_nothing(wolves, make_report, play):
    wolves.figure(GREY_WOLF).skills = ["expert_trader"]
    game = play((wolves, make_report(wolves, won=False, down=[GREY_WOLF])), [4, 4])
    game = play(game, [4], [5, 1], [1, 1])
    assert game.preview_sheet().treasury == 20 + 4 + 6 + 2


# --- C16 the captor's side -------------------------------------------------------------------


def test_a_captive_not_ransomed_is_sold_for_a_d6_times_five(wolves, make_report, play, log_texts):
    report = make_report(wolves, won=False, captives=[CaptiveReport(31, "Pvt Hale")])
    game = play((wolves, report), [1], [1, 1], [1, 1], [1, 1])
    assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "captive_sale"}
    game = play(game, [4])
    assert game.preview_sheet().treasury == 20 + 1 + 6 + 20
    assert log_texts(game, "captive_sale") == ["Pvt Hale sold: 4 x 5 = £20 (treasury £47)"]


def test_a_ransom_agreed_is_paid_to_the_captor(wolves, make_report, play, log_texts):
    report = make_report(wolves, won=False, captives=[CaptiveReport(31, "Pvt Hale", ransom=12)])
    game = play((wolves, report), [1], [1, 1], [1, 1], [1, 1])
    assert game.step == "trading"
    assert game.preview_sheet().treasury == 20 + 1 + 6 + 12
    assert log_texts(game, "ransom") == ["Ransom for Pvt Hale: £12 received (treasury £39)"]


# --- C19 retainers ---------------------------------------------------------------------------


@pytest.fixture
def with_specialists(wolves, make_specialist):
    wolves.figures.append(make_specialist(8, "Old Sam", "doctor"))  # retainer 6
    wolves.figures.append(make_specialist(9, "Hawkeye", "scout"))  # retainer 9
    wolves.treasury = 0
    return wolves


def test_retainers_are_paid_after_income(with_specialists, make_report, play, log_texts):
    report = make_report(with_specialists, won=False, absent=[9])
    game = play((with_specialists, report), [6], [5, 5], [2, 2], [1, 1])  # £6+10+4+2 = £22
    assert game.preview_sheet().treasury == 22 - 6 - 9
    assert log_texts(game, "retainer") == [
        "Retainer for the Doctor / Indian healer Old Sam: £6 paid (treasury £16)",
        "Retainer for the Indian scout / Renegade settler Hawkeye: £9 paid (treasury £7)",
    ]


def test_an_unpaid_retainer_makes_the_specialist_leave(
    with_specialists, make_report, play, log_texts, after
):
    report = make_report(with_specialists, won=False, absent=[9])
    with_specialists.figure(9).equipment.append(with_specialists.storage.pop())  # a bought lance
    game = play((with_specialists, report), [1], [1, 1], [1, 1], [2, 2])  # £1+2+2+4 = £9
    assert after(game, 8).state == "active"
    assert after(game, 9).state == "departed"
    assert game.preview_sheet().treasury == 3
    assert log_texts(game, "retainer")[1] == (
        "Retainer for the Indian scout / Renegade settler Hawkeye: £9 unpaid (treasury £3): "
        "Hawkeye leaves; Indian lance to storage"
    )
    assert [p.key for p in game.preview_sheet().storage] == ["lance"]


def test_a_departed_specialist_counts_nothing_in_the_rating(with_specialists, make_report, play):
    report = make_report(with_specialists, won=False, absent=[9])
    paid = play((with_specialists, report), [6], [6, 6], [6, 6], [6, 6])
    unpaid = play((with_specialists, report), [1], [1, 1], [1, 1], [2, 2])

    def rating_less_cash(game: PostGameRun) -> int:
        return game.preview["rating"] - game.preview_sheet().treasury

    # C11: Hawkeye's level (his retainer, 9) leaves with him; his kit is priced 0
    assert rating_less_cash(paid) - rating_less_cash(unpaid) == 9


def test_a_captive_specialist_is_not_paid(with_specialists, make_report, play, log_texts):
    with_specialists.figure(9).state = "captured"
    report = make_report(with_specialists, won=False)
    game = play((with_specialists, report), [6], [6, 6], [6, 6], [6, 6])
    assert [t.split(":")[0] for t in log_texts(game, "retainer")] == [
        "Retainer for the Doctor / Indian healer Old Sam"
    ]


def test_c18_the_expert_traders_plus_one_is_on_his_own_roll_only(wolves, make_report, play):
    wolves.figure(GREY_WOLF).skills = ["expert_trader"]
    game = play((wolves, make_report(wolves, won=True)), [4, 3], [5, 1], [2, 2], [1, 1])
    texts = [e["text"] for e in game.log if e["purpose"] == "income"]
    assert [t for t in texts if "Expert trader" in t] == [texts[2]]
    assert texts[2].endswith("Veteran Grey Wolf 2D6 2+2 = 4, +1 Expert trader = 5")
    assert game.preview_sheet().treasury == 20 + 7 + 6 + (4 + 1) + 2


def test_c27_a_captured_prospector_adds_no_income(wolves, make_report, make_specialist):
    wolves.figures.append(make_specialist(8, "Old Pete", "prospector", state="captured"))
    wolves.figure(8).held_by = "Rogers' Rangers"
    game = PostGameRun(wolves, make_report(wolves))
    assert ("2D6", 8) not in income_prompts(game)
