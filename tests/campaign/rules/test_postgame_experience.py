"""Experience in the post-game sequence: levels and advancement rolls (C8), experience and the
underdog bonus (C9)."""

from __future__ import annotations

import pytest

from campaign.rules.postgame import PostGameRun, advancement_rolls_due, underdog_bonus

ELK = 4  # Running Elk, a Brave at level 11 (his cost, C8)


def gained(game: PostGameRun, figure_id: int) -> int:
    start = game.sheet.figure(figure_id).experience
    return game.preview_sheet().figure(figure_id).experience - start


@pytest.mark.parametrize(
    ("difference", "bonus"),
    [
        pytest.param(0, 0, id="C9-underdog-0"),
        pytest.param(50, 0, id="C9-underdog-50"),
        pytest.param(51, 1, id="C9-underdog-51"),
        pytest.param(75, 1, id="C9-underdog-75"),
        pytest.param(76, 2, id="C9-underdog-76"),
        pytest.param(100, 2, id="C9-underdog-100"),
        pytest.param(101, 3, id="C9-underdog-101"),
        pytest.param(250, 3, id="C9-underdog-250"),
    ],
)
def test_the_lower_rated_warband_gets_the_underdog_bonus(
    wolves, make_report, log_texts, difference, bonus
):
    report = make_report(wolves, rating=100, opponent_rating=100 + difference)
    game = PostGameRun(wolves, report)
    assert underdog_bonus(100, 100 + difference) == bonus
    assert gained(game, ELK) == 1 + bonus
    assert log_texts(game, "underdog") == [
        f"Team ratings 100 against {100 + difference}: underdog bonus {bonus}"
    ]


@pytest.mark.parametrize("difference", [pytest.param(120, id="C9-higher-rated-gets-none")])
def test_the_higher_rated_warband_gets_no_underdog_bonus(wolves, make_report, difference):
    game = PostGameRun(wolves, make_report(wolves, rating=100 + difference, opponent_rating=100))
    assert gained(game, ELK) == 1


def test_a_figure_gains_one_for_surviving_and_one_per_wound_and_scalp(
    wolves, make_report, log_texts
):
    report = make_report(wolves, wounds={ELK: 1}, scalps={ELK: 2})
    game = PostGameRun(wolves, report)
    assert gained(game, ELK) == 4
    assert log_texts(game, "experience", ELK) == [
        "Running Elk gains 4 experience (survived 1, wounds 1, scalps 2): 11 → 15, "
        "an advancement roll is due"
    ]


def test_a_figure_that_did_not_take_part_gains_nothing(wolves, make_report):
    game = PostGameRun(wolves, make_report(wolves, absent=[ELK]))
    assert gained(game, ELK) == 0


def test_a_dead_figure_gains_nothing(wolves, make_report, play, log_texts):
    report = make_report(wolves, out=[ELK], wounds={ELK: 2}, opponent_rating=300)
    game = play((wolves, report), [1, 1])
    assert gained(game, ELK) == 0
    assert log_texts(game, "experience", ELK) == ["Running Elk is dead: no experience"]


def test_a_figure_down_but_alive_gains_for_surviving(wolves, make_report, play):
    game = play((wolves, make_report(wolves, down=[ELK])), [2, 2])
    assert gained(game, ELK) == 1


def test_a_captured_figure_still_gains_experience(wolves, make_report, play):
    game = play((wolves, make_report(wolves, out=[ELK])), [6, 2])
    assert gained(game, ELK) == 1


@pytest.mark.parametrize(
    ("wounds", "scalps", "opponent_rating", "total"),
    [
        pytest.param(0, 0, 150, 2, id="C9-against-the-odds-survived-only"),
        pytest.param(1, 1, 150, 6, id="C9-against-the-odds-wounds-and-scalps"),
        pytest.param(1, 0, 230, 8, id="C9-against-the-odds-with-underdog"),
    ],
)
def test_survives_against_the_odds_doubles_the_figures_total(
    wolves, make_report, play, log_entries, wounds, scalps, opponent_rating, total
):
    report = make_report(
        wolves,
        down=[ELK],
        wounds={ELK: wounds},
        scalps={ELK: scalps},
        opponent_rating=opponent_rating,
    )
    game = play((wolves, report), [6, 6])
    assert gained(game, ELK) == total
    text = log_entries(game, "experience", ELK)[0]["text"]
    assert "doubled: survives against the odds" in text


def test_only_the_lucky_figure_doubles(wolves, make_report, play):
    game = play((wolves, make_report(wolves, down=[ELK], opponent_rating=230)), [6, 6])
    assert gained(game, ELK) == 6
    assert gained(game, 5) == 3


# --- C8 levels and advancement rolls ---------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "before", "after", "due"),
    [
        pytest.param(11, 11, 13, 0, id="C8-two-points-no-roll"),
        pytest.param(11, 11, 14, 1, id="C8-three-points-one-roll"),
        pytest.param(11, 13, 14, 1, id="C8-reaches-the-next-multiple"),
        pytest.param(11, 14, 16, 0, id="C8-between-multiples"),
        pytest.param(11, 13, 17, 2, id="C8-two-multiples-two-rolls"),
        pytest.param(6, 6, 18, 4, id="C8-four-multiples"),
    ],
)
def test_an_advancement_roll_is_due_at_each_new_multiple_of_three(start, before, after, due):
    assert advancement_rolls_due(start, before, after) == due


@pytest.mark.parametrize(
    ("level", "scalps", "rolls"),
    [
        pytest.param(11, 0, 0, id="C8-level-11-plus-1-no-roll"),
        pytest.param(13, 0, 1, id="C8-level-13-plus-1-one-roll"),
        pytest.param(13, 3, 2, id="C8-level-13-plus-4-two-rolls"),
    ],
)
def test_the_sequence_asks_for_each_advancement_roll_due(
    wolves, make_report, play, level, scalps, rolls
):
    wolves.figure(ELK).experience = level
    game = PostGameRun(wolves, make_report(wolves, scalps={ELK: scalps}))
    asked = 0
    while game.prompt["purpose"] == "advance":
        assert game.prompt == {"kind": "roll", "dice": "D6", "purpose": "advance", "figure": ELK}
        game = play(game, [1])  # melee: the first raises it, the second is lost
        asked += 1
    assert asked == rolls


def test_two_advances_in_one_game_are_rolled_one_after_the_other(
    wolves, make_report, play, log_texts
):
    wolves.figure(2).experience = 19 + 2  # Grey Wolf, a Veteran: one more point is a roll
    wolves.figure(3).experience = 19 + 2  # Red Hawk too
    game = PostGameRun(wolves, make_report(wolves, scalps={2: 3}))  # Grey Wolf +4: two rolls
    assert game.prompt["figure"] == 2
    game = play(game, [1])
    assert game.prompt["figure"] == 2
    game = play(game, [2])
    assert game.prompt["figure"] == 3
    game = play(game, [3])
    assert log_texts(game, "advance") == [
        "Grey Wolf: advance 1 Melee +1: melee +0 → +1",
        "Grey Wolf: advance 2 Shooting +1: shooting +0 → +1",
        "Red Hawk: advance 3 Morale +1: morale +0 → +1",
    ]
