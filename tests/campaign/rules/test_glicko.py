"""Glicko-2 as plain rules, checked against Glickman's paper."""

from __future__ import annotations

import math

import pytest

from campaign.rules.glicko import Rating, Result, g, rate, rate_periods, sit_out

# Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf): a player rated
# 1500 (RD 200) beats one rated 1400 (RD 30) and loses to 1550 (RD 100) and 1700 (RD 300),
# all in one rating period; published result 1464.06, RD 151.52, volatility 0.05999.
WORKED_EXAMPLE_START = {
    1: (1500, 200, 0.06),
    2: (1400, 30, 0.06),
    3: (1550, 100, 0.06),
    4: (1700, 300, 0.06),
}
WORKED_EXAMPLE = [[Result(1, 1, 2, 1.0), Result(2, 3, 1, 1.0), Result(3, 1, 4, 0.0)]]


def test_the_rules_reproduce_glickmans_worked_example_in_one_rating_period():
    player = rate_periods(WORKED_EXAMPLE, WORKED_EXAMPLE_START)[1]
    # The paper rounds its intermediate figures; exact arithmetic gives 1464.0507.
    assert player.rating == pytest.approx(1464.06, abs=0.01)
    assert player.deviation == pytest.approx(151.52, abs=0.01)
    assert player.volatility == pytest.approx(0.05999, abs=0.00001)
    assert player.games == 3


def test_games_of_one_period_are_rated_against_the_ratings_held_before_it():
    # Rated one game at a time, the same three games give a different answer.
    start = WORKED_EXAMPLE_START
    one_at_a_time = rate_periods([[r] for r in WORKED_EXAMPLE[0]], start)[1]
    assert one_at_a_time.rating != pytest.approx(1464.06, abs=0.1)
    assert one_at_a_time.deviation != pytest.approx(151.52, abs=0.1)


def test_the_new_volatility_follows_the_paper_for_a_player_away_from_1500():
    # Step 5's f(x) uses the deviation φ (the glicko2 package used the rating μ there, which
    # does not show at 1500). Figures from the paper's algorithm (Illinois iteration, ε 1e-6).
    player = rate(Rating(1800, 60, 0.06), [(Rating(1300, 50), 0.0)] * 5)
    assert player.rating == pytest.approx(1703.368, abs=0.001)
    assert player.deviation == pytest.approx(59.9785, abs=0.0001)
    assert player.volatility == pytest.approx(0.0602762, abs=0.0000005)


def test_a_player_who_sits_out_periods_grows_less_certain_but_never_past_350():
    periods = [[Result(1, 1, 2, 1.0)], [Result(2, 2, 3, 0.5)], [Result(3, 2, 3, 0.0)]]
    standings = rate_periods(periods)
    after_first = standings[1].history[-1][2]
    # Player 1 sat out two periods: RD² grows by σ²·173.7178² for each.
    grown = math.sqrt(after_first**2 + 2 * (standings[1].volatility * 173.7178) ** 2)
    assert standings[1].deviation == pytest.approx(grown, abs=0.01)
    assert rate_periods([[Result(1, 1, 2, 1.0)]] + [[Result(9, 8, 9, 1.0)]] * 400)[1].deviation == (
        350.0
    )


def test_a_certain_opponent_weighs_more_than_an_uncertain_one():
    assert g(30 / 173.7178) == pytest.approx(0.9955, abs=0.0001)  # the paper's table
    assert g(300 / 173.7178) == pytest.approx(0.7242, abs=0.0001)


def test_sitting_out_no_period_changes_nothing():
    assert sit_out(200.0, 0.06, 0) == 200.0
