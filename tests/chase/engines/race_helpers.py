"""Helpers for the race tests: a race laid out with known dice, and canoes put where a test needs.

Not a test module itself; the race tests import from it.
"""

from __future__ import annotations

import copy
from typing import Any

from chase.engines.base import Outcome
from chase.engines.chance import ScriptedChance
from chase.engines.race import ENGINE

FLAT = [2] * 7  # every leg's current
EASY = [4] * 6  # every rapid's class


def race(
    canoes: int = 2,
    *,
    hidden: bool = False,
    currents: list[int] | None = None,
    classes: list[int] | None = None,
    whirlpools: tuple[int, list[int]] = (1, [0, 1, 2]),
    bear: int = 5,
    leg_length: int = 24,
    outside_extra: int = 0,
) -> dict[str, Any]:
    """A new race with hand-set currents and classes and scripted setup dice.

    `whirlpools` is the half (0: behind rapids 1-3, 1: behind rapids 4-6) and the shuffle of its
    three rapids (the first gets the inside whirlpool, the second the outside one). Turn 1's chips
    come out in seat order.
    """
    options = {
        "canoes": canoes,
        "hidden": hidden,
        "currents": currents or FLAT,
        "classes": classes or EASY,
        "leg_length": leg_length,
    }
    if outside_extra:
        options["outside_extra"] = outside_extra
    half, shuffle = whirlpools
    script: list[Any] = [half, shuffle, bear]
    if canoes > 1:
        script.append(list(range(canoes)))
    chance = ScriptedChance(script)
    state = ENGINE.new_game(options, chance).state
    assert chance.remaining == 0
    return state


def put(state: dict[str, Any], role: str, **fields: Any) -> dict[str, Any]:
    """A copy of the state with one canoe's fields changed (leg, at, rapid, aboard, water...)."""
    state = copy.deepcopy(state)
    canoe = next(c for c in state["canoes"] if c["role"] == role)
    unknown = set(fields) - set(canoe)
    assert not unknown, f"no canoe field {unknown}"
    canoe.update(fields)
    return state


def men(aboard: int = 4, water: int = 0) -> dict[str, int]:
    """Crew fields for `put` that keep aboard + in the water + lost = 4."""
    return {"aboard": aboard, "water": water, "lost": 4 - aboard - water}


def set_order(state: dict[str, Any], order: list[str], active: int = 0) -> dict[str, Any]:
    state = copy.deepcopy(state)
    state["order"] = list(order)
    state["active"] = active
    return state


def set_rapid(state: dict[str, Any], rapid: int, **fields: Any) -> dict[str, Any]:
    """A copy with one rapid's class, whirlpool or bear changed (the course is shared, so copy)."""
    state = copy.deepcopy(state)
    state["course"]["rapids"][rapid].update(fields)
    if "bear" in fields and fields["bear"]:
        for other in state["course"]["rapids"]:
            other["bear"] = other is state["course"]["rapids"][rapid]
        state["course"]["bear"] = rapid
    return state


def act(state: dict[str, Any], role: str, kind: str, dice: list[Any]) -> Outcome:
    """Apply `kind` for `role` with exactly these dice (all must be used)."""
    chance = ScriptedChance(dice)
    outcome = ENGINE.apply(state, role, {"type": kind}, chance)
    assert chance.remaining == 0, f"{chance.remaining} scripted dice were not rolled"
    return outcome


def canoe(state: dict[str, Any], role: str) -> dict[str, Any]:
    return next(c for c in state["canoes"] if c["role"] == role)


def seen(state: dict[str, Any], role: str, who: str | None = None) -> dict[str, Any]:
    """A canoe as the view shows it."""
    return next(c for c in ENGINE.seat_view(state, who)["canoes"] if c["role"] == role)


def texts(outcome: Outcome) -> list[str]:
    return [event["text"] for event in outcome.events]


def kinds(outcome: Outcome) -> list[str]:
    return [event.get("kind", "") for event in outcome.events]
