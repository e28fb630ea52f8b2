"""Movement: paddling down the river past bends, floating obstacles, rocks and hidden sandbanks,
getting free when stuck, counter-cards against holed canoes, and melee at the end of a move."""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.pelts import cards
from chase.engines.pelts.cards import MOVE_VALUE
from chase.engines.pelts.flow import ask_choice, ask_counter, ask_reaction, ask_test, run, step
from chase.engines.pelts.model import (
    CANOE_NAMES,
    CANOE_TITLES,
    SOLO_TRAPPER_CANOE,
    SOLO_TRAPPER_TITLE,
    Events,
    State,
    canoe,
    canoe_name,
    canoe_title,
    discard,
    hurt,
    other,
    place,
    say,
    told,
)
from chase.engines.pelts.tables import (
    HIDDEN_SANDBANK_HALF_WIDTH,
    MELEE_REACH,
    OTHER,
    ROCK_REACH,
    ROWER_WOUNDED,
    SIDES,
    WIDE_EXTRA,
)

# Decided: hazards met at the same point are taken in this order.
HAZARD_ORDER = {"apex": 0, "hidden": 1, "obstacle": 2, "rock": 3}


def distance(boat: dict[str, Any], card: str, counter: str | None) -> int:
    """Inches a movement card moves this canoe: halved when exhausted (rounded down), 1" less
    when taking on water, less a counter-card (P12), never below 0."""
    inches = MOVE_VALUE[card]
    if boat["exhausted"]:
        inches //= 2
    if boat["leaking"]:
        inches -= 1
    if counter is not None:
        inches -= cards.PIPS[counter]  # type: ignore[operator]
    return inches if inches > 0 else 0


# -- starting a move ---------------------------------------------------------------------------


def start_move(state: State, side: str, index: int, card: str, chance: Chance, events: Events):
    """Play a movement card for one canoe (P3, P4)."""
    state["hands"][side].remove(card)  # `discard`, written out
    state["discard"].append(card)
    state["used"]["moved"].append(index)
    boat = state["canoes"][side][index]
    events.append(PADDLES_ON[side][canoe_name(state, side, index), card])
    if boat["holed"]:
        k = {"step": "move_countered", "side": side, "index": index, "card": card}
        text = f"{canoe_title(state, side, index)} is holed and moves with {cards.name(card)}."
        ask_counter(state, other(side), text, k)
    else:  # no counter-card: what `_move_countered` would hand on (the chase is on)
        _paddle(state, side, index, boat, distance(boat, card, None), chance, events)


def _paddles_on(card: str, name: str, side: str) -> dict[str, str]:
    return told(f"{cards.TITLE[card]}: {name} paddles on.", side)


# What playing a movement card says, by side, then by canoe name and card, made once.
PADDLES_ON = {
    side: {
        (name, card): _paddles_on(card, name, side)
        for name in (*CANOE_NAMES[side], SOLO_TRAPPER_CANOE)
        for card in cards.FULL_DECK
    }
    for side in SIDES
}


def free(state: State, side: str, index: int, card: str, events: Events) -> None:
    """P9: an aground or stuck canoe discards its movement card to get free and does not move."""
    discard(state, side, card)
    state["used"]["moved"].append(index)
    boat = canoe(state, side, index)
    boat.update(stuck=None, stuck_on=None)
    say(events, f"{cards.title(card)}: {canoe_name(state, side, index)} works itself free.", side)


@step("move_countered")
def _move_countered(state: State, k: dict, chance: Chance, events: Events) -> None:
    counter = k["counter"]
    if counter is None:
        k["cancelled"] = False
        _move_go(state, k, chance, events)
        return
    name = canoe_name(state, k["side"], k["index"])
    text = f'{cards.title(counter)} is played to slow {name} by {cards.PIPS[counter]}".'
    say(events, text, other(k["side"]))
    k["step"] = "move_go"
    ask_reaction(state, k["side"], "counter", text, k)


@step("move_go")
def _move_go(state: State, k: dict, chance: Chance, events: Events) -> None:
    side, index = k["side"], k["index"]
    boat = state["canoes"][side][index]
    inches = distance(boat, k["card"], None if k["cancelled"] else k["counter"])
    _paddle(state, side, index, boat, inches, chance, events)


def _paddle(state: State, side: str, index: int, boat: dict, inches: int, chance, events) -> None:
    """The canoe paddles up to `inches` along its path (the move's step, once any counter-card
    is settled)."""
    title = canoe_title(state, side, index)
    event = MOVES_UP.get((title, inches))
    events.append(event if event is not None else _moves_up(title, inches))
    cursor = boat["position"]
    remaining = inches
    done: list[str] = []
    if boat["wide_left"] is not None:
        # P9: a canoe partway round a bend first paddles the rest of the wide line; the bend
        # was chosen already, so its apex is not met again.
        left = boat["wide_left"]
        remaining -= min(inches, left)
        boat["wide_left"] = None if inches > left else left - inches
        done.append(f"apex:{cursor}")
    # What `_move_path` does (the chase is still on), the path kept only if a hazard stops it.
    hazard = next_hazard(state, cursor, remaining, done)
    if hazard is None:
        _move_end(state, side, index, cursor + remaining, events)
        return
    path = {
        "step": "move_path",
        "side": side,
        "index": index,
        "cursor": cursor,
        "remaining": remaining,
        "done": done,
    }
    _meet(state, path, hazard)


def _moves_up(title: str, inches: int) -> dict[str, str]:
    return told(f'{title} moves up to {inches}".')


# What the start of a move says, by canoe title and inches, made once for the usual inches.
MOVES_UP = {
    (title, inches): _moves_up(title, inches)
    for side in SIDES
    for title in (*CANOE_TITLES[side], SOLO_TRAPPER_TITLE)
    for inches in range(cards.ACE_MOVE + 1)
}


# -- the path ----------------------------------------------------------------------------------


def next_hazard(state: State, cursor: int, remaining: int, done: list[str]) -> dict | None:
    """The first hazard a move from `cursor` over `remaining` inches meets, if any.

    P9 a bend's apex is crossed when the move starts at or before it and ends beyond it;
    P10 a floating obstacle is met when the move reaches its point; a rock when the move passes
    its point or ends within 1" of it; P13 a hidden sandbank when the move enters it.
    """
    target = cursor + remaining
    best: tuple | None = None  # (at, order, kind, key, id): the first met, as min() picks
    for apex in state["river"]["apexes"]:
        if cursor <= apex < target:
            best = _nearer(best, "apex", f"apex:{apex}", apex, None, done)
    for sand in state["hidden_sandbanks"]:
        if cursor < sand["start"] <= target:
            best = _nearer(best, "hidden", f"hidden:{sand['id']}", sand["start"], sand["id"], done)
    for obstacle in state["obstacles"]:
        at = obstacle["position"]
        if cursor < at <= target:
            best = _nearer(best, "obstacle", f"obstacle:{obstacle['id']}", at, obstacle["id"], done)
    for rock in state["rocks"]:
        point = rock["position"]
        if cursor < point and point - ROCK_REACH <= target:
            at = point if point < target else target
            best = _nearer(best, "rock", f"rock:{rock['id']}", at, rock["id"], done)
    if best is None:
        return None
    return {"kind": best[2], "key": best[3], "at": best[0], "id": best[4]}


def _nearer(best: tuple | None, kind: str, key: str, at: int, ident, done: list[str]):
    """`best` or this hazard, whichever is met first (and not passed already)."""
    if key in done:
        return best
    order = HAZARD_ORDER[kind]
    if best is None or at < best[0] or (at == best[0] and order < best[1]):
        return (at, order, kind, key, ident)
    return best


def wide_gets_round(cursor: int, remaining: int, apex: int) -> bool:
    """Does going wide (4" more, P9) take the move past the apex?"""
    return remaining - (apex - cursor) - WIDE_EXTRA >= 1


@step("move_path")
def _move_path(state: State, k: dict, chance: Chance, events: Events) -> None:
    hazard = next_hazard(state, k["cursor"], k["remaining"], k["done"])
    if hazard is None:  # `_advance` to the end of the move, written out
        k["cursor"] += k["remaining"]
        k["remaining"] = 0
        _move_end(state, k["side"], k["index"], k["cursor"], events)
        return
    _meet(state, k, hazard)


def _meet(state: State, k: dict, hazard: dict) -> None:
    """The move (`k`, a "move_path" continuation) meets `hazard`: a bend's choice, or a test."""
    side, index = k["side"], k["index"]
    k["hazard"] = hazard
    if hazard["kind"] == "apex":
        apex = hazard["at"]
        # P9: go wide or cut; there is no third choice.
        if wide_gets_round(k["cursor"], k["remaining"], apex):
            end = k["cursor"] + k["remaining"] - WIDE_EXTRA
            wide = f'Go wide round the bend ({WIDE_EXTRA}" more, to {end}")'
        else:
            short = apex - k["cursor"] + WIDE_EXTRA - k["remaining"]
            wide = f'Go wide ({WIDE_EXTRA}" more): ends partway round, {short}" still to go'
        options = [
            {"option": "wide", "label": wide},
            {"option": "cut", "label": "Cut the corner over the sandbank (a test)"},
        ]
        k["step"] = "move_apex"
        text = f'{canoe_title(state, side, index)} reaches the bend at {apex}".'
        ask_choice(state, side, "bend", text, options, k)
        return
    _advance(k, hazard["at"])
    canoe(state, side, index)["position"] = k["cursor"]
    k["step"] = "move_hazard"
    ask_test(
        state, hazard["kind"], side, f"{canoe_title(state, side, index)} meets {_what(hazard)}.", k
    )


def _what(hazard: dict) -> str:
    return HAZARD_NAMES[hazard["kind"]]


HAZARD_NAMES = {
    "hidden": "the hidden sandbank",
    "obstacle": "a floating obstacle",
    "rock": "a rock",
}


def _advance(k: dict, to: int) -> None:
    """Bring the move's cursor forward to `to`, spending the inches."""
    k["remaining"] -= to - k["cursor"]
    k["cursor"] = to


@step("move_apex")
def _move_apex(state: State, k: dict, chance: Chance, events: Events) -> None:
    """P9: at a bend the mover goes wide (4" more) or cuts the corner (a test). A move too
    short to pass the apex going wide ends partway round on the wide line: the canoe waits at
    the apex with the rest of the wide line (`wide_left`) to paddle first next time."""
    apex = k["hazard"]["at"]
    name = canoe_title(state, k["side"], k["index"])
    option = k["choice"]["option"]
    if option == "wide":
        _advance(k, apex)
        k["done"].append(k["hazard"]["key"])
        if k["remaining"] <= WIDE_EXTRA:
            left = WIDE_EXTRA - k["remaining"]
            say(events, f'{name} goes wide and ends partway round the bend ({left}" to go).')
            canoe(state, k["side"], k["index"])["wide_left"] = left
            k["remaining"] = 0
            _move_end(state, k["side"], k["index"], k["cursor"], events)
            return
        say(events, f"{name} goes wide round the bend.")
        k["remaining"] -= WIDE_EXTRA
        k["step"] = "move_path"
        canoe(state, k["side"], k["index"])["position"] = apex
        run(state, k, chance, events)
        return
    _advance(k, apex)
    canoe(state, k["side"], k["index"])["position"] = apex
    k["step"] = "move_hazard"
    ask_test(state, "cut", k["side"], f"{name} cuts the corner over the sandbank.", k)


@step("move_hazard")
def _move_hazard(state: State, k: dict, chance: Chance, events: Events) -> None:
    """Apply a hazard test's result to the moving canoe (P8, P9, P10)."""
    boat = canoe(state, k["side"], k["index"])
    result = k["result"]
    k["done"].append(k["hazard"]["key"])
    if result in ("aground", "caught"):
        boat.update(stuck="aground", stuck_on=None)
        k["remaining"] = 0
        _move_end(state, k["side"], k["index"], k["cursor"], events)
        return
    if result == "stuck":
        boat.update(stuck="obstacle", stuck_on=k["hazard"]["id"])
        k["remaining"] = 0
        _move_end(state, k["side"], k["index"], k["cursor"], events)
        return
    if result == "holed":
        boat["holed"] = True
    k["step"] = "move_path"
    run(state, k, chance, events)


# -- the end of a move: the finish, or a melee -------------------------------------------------


def _move_end(state: State, side: str, index: int, here: int, events: Events) -> None:
    """The canoe ends its move at `here`: past the finish, or maybe alongside the enemy."""
    boat = state["canoes"][side][index]
    if 0 <= here < state["river"]["length"]:
        boat["position"] = here  # `place`, short of the end of the river
    else:
        place(state, boat, here, events)
        if state["status"] != "playing":
            return
    if boat["out"] or boat["finished"]:  # not `in_play`
        return
    here = boat["position"]
    options = []  # a melee with each enemy canoe in play (`in_play`) within reach
    for e in state["canoes"][OTHER[side]]:
        if (
            -MELEE_REACH <= e["position"] - here <= MELEE_REACH  # first: the rarest
            and not e["out"]
            and not e["finished"]
        ):
            name = canoe_name(state, OTHER[side], e["index"])
            options.append(
                {"option": "melee", "target": e["index"], "label": f"Start a melee with {name}"}
            )
    if not options:
        return
    options.append({"option": "no_melee", "label": "No melee"})
    text = f"{canoe_title(state, side, index)} is alongside the enemy."
    ask_choice(
        state, side, "melee", text, options, {"step": "melee_start", "side": side, "index": index}
    )


@step("melee_start")
def _melee_start(state: State, k: dict, chance: Chance, events: Events) -> None:
    """P11: a canoe ending its move within 1" of an enemy canoe may start a melee."""
    if k["choice"]["option"] == "no_melee":
        return
    k.update(step="melee_result", target=k["choice"]["target"])
    attacker = canoe_title(state, k["side"], k["index"])
    defender = canoe_name(state, other(k["side"]), k["target"])
    say(events, f"{attacker} starts a melee with {defender}.", k["side"])
    ask_test(state, "melee", k["side"], f"{attacker} fights {defender}.", k)


@step("melee_result")
def _melee_result(state: State, k: dict, chance: Chance, events: Events) -> None:
    """P8: the melee's winner wounds one rower of the loser; P6: the loser may cancel that
    result with an ace."""
    if k["result"] == "nothing":
        return
    if k["result"] == "defender wounded":
        side, index = other(k["side"]), k["target"]
    else:
        side, index = k["side"], k["index"]
    wound = {"step": "wound", "side": side, "index": index, "fate": ROWER_WOUNDED}
    text = f"A rower of {canoe_name(state, side, index)} is about to be wounded in the melee."
    ask_reaction(state, side, "melee", text, wound)


@step("wound")
def _wound(state: State, k: dict, chance: Chance, events: Events) -> None:
    if k.get("cancelled"):
        say(events, "The wound is cancelled.")
        return
    hurt(state, k["side"], k["index"], chance, events, k["fate"])


def hidden_sandbank(state: State, position: int) -> dict:
    """P13 (Jack): a hidden sandbank 2" wide around the target canoe."""
    sand = {
        "id": len(state["hidden_sandbanks"]),
        "start": max(0, position - HIDDEN_SANDBANK_HALF_WIDTH),
        "end": position + HIDDEN_SANDBANK_HALF_WIDTH,
    }
    state["hidden_sandbanks"].append(sand)
    return sand
