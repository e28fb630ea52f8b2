"""A Moosehead playout (the computer at every seat, one copy played in place, no events or labels)
ends exactly as stepping through `apply` with `computer_action` does, for every variant and from
any position, and a seeded odds' playouts end in the very trips they ended in before the playout
was made faster."""

from __future__ import annotations

import copy
import hashlib
import json

import pytest

from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.moosehead import ENGINE, random_action
from chase.engines.odds import win_odds


def whose_turn(state):
    return state["players"][state["current"]]["role"]


def stepped(state, chance):
    while ENGINE.status(state) == "playing":
        role = whose_turn(state)
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state
    return state


def digest(state):
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("variant", "players", "random_steps"),
    [
        ("standard", 3, 0),
        ("standard", 3, 70),
        ("standard", 2, 150),
        ("short", 4, 40),
        ("short_none", 6, 90),
        ("long", 2, 30),
        ("all_night", 3, 110),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_playout_ends_as_stepping_through_apply_does(variant, players, random_steps, seed):
    state = ENGINE.new_game({"players": players, "variant": variant}, RandomChance(seed)).state
    moves = RandomChance(seed + 100)
    for _ in range(random_steps):  # a position reached by random paddlers first
        if ENGINE.status(state) == "finished":
            break
        role = whose_turn(state)
        state = ENGINE.apply(state, role, random_action(state, role, moves), moves).state
    before = copy.deepcopy(state)

    recorded = RandomChance(seed + 200)
    played = ENGINE.playout(state, recorded)

    assert state == before, "a playout changed the state it started from"
    chance = ScriptedChance(recorded.outcomes)
    assert played == stepped(state, chance)
    assert chance.remaining == 0
    assert ENGINE.status(played) == "finished"


# The final states of six seeded playouts (each from a trip determinized afresh, as the odds
# play them) from a new trip of each variant, as the playout ended them before it was made
# faster: the seeded trips must not change (a stored seed's odds stay what they were).
PINNED = {
    ("standard", 3): "df6ba896a3bfc8f7 9f5285e683322c97 feeaddbee535bb04 "
    "542797864ba0d832 8df21f7ddafa68a5 919fa0197ce61703",
    ("long", 2): "03d4b514f5836d79 6dc850ebd4e59296 b3952db7ba8db0f3 "
    "981e057b1351383e 75204423c6793c3a 3ae6617ba7d8a8c6",
    ("all_night", 4): "bdbf852bab17749a b8610bd1c487adab ae78691095741c2b "
    "33232ae03a2dd411 e876aad9ffa01bb3 eb1cf41e3f35318a",
    ("short", 3): "12714ecf2e58ae96 c79f3b8536df99ab 5e9400d1394b5248 "
    "fc5ad38eb7493dd8 e7eab2c774d478f9 2231ac629f14a644",
    ("short_none", 6): "32d142386639bdd5 05480c8ff76205f2 82ae81fc4c5f11c9 "
    "a9ffc00aae7a8e87 29df2af7d11bc3b7 b0dcbfc97c2b1326",
}


@pytest.mark.parametrize(("variant", "players"), list(PINNED))
def test_seeded_playouts_end_in_the_same_trips_as_before_the_playout_was_made_faster(
    variant, players
):
    start = ENGINE.new_game({"players": players, "variant": variant}, RandomChance(7)).state
    chance = RandomChance(99, record=False)
    finals = []
    for _ in range(6):
        world = ENGINE.determinize(start, "canoe-1", chance)
        finals.append(digest(ENGINE.playout(world, chance)))
    assert " ".join(finals) == PINNED[variant, players]


def test_the_odds_of_the_benchs_start_are_what_they_were_before_the_playout_was_made_faster():
    start = ENGINE.new_game({"players": 3}, RandomChance(2024)).state
    sides = ["canoe-1", "canoe-2", "canoe-3"]
    odds = win_odds(ENGINE, start, "canoe-1", sides=sides, playouts=100, seed=1)
    assert odds.as_dict() == {
        "playouts": 100,
        "margin": 0.0935,
        "win": {"canoe-1": 0.35, "canoe-2": 0.31, "canoe-3": 0.34},
    }
