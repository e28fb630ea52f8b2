"""Each canoe's activation (R5-R7), finishing (R8) and the end of a turn.

`activate` checks the action and works on a copy; the `_` functions change that copy in place.
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.race.phases import open_turn
from chase.engines.race.state import (
    active_role,
    canoe_of,
    capsize,
    copy_state,
    end_race,
    faces_text,
    men_text,
    out_if_empty,
    seat_of,
    wash_below,
    who,
)
from chase.engines.race.tables import (
    HELPING_HAND,
    LAST_LEG,
    ORDINALS,
    PADDLE_DIE,
    RECREW_FROM,
    TRACK_ON,
)

State = dict[str, Any]
Canoe = dict[str, Any]
Events = list[dict[str, Any]]

OFFERED = frozenset({"type", "label"})  # the keys an offered action has


# --- the activations (R5-R8) --------------------------------------------------------------


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
    # Only the active canoe changes, unless its activation ends the turn (R4's shots, the bear).
    ends_turn = state["active"] + 1 >= len(state["order"])
    state = copy_state(state, None if ends_turn else seat)
    events: Events = []
    step(state, state["canoes"][seat], action["type"], chance, events)
    return state, events


def step(state: State, canoe: Canoe, kind: str, chance: Chance, events: Events) -> None:
    """Play a checked activation of the active canoe on a state the caller owns (the canoe is
    one of its own), then move the turn on, adding what happens to `events`.

    A playout, whose events nobody reads, plays these rules on a compact race instead
    (`compact.play`).
    """
    ACTIVATIONS[kind](state, canoe, chance, events)
    state["active"] += 1
    if state["active"] >= len(state["order"]):
        end_turn(state, chance, events)


def _paddle(state: State, canoe: Canoe, chance: Chance, events: Events) -> None:
    """R5: paddle die + current from the bow; a bow touching a rapid stops in it."""
    leg = canoe["leg"]
    here = state["course"]["legs"][leg]
    current = here["current"]
    aboard = canoe["aboard"]
    sides = PADDLE_DIE[aboard]  # R5: the die by men in the canoe
    face = chance.roll(sides)
    length = here["length"][TRACK_ON[canoe["start"]][leg]]  # R1: leg_length() written out
    reached = canoe["at"] + face + current
    if reached < length:
        canoe["at"] = reached
        _paddled(events, canoe, sides, face, aboard, current, f', {length - reached}" short '
                 f"of {_next_line(leg)}.")  # fmt: skip
        return
    canoe["at"] = length
    if leg == LAST_LEG:  # R8: a bow reaching the line is across, as one touching a rapid is in it
        _paddled(events, canoe, sides, face, aboard, current, " and crosses the finish line!")
        _finish(state, canoe, events)
        return
    # The seed's "touches": a bow that reaches the rapid's edge exactly stops in it too.
    canoe["rapid"] = True
    _paddled(events, canoe, sides, face, aboard, current, f" and stops in rapid {leg + 1}.")


def _paddled(events, canoe, sides, face, aboard, current, ending) -> None:
    text = f'{who(canoe)} paddles D{sides}: {face} + current {current} = {face + current}"'
    events.append(
        {
            "kind": "paddle",
            "seat": canoe["role"],
            "die": sides,
            "face": face,
            "aboard": aboard,
            "text": text + ending,
        }
    )


def _next_line(leg: int) -> str:
    return "the finish" if leg == LAST_LEG else f"rapid {leg + 1}"


def _run_rapid(state: State, canoe: Canoe, chance: Chance, events: Events) -> None:
    """R5: higher than the class passes; equal or lower flips. Either way the canoe ends below."""
    rapid = canoe["leg"]
    cls = state["course"]["rapids"][rapid]["class"]
    sides = PADDLE_DIE[canoe["aboard"]]  # R5: the die by men in the canoe
    face = chance.roll(sides)
    passed = face > cls
    verdict = "passes safely" if passed else "flips"
    events.append(
        {
            "kind": "rapid",
            "seat": canoe["role"],
            "die": sides,
            "face": face,
            "aboard": canoe["aboard"],
            "class": cls,
            "passed": passed,
            "text": f"{who(canoe)} rolls D{sides}: {face} against class {cls} and {verdict}.",
        }
    )
    if not passed:
        capsize(canoe)
    wash_below(state, canoe, events)


def _recrew(state: State, canoe: Canoe, chance: Chance, events: Events) -> None:
    """R6: D6 per man in the water, 3+ climbs in (+1 with a man aboard); then drift. R7 drowns."""
    bonus = HELPING_HAND if canoe["aboard"] else 0  # who is aboard when the dice are thrown
    needed = RECREW_FROM - bonus
    faces = []
    climbed = 0
    for _ in range(canoe["water"]):
        face = chance.roll(6)
        faces.append(face)
        if face >= needed:
            climbed += 1
    failed = len(faces) - climbed
    canoe["aboard"] += climbed
    drowned = 0
    if canoe["whirlpool"]:  # R7: one roll, and every man who fails drowns
        drowned, failed = failed, 0
        canoe["lost"] += drowned
        canoe["whirlpool"] = False
    canoe["water"] = failed
    if canoe["aboard"]:
        canoe["flipped"] = False
    hand = " with a helping hand (+1)" if bonus else ""
    verb = "climbs" if climbed == 1 else "climb"
    text = f"{who(canoe)} re-crews{hand}: D6 {faces_text(faces)}, {men_text(climbed)} {verb} in"
    if drowned:
        text += f", {men_text(drowned)} drown in the whirlpool"
    elif failed:
        text += f", {men_text(failed)} still in the water"
    event = {
        "kind": "recrew",
        "seat": canoe["role"],
        "faces": faces,
        "bonus": bonus,
        "climbed": climbed,
        "drowned": drowned,
        "text": text,
    }
    events.append(event)
    if out_if_empty(canoe, events, "the whole crew is lost"):
        event["text"] += "."
        return
    drift = _drift(state, canoe)
    event["drift"] = drift
    event["text"] += f'; the canoe drifts {drift}".'


def _drift(state: State, canoe: Canoe) -> int:
    """R6: canoe and swimmers drift the leg's current.

    The seed does not say what happens when the drift reaches a rapid or the finish; we hold the
    canoe 1" short, so only paddling can enter a rapid or win (a capsized canoe cannot run one).
    """
    leg = canoe["leg"]
    here = state["course"]["legs"][leg]
    limit = here["length"][TRACK_ON[canoe["start"]][leg]] - 1  # R1: leg_length() written out
    drift = limit - canoe["at"]  # the current, but never past the limit, and never upstream
    if drift > here["current"]:
        drift = here["current"]
    elif drift < 0:
        drift = 0
    canoe["at"] += drift
    return drift


def _abandon(state: State, canoe: Canoe, chance: Chance, events: Events) -> None:
    """R6: the swimmers are out of the race and the canoe paddles on at once."""
    left = canoe["water"]
    canoe["lost"] += left
    canoe["water"] = 0
    events.append(
        {
            "kind": "abandon",
            "seat": canoe["role"],
            "left": left,
            "text": f"{who(canoe)} leaves {men_text(left)} in the water and paddles on.",
        }
    )
    _paddle(state, canoe, chance, events)


ACTIVATIONS = {"paddle": _paddle, "run_rapid": _run_rapid, "recrew": _recrew, "abandon": _abandon}


def _finish(state: State, canoe: Canoe, events: Events) -> None:
    """R8: places go by the order bows cross, so within a turn by activation order."""
    state["finishers"].append(canoe["role"])
    place = len(state["finishers"])
    canoe["place"] = place
    text = f"{who(canoe)} finishes {ORDINALS[place - 1]}."
    if place == 1:
        text = f"{who(canoe)} wins the race!"
    events.append({"kind": "finish", "seat": canoe["role"], "place": place, "text": text})


def end_turn(state: State, chance: Chance, events: Events) -> None:
    # R8: the race is decided once the turn of the first crossing is over; later crossings in that
    # turn take the next places, canoes still on the water get none.
    if state["finishers"]:
        end_race(state, events)
        return
    for canoe in state["canoes"]:
        if not canoe["out"] and canoe["place"] is None:
            break  # a canoe is still racing
    else:
        end_race(state, events)
        return
    state["turn"] += 1
    open_turn(state, chance, events)
