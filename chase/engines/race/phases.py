"""Setting up the race and the start of each turn: hostiles, the bear, the chip bag (R3, R4)."""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.race.course import roll_course
from chase.engines.race.state import (
    capsize,
    copy_state,
    end_race,
    faces_text,
    men_text,
    out_if_empty,
    reveal,
    section_event,
    wash_below,
    who,
)
from chase.engines.race.tables import (
    BEAR_FLIPS_FROM,
    BEAR_KILLS_FROM,
    CREW,
    HOSTILE_LEGS,
    LEGS,
    RANGE,
    SHOT_KILLS_FROM,
    TRACK_ON,
    TRACKS,
)

HOSTILE_SET = frozenset(HOSTILE_LEGS)

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
    if options["hidden"]:
        reveal(state, 0, events)  # R2: the canoes are already on leg 1
    else:
        events.extend(section_event(state, leg) for leg in range(LEGS))
    open_turn(state, chance, events)
    return state, events


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
    """Hostiles shoot, the bear attacks and the activation order is drawn (R4), on a copy."""
    state = copy_state(state)
    events: Events = []
    open_turn(state, chance, events)
    return state, events


def open_turn(state: State, chance: Chance, events: Events) -> None:
    events.append({"kind": "turn", "turn": state["turn"], "text": f"Turn {state['turn']} begins."})
    # Who each hostile may shoot at and whom the bear may swipe at, in one pass (canoe order): a
    # shot changes only its own target, a canoe is on one leg, and the bear's targets sit in a
    # rapid, where no hostile shoots: so no target depends on another's shot.
    bear = state["course"]["bear"]
    order: list[str] = []  # the canoes still racing, for the chip bag
    targets: dict[int, list[Canoe]] = {}
    mauled: list[Canoe] = []
    for canoe in state["canoes"]:
        if canoe["out"] or canoe["place"] is not None:
            continue
        order.append(canoe["role"])
        leg = canoe["leg"]
        if canoe["rapid"]:
            if leg == bear:
                mauled.append(canoe)
        elif leg in HOSTILE_SET and (canoe["aboard"] or canoe["water"]):  # anyone to shoot
            if leg in targets:
                targets[leg].append(canoe)
            else:
                targets[leg] = [canoe]
    emptied = False  # a canoe the hostiles or the bear left with nobody (R8) leaves the bag
    for leg in sorted(targets):  # the hostiles in leg order (HOSTILE_LEGS)
        emptied |= _hostile_shoots(state, leg, targets[leg], chance, events)
    if mauled:
        emptied |= _bear_attacks(state, mauled, chance, events)
    if emptied:
        order = [c["role"] for c in state["canoes"] if not c["out"] and c["place"] is None]
    if len(order) > 1:
        order = chance.shuffle(order, label="activation order")  # R4: the chip bag
    state["order"] = order
    state["active"] = 0
    if not order:
        end_race(state, events)
    else:
        colony = {canoe["role"]: who(canoe) for canoe in state["canoes"]}
        names = ", ".join([colony[role] for role in order])
        events.append({"kind": "order", "order": order, "text": f"The chips come out: {names}."})


def _hostile_shoots(
    state: State, leg: int, targets: list[Canoe], chance: Chance, events: Events
) -> bool:
    """R4: the hostile on `leg` fires at one of `targets` (canoe order), drawn when there are
    several; True when the shot leaves the canoe with nobody, so it is out."""
    target = chance.choice(targets, label="hostile's target") if len(targets) > 1 else targets[0]
    track = TRACK_ON[target["start"]][leg]  # R1: track_on() written out: a shot or two a turn
    face = chance.roll(6)
    killed = face >= SHOT_KILLS_FROM[track]  # R4: 5-6 at close range, 6 at long
    text = (
        f"A hostile on leg {leg + 1} fires at {who(target)} at {RANGE[track]} range: "
        f"D6 {face}, {'a man falls' if killed else 'a miss'}."
    )
    events.append(
        {
            "kind": "shot",
            "seat": target["role"],
            "leg": leg,
            "range": RANGE[track],
            "face": face,
            "killed": killed,
            "text": text,
        }
    )
    if killed:
        # Nothing in the seed says who is hit; a paddler sits higher than a swimmer.
        target["aboard" if target["aboard"] else "water"] -= 1
        target["lost"] += 1
        return out_if_empty(target, events, "no one is left alive in the canoe")
    return False


def _bear_attacks(state: State, targets: list[Canoe], chance: Chance, events: Events) -> bool:
    """R4: the bear swipes at one of the canoes racing in its rapid (`targets`, canoe order),
    drawn when there are several; True when it leaves the canoe with nobody, so it is out."""
    rapid = state["course"]["bear"]
    target = chance.choice(targets, label="bear's target") if len(targets) > 1 else targets[0]
    face = chance.roll(6)
    if face < BEAR_FLIPS_FROM:
        text = f"The bear in rapid {rapid + 1} swipes at {who(target)}: D6 {face}, the canoe holds."
        events.append(
            {"kind": "bear", "seat": target["role"], "face": face, "flipped": False,
             "text": text}
        )  # fmt: skip
        return False
    capsize(target)
    kills = [chance.roll(6) for _ in range(target["water"])]  # R4: D6 for each man in the water
    dead = sum(1 for k in kills if k >= BEAR_KILLS_FROM)
    target["water"] -= dead
    target["lost"] += dead
    text = (
        f"The bear in rapid {rapid + 1} flips {who(target)}: D6 {face}; it mauls the men in "
        f"the water: {faces_text(kills)}, {men_text(dead)} killed."
    )
    events.append(
        {
            "kind": "bear",
            "seat": target["role"],
            "face": face,
            "flipped": True,
            "kills": kills,
            "text": text,
        }
    )
    # A bear that flips the canoe sends it through the rapid capsized, as a failed run would (R5);
    # the seed only makes the crew run the rapid "if the bear does not flip the canoe".
    if out_if_empty(target, events, "the bear has taken the whole crew"):
        return True
    wash_below(state, target, events)
    return False
