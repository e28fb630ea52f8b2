"""The activations offered to the active canoe (R5, R6), and `activate`, which plays one by
the rules (`rules.play`) on a compact race made from the state."""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.race.compact import Race
from chase.engines.race.rules import play
from chase.engines.race.state import active_role, canoe_of, men_text, seat_of, who
from chase.engines.race.tables import PADDLE_DIE

State = dict[str, Any]
Canoe = dict[str, Any]
Events = list[dict[str, Any]]

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


def refusal(state: State, role: str, action: Any) -> str:
    """Why an action is not one of the canoe's legal ones now."""
    if state["status"] != "playing":
        return "The race is over."
    canoe = state["canoes"][seat_of(state, role)]  # an unknown seat says so
    if role != active_role(state):
        waiting = canoe_of(state, active_role(state))
        return f"It is {who(waiting)}'s activation, not {who(canoe)}'s."
    choices = "; ".join(labelled(state, canoe, kind)["label"] for kind in legal_types(canoe))
    return f"{who(canoe)} cannot do that now. Choose one of: {choices}."


def activate(state: State, role: str, action: Any, chance: Chance) -> tuple[State, Events]:
    """Play one canoe's activation, already found legal (`GameEngine.apply`), then move on to
    the next (and the next turn)."""
    seat = seat_of(state, role)
    leaves = action["type"] == "abandon"  # R6's choice; the other types follow from the canoe
    # Only the active canoe changes, unless its activation ends the turn (R4's shots, the bear).
    ends_turn = state["active"] + 1 >= len(state["order"])
    race = Race(state, None if ends_turn else seat)
    events: Events = []
    play(race, chance, lambda race, racer: leaves, events, once=True)
    return race.state(), events
