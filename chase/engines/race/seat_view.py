"""What a seat (or a spectator) sees of the race: everything but the unrevealed course (R2)."""

from __future__ import annotations

from typing import Any

from chase.engines.race.activations import legal_actions
from chase.engines.race.course import course_length, leg_length, position, track_on
from chase.engines.race.state import active_role
from chase.engines.race.tables import (
    HOSTILE_LEGS,
    PADDLE_DIE,
    RAPID_LENGTH,
    TITLE,
    TURN_AFTER_LEG,
)


def seat_view(state: dict[str, Any], role: str | None) -> dict[str, Any]:
    """The same for every seat: R2 hides the unrevealed course from players and spectators alike."""
    course = state["course"]
    revealed = state["revealed"]
    length = course_length(course)
    return {
        "kind": "race",
        "title": TITLE,
        "you": role,
        "status": state["status"],
        "turn": state["turn"],
        "order": list(state["order"]),
        "active": active_role(state),
        "finishers": list(state["finishers"]),
        "winner": state["finishers"][0]
        if state["finishers"] and state["status"] == "finished"
        else None,
        "hidden": state["options"]["hidden"],
        "course": {
            "length": length,
            "rapid_length": RAPID_LENGTH,
            "swap_after_leg": TURN_AFTER_LEG,
            "legs": [_leg(course, i, revealed[i]) for i in range(len(course["legs"]))],
            "rapids": [_rapid(course, r, revealed[r]) for r in range(len(course["rapids"]))],
            # R4 makes the whole leg a hostile's target area; where on the bank it stands is only
            # for drawing: mid-leg on the inside bank, so the inside track is the close one.
            "hostiles": [
                {"leg": leg, "bank": "inside", "at": course["legs"][leg]["length"]["inside"] // 2}
                for leg in HOSTILE_LEGS
                if revealed[leg]
            ],
            "bear": {"rapid": course["bear"]} if revealed[course["bear"]] else None,
            "whirlpools": [
                {"rapid": r, "leg": r + 1, "track": rapid["whirlpool"], "at": RAPID_LENGTH}
                for r, rapid in enumerate(course["rapids"])
                if rapid["whirlpool"] and revealed[r]
            ],
        },
        "canoes": [_canoe(course, canoe, length) for canoe in state["canoes"]],
        "actions": legal_actions(state, role) if role else [],
    }


def _leg(course: dict[str, Any], index: int, revealed: bool) -> dict[str, Any]:
    leg = course["legs"][index]
    return {
        "index": index,
        "current": leg["current"],
        "length": dict(leg["length"]),
        "bend": leg["bend"],
        "revealed": revealed,
        "hostile": leg["hostile"] if revealed else None,
    }


def _rapid(course: dict[str, Any], index: int, revealed: bool) -> dict[str, Any]:
    rapid = course["rapids"][index]
    return {
        "index": index,
        "after_leg": index,
        "length": RAPID_LENGTH,
        "revealed": revealed,
        "class": rapid["class"] if revealed else None,
        "bear": rapid["bear"] if revealed else None,
        "whirlpool": rapid["whirlpool"] if revealed else None,
    }


def _canoe(course: dict[str, Any], canoe: dict[str, Any], length: int) -> dict[str, Any]:
    at = position(course, canoe)
    die = PADDLE_DIE.get(canoe["aboard"])
    return {
        "role": canoe["role"],
        "name": canoe["name"],
        "colony": canoe["colony"],
        "start_track": canoe["start"],
        "track": track_on(canoe, canoe["leg"]),
        "leg": canoe["leg"],
        "at": canoe["at"],
        "leg_length": leg_length(course, canoe, canoe["leg"]),
        "position": at,
        "to_go": max(0, length - at),
        "in_rapid": canoe["rapid"],
        "flipped": canoe["flipped"],
        "in_whirlpool": canoe["whirlpool"],
        "aboard": canoe["aboard"],
        "in_water": canoe["water"],
        "lost": canoe["lost"],
        "paddle_die": f"D{die}" if die else None,
        "out": canoe["out"],
        "place": canoe["place"],
    }
