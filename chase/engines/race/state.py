"""The race state's shared pieces: copying, finding canoes, and the changes several phases make.

Everything here works in place on a state the caller has already copied (`copy_state`).
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.race.course import track_on
from chase.engines.race.tables import (
    CANOE_LENGTH,
    HOSTILE_LEGS,
    LAST_LEG,
)

State = dict[str, Any]
Canoe = dict[str, Any]
Events = list[dict[str, Any]]

SEAT_INDEX = {f"canoe-{seat}": seat - 1 for seat in range(1, 9)}


def copy_state(state: State, seat: int | None = None) -> State:
    """A copy safe to change: the course and options are never changed after setup.

    With `seat`, only that canoe is copied and the others are shared with `state`: for an
    activation that changes no other canoe (the turn goes on), so nobody may change them.
    """
    new = dict(state)
    new["revealed"] = list(state["revealed"])
    if seat is None:
        new["canoes"] = list(map(dict, state["canoes"]))
    else:
        canoes = new["canoes"] = list(state["canoes"])
        canoes[seat] = dict(canoes[seat])
    new["order"] = list(state["order"])
    new["finishers"] = list(state["finishers"])
    return new


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


# --- R2: revealing the course -------------------------------------------------------------


def reveal(state: State, leg: int, events: Events) -> None:
    if not state["revealed"][leg]:
        state["revealed"][leg] = True
        events.append(section_event(state, leg))


def section_event(state: State, leg: int) -> dict[str, Any]:
    """A leg with its hostile, the rapid at its end, the bear in it and the whirlpool behind it.

    The seed reveals features "by leg"; a rapid and the whirlpool behind it belong to the leg
    leading into them, so a crew sees the hazard before it must run it.
    """
    course = state["course"]
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


def capsize(canoe: Canoe) -> None:
    canoe["water"] += canoe["aboard"]
    canoe["aboard"] = 0
    canoe["flipped"] = True


def wash_below(state: State, canoe: Canoe, events: Events) -> None:
    """Place the canoe just below its rapid, stern touching it (R5), maybe in a whirlpool (R7)."""
    rapid = canoe["leg"]
    canoe["leg"] = rapid + 1
    canoe["at"] = CANOE_LENGTH
    canoe["rapid"] = False
    reveal(state, rapid + 1, events)
    whirlpool = state["course"]["rapids"][rapid]["whirlpool"]
    if canoe["flipped"] and whirlpool == track_on(canoe, rapid + 1):
        canoe["whirlpool"] = True
        events.append(
            {
                "kind": "whirlpool",
                "seat": canoe["role"],
                "text": f"{who(canoe)} is swept into the whirlpool behind rapid {rapid + 1}!",
            }
        )


# --- R8: out, finishing, the end ----------------------------------------------------------


def out_if_empty(canoe: Canoe, events: Events, why: str) -> bool:
    """R8: a canoe with nobody left, aboard or in the water, is out."""
    if canoe["aboard"] + canoe["water"] > 0:
        return False
    canoe["out"] = True
    canoe["flipped"] = True
    canoe["whirlpool"] = False
    events.append({"kind": "out", "seat": canoe["role"], "text": f"{who(canoe)} is out: {why}."})
    return True


def end_race(state: State, events: Events) -> None:
    state["status"] = "finished"
    state["order"] = []
    state["active"] = 0
    if state["finishers"]:
        text = f"The race is over: {who(canoe_of(state, state['finishers'][0]))} wins."
    else:
        text = "The race is over: no canoe is left to finish it."
    events.append({"kind": "end", "finishers": list(state["finishers"]), "text": text})


def faces_text(faces: list[int]) -> str:
    return ", ".join(str(face) for face in faces) or "none"


def men_text(count: int) -> str:
    return "1 man" if count == 1 else f"{count} men"
