"""The abstract chase's win odds: `determinize` never changes what the asking seat sees, and a
`playout` ends exactly as stepping through `apply` with the computer at every seat does."""

from __future__ import annotations

import copy

import pytest

from chase.engines.abstract import ENGINE
from chase.engines.abstract.odds import DOGFIGHT_ROUNDS
from chase.engines.chance import RandomChance
from chase.engines.odds import win_odds

OPTIONS = [
    pytest.param({}, id="canoe"),
    pytest.param({"template": "road"}, id="road"),
    pytest.param({"template": "road", "terrain": "difficult", "length": "extended"}, id="long"),
    pytest.param({"length": "dogfight"}, id="dogfight"),
]


def first_to_act(state):
    roles = ENGINE.roles(state["options"])
    return next(role for role in roles if ENGINE.legal_actions(state, role))


def stepped(state, chance):
    """The computer at every seat, the first seat with something to do acting, through
    `apply`; a dogfight stops as a playout does."""
    last = state["round"] + DOGFIGHT_ROUNDS if state["rounds"] is None else None
    while ENGINE.status(state) == "playing" and (last is None or state["round"] <= last):
        role = first_to_act(state)
        state = ENGINE.apply(state, role, ENGINE.computer_action(state, role, chance), chance).state
    return state


def kinds(state, role):
    return [action["type"] for action in ENGINE.legal_actions(state, role)]


def positions(options, seed, steps=60):
    """The states of a chase played by random legal actions (a person's seat is anyone's)."""
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    states = [state]
    for _ in range(steps):
        if ENGINE.status(state) != "playing":
            break
        role = first_to_act(state)
        state = ENGINE.apply(state, role, ENGINE.random_action(state, role, chance), chance).state
        states.append(state)
    return states


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("seed", range(4))
def test_a_playout_ends_as_stepping_through_apply_does(options, seed):
    for state in positions(options, seed)[::7]:
        before = copy.deepcopy(state)
        played = ENGINE.playout(state, RandomChance(seed + 100, record=False))
        assert state == before, "a playout changed the state it started from"
        assert played == stepped(state, RandomChance(seed + 100))


@pytest.mark.parametrize("options", OPTIONS)
def test_determinize_never_changes_what_the_asking_seat_sees(options):
    roles = [*ENGINE.roles(ENGINE.clean_options(options)), None]
    changed = 0
    for state in positions(options, 9, steps=80):
        for role in roles:
            world = ENGINE.determinize(state, role, RandomChance(5))
            assert ENGINE.seat_view(world, role) == ENGINE.seat_view(state, role), (
                role,
                state["phase"],
            )
            for other in roles:  # every seat still has the same kinds of thing to do
                assert kinds(world, other) == kinds(state, other)
            changed += world["deck"] != state["deck"]
    assert changed, "nothing hidden was ever dealt afresh"


def test_determinize_deals_the_other_seats_cards_afresh_but_never_the_asking_ones():
    chance = RandomChance(3)
    state = ENGINE.new_game({"template": "road"}, chance).state
    while state["phase"] == "roll" and not all(p["rolled"] for p in state["participants"]):
        role = first_to_act(state)
        action = ENGINE.computer_action(state, role, chance)
        if action["type"] == "keep":
            break
        state = ENGINE.apply(state, role, action, chance).state
    drawn = {p["role"]: p["drawn"] for p in state["participants"]}
    assert any(drawn.values()), "somebody drew cards"
    others = set()
    for seed in range(30):
        world = ENGINE.determinize(state, "p1", RandomChance(seed))
        mine = world["participants"][0]["drawn"]
        assert mine == drawn["p1"]
        others.add(tuple(tuple(p["drawn"]) for p in world["participants"][1:]))
        full = (
            world["deck"]
            + world["discard"]
            + [c for p in world["participants"] for c in p["drawn"]]
        )
        assert sorted(full) == sorted(ENGINE.new_game({}, RandomChance(0)).state["deck"])
    assert len(others) > 1 or not any(drawn[r] for r in ("p2", "p3"))
    gm_world = ENGINE.determinize(state, "gm", RandomChance(1))
    assert [p["drawn"] for p in gm_world["participants"]] == list(drawn.values())


def test_the_odds_read_only_what_the_seat_sees():
    """Two chases that differ only in the deck's order give a seat the same odds."""
    state = ENGINE.new_game({"template": "road"}, RandomChance(4)).state
    shuffled = copy.deepcopy(state)
    shuffled["deck"] = list(reversed(shuffled["deck"]))
    sides = ENGINE.odds_sides({"template": "road"})
    first = win_odds(ENGINE, state, "p2", sides=sides, playouts=40, seed=8)
    second = win_odds(ENGINE, shuffled, "p2", sides=sides, playouts=40, seed=8)
    assert first == second


def test_the_odds_are_the_prey_escaping_or_being_caught():
    assert ENGINE.odds_sides({"template": "road"}) == ["courier", "dragoons"]
    assert ENGINE.odds_sides({"template": "road", "prey": "dragoons"}) == ["dragoons", "courier"]
    state = ENGINE.new_game({"template": "road"}, RandomChance(2)).state
    odds = win_odds(ENGINE, state, "gm", sides=["courier", "dragoons"], playouts=50, seed=1)
    assert sum(odds.win.values()) == pytest.approx(1.0)  # a standard chase always ends
    assert odds.playouts == 50
