"""M4: no position leaves a canoe without a legal move for ever, so every trip can still end.

Two checks: every place on the board a canoe can be (each space, each way it came in, each
Unmapped Region exit barred or none) has a move for some throw in calm weather; and short
three-canoe trips played with random legal actions all end within a bound worked out from the
board.
"""

from __future__ import annotations

import pytest

from chase.engines.chance import RandomChance
from chase.engines.moosehead import ENGINE, random_action
from chase.engines.moosehead.moves import reachable
from tests.chase.engines.moosehead_helpers import BOARD, put, setting, trip

SPACES = len(BOARD.spaces)
LINKS = sum(len(BOARD.out[s]) for s in BOARD.spaces)
# A random walk on a connected graph of n spaces and m links visits every space within
# 2·m·(n−1) steps on average (Aleliunas et al., 1979; m counted here each way, which only
# raises the bound). A random canoe has to reach a few
# campsites and then the dock: within a cover of the board. Each of its moves is at most two
# actions (throw, choose) plus a throw that makes no move for each, and the three canoes take
# turns: 3 · 3 · 2·m·(n−1) actions (511,560 on the standard board's 117 spaces; the trips
# take a few thousand).
PLAYERS = 3
BOUND = PLAYERS * 3 * 2 * LINKS * (SPACES - 1)


def _places():
    """(space, came from) for every way onto every space a canoe can end a move on."""
    came_from = {s: {None} for s in BOARD.spaces}
    for space in BOARD.spaces:
        for link in BOARD.out[space]:
            came_from[link.to].add(space)
    for space, ways in came_from.items():
        if space == BOARD.dock:
            continue
        for came in sorted(ways, key=lambda w: -1 if w is None else w):
            yield space, came


@pytest.mark.parametrize("barred", [None, *sorted(BOARD.entries)])
def test_every_place_on_the_board_has_a_way_on_in_calm_weather(barred):
    state = setting(trip(), weather="calm")
    stuck = []
    for space, came in _places():
        placed = put(state, at=space, trail=[] if came is None else [came], barred=barred)
        canoe = placed["players"][0]
        can_enter = space in BOARD.entries and space != barred
        if not can_enter and not any(reachable(placed, canoe, die) for die in range(1, 7)):
            stuck.append((space, came))

    assert stuck == []


@pytest.mark.parametrize("seed", range(8))
def test_short_trips_of_random_paddlers_all_end(seed):
    chance = RandomChance(seed, record=False)
    state = ENGINE.new_game({"players": PLAYERS, "variant": "short"}, chance).state
    for _ in range(BOUND):
        if ENGINE.status(state) == "finished":
            break
        role = state["players"][state["current"]]["role"]
        state = ENGINE.apply(state, role, random_action(state, role, chance), chance).state
    else:
        raise AssertionError(f"the trip did not end within {BOUND} actions")
    assert ENGINE.winner(state) is not None
