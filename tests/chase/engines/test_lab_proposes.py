"""The lab proposes (chase.engines.lab, issue 38): it tries the values of one option and picks
the one whose chosen group's share of the games won is closest to even, with its interval and
the games played; on a toy game whose every answer is known, then on a small seeded race."""

from __future__ import annotations

import pytest

from chase.engines import lab
from chase.engines.base import GameEngine, Option
from chase.engines.race import ENGINE as RACE
from chase.games import get_engine

SLOTS = 8


class HeadStartEngine(GameEngine):
    """A toy chase: of every eight games in a row the trapper wins `8 - head_start` and the
    Indians the rest, whatever the dice; so the trapper's share is (8 − head start) / 8
    exactly, and a head start of 4 is the even one."""

    kind = "toy"
    options = (Option("head_start", "int", 0, min=0, max=SLOTS),)

    def __init__(self):
        self.played = 0

    def roles(self, options):
        return ["trapper", "indian"]

    def setup(self, options, chance):
        state = {"head_start": options["head_start"], "slot": self.played % SLOTS, "turn": 1}
        self.played += 1
        return type("Outcome", (), {"state": state})()

    def playout(self, state, chance):
        won = "trapper" if state["slot"] >= state["head_start"] else "indian"
        return {**state, "status": "finished", "winner": won}

    def odds_sides(self, options):
        return ["trapper", "indian"]


def toy_tallies(trapper: int, indian: int, none: int = 0) -> dict:
    games = trapper + indian + none
    wins = {"trapper": trapper, "indian": indian, "none": none}
    return {"games": games, "wins": wins, "seats": {}, "length": games}


def test_the_toy_search_proposes_the_head_start_that_evens_the_chase():
    engine = HeadStartEngine()
    values = lab.candidates(engine.option("head_start"))
    assert values == list(range(9))  # a short range: every value
    found = lab.search(engine, {}, "head_start", values, "trapper", seed=1, games=80)
    assert found["value"] == 4
    assert found["share"] == 0.5 and found["games"] == 80 and found["won_games"] == 80
    low, high = found["interval"]
    assert low < 0.5 < high
    shares = [row["share"] for row in found["candidates"]]
    assert shares == [(SLOTS - h) / SLOTS for h in values]  # each value's own measure


def test_values_the_games_cannot_tell_from_the_proposal_are_named():
    engine = HeadStartEngine()
    found = lab.search(engine, {}, "head_start", list(range(9)), "trapper", seed=1, games=80)
    # 80 games each: 3 (62.5%) and 5 (37.5%) overlap the proposal's interval, 2 and 6 do not
    assert found["close"] == [3, 5]
    assert found["even"] == [4]  # 62.5% of 80: 51.6-72.4%
    few = lab.search(engine, {}, "head_start", list(range(9)), "trapper", seed=1, games=16)
    assert few["value"] == 4 and few["even"] == [3, 4, 5]  # 62.5% of 16: 38.6-81.5%
    many = lab.search(engine, {}, "head_start", list(range(9)), "trapper", seed=1, games=800)
    assert many["value"] == 4 and many["close"] == [] and many["even"] == [4]


def test_the_share_evened_is_of_the_games_someone_won():
    measured = [("short", toy_tallies(30, 10, 60)), ("long", toy_tallies(55, 45, 0))]
    found = lab.propose("trapper", measured)
    # short: 75% of the 40 games won (though only 30% of all); long: 55% of 100
    assert found["value"] == "long" and found["share"] == 0.55 and found["won_games"] == 100
    assert found["candidates"][0]["won_games"] == 40


def test_equally_close_values_go_to_the_first_tried():
    measured = [(1, toy_tallies(6, 4)), (2, toy_tallies(4, 6))]
    assert lab.propose("trapper", measured)["value"] == 1


def test_a_search_needs_something_to_try():
    with pytest.raises(ValueError, match="at least one value"):
        lab.propose("trapper", [])


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        (Option("x", "bool", False), [False, True]),
        (Option("x", "choice", "a", choices=(("a", "A"), ("b", "B"))), ["a", "b"]),
        (Option("x", "int", 2, min=1, max=3), [1, 2, 3]),
        (Option("x", "int", 24, min=12, max=48), [12, 16, 21, 26, 30, 34, 39, 44, 48]),
    ],
    ids=["yes or no", "a choice", "a short range", "a long range spread, ends included"],
)
def test_the_values_a_search_tries(option, expected):
    assert lab.candidates(option) == expected


def test_only_whole_game_numbers_choices_and_yes_or_no_are_searched():
    assert [o.name for o in lab.searchable(RACE)] == [
        "canoes",
        "leg_length",
        "outside_extra",
        "hidden",
    ]


def test_a_value_that_others_follow_takes_them_along():
    six = lab.with_value(RACE, RACE.clean_options({}), "canoes", 6)
    assert len(six["names"]) == 6  # the crews follow the number of canoes
    renamed = RACE.clean_options(
        {"names": [{"canoe": f"C{i}", "colony": f"K{i}"} for i in range(4)]}
    )
    assert lab.with_value(RACE, renamed, "leg_length", 30)["names"] == renamed["names"]


def test_a_small_seeded_race_search_proposes_from_the_labs_own_measure():
    options = RACE.clean_options({})
    found = lab.search(RACE, options, "leg_length", [12, 24, 36], "outside", seed=5, games=60)
    for row in found["candidates"]:  # each value measured as an ordinary lab run measures it
        cleaned = RACE.clean_options({"leg_length": row["value"]})
        tallies = lab.play(
            RACE, cleaned, seed=5, start=0, count=60, tallies=lab.empty_tallies(RACE, cleaned)
        )
        assert row["wins"] == tallies["wins"]["outside"]
        assert row["won_games"] == 60 - tallies["wins"]["none"]
    nearest = min(found["candidates"], key=lambda row: abs(row["share"] - 0.5))
    assert found["value"] == nearest["value"] and found["share"] == nearest["share"]
    again = lab.search(RACE, options, "leg_length", [12, 24, 36], "outside", seed=5, games=60)
    assert again == found


@pytest.mark.parametrize(
    ("kind", "name", "group", "tried", "values"),
    [
        pytest.param(
            "pelts", "head_start", "trapper", [0, 3, 6, 9, 12, 15, 18, 21, 24], [0, 24],
            id="P1-the-trappers-head-start",
        ),
        pytest.param(
            "race", "outside_extra", "outside", [-12, -9, -6, -3, 0, 3, 6, 9, 12], [-12, 12],
            id="R3-the-outside-starters-extra-inches",
        ),
    ],
)  # fmt: skip
def test_the_lab_searches_the_starts_and_each_value_changes_the_balance(
    kind, name, group, tried, values
):
    engine = get_engine(kind)
    option = engine.option(name)
    assert option in lab.searchable(engine)
    assert lab.candidates(option) == tried  # the seed's value (9", 0") among them
    assert engine.clean_options({})[name] in tried
    options = engine.clean_options({})
    found = lab.search(engine, options, name, values, group, seed=3, games=60)
    less, more = found["candidates"]
    # More head start helps the trappers; more inches behind hurts the outside starters.
    if name == "head_start":
        assert less["share"] < more["share"] and found["value"] == values[0]
    else:
        assert less["share"] > more["share"] and found["value"] == values[1]
    for row in found["candidates"]:  # each value measured as an ordinary lab run measures it
        cleaned = engine.clean_options({name: row["value"]})
        tallies = lab.play(
            engine, cleaned, seed=3, start=0, count=60, tallies=lab.empty_tallies(engine, cleaned)
        )
        assert row["wins"] == tallies["wins"][group]
