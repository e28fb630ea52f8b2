"""Properties of whole trips: many random trips, every action checked against the rules (that a
trip replays exactly from its recorded chance is checked for every game by the conformance
suite, tests/chase/test_conformance.py)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

from chase.engines.chance import RandomChance
from chase.engines.moosehead import ENGINE, random_action
from chase.engines.moosehead.board import board_data, board_of
from chase.engines.moosehead.tables import CARD, DESTINATION, DIAL, SHUFFLE

MAX_STEPS = 5000  # a six-canoe all-night trip takes about 1,300 actions
SCORING = {"card", "attraction", "camp"}
EVERY_CARD = Counter([*CARD, *DESTINATION, SHUFFLE, SHUFFLE, SHUFFLE])

trips = settings(max_examples=40, deadline=None)
trip_options = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "nights": st.integers(1, 3),
        "variant": st.sampled_from(["standard", "short", "long", "all_night"]),
    }
)
policies = st.sampled_from(["computer", "mixed"])


def choose(state, role, chance, policy):
    """The computer at every seat, or on odd seats with random paddlers on even ones."""
    seat = int(role.split("-")[1])
    if policy == "computer" or seat % 2:
        return ENGINE.computer_action(state, role, chance)
    return random_action(state, role, chance)


def frozen_without_board(state):
    """The state as JSON, less the board data (checked once at the end: it is large)."""
    return json.dumps({k: v for k, v in state.items() if k != "board"}, sort_keys=True)


def whose_turn(state):
    return state["players"][state["current"]]["role"]


def check_scores(before, after, events):
    """Points change only by cards, attractions and camps, by what the log says."""
    told = Counter()
    for event in events:
        if event.get("points"):
            assert event["kind"] in SCORING, event
            told[event["seat"]] += event["points"]
    for was, now in zip(before["players"], after["players"], strict=True):
        assert now["points"] - was["points"] == told[now["role"]], now["role"]


def check_weather(before, after, role, events):
    """The dial moves one space per 6 thrown and per advance with every canoe on an island."""
    sixes = sum(1 for e in events if e["kind"] == "throw" and e["die"] == 6)
    islands = [e for e in events if e["kind"] == "weather"]
    assert all(e["cause"] == "islands" for e in islands)
    assert all(e["seat"] == role for e in events if e["kind"] == "throw")
    moved = (after["weather"] - before["weather"]) % len(DIAL)
    assert moved == (sixes + len(islands)) % len(DIAL)
    for event in islands:
        assert event["text"].startswith("Every canoe is on an island")


def check_table(state):
    """No two canoes share a space but a campsite or the dock; no card is lost or doubled; only
    the canoe whose turn it is may act."""
    board = board_of(state["board"])
    places = Counter(p["at"] for p in state["players"])
    for space, count in places.items():
        assert count == 1 or space in board.shareable, f"{count} canoes on space {space}"
    held = [p["destination"] for p in state["players"] if p["destination"]]
    heroes = ["camp-hero" for p in state["players"] if p["hero"]]
    piles = [card for pile in state["piles"].values() for card in pile]
    assert Counter(piles + held + heroes + state["obeyed"]) == EVERY_CARD
    acting = [p["role"] for p in state["players"] if ENGINE.legal_actions(state, p["role"])]
    if state["status"] == "playing":
        assert acting == [whose_turn(state)]
        assert state["winner"] is None
    else:
        assert acting == []
        winner = next(p for p in state["players"] if p["role"] == state["winner"])
        assert winner["at"] == board.dock
        assert all(winner["points"] > p["points"] for p in state["players"] if p is not winner)
    view = ENGINE.seat_view(state, None)
    json.dumps(view)
    assert view["piles"] == {pile: len(cards) for pile, cards in state["piles"].items()}


@trips
@given(options=trip_options, seed=st.integers(0, 2**32 - 1), policy=policies)
# Once a computer waited at Raven Rock for ever, the other canoe windbound on an island.
@example(options={"players": 2, "nights": 1, "variant": "long"}, seed=349, policy="computer")
def test_every_trip_keeps_the_rules_after_every_action_and_ends(options, seed, policy):
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    check_table(state)
    for _ in range(MAX_STEPS):
        if ENGINE.status(state) == "finished":
            break
        role = whose_turn(state)
        action = choose(state, role, chance, policy)
        assert action in ENGINE.legal_actions(state, role)
        frozen = frozen_without_board(state)
        outcome = ENGINE.apply(state, role, action, chance)
        assert frozen_without_board(state) == frozen, "apply changed its input"
        assert all(event["text"] for event in outcome.events)
        check_scores(state, outcome.state, outcome.events)
        check_weather(state, outcome.state, role, outcome.events)
        check_table(outcome.state)
        state = outcome.state
    else:
        raise AssertionError(f"the trip did not end within {MAX_STEPS} actions")
    assert ENGINE.winner(state) is not None
    assert state["board"] == board_data(options.get("board", "standard")), "the board changed"
