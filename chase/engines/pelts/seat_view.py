"""What a seat (or a spectator) may see of the chase.

Hidden: the other seat's hand (an int count in `hands`), the draw pile's order (a count) and
the other seat's sign in a test until both are shown. A spectator sees no hand at all.
"""

from __future__ import annotations

from typing import Any

from chase.engines.pelts.explain import unplayable_hand
from chase.engines.pelts.flow import signers
from chase.engines.pelts.model import State, canoe_name, hand_limit, odd_only, plain_copy
from chase.engines.pelts.tables import SIDES

CANOE_FIELDS = (
    "side",
    "index",
    "position",
    "rowers",
    "loaded",
    "holed",
    "wet_powder",
    "paddle_lost",
    "leaking",
    "exhausted",
    "stuck",
    "stuck_on",
    "wide_left",
    "skip_move",
    "skip_phase",
    "out",
    "finished",
)


def seat_view(state: State, role: str | None) -> dict[str, Any]:
    hands = state["hands"]
    return {
        "kind": state["kind"],
        "you": role,
        "options": plain_copy(state["options"]),
        "status": state["status"],
        "winner": state["winner"],
        "turn": state["turn"],
        "phase": state["phase"],
        "active": state["active"],
        "to_act": seats_to_act(state),
        "used": {
            "moved": list(state["used"]["moved"]),
            "action": state["used"]["action"],
            "discard": state["used"]["discard"],
        },
        "river": _river(state),
        "obstacles": [dict(o) for o in state["obstacles"]],
        "rocks": [dict(r) for r in state["rocks"]],
        "hidden_sandbanks": [dict(s) for s in state["hidden_sandbanks"]],
        "canoes": [_canoe(state, boat) for side in SIDES for boat in state["canoes"][side]],
        # Your own hand as a list of card codes; every other hand as an int count.
        "hands": {side: list(hands[side]) if side == role else len(hands[side]) for side in SIDES},
        # Why each card of your own hand cannot be played now (none of the other hand's).
        "unplayable": unplayable_hand(state, role) if role in SIDES else {},
        "hand_limits": {side: hand_limit(state, side) for side in SIDES},
        "draw_count": len(state["draw"]),
        "discard_count": len(state["discard"]),
        "top_discard": state["discard"][-1] if state["discard"] else None,
        "jokers_played": len(state["jokers"]),
        "rain": state["rain"],
        "pending": _pending(state, role),
        "last_events": [dict(e) for e in state["log"]],
    }


def seats_to_act(state: State) -> list[str]:
    """The seats that have something to do now: the active seat, the seat asked in a
    sub-phase, or both sides during a test (P8). Empty once the chase is over."""
    if state["status"] != "playing":
        return []
    pending = state["pending"]
    if pending is None:
        return [state["active"]]
    if pending["kind"] == "test":
        return signers(state)
    return [pending["seat"]]


def _river(state: State) -> dict[str, Any]:
    river = state["river"]
    return {
        "length": river["length"],
        "finish": river["length"],
        "tiles": [dict(t) for t in river["tiles"]],
        "apexes": list(river["apexes"]),
        "sandbanks": [
            {"tile": t["index"], "apex": t["apex"], "turn": t["turn"]}
            for t in river["tiles"]
            if t["kind"] == "bend"
        ],
    }


def _canoe(state: State, boat: dict[str, Any]) -> dict[str, Any]:
    shown = {key: boat[key] for key in CANOE_FIELDS}
    shown["rowers"] = list(boat["rowers"])
    shown["name"] = canoe_name(state, boat["side"], boat["index"])
    shown["odd_only"] = odd_only(boat)
    shown["aground"] = boat["stuck"] == "aground"
    return shown


def _pending(state: State, role: str | None) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    shown: dict[str, Any] = {"kind": pending["kind"], "text": pending["text"]}
    if pending["kind"] == "test":
        signs = pending["signs"]
        shown.update(
            test=pending["test"],
            side=pending["for"],
            waiting_for=signers(state),
            signed={side: signs[side] is not None for side in SIDES},
            your_sign=signs[role] if role in SIDES else None,
        )
        return shown
    shown["seat"] = pending["seat"]
    if pending["kind"] == "choice":
        shown["choice"] = pending["choice"]
        shown["options"] = [dict(o) for o in pending["options"]]
    if pending["kind"] == "reaction":
        shown["what"] = pending["what"]
    return shown
