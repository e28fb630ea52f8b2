"""The activations offered to the active canoe (R5, R6), and `activate`, which checks one and
plays it by the rules (`rules.play`) on a compact race made from the state."""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.race.compact import Race
from chase.engines.race.rules import play
from chase.engines.race.state import active_role, canoe_of, men_text, seat_of, who
from chase.engines.race.tables import PADDLE_DIE

State = dict[str, Any]
Canoe = dict[str, Any]
Events = list[dict[str, Any]]

OFFERED = frozenset({"type", "label"})  # the keys an offered action has


# --- the activations (R5, R6) -------------------------------------------------------------


def legal_types(canoe: Canoe) -> tuple[str, ...]:
    """The activations open to the active canoe, in the order they are offered."""
    if canoe["water"]:
        return ("recrew", "abandon") if canoe["aboard"] else ("recrew",)  # R6: paddling needs men
    return ("run_rapid",) if canoe["rapid"] else ("paddle",)


def labelled(state: State, canoe: Canoe, kind: str) -> dict[str, Any]:
    """An activation as it is offered: its type and what it means for this canoe now."""
    die = PADDLE_DIE.get(canoe["aboard"])
    if kind == "recrew":
        return {"type": kind, "label": f"Haul the {men_text(canoe['water'])} in the water aboard"}
    if kind == "run_rapid":
        cls = state["course"]["rapids"][canoe["leg"]]["class"]
        return {"type": kind, "label": f"Run the rapid (D{die} against class {cls})"}
    current = state["course"]["legs"][canoe["leg"]]["current"]
    if kind == "abandon":
        swimmers = men_text(canoe["water"])
        label = f"Leave the {swimmers} behind and paddle on (D{die} + current {current})"
        return {"type": kind, "label": label}
    return {"type": kind, "label": f"Paddle (D{die} + current {current})"}


def legal_actions(state: State, role: str) -> list[dict[str, Any]]:
    if role != active_role(state):
        return []
    canoe = canoe_of(state, role)
    return [labelled(state, canoe, kind) for kind in legal_types(canoe)]


def activate(state: State, role: str, action: Any, chance: Chance) -> tuple[State, Events]:
    """Check and play one canoe's activation, then move on to the next (and the next turn)."""
    if state["status"] != "playing":
        raise IllegalMove("The race is over.")
    seat = seat_of(state, role)
    canoe = state["canoes"][seat]
    if role != active_role(state):
        waiting = canoe_of(state, active_role(state))
        raise IllegalMove(f"It is {who(waiting)}'s activation, not {who(canoe)}'s.")
    types = legal_types(canoe)
    # Legal means: the type of one of the offered actions, and nothing else but a label.
    if not (isinstance(action, dict) and action.get("type") in types and action.keys() <= OFFERED):
        choices = "; ".join(labelled(state, canoe, kind)["label"] for kind in types)
        raise IllegalMove(f"{who(canoe)} cannot do that now. Choose one of: {choices}.")
    leaves = action["type"] == "abandon"  # R6's choice; the other types follow from the canoe
    # Only the active canoe changes, unless its activation ends the turn (R4's shots, the bear).
    ends_turn = state["active"] + 1 >= len(state["order"])
    race = Race(state, None if ends_turn else seat)
    events: Events = []
    play(race, chance, lambda race, racer: leaves, events, once=True)
    return race.state(), events
