"""The balance lab's arithmetic (chase.engines.lab): counts, shares, Wilson intervals and game
lengths, on a scripted engine whose every game is known in advance."""

from __future__ import annotations

import pytest

from chase.engines import lab
from chase.engines.base import GameEngine
from chase.engines.race import ENGINE as RACE


class ScriptedEngine(GameEngine):
    """A two-seat game whose game `i` ends after `lengths[i]` turns, won by `winners[i]`
    (None: nobody), whatever the dice; it records the seed each game was set up with."""

    kind = "scripted"

    def __init__(self, winners, lengths):
        self.winners, self.lengths, self.seeds = winners, lengths, []

    def roles(self, options):
        return ["trapper", "indian"]

    def setup(self, options, chance):
        index = len(self.seeds)
        self.seeds.append(chance._rng.random())
        return type("Outcome", (), {"state": {"index": index}})()

    def playout(self, state, chance):
        i = state["index"]
        return {"index": i, "turn": self.lengths[i], "winner": self.winners[i]}

    def winner(self, state):
        return state["winner"]


def test_a_run_counts_each_winner_and_the_games_nobody_won():
    engine = ScriptedEngine(["trapper"] * 7 + ["indian"] * 2 + [None], list(range(1, 11)))
    tallies = lab.play(engine, {}, seed=0, start=0, count=10, tallies=lab.empty_tallies(engine, {}))
    assert tallies == {
        "games": 10,
        "wins": {"trapper": 7, "indian": 2, "none": 1},
        "seats": {"trapper": 7, "indian": 2},
        "length": 55,
    }
    found = lab.result(tallies)
    assert found["wins"] == {"trapper": 0.7, "indian": 0.2, "none": 0.1}
    assert found["mean_length"] == 5.5
    assert found["won_games"] == 9
    assert found["won"] == {"trapper": round(7 / 9, 4), "indian": round(2 / 9, 4)}
    assert found["won_intervals"]["trapper"] == [round(x, 4) for x in lab.wilson(7, 9)]


def test_a_run_played_in_chunks_counts_as_a_run_played_at_once():
    winners = ["trapper", "indian", None, "trapper", "trapper"]
    whole, split = ScriptedEngine(winners, [3] * 5), ScriptedEngine(winners, [3] * 5)
    at_once = lab.play(whole, {}, seed=4, start=0, count=5, tallies=lab.empty_tallies(whole, {}))
    chunk = lab.play(split, {}, seed=4, start=0, count=2, tallies=lab.empty_tallies(split, {}))
    chunk = lab.play(split, {}, seed=4, start=2, count=3, tallies=chunk)
    assert chunk == at_once
    assert split.seeds == whole.seeds  # game i plays with the same seed either way


def test_the_seed_of_a_game_depends_on_the_run_seed_and_its_number_only():
    assert lab.game_seed(7, 3) == lab.game_seed(7, 3)
    assert len({lab.game_seed(s, i) for s in (0, 1) for i in (0, 1)}) == 4


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Worked by hand: p = 0.71, n = 2000, z = 1.96: centre 0.70960, half 0.01987.
        (1420, 2000, 0.6897, 0.7295),
        (0, 10, 0.0, 0.2775),  # never: the interval still reaches above 0
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_the_wilson_interval_of_a_share(wins, games, low, high):
    found = lab.wilson(wins, games)
    assert found == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))


def test_the_margin_is_the_widest_half_interval():
    found = lab.result(
        {"games": 10, "wins": {"trapper": 5, "indian": 5, "none": 0}, "seats": {}, "length": 10}
    )
    assert found["intervals"]["trapper"] == [0.2366, 0.7634]
    assert found["margin"] == pytest.approx((0.7634 - 0.2366) / 2, abs=1e-4)


@pytest.mark.parametrize(
    ("winner", "group"),
    [("canoe-1", "inside"), ("canoe-2", "outside"), ("canoe-3", "inside"), (None, "none")],
    ids=["R3 first starter inside", "R3 second outside", "R3 third inside", "R8 nobody"],
)
def test_a_race_counts_its_winner_by_the_track_it_started_on(winner, group):
    assert lab.group_of(RACE, winner) == group


def test_a_real_race_run_is_the_same_twice():
    options = RACE.clean_options({"canoes": 2})
    first = lab.play(
        RACE, options, seed=1, start=0, count=20, tallies=lab.empty_tallies(RACE, options)
    )
    again = lab.play(
        RACE, options, seed=1, start=0, count=20, tallies=lab.empty_tallies(RACE, options)
    )
    assert first == again
    assert sum(first["wins"].values()) == 20
    assert set(first["wins"]) == {"inside", "outside", "none"}
