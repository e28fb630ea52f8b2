"""The abstract chase's actions carried out: `perform` applies a legal action to a private copy
of the state (the engine's `perform` and the odds' `playout` both call it)."""

from __future__ import annotations

from typing import Any

from chase.engines.abstract import rounds, story
from chase.engines.abstract.state import participant_of
from chase.engines.abstract.tables import GM
from chase.engines.chance import Chance


def perform(
    state: dict[str, Any],
    role: str,
    action: dict[str, Any],
    chance: Chance,
    events: list[dict[str, Any]],
) -> None:
    """Carry out a legal action on `state` (a private copy)."""
    kind = action["type"]
    if role == GM:
        if kind == "resolve":
            story.resolve(state, action["result"], events)
            rounds.advance(state, events)
        elif kind == "record":
            story.record(state, state["participants"][action["target"]], action["result"], events)
        elif kind == "next":
            story.next_round(state, chance, events)
        else:
            story.end_chase(state, events)
        return
    participant = participant_of(state, role)
    if kind == "roll":
        rounds.roll(state, participant, action.get("help", True), chance, events)
    elif kind == "keep":
        rounds.keep(state, participant, action["card"], events)
    elif kind == "face":
        rounds.face(state, participant, chance, events)
    elif kind == "withdraw":
        rounds.withdraw(state, participant, events)
    elif kind == "done":
        rounds.end_action(state, participant, events)
    else:
        if kind == "group_attack":
            rounds.group_attack(state, participant, events)
        else:
            target = state["participants"][action["target"]]
            if kind == "attack":
                rounds.attack(state, participant, target, events)
            else:
                rounds.force(state, participant, target, chance, events)
            story.check_end(state, events)
        rounds.advance(state, events)
