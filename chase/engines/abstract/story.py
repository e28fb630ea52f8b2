"""What the game master records (A7) and how the chase ends (A1).

The app rolls and deals; the story is the game master's: the result of each attack, the
damage an obstacle does, whether a shaken participant recovers, and between rounds anything
else the story did (shaken, recovered, wounded, out, withdrew). The app keeps track of shaken,
wounds and out, and ends the chase when a side has nobody left in it or the rounds run out.
"""

from __future__ import annotations

from chase.engines.abstract.state import (
    Events,
    Participant,
    State,
    collect_cards,
    in_chase,
    prey_side,
    pursuer_side,
    reset_round,
    round_event,
    the_sides,
    who,
)
from chase.engines.abstract.tables import MAX_WOUNDS
from chase.engines.chance import Chance


def harm_pending(state: State, participant: Participant, words: str, events: Events) -> None:
    """A failed obstacle: damage at half top speed in a vehicle, or fatigue on foot (A5); the
    game master tells which and records what it does."""
    state["pending"].append({"kind": "harm", "target": participant["index"], "source": words})
    events.append(
        {
            "kind": "harm",
            "seat": participant["role"],
            "text": f"{participant['name']} hits {words}: damage at half top speed, or a level "
            "of fatigue on foot; the game master records it.",
        }
    )


def take_out(state: State, participant: Participant, events: Events, text: str) -> None:
    participant["out"] = True
    participant["shaken"] = False
    events.append({"kind": "out", "seat": participant["role"], "text": text + "."})


def apply_result(state: State, target: Participant, result: str, events: Events, lead: str) -> None:
    """A7: shaken, a wound or out, on the target (a group loses one extra to a wound or out)."""
    name = target["name"]
    if result in ("miss", "hit", "unhurt", "still_shaken"):
        words = {
            "miss": "a miss",
            "hit": "a hit, no lasting harm",
            "unhurt": "no lasting harm",
            "still_shaken": f"{name} is still shaken",
        }[result]
        events.append({"kind": "story", "seat": target["role"], "text": f"{lead}: {words}."})
        return
    if result == "recovers":
        target["shaken"] = False
        events.append(
            {"kind": "story", "seat": target["role"], "text": f"{lead}: {name} recovers."}
        )
        return
    if result == "shaken":
        target["shaken"] = True
        events.append(
            {"kind": "story", "seat": target["role"], "text": f"{lead}: {name} is shaken."}
        )
        return
    if result == "withdraws":
        target["withdrawn"] = True
        target["done"] = True
        events.append(
            {
                "kind": "withdraw",
                "seat": target["role"],
                "text": f"{lead}: {who(target)} withdraws.",
            }
        )
        return
    if target["group"]:
        # An extra goes out with its first wound: the group loses one of its number.
        target["left"] -= 1
        if target["left"] <= 0:
            take_out(state, target, events, f"{lead}: the last of {name} is out of the chase")
        else:
            events.append(
                {
                    "kind": "story",
                    "seat": target["role"],
                    "text": f"{lead}: one of {name} is out; {target['left']} left.",
                }
            )
        return
    if result == "out" or not target["wild"]:
        take_out(state, target, events, f"{lead}: {name} is out of the chase")
        return
    if target["wounds"] >= MAX_WOUNDS:  # a wild card past three wounds is incapacitated
        take_out(state, target, events, f"{lead}: a fourth wound, {name} is out of the chase")
        return
    target["wounds"] += 1
    target["shaken"] = True
    events.append(
        {
            "kind": "story",
            "seat": target["role"],
            "text": f"{lead}: {name} is wounded ({target['wounds']}) and shaken.",
        }
    )


def resolve(state: State, result: str, events: Events) -> None:
    """The game master's word on the first thing waiting for it."""
    pending = state["pending"].pop(0)
    target = state["participants"][pending["target"]]
    if pending["kind"] == "attack":
        attacker = state["participants"][pending["attacker"]]
        if attacker["group"]:
            lead = f"{pending['count']} of {attacker['name']} against {target['name']}"
        else:
            lead = f"{attacker['name']}'s attack on {target['name']}"
    elif pending["kind"] == "harm":
        lead = f"{target['name']} and {pending['source']}"
    else:
        lead = f"{target['name']} on {target['name']}'s card"
    apply_result(state, target, result, events, lead)
    check_end(state, events)


def record(state: State, target: Participant, result: str, events: Events) -> None:
    """Between rounds: anything else the story did to a participant."""
    apply_result(state, target, result, events, "The game master records")
    check_end(state, events)


def next_round(state: State, chance: Chance, events: Events) -> None:
    collect_cards(state, chance, events)
    reset_round(state)
    state["round"] += 1
    state["phase"] = "roll"
    events.append(round_event(state))


def check_end(state: State, events: Events) -> None:
    """A1: the chase is over when a side has nobody left in it."""
    if state["status"] != "playing":
        return
    standing_sides = set()  # asked after every action: both sides still in it is the usual
    for participant in state["participants"]:
        if not participant["out"] and not participant["withdrawn"]:
            standing_sides.add(participant["side"])
    if len(standing_sides) == 2:  # a chase has exactly two sides (options.py)
        return
    left = {side: [p for p in state["participants"] if p["side"] == side and in_chase(p)]
            for side in the_sides(state)}  # fmt: skip
    empty = [side for side, members in left.items() if not members]
    if not empty:
        return
    if state["rounds"] is None:  # a dogfight: the side still in it wins
        standing = [side for side, members in left.items() if members]
        winner = standing[0] if standing else None
        if winner:
            text = f"The {empty[0]} have withdrawn or fallen: the {winner} hold the field."
        else:
            text = "Both sides are out of the fight: nobody holds the field."
        finish(state, winner, text, events)
        return
    hunters = pursuer_side(state)
    if hunters in empty:
        _verdict(state, f"The {hunters} can pursue no longer", events)
    else:
        _verdict(state, f"None of the {prey_side(state)} is left in the chase", events)


def end_chase(state: State, events: Events) -> None:
    """A1: after the last round, prey still free escape."""
    _verdict(state, f"Round {state['round']} was the last", events)


def _verdict(state: State, lead: str, events: Events) -> None:
    """Prey not out of the chase (still in it, or withdrawn out of reach) have escaped."""
    prey, hunters = prey_side(state), pursuer_side(state)
    free = [p for p in state["participants"] if p["side"] == prey and not p["out"]]
    if free:
        finish(state, prey, f"{lead}: {_escape(free)}; victory to the {prey}.", events)
    else:
        text = (
            f"{lead}: the {hunters} have stopped every one of the {prey}; victory to the {hunters}."
        )
        finish(state, hunters, text, events)


def finish(state: State, winner: str | None, text: str, events: Events) -> None:
    state["status"] = "finished"
    state["phase"] = "over"
    state["winner"] = winner
    state["pending"] = []
    events.append({"kind": "end", "winner": winner, "text": text})


def _escape(participants: list[Participant]) -> str:
    verb = "escapes" if len(participants) == 1 else "escape"
    return f"{_names(participants)} {verb}"


def _names(participants: list[Participant]) -> str:
    names = [who(p) for p in participants]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
