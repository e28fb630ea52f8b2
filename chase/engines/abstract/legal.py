"""Every action a seat may post now, each with its label, exactly as it must be posted back.

Participants' seats: {"type": "roll"} (or "roll" with "help" true/false when it has passengers),
{"type": "keep", "card"}, {"type": "face"}, {"type": "attack", "target"}, {"type":
"group_attack"}, {"type": "force", "target"}, {"type": "withdraw"} (dogfights), {"type":
"done"}. The game master's: {"type": "resolve", "result"}, {"type": "record", "result",
"target"}, {"type": "next"}, {"type": "end"}. Targets are participants' indices.
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract import cards
from chase.engines.abstract.dice import modifiers_text, signed
from chase.engines.abstract.rounds import (
    active,
    complication_modifiers,
    needs_to_face,
    targets,
)
from chase.engines.abstract.state import (
    Participant,
    State,
    in_chase,
    participant_of,
    roll_modifiers,
    who,
)
from chase.engines.abstract.tables import (
    ATTACK_RESULTS,
    GM,
    HARM_RESULTS,
    RECOVER_RESULTS,
)
from chase.engines.base import IllegalMove

Action = dict[str, Any]

RESULT_LABELS = {
    "miss": "Miss",
    "hit": "Hit, no lasting harm",
    "unhurt": "No lasting harm",
    "shaken": "Shaken",
    "wounded": "Wounded",
    "out": "Out of the chase",
    "recovers": "Recovers",
    "still_shaken": "Stays shaken",
    "withdraws": "Withdraws",
}
GROUP_LABELS = {"wounded": "one wounded, so out", "out": "one out of the chase"}


def legal_actions(state: State, role: str | None) -> list[Action]:
    if role is None or state["status"] != "playing":
        return []
    if role == GM:
        return _gm_actions(state)
    try:
        participant = participant_of(state, role)
    except IllegalMove:  # an unknown seat has nothing to do
        return []
    if not in_chase(participant) or state["pending"]:
        return []
    if state["phase"] == "roll":
        return _roll_actions(state, participant)
    if active(state) is participant:
        return _card_actions(state, participant)
    return []


def _roll_actions(state: State, participant: Participant) -> list[Action]:
    if not participant["rolled"]:
        die = f"d{participant['die']}" + (" and the wild die" if participant["wild"] else "")
        mods = modifiers_text(roll_modifiers(state, participant)).strip()
        label = f"Roll {die} to maneuver" + (f" ({mods})" if mods else "")
        if not participant["passengers"]:
            return [{"type": "roll", "label": label}]
        helpers = " and ".join(p["name"] for p in participant["passengers"])
        return [
            {"type": "roll", "help": True, "label": f"{label}, {helpers} helping"},
            {"type": "roll", "help": False, "label": f"{label} alone ({helpers} free to act)"},
        ]
    if not participant["kept"]:
        return [
            {"type": "keep", "card": card, "label": f"Keep {cards.name(card)} ({_card_note(card)})"}
            for card in sorted(participant["drawn"], key=cards.order_key)
        ]
    return []


def _card_note(card: str) -> str:
    band, modifier = cards.range_band(card)
    note = band if modifier is None else f"{band} range"
    trouble = cards.complication(card)
    if trouble:
        note += f"; a club: {trouble[1]}"
    return note


def _card_actions(state: State, participant: Participant) -> list[Action]:
    if needs_to_face(participant):
        _key, words, modifier = cards.complication(participant["card"])  # type: ignore[misc]
        total = sum(
            value for value, _ in complication_modifiers(state, participant, words, modifier)
        )
        at = f" at {signed(total)}" if total else ""
        return [{"type": "face", "label": f"Face {words}: roll d{participant['die']}{at}"}]
    actions: list[Action] = []
    band, modifier = cards.range_band(participant["card"])
    range_words = f"{band} range" + (f" {signed(modifier)}" if modifier else ", melee possible")
    foes = targets(state, participant)
    if foes and participant["group"]:
        actions.append(
            {"type": "group_attack", "label": f"Attack: share out {participant['left']} attacks"}
        )
    elif foes:
        actions += [
            {
                "type": "attack",
                "target": foe["index"],
                "label": f"Attack {who(foe)} ({range_words})",
            }
            for foe in foes
        ]
        if not participant["force_used"]:
            actions += [
                {
                    "type": "force",
                    "target": foe["index"],
                    "label": f"Force {who(foe)} (opposed roll, {range_words})",
                }
                for foe in foes
            ]
    if state["rounds"] is None:
        actions.append({"type": "withdraw", "label": "Break off: withdraw from the fight"})
    actions.append({"type": "done", "label": "End the action"})
    return actions


def _gm_actions(state: State) -> list[Action]:
    if state["pending"]:
        pending = state["pending"][0]
        choices = {
            "attack": ATTACK_RESULTS,
            "harm": HARM_RESULTS,
            "recover": RECOVER_RESULTS,
        }[pending["kind"]]
        target = state["participants"][pending["target"]]
        return [
            {
                "type": "resolve",
                "result": result,
                "label": f"{who(target)}: {_result_words(target, result)}",
            }
            for result in choices
        ]
    if state["phase"] != "between":
        return []
    actions: list[Action] = []
    last = state["rounds"] is not None and state["round"] >= state["rounds"]
    if last:
        actions.append({"type": "end", "label": f"End the chase after round {state['round']}"})
    else:
        actions.append({"type": "next", "label": f"Start round {state['round'] + 1}"})
    for participant in state["participants"]:
        if not in_chase(participant):
            continue
        for result in ("shaken", "recovers", "wounded", "out", "withdraws"):
            if result == "shaken" and participant["shaken"]:
                continue
            if result == "recovers" and not participant["shaken"]:
                continue
            actions.append(
                {
                    "type": "record",
                    "result": result,
                    "target": participant["index"],
                    "label": f"{who(participant)}: {_result_words(participant, result)}",
                }
            )
    return actions


def _result_words(target: Participant, result: str) -> str:
    """A7: a group of extras loses one of its number to a wound, or to "out"."""
    if target["group"] and result in GROUP_LABELS:
        return GROUP_LABELS[result]
    return RESULT_LABELS[result].lower()
