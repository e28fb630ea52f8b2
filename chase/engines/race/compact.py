"""The race in a compact form, the one the rules (`rules`) run on: slotted objects, not dicts.

A playout (the win odds play 1,000 of them) reads and changes the canoes some 200 times a race.
So `Race` holds what changes as attributes of slotted objects and what never changes (the course
as each canoe meets it) as tuples worked out once. `Race(state)` is made from a dict state and
`Race.state()` gives the dict state back: unchanged, it is equal to the one it came from, key for
key (a test holds it to that). The public API keeps dict states (sessions store them as JSON) and
makes a `Race` only for the rule step it runs.
"""

from __future__ import annotations

from typing import Any

from chase.engines.race.tables import (
    OTHER_TRACK,
    RAPID_LENGTH,
    RAPIDS,
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
# R4: the lowest face of a hostile's shot that kills, on each leg, by the canoe's starting track.
KILLS_FROM = {start: tuple(SHOT_KILLS_FROM[track] for track in TRACK_ON[start]) for start in TRACKS}


class Racer:
    """A canoe in a compact race: its changing fields (`CANOE_FIELDS`) as attributes, the dict it
    was made from (`source`, never changed), and what never changes as its track meets it (R1):
    `tracks` by leg, `lengths` the inches of each leg on its track, and `kills_from` (R4)."""

    __slots__ = ("source", "role", "tracks", "lengths", "kills_from", *CANOE_FIELDS)

    def __init__(self, canoe: dict[str, Any], lengths: tuple[int, ...] | Lengths) -> None:
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


class Currents:
    """`Race.currents` read from the course's legs as the rules ask, not built: a race of one
    activation reads one or two."""

    __slots__ = ("legs",)

    def __init__(self, legs: list[dict[str, Any]]) -> None:
        self.legs = legs

    def __getitem__(self, leg: int) -> int:
        return self.legs[leg]["current"]


class Lengths:
    """`Racer.lengths` read from the course's legs as the rules ask, not built: the inches of a
    leg on the track the canoe follows there (R1). For a race of one activation, which reads one
    or two of them (by leg only: no slices, so no `Racer.position`)."""

    __slots__ = ("legs", "tracks")

    def __init__(self, legs: list[dict[str, Any]], tracks: tuple[str, ...]) -> None:
        self.legs = legs
        self.tracks = tracks

    def __getitem__(self, leg: int) -> int:
        return self.legs[leg]["length"][self.tracks[leg]]


class Race:
    """A race's dict state as the rules use it. `order` holds the racers themselves; `course`
    and its `rapids` are the state's own (read, never changed); `racing` is worked out, not a
    state key.

    With `seat`, the active canoe's, a race for its activation alone, one that does not end the
    turn (`activations.activate` plays most activations so): only that canoe is a racer, in
    `racers`, `order` (None for the others, which such an activation never reads) and `racing`;
    `currents` and the racer's `lengths` are read from the course as asked (`Currents`,
    `Lengths`), and there is no `length`, unless `tables` asks for them built (R6's choice,
    `computer._abandons`, reads `length` and `Racer.position`). `state()` gives the other canoes
    and the order back as copies of the state's. The rules must not end the turn on it: `racing`
    lacks the others (`rules.play` refuses to). Without `seat`, every canoe is a racer and the
    tables are always built."""

    __slots__ = (
        "source",
        "seat",
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

    def __init__(self, state: State, seat: int | None = None, tables: bool = False) -> None:
        self.source = state  # read, never changed: the options, course and names come from it
        self.seat = seat
        course = self.course = state["course"]
        self.rapids = course["rapids"]
        self.bear = course["bear"]
        self.revealed = list(state["revealed"])
        self.turn = state["turn"]
        self.active = state["active"]
        self.finishers = list(state["finishers"])
        self.status = state["status"]
        legs = course["legs"]
        if seat is not None:  # the active canoe's activation, which leaves the turn open
            canoe = state["canoes"][seat]
            if tables:
                racer = Racer(canoe, self._tables(legs)[canoe["start"]])
            else:
                self.currents = Currents(legs)
                racer = Racer(canoe, Lengths(legs, TRACK_ON[canoe["start"]]))
            self.racers = [racer]
            self.racing = [racer] if not racer.out and racer.place is None else []
            self.order = [None] * len(state["order"])
            self.order[self.active] = racer
            return
        lengths = self._tables(legs)
        racers: list[Racer] = []
        by_role: dict[str, Racer] = {}
        # The canoes neither out nor placed, in canoe order, for the hostiles and the chip bag:
        # kept up to date as canoes go out (a canoe placed ends the race with its turn).
        racing: list[Racer] = []
        for canoe in state["canoes"]:
            racer = Racer(canoe, lengths[canoe["start"]])
            racers.append(racer)
            by_role[racer.role] = racer
            if not racer.out and racer.place is None:
                racing.append(racer)
        self.racers = racers
        self.racing = racing
        self.order = [by_role[role] for role in state["order"]]

    def _tables(self, legs: list[dict[str, Any]]) -> dict[str, tuple[int, ...]]:
        """R1: sets `currents` (each leg's) and `length` (`course.course_length`), and gives each
        leg's inches on the track a canoe follows, by starting track."""
        currents = []
        inside = []
        outside = []
        for leg, track in zip(legs, TRACK_ON["inside"], strict=True):
            currents.append(leg["current"])
            length = leg["length"]
            inside.append(length[track])
            outside.append(length[OTHER_TRACK[track]])
        self.currents = tuple(currents)
        self.length = RAPIDS * RAPID_LENGTH + sum(inside)
        return {"inside": tuple(inside), "outside": tuple(outside)}

    def state(self) -> State:
        """The dict state of the race now, sharing only the options and course with `source`."""
        state = self.source.copy()
        state["revealed"] = list(self.revealed)
        if self.seat is None:
            state["canoes"] = [racer.canoe() for racer in self.racers]
            state["order"] = [racer.role for racer in self.order]
        else:  # the other canoes as they were, and the order (only a turn's end draws a new one)
            canoes = state["canoes"] = list(map(dict.copy, state["canoes"]))
            canoes[self.seat] = self.racers[0].canoe()
            state["order"] = list(state["order"])
        state["turn"] = self.turn
        state["active"] = self.active
        state["finishers"] = list(self.finishers)
        state["status"] = self.status
        return state
