"""The Moosehead trip's win odds: the piles' unseen order dealt afresh (determinize) and the
computer at every seat played to the end (playout)."""

from __future__ import annotations

import copy

import pytest

from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.moosehead import ENGINE
from chase.engines.moosehead.tables import SHUFFLE
from chase.engines.odds import win_odds

ROLES = ["canoe-1", "canoe-2", "canoe-3"]


def whose_turn(state):
    return state["players"][state["current"]]["role"]


def played(seed, actions):
    """A computer trip `actions` actions in (or its end)."""
    chance = RandomChance(seed)
    state = ENGINE.new_game({"players": 3}, chance).state
    for _ in range(actions):
        if ENGINE.status(state) == "finished":
            break
        role = whose_turn(state)
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state
    return state


@pytest.mark.parametrize(("seed", "actions"), [(1, 0), (2, 40), (3, 90), (4, 150)])
def test_the_playout_ends_where_stepping_through_apply_ends_with_the_same_chance(seed, actions):
    start = played(seed, actions)
    before = copy.deepcopy(start)
    recorded = RandomChance(seed * 7)
    final = ENGINE.playout(start, recorded)
    assert start == before, "the playout changed its input"

    chance = ScriptedChance(recorded.outcomes)
    state = start
    while ENGINE.status(state) == "playing":
        role = whose_turn(state)
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state
    assert chance.remaining == 0
    assert ENGINE.status(final) == "finished"
    assert final == state


@pytest.mark.parametrize("actions", [0, 60, 120])
@pytest.mark.parametrize("role", [*ROLES, None])
def test_determinize_never_changes_what_the_asking_seat_sees(actions, role):
    state = played(11, actions)
    chance = RandomChance(5)
    for _ in range(20):
        world = ENGINE.determinize(state, role, chance)
        assert ENGINE.seat_view(world, role) == ENGINE.seat_view(state, role)
        for pile, cards in world["piles"].items():
            cut = state["piles"][pile].index(SHUFFLE)
            assert sorted(cards[:cut]) == sorted(state["piles"][pile][:cut])
            assert cards[cut:] == state["piles"][pile][cut:]  # seen going back: known order


def test_determinize_deals_the_unseen_part_of_the_piles_afresh():
    state = played(11, 0)
    orders = {
        tuple(ENGINE.determinize(state, "canoe-1", RandomChance(s))["piles"]["camp"])
        for s in range(5)
    }
    assert len(orders) > 1


def test_two_trips_that_differ_only_in_the_piles_order_give_the_same_odds():
    state = played(12, 30)
    other = copy.deepcopy(state)
    for cards in other["piles"].values():
        cut = cards.index(SHUFFLE)
        cards[:cut] = cards[:cut][::-1]
    assert other != state

    first = win_odds(ENGINE, state, "canoe-2", sides=ROLES, playouts=30, seed=3)
    second = win_odds(ENGINE, other, "canoe-2", sides=ROLES, playouts=30, seed=3)

    assert first == second
    assert sum(first.win.values()) == pytest.approx(1.0, abs=0.001)  # a trip always has a winner
