"""The rules that move a race on (R4-R8), written once: on a compact race (`compact.Race`).

`play` runs the activations (R5-R8) and the ends and starts of turns (R4, R8). What happens is
written to `events` when it is a list, and not at all when it is None: a playout, whose events
nobody reads, passes None (every event is written under `if events is not None:`). The public
API (`activations.activate`, `phases.new_state`, `phases.begin_turn`) makes a `Race` of the dict
state, runs one step with a list for the events and gives back `Race.state()`; a playout
(`computer.playout`) plays the race to its end, R6's choice made by the computer's `_abandons`,
which `computer_action` also asks (on a `Race` of the state) when a canoe has that choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chase.engines.chance import Chance
from chase.engines.race.compact import Race, Racer
from chase.engines.race.state import faces_text, men_text, section_event
from chase.engines.race.tables import (
    BEAR_FLIPS_FROM,
    BEAR_KILLS_FROM,
    CANOE_LENGTH,
    HELPING_HAND,
    HOSTILE_LEGS,
    LAST_LEG,
    LEGS,
    ORDINALS,
    PADDLE_DIE,
    RANGE,
    RECREW_FROM,
)

Events = list[dict[str, Any]] | None
Abandons = Callable[[Race, Racer], bool]
Roll = Callable[[int], int]

HOSTILE_ON = tuple(leg in HOSTILE_LEGS for leg in range(LEGS))


def who(racer: Racer) -> str:
    return racer.source["colony"]


# --- the activations (R5-R8) --------------------------------------------------------------


def play(
    race: Race, chance: Chance, abandons: Abandons, events: Events = None, once: bool = False
) -> None:
    """Play the active canoe's activation and move the turn on (ending it, R8, and opening the
    next, R4, after the last activation); with `once` that is all, else play on to the end of the
    race. The kind of each activation follows from the canoe (what `activations.legal_types`
    offers), but for the one real choice (R6), left to `abandons`: whether a canoe with men aboard
    and in the water leaves the swimmers and paddles on. What happens goes to `events`, if any."""
    roll = chance.roll
    currents = race.currents
    finishers = race.finishers
    rapids = race.rapids
    active = race.active
    order = race.order[active : active + 1] if once else race.order[active:]
    while race.status == "playing":
        for racer in order:
            if racer.water:
                if not (racer.aboard and abandons(race, racer)):
                    _recrew(race, racer, roll, events)
                    continue
                _abandon(racer, events)  # and paddles on at once, below
            elif racer.rapid:  # R5: higher than the class passes; equal or lower flips
                face = roll(PADDLE_DIE[racer.aboard])  # R5: the die by men in the canoe
                if events is not None:
                    _ran(events, racer, face, rapids[racer.leg]["class"])
                if face <= rapids[racer.leg]["class"]:
                    _capsize(racer)
                _wash_below(race, racer, events)  # either way the canoe ends below
                continue
            # R5: paddle die + current from the bow; a bow touching a rapid stops in it.
            leg = racer.leg
            face = roll(PADDLE_DIE[racer.aboard])
            reached = racer.at + face + currents[leg]
            length = racer.lengths[leg]
            if reached < length:
                racer.at = reached
                if events is not None:
                    short = f', {length - reached}" short of {_next_line(leg)}.'
                    _paddled(events, racer, face, currents[leg], short)
                continue
            racer.at = length
            if leg == LAST_LEG:  # R8: a bow reaching the line is across
                finishers.append(racer.role)  # places go by the order bows cross
                racer.place = len(finishers)
                if events is not None:
                    _paddled(events, racer, face, currents[leg], " and crosses the finish line!")
                    _finished(events, racer)
            else:  # the seed's "touches": a bow that reaches the rapid's edge exactly stops in it
                racer.rapid = True
                if events is not None:
                    _paddled(events, racer, face, currents[leg], f" and stops in rapid {leg + 1}.")
        if once:
            race.active += 1
            if race.active < len(race.order):
                return
        if race.seat is not None:  # a race of one canoe cannot end the turn: see `Race`
            raise RuntimeError("a race of the active canoe alone reached the end of the turn")
        # R8: the race is decided once the turn of the first crossing is over; later crossings in
        # that turn take the next places, canoes still on the water get none.
        if finishers or not race.racing:  # or no canoe is left to finish
            _end(race, events)
            return
        race.turn += 1
        order = open_turn(race, chance, events)
        if once:
            return


def _paddled(events, racer, face, current, ending) -> None:
    sides = PADDLE_DIE[racer.aboard]
    text = f'{who(racer)} paddles D{sides}: {face} + current {current} = {face + current}"'
    events.append(
        {
            "kind": "paddle",
            "seat": racer.role,
            "die": sides,
            "face": face,
            "aboard": racer.aboard,
            "text": text + ending,
        }
    )


def _next_line(leg: int) -> str:
    return "the finish" if leg == LAST_LEG else f"rapid {leg + 1}"


def _finished(events, racer) -> None:
    place = racer.place
    text = f"{who(racer)} finishes {ORDINALS[place - 1]}."
    if place == 1:
        text = f"{who(racer)} wins the race!"
    events.append({"kind": "finish", "seat": racer.role, "place": place, "text": text})


def _ran(events, racer, face, cls) -> None:
    sides = PADDLE_DIE[racer.aboard]
    passed = face > cls
    verdict = "passes safely" if passed else "flips"
    events.append(
        {
            "kind": "rapid",
            "seat": racer.role,
            "die": sides,
            "face": face,
            "aboard": racer.aboard,
            "class": cls,
            "passed": passed,
            "text": f"{who(racer)} rolls D{sides}: {face} against class {cls} and {verdict}.",
        }
    )


def _recrew(race: Race, racer: Racer, roll: Roll, events: Events) -> None:
    """R6: D6 per man in the water, 3+ climbs in (+1 with a man aboard); then drift. R7 drowns."""
    bonus = HELPING_HAND if racer.aboard else 0  # who is aboard when the dice are thrown
    needed = RECREW_FROM - bonus
    faces = []
    climbed = 0
    for _ in range(racer.water):
        face = roll(6)
        faces.append(face)
        if face >= needed:
            climbed += 1
    failed = racer.water - climbed
    racer.aboard += climbed
    drowned = 0
    if racer.whirlpool:  # R7: one roll, and every man who fails drowns
        drowned, failed = failed, 0
        racer.lost += drowned
        racer.whirlpool = False
    racer.water = failed
    if racer.aboard:
        racer.flipped = False
    if events is not None:
        hand = " with a helping hand (+1)" if bonus else ""
        verb = "climbs" if climbed == 1 else "climb"
        text = f"{who(racer)} re-crews{hand}: D6 {faces_text(faces)}, {men_text(climbed)} {verb} in"
        if drowned:
            text += f", {men_text(drowned)} drown in the whirlpool"
        elif failed:
            text += f", {men_text(failed)} still in the water"
        event = {
            "kind": "recrew",
            "seat": racer.role,
            "faces": faces,
            "bonus": bonus,
            "climbed": climbed,
            "drowned": drowned,
            "text": text,
        }
        events.append(event)
    if _out_if_empty(race, racer, events, "the whole crew is lost"):
        if events is not None:
            event["text"] += "."
        return
    # R6: canoe and swimmers drift the leg's current. The seed does not say what happens when the
    # drift reaches a rapid or the finish; we hold the canoe 1" short, so only paddling can enter
    # a rapid or win (a capsized canoe cannot run one).
    leg = racer.leg
    drift = racer.lengths[leg] - 1 - racer.at  # the current, but never past that, nor upstream
    current = race.currents[leg]
    if drift > current:
        drift = current
    elif drift < 0:
        drift = 0
    racer.at += drift
    if events is not None:
        event["drift"] = drift
        event["text"] += f'; the canoe drifts {drift}".'


def _abandon(racer: Racer, events: Events) -> None:
    """R6: the swimmers are out of the race (the canoe paddles on at once)."""
    left = racer.water
    racer.lost += left
    racer.water = 0
    if events is not None:
        events.append(
            {
                "kind": "abandon",
                "seat": racer.role,
                "left": left,
                "text": f"{who(racer)} leaves {men_text(left)} in the water and paddles on.",
            }
        )


# --- the start of a turn (R4) ---------------------------------------------------------------


def open_turn(race: Race, chance: Chance, events: Events) -> list[Racer]:
    """R4: hostiles shoot, the bear attacks and the activation order is drawn; returns the order
    (empty when the hostiles and the bear leave no canoe racing, which ends the race)."""
    if events is not None:
        events.append({"kind": "turn", "turn": race.turn, "text": f"Turn {race.turn} begins."})
    # Who each hostile may shoot at and whom the bear may swipe at, in one pass (canoe order): a
    # shot changes only its own target, a canoe is on one leg, and the bear's targets sit in a
    # rapid, where no hostile shoots: so no target depends on another's shot.
    bear = race.bear
    targets: dict[int, list[Racer]] = {}
    mauled = []
    for racer in race.racing:
        leg = racer.leg
        if racer.rapid:
            if leg == bear:
                mauled.append(racer)
        elif HOSTILE_ON[leg] and (racer.aboard or racer.water):  # anyone to shoot
            if leg in targets:
                targets[leg].append(racer)
            else:
                targets[leg] = [racer]
    for leg in sorted(targets):  # the hostiles in leg order (HOSTILE_LEGS)
        aimed = targets[leg]
        target = chance.choice(aimed, label="hostile's target") if len(aimed) > 1 else aimed[0]
        face = chance.roll(6)
        killed = face >= target.kills_from[leg]  # 5-6 at close range, 6 at long
        if events is not None:
            _shot(events, target, leg, face, killed)
        if killed:  # nothing in the seed says who is hit; a paddler sits higher than a swimmer
            if target.aboard:
                target.aboard -= 1
            else:
                target.water -= 1
            target.lost += 1
            _out_if_empty(race, target, events, "no one is left alive in the canoe")
    if mauled:
        _bear_attacks(race, mauled, chance, events)
    order = race.racing  # without any canoe the hostiles or the bear left with nobody (R8)
    if len(order) > 1:
        order = chance.shuffle(order, label="activation order")  # R4: the chip bag
    race.order = order
    race.active = 0
    if not order:
        return _end(race, events)
    if events is not None:
        roles = [racer.role for racer in order]
        names = ", ".join([who(racer) for racer in order])
        events.append({"kind": "order", "order": roles, "text": f"The chips come out: {names}."})
    return order


def _shot(events, target, leg, face, killed) -> None:
    range_ = RANGE[target.tracks[leg]]
    text = (
        f"A hostile on leg {leg + 1} fires at {who(target)} at {range_} range: "
        f"D6 {face}, {'a man falls' if killed else 'a miss'}."
    )
    events.append(
        {
            "kind": "shot",
            "seat": target.role,
            "leg": leg,
            "range": range_,
            "face": face,
            "killed": killed,
            "text": text,
        }
    )


def _bear_attacks(race: Race, targets: list[Racer], chance: Chance, events: Events) -> None:
    """R4: the bear swipes at one of the canoes racing in its rapid (`targets`, canoe order),
    drawn when there are several."""
    rapid = race.bear
    target = chance.choice(targets, label="bear's target") if len(targets) > 1 else targets[0]
    face = chance.roll(6)
    if face < BEAR_FLIPS_FROM:
        if events is not None:
            text = f"The bear in rapid {rapid + 1} swipes at {who(target)}: D6 {face}, the canoe "
            events.append(
                {"kind": "bear", "seat": target.role, "face": face, "flipped": False,
                 "text": text + "holds."}
            )  # fmt: skip
        return
    _capsize(target)
    kills = [chance.roll(6) for _ in range(target.water)]  # R4: D6 for each man in the water
    dead = 0
    for kill in kills:
        if kill >= BEAR_KILLS_FROM:
            dead += 1
    target.water -= dead
    target.lost += dead
    if events is not None:
        text = (
            f"The bear in rapid {rapid + 1} flips {who(target)}: D6 {face}; it mauls the men in "
            f"the water: {faces_text(kills)}, {men_text(dead)} killed."
        )
        events.append(
            {
                "kind": "bear",
                "seat": target.role,
                "face": face,
                "flipped": True,
                "kills": kills,
                "text": text,
            }
        )
    # A bear that flips the canoe sends it through the rapid capsized, as a failed run would (R5);
    # the seed only makes the crew run the rapid "if the bear does not flip the canoe".
    if not _out_if_empty(race, target, events, "the bear has taken the whole crew"):
        _wash_below(race, target, events)


def _end(race: Race, events: Events) -> list[Racer]:
    race.status = "finished"
    race.order = []
    race.active = 0
    if events is not None:
        if race.finishers:
            first = next(racer for racer in race.racers if racer.role == race.finishers[0])
            text = f"The race is over: {who(first)} wins."
        else:
            text = "The race is over: no canoe is left to finish it."
        events.append({"kind": "end", "finishers": list(race.finishers), "text": text})
    return []


# --- changes several rules make -----------------------------------------------------------


def reveal(race: Race, leg: int, events: Events) -> None:
    """R2: a leg comes into view when a canoe first reaches it."""
    if not race.revealed[leg]:
        race.revealed[leg] = True
        if events is not None:
            events.append(section_event(race.course, leg))


def _capsize(racer: Racer) -> None:
    racer.water += racer.aboard
    racer.aboard = 0
    racer.flipped = True


def _wash_below(race: Race, racer: Racer, events: Events) -> None:
    """Place the canoe just below its rapid, stern touching it (R5), maybe in a whirlpool (R7)."""
    rapid = racer.leg
    racer.leg = rapid + 1
    racer.at = CANOE_LENGTH
    racer.rapid = False
    if not race.revealed[rapid + 1]:
        reveal(race, rapid + 1, events)
    if racer.flipped and race.rapids[rapid]["whirlpool"] == racer.tracks[rapid + 1]:
        racer.whirlpool = True
        if events is not None:
            events.append(
                {
                    "kind": "whirlpool",
                    "seat": racer.role,
                    "text": f"{who(racer)} is swept into the whirlpool behind rapid {rapid + 1}!",
                }
            )


def _out_if_empty(race: Race, racer: Racer, events: Events, why: str) -> bool:
    """R8: a canoe with nobody left, aboard or in the water, is out (and no longer racing)."""
    if racer.aboard + racer.water > 0:
        return False
    racer.out = True
    racer.flipped = True
    racer.whirlpool = False
    race.racing = [other for other in race.racing if other is not racer]
    if events is not None:
        events.append({"kind": "out", "seat": racer.role, "text": f"{who(racer)} is out: {why}."})
    return True
