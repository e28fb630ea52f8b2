"""Properties of whole races: many random races, every action checked against the rules (that a
race replays exactly from its logged dice is checked for every game by the conformance suite,
tests/chase/test_conformance.py)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from chase.engines.chance import RandomChance
from chase.engines.race import ENGINE, random_action
from chase.engines.race.course import position
from chase.engines.race.tables import PADDLE_DIE

MAX_STEPS = 3000  # a 6-canoe computer race takes about 150 activations

races = settings(max_examples=50, deadline=None)
race_options = st.fixed_dictionaries(
    {
        "canoes": st.integers(2, 8),
        "hidden": st.booleans(),
        "leg_length": st.sampled_from([12, 24, 36]),
    }
)
policies = st.sampled_from(["computer", "random", "mixed"])


def choose(state, role, chance, policy):
    """The computer, a random racer, or the computer on odd seats and random ones on even."""
    seat = int(role.split("-")[1])
    if policy == "computer" or (policy == "mixed" and seat % 2):
        return ENGINE.computer_action(state, role, chance)
    return random_action(state, role, chance)


def canoes(state):
    return {c["role"]: c for c in state["canoes"]}


def check_crews(before, after):
    """Crews never grow: 4 men always, the lost never come back, the living never multiply."""
    for role, now in canoes(after).items():
        was = canoes(before)[role]
        assert now["aboard"] + now["water"] + now["lost"] == 4, role
        assert min(now["aboard"], now["water"]) >= 0, role
        assert now["lost"] >= was["lost"], role
        assert now["aboard"] + now["water"] <= was["aboard"] + was["water"], role
        assert not (was["out"] and not now["out"]), f"{role} came back into the race"


def check_movement(before, after, role, action, events):
    """Canoes only go downstream; swimmers' canoes only drift; only the bear moves bystanders."""
    course = after["course"]
    mauled = {e["seat"] for e in events if e.get("kind") == "bear" and e["flipped"]}
    for seat, now in canoes(after).items():
        was = canoes(before)[seat]
        moved = position(course, now) - position(course, was)
        assert moved >= 0, f"{seat} went upstream"
        if was["place"] is not None or was["out"]:
            assert moved == 0, f"{seat} moved after leaving the race"
        elif seat != role:
            assert moved == 0 or seat in mauled, f"{seat} moved out of its activation"
        elif was["water"] and action["type"] == "recrew":
            current = course["legs"][was["leg"]]["current"]
            assert moved <= current and not now["rapid"] and now["place"] is None
        if was["flipped"] and seat == role:
            assert action["type"] == "recrew", f"{seat} paddled while capsized"


def check_dice(before, role, events):
    """The paddle die always matches the men aboard when it is thrown (R5)."""
    for event in events:
        if "die" in event:
            assert event["die"] == PADDLE_DIE[event["aboard"]]
            assert event["seat"] == role
            assert event["aboard"] == canoes(before)[role]["aboard"]


def check_turn(state):
    """One seat acts at a time; the course the canoes have reached is revealed (R2)."""
    acting = [role for role in canoes(state) if ENGINE.legal_actions(state, role)]
    if ENGINE.status(state) == "playing":
        assert acting == [state["order"][state["active"]]]
    else:
        assert acting == []
        assert ENGINE.winner(state) == (state["finishers"][0] if state["finishers"] else None)
    assert [canoes(state)[r]["place"] for r in state["finishers"]] == list(
        range(1, len(state["finishers"]) + 1)
    )
    for canoe in state["canoes"]:
        assert state["revealed"][canoe["leg"]]
    view = ENGINE.seat_view(state, None)
    for rapid, shown in zip(state["course"]["rapids"], view["course"]["rapids"], strict=True):
        assert shown["class"] == (rapid["class"] if shown["revealed"] else None)


@races
@given(options=race_options, seed=st.integers(0, 2**32 - 1), policy=policies)
def test_every_race_keeps_the_rules_after_every_action_and_ends(options, seed, policy):
    chance = RandomChance(seed)
    state = ENGINE.new_game(options, chance).state
    check_turn(state)
    for _ in range(MAX_STEPS):
        if ENGINE.status(state) == "finished":
            break
        role = state["order"][state["active"]]
        action = choose(state, role, chance, policy)
        assert action in ENGINE.legal_actions(state, role)
        frozen = json.dumps(state, sort_keys=True)
        outcome = ENGINE.apply(state, role, action, chance)
        assert json.dumps(state, sort_keys=True) == frozen, "apply changed its input"
        assert all(event["text"] for event in outcome.events)
        check_crews(state, outcome.state)
        check_movement(state, outcome.state, role, action, outcome.events)
        check_dice(state, role, outcome.events)
        check_turn(outcome.state)
        assert outcome.state["turn"] >= state["turn"]
        state = outcome.state
    else:
        raise AssertionError(f"the race did not end within {MAX_STEPS} activations")
    json.dumps(ENGINE.seat_view(state, None))
