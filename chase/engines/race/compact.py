"""The race in a compact form, for playouts: the same rules on slotted objects instead of dicts.

A playout (the win odds play 1,000 of them) reads and changes the canoes some 200 times a race,
and nothing reads its events. So `Race` holds what changes as attributes of slotted objects and
what never changes (the course as each canoe meets it) as tuples worked out once, and `play` runs
the rules of `activations` and `phases` on it with no events. `Race(state)` is made from a dict
state and `Race.state()` gives the dict state back: unchanged, it is equal to the one it came
from, key for key (a test holds both that and `play` to the dict rules).

The rules here are a second writing of R4-R8: a change to them must be made in both places.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chase.engines.chance import Chance
from chase.engines.race.course import course_length
from chase.engines.race.tables import (
    BEAR_FLIPS_FROM,
    BEAR_KILLS_FROM,
    CANOE_LENGTH,
    HELPING_HAND,
    HOSTILE_LEGS,
    LAST_LEG,
    LEGS,
    PADDLE_DIE,
    RAPID_LENGTH,
    RECREW_FROM,
    SHOT_KILLS_FROM,
    TRACK_ON,
    TRACKS,
)

State = dict[str, Any]

# The fields of a canoe that change during a race (the rest, its role, name and start, never do).
CANOE_FIELDS = (
    "leg",
    "at",
    "rapid",
    "aboard",
    "water",
    "lost",
    "flipped",
    "whirlpool",
    "out",
    "place",
)
HOSTILE_ON = tuple(leg in HOSTILE_LEGS for leg in range(LEGS))
# R4: the lowest face of a hostile's shot that kills, on each leg, by the canoe's starting track.
KILLS_FROM = {start: tuple(SHOT_KILLS_FROM[track] for track in TRACK_ON[start]) for start in TRACKS}


class Racer:
    """A canoe in a compact race: its changing fields (`CANOE_FIELDS`) as attributes, the dict it
    was made from (`source`, never changed), and what never changes as its track meets it (R1):
    `tracks` by leg, `lengths` the inches of each leg on its track, and `kills_from` (R4)."""

    __slots__ = ("source", "role", "tracks", "lengths", "kills_from", *CANOE_FIELDS)

    def __init__(self, canoe: dict[str, Any], lengths: tuple[int, ...]) -> None:
        self.source = canoe
        self.role = canoe["role"]
        start = canoe["start"]
        self.tracks = TRACK_ON[start]
        self.lengths = lengths
        self.kills_from = KILLS_FROM[start]
        self.leg = canoe["leg"]
        self.at = canoe["at"]
        self.rapid = canoe["rapid"]
        self.aboard = canoe["aboard"]
        self.water = canoe["water"]
        self.lost = canoe["lost"]
        self.flipped = canoe["flipped"]
        self.whirlpool = canoe["whirlpool"]
        self.out = canoe["out"]
        self.place = canoe["place"]

    def canoe(self) -> dict[str, Any]:
        """A copy of `source` with the fields as they are now."""
        canoe = self.source.copy()
        canoe["leg"] = self.leg
        canoe["at"] = self.at
        canoe["rapid"] = self.rapid
        canoe["aboard"] = self.aboard
        canoe["water"] = self.water
        canoe["lost"] = self.lost
        canoe["flipped"] = self.flipped
        canoe["whirlpool"] = self.whirlpool
        canoe["out"] = self.out
        canoe["place"] = self.place
        return canoe

    def position(self) -> int:
        """`course.position`: a canoe in a rapid fills it, so its bow is at the far edge."""
        last = self.leg + 1 if self.rapid else self.leg  # a rapid: its leg is done too
        done = sum(self.lengths[:last]) + last * RAPID_LENGTH
        return done if self.rapid else done + self.at


class Race:
    """A race's dict state as a playout uses it. `order` holds the racers themselves; `course`
    and its `rapids` are the state's own (read, never changed); `racing` is worked out, not a
    state key."""

    __slots__ = (
        "source",
        "racers",
        "course",
        "currents",
        "rapids",
        "bear",
        "length",
        "revealed",
        "turn",
        "order",
        "active",
        "finishers",
        "status",
        "racing",
    )

    def __init__(self, state: State) -> None:
        self.source = state  # read, never changed: the options, course and names come from it
        course = self.course = state["course"]
        legs = course["legs"]
        self.currents = tuple([leg["current"] for leg in legs])
        self.rapids = course["rapids"]
        self.bear = course["bear"]
        self.length = course_length(course)
        lengths = {  # R1: each leg's inches on the track a canoe follows, by its starting track
            start: tuple(
                [leg["length"][track] for leg, track in zip(legs, TRACK_ON[start], strict=True)]
            )
            for start in TRACKS
        }
        self.racers = [Racer(canoe, lengths[canoe["start"]]) for canoe in state["canoes"]]
        self.revealed = list(state["revealed"])
        self.turn = state["turn"]
        by_role = {racer.role: racer for racer in self.racers}
        self.order = [by_role[role] for role in state["order"]]
        self.active = state["active"]
        self.finishers = list(state["finishers"])
        self.status = state["status"]
        # The canoes neither out nor placed, in canoe order, for the hostiles and the chip bag:
        # kept up to date as canoes go out (a canoe placed ends the race with its turn).
        self.racing = [racer for racer in self.racers if not racer.out and racer.place is None]

    def state(self) -> State:
        """The dict state of the race now, sharing only the options and course with `source`."""
        state = self.source.copy()
        state["revealed"] = list(self.revealed)
        state["canoes"] = [racer.canoe() for racer in self.racers]
        state["turn"] = self.turn
        state["order"] = [racer.role for racer in self.order]
        state["active"] = self.active
        state["finishers"] = list(self.finishers)
        state["status"] = self.status
        return state


Abandons = Callable[[Race, Racer], bool]


def play(race: Race, chance: Chance, abandons: Abandons) -> None:
    """Play `race` to its end in place, from its active canoe on, with no events: what stepping
    through `activations.step` gives, the one real choice (R6) left to `abandons`, which says
    whether a canoe with men aboard and in the water leaves the swimmers and paddles on."""
    roll = chance.roll
    currents = race.currents
    finishers = race.finishers
    rapids = race.rapids
    order = race.order[race.active :]
    while race.status == "playing":
        for racer in order:
            if racer.water:
                if racer.aboard and abandons(race, racer):
                    _abandon(race, racer, roll)
                else:
                    _recrew(race, racer, roll)
            elif racer.rapid:  # R5: higher than the class passes; equal or lower flips
                if roll(PADDLE_DIE[racer.aboard]) <= rapids[racer.leg]["class"]:
                    _capsize(racer)
                _wash_below(race, racer)
            else:  # _paddle written out: most activations are a paddle
                leg = racer.leg
                reached = racer.at + roll(PADDLE_DIE[racer.aboard]) + currents[leg]
                length = racer.lengths[leg]
                if reached < length:
                    racer.at = reached
                    continue
                racer.at = length
                if leg == LAST_LEG:
                    finishers.append(racer.role)
                    racer.place = len(finishers)
                else:
                    racer.rapid = True
        order = _next_turn(race, chance)


# --- the activations (R5-R8), as in `activations` ------------------------------------------


def _paddle(race: Race, racer: Racer, roll: Callable[[int], int]) -> None:
    """R5: paddle die + current from the bow; a bow touching a rapid stops in it; R8 the line."""
    leg = racer.leg
    reached = racer.at + roll(PADDLE_DIE[racer.aboard]) + race.currents[leg]
    length = racer.lengths[leg]
    if reached < length:
        racer.at = reached
        return
    racer.at = length
    if leg == LAST_LEG:
        race.finishers.append(racer.role)
        racer.place = len(race.finishers)
    else:
        racer.rapid = True


def _recrew(race: Race, racer: Racer, roll: Callable[[int], int]) -> None:
    """R6: D6 per man in the water, 3+ climbs in (+1 with a man aboard); then drift. R7 drowns."""
    needed = RECREW_FROM - HELPING_HAND if racer.aboard else RECREW_FROM
    climbed = 0
    for _ in range(racer.water):
        if roll(6) >= needed:
            climbed += 1
    failed = racer.water - climbed
    racer.aboard += climbed
    if racer.whirlpool:  # R7: every man who fails drowns
        racer.lost += failed
        failed = 0
        racer.whirlpool = False
    racer.water = failed
    if racer.aboard:
        racer.flipped = False
    if _out_if_empty(race, racer):
        return
    # R6: the drift, held 1" short of the rapid or the finish (`activations._drift`).
    leg = racer.leg
    drift = racer.lengths[leg] - 1 - racer.at
    current = race.currents[leg]
    if drift > current:
        drift = current
    elif drift < 0:
        drift = 0
    racer.at += drift


def _abandon(race: Race, racer: Racer, roll: Callable[[int], int]) -> None:
    """R6: the swimmers are out of the race and the canoe paddles on at once."""
    racer.lost += racer.water
    racer.water = 0
    _paddle(race, racer, roll)


# --- the end of a turn and the start of the next (R4, R8), as in `end_turn` and `open_turn` --


def _next_turn(race: Race, chance: Chance) -> list[Racer]:
    """End the turn; unless that ends the race, start the next and return its activation order."""
    if race.finishers:  # R8: the race is decided once the turn of the first crossing is over
        return _end(race)
    racing = race.racing
    if not racing:  # R8: no canoe is left to finish
        return _end(race)
    race.turn += 1
    # The hostiles' and the bear's targets, in canoe order (see `phases.open_turn`).
    bear = race.bear
    targets: dict[int, list[Racer]] = {}
    mauled = []
    for racer in racing:
        leg = racer.leg
        if racer.rapid:
            if leg == bear:
                mauled.append(racer)
        elif HOSTILE_ON[leg] and (racer.aboard or racer.water):
            if leg in targets:
                targets[leg].append(racer)
            else:
                targets[leg] = [racer]
    for leg in sorted(targets):  # R4: the hostiles shoot in leg order (`phases._hostile_shoots`)
        aimed = targets[leg]
        target = chance.choice(aimed, label="hostile's target") if len(aimed) > 1 else aimed[0]
        if chance.roll(6) >= target.kills_from[leg]:  # a man falls, a paddler before a swimmer
            if target.aboard:
                target.aboard -= 1
            else:
                target.water -= 1
            target.lost += 1
            _out_if_empty(race, target)
    if mauled:
        _bear_attacks(race, mauled, chance)
    order = race.racing  # without any canoe the hostiles or the bear left with nobody (R8)
    if len(order) > 1:
        order = chance.shuffle(order, label="activation order")  # R4: the chip bag
    race.order = order
    race.active = 0
    if not order:
        return _end(race)
    return order


def _bear_attacks(race: Race, targets: list[Racer], chance: Chance) -> None:
    """R4: the bear swipes at one of `targets`, as in `phases._bear_attacks`."""
    target = chance.choice(targets, label="bear's target") if len(targets) > 1 else targets[0]
    if chance.roll(6) < BEAR_FLIPS_FROM:
        return
    _capsize(target)
    dead = 0
    for _ in range(target.water):  # R4: D6 for each man in the water
        if chance.roll(6) >= BEAR_KILLS_FROM:
            dead += 1
    target.water -= dead
    target.lost += dead
    if not _out_if_empty(race, target):
        _wash_below(race, target)


def _end(race: Race) -> list[Racer]:
    race.status = "finished"
    race.order = []
    race.active = 0
    return []


# --- shared changes, as in `state` ----------------------------------------------------------


def _capsize(racer: Racer) -> None:
    racer.water += racer.aboard
    racer.aboard = 0
    racer.flipped = True


def _wash_below(race: Race, racer: Racer) -> None:
    """Place the canoe just below its rapid (R5), maybe in a whirlpool (R7); R2 reveals the leg."""
    rapid = racer.leg
    racer.leg = rapid + 1
    racer.at = CANOE_LENGTH
    racer.rapid = False
    race.revealed[rapid + 1] = True
    if racer.flipped and race.rapids[rapid]["whirlpool"] == racer.tracks[rapid + 1]:
        racer.whirlpool = True


def _out_if_empty(race: Race, racer: Racer) -> bool:
    """R8: a canoe with nobody left, aboard or in the water, is out (and no longer racing)."""
    if racer.aboard + racer.water > 0:
        return False
    racer.out = True
    racer.flipped = True
    racer.whirlpool = False
    race.racing = [other for other in race.racing if other is not racer]
    return True
