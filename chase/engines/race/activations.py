"""Each canoe's activation (R5-R7), finishing (R8) and the end of a turn.

`activate` checks the action and works on a copy; the `_` functions change that copy in place.
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.race.course import leg_length
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
    racing,
    wash_below,
    who,
)
from chase.engines.race.tables import (
    HELPING_HAND,
    LAST_LEG,
    ORDINALS,
    PADDLE_DIE,
    RECREW_FROM,
)

State = dict[str, Any]
Canoe = dict[str, Any]
Events = list[dict[str, Any]]


# --- the activations (R5-R8) --------------------------------------------------------------


def legal_actions(state: State, role: str) -> list[dict[str, Any]]:
    if role != active_role(state):
        return []
    canoe = canoe_of(state, role)
    current = state["course"]["legs"][canoe["leg"]]["current"]
    die = PADDLE_DIE.get(canoe["aboard"])
    if canoe["water"]:
        swimmers = men_text(canoe["water"])
        actions = [{"type": "recrew", "label": f"Haul the {swimmers} in the water aboard"}]
        if canoe["aboard"]:  # R6: paddling on needs someone to paddle
            label = f"Leave the {swimmers} behind and paddle on (D{die} + current {current})"
            actions.append({"type": "abandon", "label": label})
        return actions
    if canoe["rapid"]:
        cls = state["course"]["rapids"][canoe["leg"]]["class"]
        return [{"type": "run_rapid", "label": f"Run the rapid (D{die} against class {cls})"}]
    return [{"type": "paddle", "label": f"Paddle (D{die} + current {current})"}]


def activate(state: State, role: str, action: Any, chance: Chance) -> tuple[State, Events]:
    """Check and play one canoe's activation, then move on to the next (and the next turn)."""
    if state["status"] != "playing":
        raise IllegalMove("The race is over.")
    canoe = canoe_of(state, role)
    if role != active_role(state):
        waiting = canoe_of(state, active_role(state))
        raise IllegalMove(f"It is {who(waiting)}'s activation, not {who(canoe)}'s.")
    legal = legal_actions(state, role)
    if not isinstance(action, dict) or _bare(action) not in [_bare(a) for a in legal]:
        choices = "; ".join(a["label"] for a in legal)
        raise IllegalMove(f"{who(canoe)} cannot do that now. Choose one of: {choices}.")
    state = copy_state(state)
    canoe = canoe_of(state, role)
    events: Events = []
    ACTIVATIONS[action["type"]](state, canoe, chance, events)
    state["active"] += 1
    if state["active"] >= len(state["order"]):
        _end_turn(state, chance, events)
    return state, events


def _bare(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "label"}


def _paddle(state: State, canoe: Canoe, chance: Chance, events: Events) -> None:
    """R5: paddle die + current from the bow; a bow touching a rapid stops in it."""
    leg = canoe["leg"]
    current = state["course"]["legs"][leg]["current"]
    sides, face = _paddle_roll(canoe, chance)
    move = face + current
    length = leg_length(state["course"], canoe, leg)
    reached = canoe["at"] + move
    text = f'{who(canoe)} paddles D{sides}: {face} + current {current} = {move}"'
    event = {
        "kind": "paddle",
        "seat": canoe["role"],
        "die": sides,
        "face": face,
        "aboard": canoe["aboard"],
    }
    events.append(event)
    if reached < length:
        canoe["at"] = reached
        event["text"] = f'{text}, {length - reached}" short of {_next_line(leg)}.'
        return
    canoe["at"] = length
    if leg == LAST_LEG:  # R8: a bow reaching the line is across, as one touching a rapid is in it
        event["text"] = f"{text} and crosses the finish line!"
        _finish(state, canoe, events)
        return
    # The seed's "touches": a bow that reaches the rapid's edge exactly stops in it too.
    canoe["rapid"] = True
    event["text"] = f"{text} and stops in rapid {leg + 1}."


def _next_line(leg: int) -> str:
    return "the finish" if leg == LAST_LEG else f"rapid {leg + 1}"


def _paddle_roll(canoe: Canoe, chance: Chance) -> tuple[int, int]:
    sides = PADDLE_DIE[canoe["aboard"]]  # R5: the die by men in the canoe
    return sides, chance.roll(sides)


def _run_rapid(state: State, canoe: Canoe, chance: Chance, events: Events) -> None:
    """R5: higher than the class passes; equal or lower flips. Either way the canoe ends below."""
    rapid = canoe["leg"]
    cls = state["course"]["rapids"][rapid]["class"]
    sides, face = _paddle_roll(canoe, chance)
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
    faces = [chance.roll(6) for _ in range(canoe["water"])]
    climbed = sum(1 for face in faces if face + bonus >= RECREW_FROM)
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
    limit = leg_length(state["course"], canoe, leg) - 1
    drift = max(0, min(state["course"]["legs"][leg]["current"], limit - canoe["at"]))
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


def _end_turn(state: State, chance: Chance, events: Events) -> None:
    # R8: the race is decided once the turn of the first crossing is over; later crossings in that
    # turn take the next places, canoes still on the water get none.
    if state["finishers"] or not any(racing(c) for c in state["canoes"]):
        end_race(state, events)
        return
    state["turn"] += 1
    open_turn(state, chance, events)
