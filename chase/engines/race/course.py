"""Laying out the course (R1, R2) and measuring along it."""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.race.tables import (
    BEND_DELTA,
    BEND_LEGS,
    CLASSES,
    CURRENTS,
    HOSTILE_LEGS,
    LEGS,
    RAPID_LENGTH,
    RAPIDS,
    TRACK_ON,
    TURN_AFTER_LEG,
    WHIRLPOOL_HALVES,
)

Course = dict[str, Any]
Canoe = dict[str, Any]

# R1: each leg's shape, worked out once: a corner (and the inches the outside track adds on it, the
# inside saves), and a hostile on its bank.
LEG_SHAPES = tuple(
    (leg in BEND_LEGS, BEND_DELTA if leg in BEND_LEGS else 0, leg in HOSTILE_LEGS)
    for leg in range(LEGS)
)


def roll_course(options: dict[str, Any], chance: Chance) -> Course:
    """Currents, classes, whirlpools and the bear: rolled, or the hand-set values (R1)."""
    randint = chance.randint
    low, high = CURRENTS
    currents = options["currents"] or [randint(low, high, label="current") for _ in range(LEGS)]
    low, high = CLASSES
    classes = options["classes"] or [randint(low, high, label="rapid class") for _ in range(RAPIDS)]
    whirlpools = _place_whirlpools(chance)
    bear = chance.randint(0, RAPIDS - 1, label="bear's rapid")
    length = options["leg_length"]
    return {
        "legs": [
            {
                "current": current,
                "length": {"inside": length - delta, "outside": length + delta},
                "bend": bend,
                "hostile": hostile,
            }
            for current, (bend, delta, hostile) in zip(currents, LEG_SHAPES, strict=True)
        ],
        "rapids": [
            {"class": classes[r], "whirlpool": whirlpools.get(r), "bear": r == bear}
            for r in range(RAPIDS)
        ],
        "bear": bear,
    }


def _place_whirlpools(chance: Chance) -> dict[int, str]:
    """R1: two whirlpools behind two rapids, one on each track.

    Both go on the same side of the swap: a whirlpool on each side would put both in the way of
    the same starting group, and the seed wants each group to meet exactly one.
    """
    half = WHIRLPOOL_HALVES[chance.randint(0, 1, label="whirlpools' half")]
    first, second = chance.shuffle(half, label="whirlpools' rapids")[:2]
    return {first: "inside", second: "outside"}


def track_on(canoe: Canoe, leg: int) -> str:
    """R1: the track a canoe follows on a leg; it swaps at the turn after leg 4."""
    return TRACK_ON[canoe["start"]][leg]


def leg_length(course: Course, canoe: Canoe, leg: int) -> int:
    return course["legs"][leg]["length"][track_on(canoe, leg)]


def position(course: Course, canoe: Canoe) -> int:
    """Inches the bow has come from the start line along the canoe's own tracks.

    A canoe in a rapid fills it, so its bow is at the rapid's far edge.
    """
    tracks = TRACK_ON[canoe["start"]]
    legs = course["legs"]
    done = 0
    last = canoe["leg"] + 1 if canoe["rapid"] else canoe["leg"]  # a rapid: its leg is done too
    for leg in range(last):  # leg_length() written out: the computer asks this every decision
        done += legs[leg]["length"][tracks[leg]] + RAPID_LENGTH
    return done if canoe["rapid"] else done + canoe["at"]


def course_length(course: Course) -> int:
    """Start to finish along either pair of tracks (the same by R1's swap)."""
    length = RAPIDS * RAPID_LENGTH
    for leg, here in enumerate(course["legs"]):
        length += here["length"]["inside" if leg <= TURN_AFTER_LEG else "outside"]
    return length
