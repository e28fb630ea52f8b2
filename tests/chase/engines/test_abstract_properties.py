"""Whole random chases: the deck is always complete, hidden cards stay hidden, and a standard
chase ends in five rounds (that a chase replays exactly from its recorded chance is checked for
every game by the conformance suite, tests/chase/test_conformance.py)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from chase.engines.abstract import ENGINE, random_action
from chase.engines.abstract.cards import FULL_DECK
from chase.engines.chance import RandomChance

MAX_STEPS = 3000

dice = st.sampled_from(["d4", "d6", "d8", "d10", "d12"])
passenger = st.fixed_dictionaries({"trait_die": dice, "wild_card": st.booleans()})


@st.composite
def participants(draw):
    count = draw(st.integers(2, 7))
    chosen = []
    for n in range(count):
        side = (
            "hunters"
            if n == 0
            else ("hunted" if n == 1 else draw(st.sampled_from(["hunters", "hunted"])))
        )
        extras = draw(st.one_of(st.none(), st.integers(2, 9)))
        entry = {
            "name": f"Runner {n + 1}",
            "side": side,
            "trait_die": draw(dice),
            "wild_card": extras is None and draw(st.booleans()),
            "top_speed": draw(st.integers(1, 30)),
            "climb": draw(st.one_of(st.none(), st.integers(-2, 3))),
            "extras": extras,
        }
        if extras is None:
            helpers = draw(st.lists(passenger, max_size=2))
            entry["passengers"] = [
                {"name": f"Helper {n + 1}.{i + 1}", **h} for i, h in enumerate(helpers)
            ]
        chosen.append(entry)
    return chosen


chases = st.one_of(
    st.fixed_dictionaries({"template": st.sampled_from(["canoe", "road"])}),
    st.fixed_dictionaries(
        {
            "length": st.sampled_from(["standard", "extended", "dogfight"]),
            "terrain": st.sampled_from(["open", "difficult"]),
            "participants": participants(),
        }
    ),
)
policies = st.sampled_from(["computer", "random", "mixed"])


def next_move(state, chance, policy):
    """The first seat with something to do, and its choice under the policy. The game master
    is random in a dogfight (the computer one never withdraws anybody)."""
    roles = ENGINE.roles(state["options"])
    role = next(r for r in roles if ENGINE.legal_actions(state, r))
    random_seat = policy == "random" or (policy == "mixed" and roles.index(role) % 2)
    if role == "gm" and state["rounds"] is None:
        random_seat = True
    pick = random_action if random_seat else ENGINE.computer_action
    return role, pick(state, role, chance)


def check_deck(state):
    """The deck is always complete: deck, discards and the cards on the table are the 54."""
    on_table = [card for p in state["participants"] for card in p["drawn"]]
    assert Counter(state["deck"] + state["discard"] + on_table) == Counter(FULL_DECK)
    for p in state["participants"]:
        assert p["card"] is None or p["card"] in p["drawn"]


def check_hidden(state):
    """Before the reveal a seat sees no other seat's cards; the game master sees them all."""
    if state["phase"] != "roll":
        return
    for p in state["participants"]:
        for other in state["participants"]:
            text = json.dumps(ENGINE.seat_view(state, other["role"]))
            for card in p["drawn"]:
                seen = f'"{card}"' in text
                assert seen == (other is p), (card, p["role"], other["role"])
        gm = json.dumps(ENGINE.seat_view(state, "gm"))
        assert all(f'"{card}"' in gm for card in p["drawn"])
        assert not any(
            f'"{card}"' in json.dumps(ENGINE.seat_view(state, None)) for card in p["drawn"]
        )


def check_turn(state):
    acting = [r for r in ENGINE.roles(state["options"]) if ENGINE.legal_actions(state, r)]
    if ENGINE.status(state) == "finished":
        assert acting == [] and state["pending"] == []
    else:
        assert acting, "a chase in play always waits for someone"
        if state["pending"] or state["phase"] == "between":
            assert acting == ["gm"]
        if state["phase"] == "act" and not state["pending"]:
            assert len(acting) == 1
    if state["rounds"] is not None:
        assert 1 <= state["round"] <= state["rounds"]


@settings(max_examples=60, deadline=None)
@given(options=chases, seed=st.integers(0, 2**32 - 1), policy=policies)
def test_every_chase_keeps_the_deck_complete_and_hides_the_cards_after_every_action(
    options, seed, policy
):
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    check_deck(state)
    for _ in range(MAX_STEPS):
        if ENGINE.status(state) == "finished":
            break
        role, action = next_move(state, chance, policy)
        assert action in ENGINE.legal_actions(state, role)
        frozen = json.dumps(state, sort_keys=True)
        outcome = ENGINE.apply(state, role, action, chance)
        assert json.dumps(state, sort_keys=True) == frozen, "apply changed its input"
        assert all(event["text"] for event in outcome.events)
        state = outcome.state
        check_deck(state)
        check_hidden(state)
        check_turn(state)
    else:
        raise AssertionError(f"the chase did not end within {MAX_STEPS} actions")
    assert ENGINE.winner(state) in (*{p["side"] for p in state["participants"]}, None)


standard = st.fixed_dictionaries(
    {"length": st.just("standard"), "terrain": st.sampled_from(["open", "difficult"]),
     "participants": participants()}
)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(options=standard, seed=st.integers(0, 2**32 - 1), policy=policies)
def test_every_standard_chase_ends_in_five_rounds(options, seed, policy):
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    for _ in range(MAX_STEPS):
        if ENGINE.status(state) == "finished":
            break
        role, action = next_move(state, chance, policy)
        state = ENGINE.apply(state, role, action, chance).state
    assert ENGINE.status(state) == "finished"
    assert state["round"] <= 5
    sides = {p["side"] for p in state["participants"] if not p["out"] and not p["withdrawn"]}
    if len(sides) == 2:  # nobody was stopped early: the chase ran its full length
        assert state["round"] == 5
