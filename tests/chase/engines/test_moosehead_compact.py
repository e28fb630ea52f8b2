"""The compact playout (`moosehead.compact`) ends every trip in the very state `computer.playout`
ends it in, drawing the same die and cards: over many seeds, for every variant the lobby offers
and from the start, mid-trip and late in the trip, each position determinized afresh as the win
odds play it. Each test runs on the playout as written in Python and, when `make compile` built
it, on its compiled twin (mypyc)."""

from __future__ import annotations

import copy
import os
import pathlib
import random

import pytest

from chase.engines.chance import RandomChance
from chase.engines.moosehead import ENGINE, compact, computer
from chase.engines.moosehead.board import board_of
from chase.engines.moosehead.tables import DIAL
from tests.conftest import missing_service

TWIN = compact.compiled_twin()  # None unless `make compile` built it from this source
PLAYOUTS = [compact.trip_playout] + ([TWIN.trip_playout] if TWIN is not None else [])
each_playout = pytest.mark.parametrize(
    "playout", PLAYOUTS, ids=["python", "compiled"][: len(PLAYOUTS)]
)

VARIANTS = [
    {"players": 3},
    {"players": 6},
    {"variant": "short", "players": 5},
    {"variant": "short_none", "players": 2},
    {"variant": "long"},
    {"variant": "long", "players": 6},
    {"variant": "all_night"},
    {"variant": "all_night", "players": 6},
]


def positions(options, seed):
    """A new trip, and the positions the computer reaches a third and two thirds into it."""
    moves = RandomChance(1000 + seed)
    state = ENGINE.new_game(options, moves).state
    states = [state]
    while ENGINE.status(state) == "playing":
        role = ENGINE.seat_to_act(state)
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, moves), moves).state
        states.append(state)
    return [states[0], states[len(states) // 3], states[2 * len(states) // 3]]


@each_playout
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_compact_playout_ends_as_the_computers_does(options, playout):
    for seed in range(6):
        for position in positions(options, seed):
            world = ENGINE.determinize(position, ENGINE.seat_to_act(position), RandomChance(seed))
            before = copy.deepcopy(world)
            old, new = RandomChance(seed, record=False), RandomChance(seed, record=False)
            assert playout(world, new) == computer.playout(world, old)
            assert world == before, "the compact playout changed the state it started from"
            assert new.roll(10**9) == old.roll(10**9), "the two drew differently"


def test_the_engine_plays_out_compactly(monkeypatch):
    calls = []

    def counted(state, chance):
        calls.append(state)
        return played(state, chance)

    played = compact.playout
    monkeypatch.setattr(compact, "playout", counted)
    state = ENGINE.new_game({"players": 4}, RandomChance(3)).state
    world = ENGINE.determinize(state, ENGINE.seat_to_act(state), RandomChance(4))
    final = ENGINE.playout(world, RandomChance(5, record=False))
    assert calls == [world]
    assert final == computer.playout(world, RandomChance(5, record=False))


def scattered(options, seed):
    """A new trip with every canoe put on a space drawn at random (not the dock, no two on one
    space), with no trail: the Unmapped Region's edge, the portages, Raven Rock and the other
    places the computer's own trips seldom stop at."""
    state = ENGINE.new_game(options, RandomChance(2000 + seed)).state
    b = board_of(state["board"])
    spaces = sorted(s for s in b.spaces if s != b.dock)
    drawn = random.Random(seed).sample(spaces, len(state["players"]))
    for player, space in zip(state["players"], drawn, strict=True):
        player["at"] = space
    state["weather"] = seed % len(DIAL)
    return state


@each_playout
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_compact_playout_ends_as_the_computers_does_from_anywhere(options, playout):
    ends_as_the_computers(playout, scattered, options)


def ends_as_the_computers(playout, place, options):
    """From 12 positions `place(options, seed)` makes, the compact playout and the computer's
    end the same and draw the same dice."""
    for seed in range(12):
        world = place(options, seed)
        old, new = RandomChance(seed, record=False), RandomChance(seed, record=False)
        assert playout(world, new) == computer.playout(world, old)
        assert new.roll(10**9) == old.roll(10**9), "the two drew differently"


def crowded(options, seed):
    """A new trip with its canoes on neighbouring spaces (the first reached in a breadth-first
    run of the board from a space drawn at random), their points drawn: many moves end on a
    taken space, and a canoe with more points than the canoe there is sent on ahead past the
    others (M4), the search ahead that the compact playout keeps per board."""
    state = ENGINE.new_game(options, RandomChance(3000 + seed)).state
    b = board_of(state["board"])
    draw = random.Random(seed)
    start = draw.choice(sorted(s for s in b.spaces if s != b.dock))
    near, queue = [start], [start]
    while queue and len(near) < len(state["players"]):
        for link in b.out[queue.pop(0)]:
            if link.to != b.dock and link.to not in near:
                near.append(link.to)
                queue.append(link.to)
    for player, space in zip(state["players"], near, strict=False):
        player["at"] = space
        player["points"] = draw.randrange(12)
    return state


@each_playout
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_compact_playout_ends_as_the_computers_does_from_a_crowd(options, playout):
    ends_as_the_computers(playout, crowded, options)


def test_the_compiled_twin_is_built_and_run():
    """`make compile` built the twin of this very source, and the odds' playout runs it (unless
    FRONTIER_PURE_PYTHON=1 asks for the Python)."""
    if TWIN is None:
        missing_service("Moosehead's playout is not compiled (make compile: mypyc, a C compiler)")
    assert TWIN.__file__.endswith(".so")
    assert compact.COMPILED is (None if os.environ.get("FRONTIER_PURE_PYTHON") == "1" else TWIN)


def test_a_twin_built_from_another_source_is_not_run(monkeypatch, tmp_path):
    """The twin is found by the digest of the source: were the source changed since
    `make compile`, its build is left alone and the playout runs in Python."""
    changed = tmp_path / "compact.py"
    changed.write_bytes(pathlib.Path(compact.__file__).read_bytes() + b"# changed\n")
    monkeypatch.setattr(compact, "__file__", str(changed))
    assert compact.compiled_twin() is None


@each_playout
def test_trips_with_other_dials_on_one_board_keep_their_own_aims(playout):
    """An all-night trip's aims are kept per board by the dial's index: a trip with another dial
    on the same board (a longer one, then the seed's again) must not read the other's."""
    longer = [*reversed(DIAL), "calm", "calm"]
    for dial in (list(DIAL), longer, list(DIAL)):
        for seed in range(4):
            options = {"variant": "all_night", "players": 4, "dial": dial}
            state = ENGINE.new_game(options, RandomChance(seed)).state
            world = ENGINE.determinize(state, ENGINE.seat_to_act(state), RandomChance(seed))
            old, new = RandomChance(seed, record=False), RandomChance(seed, record=False)
            assert playout(world, new) == computer.playout(world, old)
