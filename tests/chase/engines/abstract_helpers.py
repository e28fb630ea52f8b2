"""Helpers for the abstract chase tests: chases with chosen participants, cards stacked on the
deck, and actions played with exactly the dice a test names.

Not a test module itself; the abstract chase tests import from it.
"""

from __future__ import annotations

import copy
from typing import Any

from chase.engines.abstract import ENGINE
from chase.engines.abstract.cards import FULL_DECK
from chase.engines.base import Outcome
from chase.engines.chance import ScriptedChance


def person(name: str, side: str, die: str = "d8", wild: bool = True, speed: int = 10, **more):
    """A participant option: a wild card by default, top speed 10."""
    return {
        "name": name,
        "side": side,
        "trait_die": die,
        "wild_card": wild,
        "top_speed": speed,
        **more,
    }


def group(name: str, side: str, extras: int, die: str = "d6", speed: int = 10, **more):
    return {
        "name": name,
        "side": side,
        "trait_die": die,
        "wild_card": False,
        "top_speed": speed,
        "extras": extras,
        **more,
    }


DUEL = [person("Pierre", "trappers"), person("Grey Wolf", "Indians")]


def chase(
    participants: list[dict[str, Any]] | None = None,
    *,
    length: str = "standard",
    terrain: str = "open",
    prey: str | None = None,
    top: list[str] | None = None,
) -> dict[str, Any]:
    """A new chase, the deck in its printed order with the `top` cards drawn first."""
    options: dict[str, Any] = {
        "length": length,
        "terrain": terrain,
        "participants": participants or DUEL,
    }
    if prey:
        options["prey"] = prey
    chance = ScriptedChance([list(range(len(FULL_DECK)))])
    state = ENGINE.new_game(options, chance).state
    assert chance.remaining == 0
    return stack(state, *(top or []))


def stack(state: dict[str, Any], *cards: str) -> dict[str, Any]:
    """The named cards on top of the deck, the first named drawn first."""
    state = copy.deepcopy(state)
    for card in cards:
        state["deck"].remove(card)
    state["deck"][:0] = list(cards)
    return state


def act(state: dict[str, Any], role: str, kind: str, dice: list[Any] | None = None, **fields):
    """Apply an action for `role` with exactly these dice (all must be rolled)."""
    chance = ScriptedChance(dice or [])
    outcome = ENGINE.apply(state, role, {"type": kind, **fields}, chance)
    assert chance.remaining == 0, f"{chance.remaining} scripted dice were not rolled"
    return outcome


def play(state: dict[str, Any], *steps: tuple) -> Outcome:
    """Several actions in a row: (role, kind, dice, fields); the events of all are returned."""
    events: list[dict[str, Any]] = []
    for role, kind, dice, *rest in steps:
        outcome = act(state, role, kind, dice, **(rest[0] if rest else {}))
        state = outcome.state
        events += outcome.events
    return Outcome(state, events)


def who(state: dict[str, Any], role: str) -> dict[str, Any]:
    return next(p for p in state["participants"] if p["role"] == role)


def put(state: dict[str, Any], role: str, **fields: Any) -> dict[str, Any]:
    state = copy.deepcopy(state)
    participant = who(state, role)
    unknown = set(fields) - set(participant)
    assert not unknown, f"no participant field {unknown}"
    participant.update(fields)
    return state


def texts(outcome: Outcome) -> list[str]:
    return [event["text"] for event in outcome.events]


def kinds(state: dict[str, Any], role: str) -> list[str]:
    return [action["type"] for action in ENGINE.legal_actions(state, role)]


def labels(state: dict[str, Any], role: str) -> list[str]:
    return [action["label"] for action in ENGINE.legal_actions(state, role)]


def said(outcome: Outcome, kind: str) -> str:
    """The text of the (last) event of this kind."""
    found = [event["text"] for event in outcome.events if event.get("kind") == kind]
    assert found, f"no {kind} event in {texts(outcome)}"
    return found[-1]
