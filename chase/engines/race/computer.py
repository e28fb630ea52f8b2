"""Computer racers: a sensible one that weighs re-crewing against paddling on, and a random one.

Only one decision in the race is a real choice (R6): haul the swimmers in, or leave them and
paddle on. The computer estimates the turns still needed to finish either way and takes the
faster: far from the finish a full crew's bigger die and better odds in the rapids pay for the
lost turn; close to it they do not.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.race.activations import labelled, legal_types
from chase.engines.race.compact import Race, Racer
from chase.engines.race.rules import play
from chase.engines.race.state import active_role, seat_of
from chase.engines.race.tables import (
    CLASSES,
    CREW,
    HELPING_HAND,
    LEGS,
    PADDLE_DIE,
    RAPIDS,
    RECREW_FROM,
)

FLIP_COST = 2.0  # turns a capsize costs, roughly: the re-crew activation and the men it loses
UNKNOWN_CLASS = sum(CLASSES) / 2  # a hidden rapid is guessed at the middle of its range
CLIMB_WITH_HAND = (7 - (RECREW_FROM - HELPING_HAND)) / 6  # R6: 2+ on a D6 with a helping hand
# The odds that `climbed` of `swimmers` climb back in, CLIMB_ODDS[swimmers][climbed], and the turns
# a rapid of class `cls` costs a crew throwing a D`sides`, RAPID_TURNS[sides][cls]: worked out once
# here by the very expressions a decision would evaluate, so every decision adds the same floats.
CLIMB_ODDS = tuple(
    tuple(
        comb(swimmers, climbed)
        * CLIMB_WITH_HAND**climbed
        * (1 - CLIMB_WITH_HAND) ** (swimmers - climbed)
        for climbed in range(swimmers + 1)
    )
    for swimmers in range(CREW + 1)
)
RAPID_TURNS = {
    sides: {
        cls: 1 + FLIP_COST * min(cls, sides) / sides
        for cls in (*range(CLASSES[0], CLASSES[1] + 1), UNKNOWN_CLASS)
    }
    for sides in PADDLE_DIE.values()
}


def computer_action(state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
    if role != active_role(state):
        raise IllegalMove("It is not this canoe's activation.")
    seat = seat_of(state, role)
    canoe = state["canoes"][seat]
    types = legal_types(canoe)
    kind = types[0]
    if len(types) > 1:  # R6's choice, weighed as a playout weighs it, on a compact race
        race = Race(state, seat, tables=True)  # of that canoe only: the choice reads no other
        if _abandons(race, race.order[race.active]):
            kind = "abandon"
    return labelled(state, canoe, kind)


def _faster_to_paddle_on(
    ahead: tuple[float, list[float]], aboard: int, water: int, to_go: int, drift: int
) -> bool:
    """R6's choice for a canoe with `aboard` men in it and `water` in the water, `to_go` inches
    from the finish on a leg whose current is `drift`: paddling on is no slower than re-crewing."""
    recrew = 1.0
    for climbed, odds in enumerate(CLIMB_ODDS[water]):
        recrew += odds * _turns(ahead, aboard + climbed, to_go - drift)
    return _turns(ahead, aboard, to_go) <= recrew


def _ahead(course: dict[str, Any], revealed: Sequence[bool], leg: int) -> tuple[float, list[float]]:
    """The mean current from `leg` on, and the classes of the rapids still ahead (the rapid at
    the end of this leg included), as far as the racers know them: worked out once a decision."""
    legs = course["legs"]
    rapids = course["rapids"]
    current = 0
    classes = []
    for ahead in range(leg, LEGS):
        current += legs[ahead]["current"]
        if ahead < RAPIDS:
            classes.append(rapids[ahead]["class"] if revealed[ahead] else UNKNOWN_CLASS)
    return current / (LEGS - leg), classes


def _turns(ahead: tuple[float, list[float]], men: int, to_go: float) -> float:
    mean_current, classes = ahead
    sides = PADDLE_DIE[men]
    speed = (sides + 1) / 2 + mean_current
    turns = (to_go if to_go > 0 else 0) / speed
    rapid_turns = RAPID_TURNS[sides]  # 1 + FLIP_COST * min(cls, sides) / sides, looked up
    for cls in classes:
        turns += rapid_turns[cls]
    return turns


def playout(state: dict[str, Any], chance: Chance) -> dict[str, Any]:
    """The race played to its end by the computer at every seat, from a copy of `state`.

    The same rules (`rules.play`) and the same choice as `apply` and `computer_action`, played on
    a compact copy (`compact.Race`) with no events: the final state is what stepping through
    `apply` would give with the same chance (a test holds the two to it).
    """
    race = Race(state)
    play(race, chance, _abandons)
    return race.state()


def _abandons(race: Race, racer: Racer) -> bool:
    """R6's choice for a canoe with men aboard and in the water: leave the swimmers and paddle on
    when that is no slower."""
    leg = racer.leg
    return _faster_to_paddle_on(
        _ahead(race.course, race.revealed, leg),
        racer.aboard,
        racer.water,
        race.length - racer.position(),
        race.currents[leg],
    )
