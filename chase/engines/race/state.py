"""The race's dict state: finding canoes and the active one, and the words events share.

The dict state is what the public API takes and gives (sessions store it as JSON); the rules run
on a compact race made from it (`compact.Race`, `rules`).
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.race.tables import HOSTILE_LEGS, LAST_LEG

State = dict[str, Any]
Canoe = dict[str, Any]

SEAT_INDEX = {f"canoe-{seat}": seat - 1 for seat in range(1, 9)}


def seat_of(state: State, role: str) -> int:
    """The index of `role`'s canoe in the state's canoes."""
    canoes = state["canoes"]
    seat = SEAT_INDEX.get(role)  # "canoe-N" is the N-th canoe, unless a test moved them about
    if seat is not None and seat < len(canoes) and canoes[seat]["role"] == role:
        return seat
    for seat, canoe in enumerate(canoes):
        if canoe["role"] == role:
            return seat
    raise IllegalMove(f"There is no seat '{role}' in this race.")


def canoe_of(state: State, role: str) -> Canoe:
    return state["canoes"][seat_of(state, role)]


def active_role(state: State) -> str | None:
    if state["status"] != "playing" or state["active"] >= len(state["order"]):
        return None
    return state["order"][state["active"]]


def who(canoe: Canoe) -> str:
    return canoe["colony"]


def section_event(course: dict[str, Any], leg: int) -> dict[str, Any]:
    """R2: a leg with its hostile, the rapid at its end, the bear in it and the whirlpool behind
    it, as it comes into view.

    The seed reveals features "by leg"; a rapid and the whirlpool behind it belong to the leg
    leading into them, so a crew sees the hazard before it must run it.
    """
    parts = [f"Leg {leg + 1} comes into view (current {course['legs'][leg]['current']})"]
    if leg in HOSTILE_LEGS:
        parts.append("a hostile lurks on its bank")
    if leg == LAST_LEG:
        parts.append("the finish line lies at its end")
    else:
        rapid = course["rapids"][leg]
        parts.append(f"rapid {leg + 1} ahead is class {rapid['class']}")
        if rapid["bear"]:
            parts.append("a bear is fishing in it")
        if rapid["whirlpool"]:
            parts.append(f"a whirlpool waits behind it on the {rapid['whirlpool']} track")
    return {"kind": "reveal", "leg": leg, "text": ": ".join([parts[0], "; ".join(parts[1:])]) + "."}


def faces_text(faces: list[int]) -> str:
    return ", ".join(str(face) for face in faces) or "none"


def men_text(count: int) -> str:
    return "1 man" if count == 1 else f"{count} men"
