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
from chase.engines.race.tables import CREW, DEFAULT_OUTSIDE_EXTRA, LEGS, TRACKS

State = dict[str, Any]
Canoe = dict[str, Any]
Events = list[dict[str, Any]]


# --- setting up (R1, R3) ---------------------------------------------------------------


def new_state(options: dict[str, Any], chance: Chance) -> tuple[State, Events]:
    """Roll the course, crew the canoes and play turn 1's opening phases."""
    course = roll_course(options, chance)
    extra = options.get("outside_extra", DEFAULT_OUTSIDE_EXTRA)
    behind = {"inside": max(0, -extra), "outside": max(0, extra)}  # the house rule's stagger
    canoes = []
    for seat, names in enumerate(options["names"], start=1):
        start = TRACKS[(seat - 1) % 2]  # R3: alternating inside and outside
        canoes.append(_new_canoe(seat, names, start, behind[start]))
    if extra == DEFAULT_OUTSIDE_EXTRA:
        # Left out of the state's options at its default, so that a race stored before the
        # option came replays to the very same states.
        options = {name: value for name, value in options.items() if name != "outside_extra"}
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


def _new_canoe(seat: int, names: dict[str, str], start: str, behind: int = 0) -> Canoe:
    """A crew of four on the start line, or `behind` inches behind it (the house option
    `outside_extra`): its bow is then at a negative inch of leg 1, which it paddles on from as
    from the line, so its course is `behind` inches longer."""
    return {
        "role": f"canoe-{seat}",
        "name": names["canoe"],
        "colony": names["colony"],
        "start": start,
        "leg": 0,
        "at": -behind,  # inches the bow is along its leg, on the canoe's track
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
    crews = "; ".join([_lined_up(canoe) for canoe in canoes])
    currents = ", ".join([str(leg["current"]) for leg in course["legs"]])
    return f"The canoes line up: {crews}. Leg currents: {currents}."


def _lined_up(canoe: Canoe) -> str:
    where = f"{canoe['colony']} ({canoe['name']}) on the {canoe['start']} track"
    if canoe["at"] < 0:
        where += f', {-canoe["at"]}" behind the line'
    return where


# --- R4: the start of a turn --------------------------------------------------------------


def begin_turn(state: State, chance: Chance) -> tuple[State, Events]:
    """Hostiles shoot, the bear attacks and the activation order is drawn (R4, `rules.open_turn`),
    on a compact race made from the state: the new state and what happened."""
    race = Race(state)
    events: Events = []
    open_turn(race, chance, events)
    return race.state(), events
