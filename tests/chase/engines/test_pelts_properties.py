"""Pelts, Paddling and Powder: whole random games keep every invariant after every action."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from chase.engines.chance import RandomChance
from chase.engines.pelts import ENGINE, cards, random_action, seats_to_act
from chase.engines.pelts.model import hand_limit, odd_only

MAX_STEPS = 5000
PLAYERS = {"computer": ENGINE.computer_action, "random": random_action}

options = st.fixed_dictionaries(
    {
        "layout": st.lists(st.sampled_from(["straight", "bend"]), min_size=3, max_size=8),
        "obstacles": st.integers(0, 5),
        "rocks": st.integers(0, 5),
        "trapper_canoes": st.integers(1, 2),
        "indian_canoes": st.integers(1, 3),
        "trapper_ace": st.booleans(),
        "quick_tests": st.booleans(),
    }
)
players = st.fixed_dictionaries(
    {"trapper": st.sampled_from(sorted(PLAYERS)), "indian": st.sampled_from(sorted(PLAYERS))}
)


def check_invariants(state):
    json.dumps(state)
    held = state["hands"]["trapper"] + state["hands"]["indian"]
    assert Counter(held + state["draw"] + state["discard"]) == Counter(cards.FULL_DECK)
    for side in ("trapper", "indian"):
        if state["status"] == "playing":
            assert len(state["hands"][side]) <= hand_limit(state, side)
        for boat in state["canoes"][side]:
            assert 0 <= boat["position"] <= state["river"]["length"]
    if state["status"] == "finished":
        assert state["winner"] in ("trapper", "indian") and state["pending"] is None
    else:
        assert state["winner"] is None and seats_to_act(state)
    check_views(state)


def check_views(state):
    for seat, other in (("trapper", "indian"), ("indian", "trapper")):
        seen = ENGINE.seat_view(state, seat)
        assert seen["hands"][seat] == state["hands"][seat]
        assert seen["hands"][other] == len(state["hands"][other])
        text = json.dumps(seen)
        assert not [c for c in state["hands"][other] if f'"{c}"' in text]
        pending = seen["pending"]
        if pending and pending["kind"] == "test":
            hidden = state["pending"]["signs"][other]
            assert pending["your_sign"] == state["pending"]["signs"][seat]
            assert hidden is None or pending["signed"][other] is True
    spectator = ENGINE.seat_view(state, None)
    assert all(isinstance(n, int) for n in spectator["hands"].values())
    assert spectator["pending"] is None or spectator["pending"].get("your_sign") is None


def check_move(state, seat, action):
    """P5: a canoe with a rower down (or no paddle) never moves on an even card."""
    if action["type"] == "move":
        boat = state["canoes"][seat][action["canoe"]]
        if odd_only(boat):
            assert cards.move_value(action["card"]) % 2 == 1


def play(options, players, seed):
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    check_invariants(state)
    for _ in range(MAX_STEPS):
        if ENGINE.status(state) == "finished":
            return state
        seats = seats_to_act(state)
        seat = seats[chance.randint(0, len(seats) - 1)]
        legal = ENGINE.legal_actions(state, seat)
        action = PLAYERS[players[seat]](state, seat, chance)
        assert action in legal
        check_move(state, seat, action)
        state = ENGINE.apply(state, seat, action, chance).state
        check_invariants(state)
    raise AssertionError(f"the chase did not end in {MAX_STEPS} actions")


@settings(max_examples=50, deadline=None)
@given(options=options, players=players, seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_card_and_hand_and_secret_in_order(options, players, seed):
    state = play(options, players, seed)
    assert ENGINE.winner(state) in ("trapper", "indian")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_apply_never_changes_the_state_it_is_given(seed):
    chance = RandomChance(seed)
    state = ENGINE.new_game({}, chance).state
    for _ in range(300):
        if ENGINE.status(state) == "finished":
            break
        seat = seats_to_act(state)[0]
        action = random_action(state, seat, chance)
        before = json.dumps(state, sort_keys=True)
        after = ENGINE.apply(state, seat, action, chance).state
        assert json.dumps(state, sort_keys=True) == before
        state = after
