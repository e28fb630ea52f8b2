"""Setting up the race (R1-R3), and the start of a turn (R4) for the tests that call it alone.

The rules of a turn's start (`rules.open_turn`) run on a compact race made from the dict state.
"""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.race.compact import Race
from chase.engines.race.course import roll_course
from chase.engines.race.rules import open_turn, reveal
from chase.engines.race.state import section_event
from chase.engines.race.tables import CREW, LEGS, TRACKS

State = dict[str, Any]
Canoe = dict[str, Any]
Events = list[dict[str, Any]]


# --- setting up (R1, R3) ---------------------------------------------------------------


def new_state(options: dict[str, Any], chance: Chance) -> tuple[State, Events]:
    """Roll the course, crew the canoes and play turn 1's opening phases."""
    course = roll_course(options, chance)
    canoes = [
        _new_canoe(seat, names, TRACKS[(seat - 1) % 2])  # R3: alternating inside and outside
        for seat, names in enumerate(options["names"], start=1)
    ]
    state = {
        "options": options,
        "course": course,
        "revealed": [not options["hidden"]] * LEGS,
        "canoes": canoes,
        "turn": 1,
        "order": [],
        "active": 0,
        "finishers": [],
        "status": "playing",
    }
    events: Events = [{"kind": "setup", "text": _line_up(canoes, course)}]
    race = Race(state)
    if options["hidden"]:
        reveal(race, 0, events)  # R2: the canoes are already on leg 1
    else:
        events.extend(section_event(course, leg) for leg in range(LEGS))
    open_turn(race, chance, events)
    return race.state(), events


def _new_canoe(seat: int, names: dict[str, str], start: str) -> Canoe:
    return {
        "role": f"canoe-{seat}",
        "name": names["canoe"],
        "colony": names["colony"],
        "start": start,
        "leg": 0,
        "at": 0,  # inches the bow is along its leg, on the canoe's track
        "rapid": False,  # in the rapid at the end of its leg
        "aboard": CREW,
        "water": 0,
        "lost": 0,
        "flipped": False,
        "whirlpool": False,  # capsized into a whirlpool: the next re-crew roll drowns (R7)
        "out": False,
        "place": None,
    }


def _line_up(canoes: list[Canoe], course: dict[str, Any]) -> str:
    crews = "; ".join([f"{c['colony']} ({c['name']}) on the {c['start']} track" for c in canoes])
    currents = ", ".join([str(leg["current"]) for leg in course["legs"]])
    return f"The canoes line up: {crews}. Leg currents: {currents}."


# --- R4: the start of a turn --------------------------------------------------------------


def begin_turn(state: State, chance: Chance) -> tuple[State, Events]:
    """Hostiles shoot, the bear attacks and the activation order is drawn (R4, `rules.open_turn`),
    on a compact race made from the state: the new state and what happened."""
    race = Race(state)
    events: Events = []
    open_turn(race, chance, events)
    return race.state(), events
