"""Computer racers: a sensible one that weighs re-crewing against paddling on, and a random one.

Only one decision in the race is a real choice (R6): haul the swimmers in, or leave them and
paddle on. The computer estimates the turns still needed to finish either way and takes the
faster: far from the finish a full crew's bigger die and better odds in the rapids pay for the
lost turn; close to it they do not.
"""

from __future__ import annotations

from math import comb
from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.race.activations import legal_actions
from chase.engines.race.course import course_length, position
from chase.engines.race.state import canoe_of
from chase.engines.race.tables import CLASSES, HELPING_HAND, LEGS, PADDLE_DIE, RAPIDS, RECREW_FROM

FLIP_COST = 2.0  # turns a capsize costs, roughly: the re-crew activation and the men it loses
UNKNOWN_CLASS = sum(CLASSES) / 2  # a hidden rapid is guessed at the middle of its range
CLIMB_WITH_HAND = (7 - (RECREW_FROM - HELPING_HAND)) / 6  # R6: 2+ on a D6 with a helping hand


def computer_action(state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
    actions = legal_actions(state, role)
    if not actions:
        raise IllegalMove("It is not this canoe's activation.")
    by_type = {action["type"]: action for action in actions}
    if "abandon" in by_type and _paddling_on_is_faster(state, canoe_of(state, role)):
        return by_type["abandon"]
    return actions[0]


def random_action(state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
    actions = legal_actions(state, role)
    if not actions:
        raise IllegalMove("It is not this canoe's activation.")
    return chance.choice(actions, label="random racer")


def _paddling_on_is_faster(state: dict[str, Any], canoe: dict[str, Any]) -> bool:
    course = state["course"]
    to_go = course_length(course) - position(course, canoe)
    drift = course["legs"][canoe["leg"]]["current"]
    swimmers = canoe["water"]
    recrew = 1.0
    for climbed in range(swimmers + 1):
        odds = (
            comb(swimmers, climbed)
            * CLIMB_WITH_HAND**climbed
            * (1 - CLIMB_WITH_HAND) ** (swimmers - climbed)
        )
        recrew += odds * turns_to_finish(state, canoe, canoe["aboard"] + climbed, to_go - drift)
    return turns_to_finish(state, canoe, canoe["aboard"], to_go) <= recrew


def turns_to_finish(state: dict[str, Any], canoe: dict[str, Any], men: int, to_go: float) -> float:
    """A rough estimate of the activations a crew of `men` needs to cover `to_go` inches."""
    course = state["course"]
    sides = PADDLE_DIE[men]
    leg = canoe["leg"]
    currents = [course["legs"][i]["current"] for i in range(leg, LEGS)]
    speed = (sides + 1) / 2 + sum(currents) / len(currents)
    turns = max(to_go, 0) / speed
    for rapid in range(leg, RAPIDS):  # the rapid at the end of this leg is still ahead
        cls = course["rapids"][rapid]["class"] if state["revealed"][rapid] else UNKNOWN_CLASS
        turns += 1 + FLIP_COST * min(cls, sides) / sides
    return turns
