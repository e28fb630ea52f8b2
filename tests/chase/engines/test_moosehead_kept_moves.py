"""The moves a throw reaches are searched once per board for what they depend on and kept
(`moves.reachable`): kept moves must be the moves searched afresh, in every position."""

from __future__ import annotations

import pytest

from chase.engines.chance import RandomChance
from chase.engines.moosehead import ENGINE
from chase.engines.moosehead.moves import reachable, throw_for
from chase.engines.moosehead.state import board, current


def moves_of(state, player, number):
    return [
        (m["to"], m["path"], m["camp"], m["walk"].seen, m["walk"].scored, m["walk"].goals)
        for m in reachable(state, player, number)
    ]


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, {"players": 3}), (2, {"players": 4, "variant": "long"}), (3, {"players": 2})],
)
def test_kept_moves_are_the_moves_searched_afresh(seed, options):
    """Every throw of computer trips, every number the die could give there: the moves the
    board kept from other positions (same space, number, weather class...) equal a fresh
    search with nothing kept."""
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    checked = 0
    for _ in range(400):
        if ENGINE.status(state) == "finished":
            break
        player = current(state)
        if state["phase"] == "throw":
            b = board(state)
            for die in range(1, 7):
                number = throw_for(state, player, die).number
                if number <= 0:
                    continue
                kept = moves_of(state, player, number)
                keeping, b.reach = b.reach, {}  # searched afresh, then the kept ones back
                try:
                    fresh = moves_of(state, player, number)
                finally:
                    b.reach = keeping
                assert kept == fresh, (die, player["at"])
                checked += 1
        role = player["role"]
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state
    assert checked > 100
