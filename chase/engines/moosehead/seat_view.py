"""What a seat (or a spectator) sees of the trip.

Everything on the table is open: the board, the weather dial, every canoe's space, points,
nights, held Destination card and kept camp hero card. Hidden: the order of the three piles
(only their sizes are shown).
"""

from __future__ import annotations

from typing import Any

from chase.engines.moosehead.state import (
    State,
    board,
    current,
    dial_of,
    dock_needs,
    nights,
    weather,
)
from chase.engines.moosehead.tables import (
    DESTINATION,
    GOAL_NAMES,
    TITLE,
    VARIANT_NAMES,
    WEATHER_NAMES,
    WEATHER_TEXT,
)
from chase.engines.moosehead.turns import legal_actions


def seat_view(state: State, role: str | None) -> dict[str, Any]:
    b = board(state)
    playing = state["status"] == "playing"
    pending = state["pending"]
    reachable = sorted({m["to"] for m in pending["moves"]}) if pending else []
    return {
        "kind": state["kind"],
        "title": TITLE,
        "you": role,
        "status": state["status"],
        "winner": state["winner"],
        "round": state["round"],
        "current": current(state)["role"] if playing else None,
        "phase": state["phase"],
        "options": dict(state["options"]),
        "variant": VARIANT_NAMES[state["options"]["variant"]],
        "board": state["board"],
        "weather": {
            "index": state["weather"],
            "now": weather(state),
            "name": WEATHER_NAMES[weather(state)],
            "effect": WEATHER_TEXT[weather(state)],
            "dial": [{"id": w, "name": WEATHER_NAMES[w]} for w in dial_of(state["options"])],
        },
        "throw": (
            {"die": pending["die"], "number": pending["number"], "reachable": reachable}
            if pending
            else None
        ),
        "players": [_player(state, p) for p in state["players"]],
        "piles": {pile: len(cards) for pile, cards in state["piles"].items()},
        "obeyed": list(state["obeyed"]),
        "actions": legal_actions(state, role) if role else [],
        "campsites": len(b.campsites),
        "attractions": len(b.attractions),
    }


def _player(state: State, player: dict[str, Any]) -> dict[str, Any]:
    b = board(state)
    card = player["destination"]
    return {
        "role": player["role"],
        "name": player["name"],
        "at": player["at"],
        "where": b.where(player["at"]),
        "came_from": player["trail"][-1] if player["trail"] else None,
        "points": player["points"],
        "nights": nights(player),
        "camps": list(player["camps"]),
        "destination": (
            {
                "card": card,
                "goal": DESTINATION[card]["goal"],
                "text": DESTINATION[card]["text"],
                "task": GOAL_NAMES[DESTINATION[card]["goal"]],
            }
            if card
            else None
        ),
        "obeyed": player["obeyed"],
        "hero": player["hero"],
        "seen": list(player["seen"]),
        "done": list(player["done"]),
        "missing_throws": len(player["miss"]),
        "barred": player["barred"],
        "dock_needs": dock_needs(state, player) if state["status"] == "playing" else [],
    }
