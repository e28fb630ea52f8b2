"""Win odds by playouts from what a seat may see: no hidden information leaks into them."""

from __future__ import annotations

import copy

import pytest

from chase.engines.chance import RandomChance
from chase.engines.odds import win_odds
from chase.engines.race import ENGINE as RACE
from chase.engines.race.tables import CLASSES, WHIRLPOOL_HALVES
from tests.chase.engines.race_helpers import set_rapid

ROLES = ["canoe-1", "canoe-2", "canoe-3", "canoe-4"]


def a_race(seed=5, **options):
    return RACE.new_game({"canoes": 4, **options}, RandomChance(seed)).state


def race_odds(state, role="canoe-1", playouts=200, seed=9):
    return win_odds(RACE, state, role, sides=ROLES, playouts=playouts, seed=seed)


def hidden_rapids(state):
    return [r for r in range(len(state["course"]["rapids"])) if not state["revealed"][r]]


def test_two_races_that_differ_only_in_the_unrevealed_course_give_the_same_odds():
    state = a_race()
    hidden = hidden_rapids(state)
    assert hidden == [1, 2, 3, 4, 5]  # R2: only leg 1 and the rapid at its end are in view
    other = copy.deepcopy(state)
    for rapid in hidden:
        other = set_rapid(other, rapid, **{"class": CLASSES[1] if rapid % 2 else CLASSES[0]})
    bear = next(r for r in hidden if r != state["course"]["bear"])
    other = set_rapid(other, bear, bear=True)
    assert other["course"] != state["course"]
    for role in [*ROLES, None]:
        assert race_odds(other, role) == race_odds(state, role)


def test_the_revealed_course_does_change_the_odds():
    state = a_race(hidden=False)
    worse = set_rapid(state, 0, **{"class": 6})
    easier = set_rapid(state, 0, **{"class": 3})
    assert race_odds(worse) != race_odds(easier)


def test_a_determinized_race_keeps_what_is_revealed_and_the_setup_rules_R1():
    state = a_race()
    shown = state["course"]["rapids"][0]
    for seed in range(200):
        world = RACE.determinize(state, "canoe-2", RandomChance(seed))
        rapids = world["course"]["rapids"]
        assert rapids[0] == shown
        assert [r["bear"] for r in rapids].count(True) == 1
        assert rapids[world["course"]["bear"]]["bear"]
        whirlpools = {r: rapid["whirlpool"] for r, rapid in enumerate(rapids) if rapid["whirlpool"]}
        assert sorted(whirlpools.values()) == ["inside", "outside"]
        assert any(set(whirlpools) <= set(half) for half in WHIRLPOOL_HALVES)
        assert all(CLASSES[0] <= rapid["class"] <= CLASSES[1] for rapid in rapids)
    assert state == a_race(), "determinizing changed the real race"


def test_an_open_course_is_not_redrawn():
    state = a_race(hidden=False)
    assert RACE.determinize(state, "canoe-1", RandomChance(1)) == state


def test_the_odds_give_each_canoe_a_share_with_the_number_of_playouts_and_a_margin():
    odds = race_odds(a_race(), playouts=300)
    assert odds.playouts == 300
    assert set(odds.win) == set(ROLES)
    assert 0.95 < sum(odds.win.values()) < 1.001  # rounded; a race may end with every canoe out
    assert 0 < odds.margin < 0.06
    assert odds == race_odds(a_race(), playouts=300), "the same seed gives the same odds"
    assert odds.as_dict() == {"playouts": 300, "margin": odds.margin, "win": odds.win}


def test_a_finished_race_is_won_by_its_winner_for_certain():
    state = a_race(hidden=False)
    final = RACE.playout(state, RandomChance(4))
    odds = race_odds(final, playouts=50)
    assert odds.win[RACE.winner(final)] == 1.0
    assert odds.margin == 0


def test_the_odds_need_a_playout():
    with pytest.raises(Exception, match="at least one playout"):
        race_odds(a_race(), playouts=0)
