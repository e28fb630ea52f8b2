"""Helpers for the Moosehead tests: a trip on the standard board with known piles, canoes put
where a test needs them, and actions played with scripted dice.

Not a test module itself; the Moosehead tests import from it.
"""

from __future__ import annotations

import copy
from typing import Any

from chase.engines.base import Outcome
from chase.engines.chance import ScriptedChance
from chase.engines.moosehead import ENGINE
from chase.engines.moosehead.board import board_data, board_of
from chase.engines.moosehead.tables import DIAL

BOARD = board_of(board_data("standard"))
IN_ORDER = list(range(15))  # a pile shuffle that keeps the table's order


def named(name: str) -> int:
    """A space of the standard board by its name (or its campsite's name)."""
    for space_id, space in BOARD.spaces.items():
        if name in (space.get("name"), space.get("campsite", {}).get("name")):
            return space_id
    raise KeyError(name)


def route(name: str) -> list[int]:
    """The spaces of a route of the standard board, in its listed order."""
    for entry in BOARD.routes:
        if entry["name"] == name:
            return list(entry["spaces"])
    raise KeyError(name)


WEST_SHORE = route("Moosehead Lake, west shore")
EAST_SHORE = route("Moosehead Lake, east shore")
ISLANDS = route("The islands crossing")  # East Outlet, Deer Island, s1, Sugar Island, s2, Lily Bay
KINEO = route("The Kineo crossing")  # Rockwood, Kineo, m1 ... m5, south shelter
MOOSE_RIVER = route("Moose River")  # Brassua's outlet down to Rockwood
NORTHERN = route("Northern Portage")  # Northeast Carry, 4 trail spaces, West Branch landing
CARRY = route("West Outlet Carry")  # West Outlet carry, 2 trail spaces, Indian Pond north
EDDY = list(BOARD.eddy)
DOCK = BOARD.dock
CHANNEL = named("Greenville channel")


def weather_index(name: str) -> int:
    return DIAL.index(name)


def trip(players: int = 2, **options: Any) -> dict[str, Any]:
    """A new trip with the piles in table order (top: each pile's first card)."""
    chance = ScriptedChance([IN_ORDER, IN_ORDER, IN_ORDER])
    state = ENGINE.new_game({"players": players, **options}, chance).state
    assert chance.remaining == 0
    return state


def put(state: dict[str, Any], role: str = "canoe-1", **fields: Any) -> dict[str, Any]:
    """A copy of the state with one canoe's fields changed (at, trail, points, camps...)."""
    state = copy.deepcopy(state)
    player = next(p for p in state["players"] if p["role"] == role)
    unknown = set(fields) - set(player)
    assert not unknown, f"no player field {unknown}"
    player.update(fields)
    return state


def setting(
    state: dict[str, Any],
    *,
    weather: str | int | None = None,
    turn: str | None = None,
    **piles: list[str],
) -> dict[str, Any]:
    """A copy with the weather dial, whose turn it is, or cards on top of piles changed."""
    state = copy.deepcopy(state)
    if weather is not None:
        state["weather"] = weather if isinstance(weather, int) else weather_index(weather)
    if turn is not None:
        state["current"] = next(i for i, p in enumerate(state["players"]) if p["role"] == turn)
        state["phase"] = "throw"
        state["pending"] = None
    for pile, cards in piles.items():
        rest = [c for c in state["piles"][pile] if c not in cards]
        state["piles"][pile] = list(cards) + rest
    return state


def player(state: dict[str, Any], role: str = "canoe-1") -> dict[str, Any]:
    return next(p for p in state["players"] if p["role"] == role)


def act(
    state: dict[str, Any], action: dict[str, Any], *script: Any, role: str | None = None
) -> Outcome:
    """Apply an action for the canoe whose turn it is, with exactly these dice and shuffles."""
    role = role or state["players"][state["current"]]["role"]
    chance = ScriptedChance(list(script))
    outcome = ENGINE.apply(state, role, action, chance)
    assert chance.remaining == 0, "the action used fewer dice than scripted"
    return outcome


def throw(state: dict[str, Any], die: int, *more: Any) -> Outcome:
    return act(state, {"type": "throw"}, die, *more)


def targets(state: dict[str, Any]) -> list[int]:
    """The spaces highlighted after a throw."""
    return sorted(
        {a["to"] for a in ENGINE.legal_actions(state, current_role(state)) if a["type"] == "move"}
    )


def move_to(state: dict[str, Any], to: int, *script: Any, camp: bool = False) -> Outcome:
    """Choose the highlighted move to `to` (camping or not)."""
    role = current_role(state)
    moves = [
        a
        for a in ENGINE.legal_actions(state, role)
        if a["type"] == "move" and a["to"] == to and a["camp"] == camp
    ]
    assert moves, f"no move to {to} (camp={camp}); targets: {targets(state)}"
    return act(state, moves[0], *script)


def current_role(state: dict[str, Any]) -> str:
    return state["players"][state["current"]]["role"]


def texts(outcome: Outcome) -> str:
    return " ".join(event["text"] for event in outcome.events)
