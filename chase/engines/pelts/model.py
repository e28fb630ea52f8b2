"""The chase's plain-data state and the small rules every part of the engine shares.

State shape (JSON-serialisable, see `new_state`): the river and what floats or sits in it, the
canoes of each side, the hands, the draw pile (top = last) and discard pile (top = last), the
turn, phase and active side, what the active side has used this phase, any pending sub-phase
(a test, a reaction, a counter-card or a choice, see `flow.py`) and the recent events.
"""

from __future__ import annotations

from typing import Any

from chase.engines.chance import Chance
from chase.engines.pelts import cards
from chase.engines.pelts.tables import (
    DEFAULT_CANOES,
    DEFAULT_ROWERS,
    DRIFT,
    HAND_BASE,
    LAST_INDIAN_CANOE_HAND,
    OTHER,
    PADDLERS,
    ROWER_OK,
    ROWER_WOUNDED,
    SIDE_NAMES,
    SIDES,
    START,
    TILE_LENGTH,
)

State = dict[str, Any]
Events = list[dict[str, Any]]

# Options the state keeps only when they differ from these (they came after games were stored).
UNSTORED_DEFAULTS = {"rowers": DEFAULT_ROWERS, "head_start": START["trapper"]}


def clone(state: State) -> State:
    """A deep copy of a chase state for apply(), made field by field (several times faster than
    deepcopy). The options and the river never change after new_game, so they are shared."""
    new = dict(state)
    new["obstacles"] = [dict(o) for o in state["obstacles"]]
    new["rocks"] = [dict(r) for r in state["rocks"]]
    new["hidden_sandbanks"] = [dict(h) for h in state["hidden_sandbanks"]]
    new["canoes"] = {
        side: [{**b, "rowers": list(b["rowers"])} for b in boats]
        for side, boats in state["canoes"].items()
    }
    new["hands"] = {side: list(hand) for side, hand in state["hands"].items()}
    new["draw"] = list(state["draw"])
    new["discard"] = list(state["discard"])
    new["jokers"] = list(state["jokers"])
    new["used"] = {**state["used"], "moved": list(state["used"]["moved"])}
    new["pending"] = plain_copy(state["pending"])
    new["log"] = list(state["log"])  # events are never changed once told
    return new


def plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists and immutable scalars)."""
    kind = type(value)
    if kind is dict:  # the scalars (most of the values) taken as they are, without a call
        return {k: plain_copy(v) if type(v) in CONTAINERS else v for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) if type(v) in CONTAINERS else v for v in value]
    return value


CONTAINERS = frozenset({dict, list})


def say(events: Events, text: str, seat: str | None = None) -> None:
    events.append({"text": text} if seat is None else {"text": text, "seat": seat})


def told(text: str, seat: str | None = None) -> dict[str, str]:
    """An event made once and told many times (appended as it is: events are never changed
    once told, and a state's log shares them with the state it was cloned from)."""
    return {"text": text} if seat is None else {"text": text, "seat": seat}


# -- setting up --------------------------------------------------------------------------------


def build_river(layout: list[str]) -> dict[str, Any]:
    """24" tiles along the centre line; a bend's apex is its midpoint (P1, P7)."""
    tiles = []
    turn = "right"
    for i, kind in enumerate(layout):
        start = i * TILE_LENGTH
        tile = {"index": i, "kind": kind, "start": start, "end": start + TILE_LENGTH}
        if kind == "bend":
            # Cosmetic for the table renderer: bends turn alternately right and left.
            tile.update(apex=start + TILE_LENGTH // 2, turn=turn, sandbank=True)
            turn = "left" if turn == "right" else "right"
        tiles.append(tile)
    apexes = [t["apex"] for t in tiles if t["kind"] == "bend"]
    return {"length": len(layout) * TILE_LENGTH, "tiles": tiles, "apexes": apexes}


def new_canoe(
    side: str, index: int, rowers: int = DEFAULT_ROWERS, position: int | None = None
) -> dict[str, Any]:
    return {
        "side": side,
        "index": index,
        "position": START[side] if position is None else position,  # P1
        "rowers": [ROWER_OK] * rowers,  # P15: as many wounds as rowers before it is out
        "loaded": True,  # P6: a gun starts loaded
        "holed": False,
        "wet_powder": False,
        "paddle_lost": False,
        "leaking": False,
        "exhausted": False,
        "stuck": None,  # None, "aground" (sandbank, rock, hidden sandbank) or "obstacle"
        "stuck_on": None,  # the obstacle id when stuck on one
        # P9: inches still to paddle round a bend on the wide line; None unless the canoe ended
        # a move partway round (it then sits at the bend's apex, the bend already chosen).
        "wide_left": None,
        "skip_move": False,
        "skip_phase": False,
        "out": False,
        "finished": False,
    }


def new_state(options: dict[str, Any], chance: Chance) -> tuple[State, Events]:
    river = build_river(list(options["layout"]))
    length = river["length"]
    # Decided: hazards start at random whole inches clear of the start line and the finish.
    obstacles = [
        {"id": i, "position": chance.randint(12, length - 12, label="obstacle")}
        for i in range(options["obstacles"])
    ]
    rocks = [
        {"id": i, "position": chance.randint(12, length - 6, label="rock")}
        for i in range(options["rocks"])
    ]
    rowers = options.get("rowers", DEFAULT_ROWERS)
    head_start = options.get("head_start", START["trapper"])
    # P15, P1: the canoes carry their crews and their start; an option at its default is left
    # out of the state's options, so that a game stored before the option came replays to the
    # very same states.
    options = {
        name: value
        for name, value in options.items()
        if name not in UNSTORED_DEFAULTS or value != UNSTORED_DEFAULTS[name]
    }
    starts = {"trapper": head_start, "indian": START["indian"]}
    state: State = {
        "kind": "pelts",
        "options": options,
        "river": river,
        "obstacles": obstacles,
        "rocks": rocks,
        "hidden_sandbanks": [],
        "canoes": {
            side: [
                new_canoe(side, i, rowers, starts[side]) for i in range(options[f"{side}_canoes"])
            ]
            for side in SIDES
        },
        "hands": {"trapper": [], "indian": []},
        "draw": [],
        "discard": [],
        "jokers": [],  # P6/P13: the jokers seen since the last deal or reshuffle, by code
        "rain": False,
        "turn": 1,
        "phase": 1,
        "active": "trapper",
        "used": fresh_used(),
        "pending": None,
        "status": "playing",
        "winner": None,
        "log": [],
    }
    events: Events = []
    deal(state, chance, events, trapper_ace=options["trapper_ace"])
    say(events, "The chase begins: the trappers paddle for the trading post.")
    return state, events


def fresh_used() -> dict[str, Any]:
    return {"moved": [], "action": False, "discard": False}


def deal(state: State, chance: Chance, events: Events, *, trapper_ace: bool = False) -> None:
    """Shuffle the whole pack into the draw pile and deal both hands (P2)."""
    pile = chance.shuffle(list(cards.FULL_DECK), label="shuffle")
    state["hands"] = {"trapper": [], "indian": []}
    if trapper_ace:
        # P2 option: the ace must be black to be of any use to the trappers (P3).
        ace = next(c for c in reversed(pile) if cards.is_ace(c) and cards.COLOUR[c] == "black")
        pile.remove(ace)
        state["hands"]["trapper"].append(ace)
    state["draw"] = pile
    state["discard"] = []
    for side in SIDES:
        hand = state["hands"][side]
        limit = hand_limit(state, side)
        while len(hand) < limit:
            hand.append(state["draw"].pop())
    say(events, "The cards are shuffled and dealt.")


# -- canoes ------------------------------------------------------------------------------------


def canoe(state: State, side: str, index: int) -> dict[str, Any]:
    return state["canoes"][side][index]


def in_play(boat: dict[str, Any]) -> bool:
    """On the river and in action: not out, not past the finish."""
    return not boat["out"] and not boat["finished"]


def canoe_name(state: State, side: str, index: int) -> str:
    if side == "trapper" and len(state["canoes"]["trapper"]) == 1:
        return SOLO_TRAPPER_CANOE
    names = CANOE_NAMES[side]
    return names[index] if index < len(names) else _numbered(side, index)


def canoe_title(state: State, side: str, index: int) -> str:
    if side == "trapper" and len(state["canoes"]["trapper"]) == 1:
        return SOLO_TRAPPER_TITLE
    titles = CANOE_TITLES[side]
    return titles[index] if index < len(titles) else _capital(_numbered(side, index))


def _numbered(side: str, index: int) -> str:
    return f"{'trapper' if side == 'trapper' else 'Indian'} canoe {index + 1}"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


# The names of the canoes the options allow, made once: the events name canoes all the time.
SOLO_TRAPPER_CANOE = "the trappers' canoe"  # the trappers' only canoe
SOLO_TRAPPER_TITLE = "The trappers' canoe"
CANOE_NAMES = {side: [_numbered(side, i) for i in range(3)] for side in SIDES}
CANOE_TITLES = {side: [_capital(name) for name in names] for side, names in CANOE_NAMES.items()}


def odd_only(boat: dict[str, Any]) -> bool:
    """P5 / P13 / P15: fewer than two unwounded rowers (with two, a rower down) or a paddle
    lost: the canoe moves only on odd cards."""
    return boat["paddle_lost"] or boat["rowers"].count(ROWER_OK) < PADDLERS


def in_sight(state: State, a: int, b: int) -> bool:
    """P7: two points see each other unless a bend's apex lies between them."""
    lo, hi = (a, b) if a <= b else (b, a)
    seen = True  # a loop, not any(): this is asked for every shot the computer weighs
    for apex in state["river"]["apexes"]:
        if lo < apex < hi:
            seen = False
            break
    return seen


def gun_ready(state: State, boat: dict[str, Any]) -> bool:
    return boat["loaded"] and not boat["wet_powder"] and not state["rain"]


# -- cards -------------------------------------------------------------------------------------


def hand_limit(state: State, side: str) -> int:
    """P2 hand size, +1 per extra canoe; P5 shrinks it as canoes go out of action."""
    boats = state["canoes"][side]
    in_action = 0
    for boat in boats:
        if not boat["out"]:
            in_action += 1
    return HAND_LIMITS[side][len(boats), in_action]


def _hand_limit(side: str, canoes: int, in_action: int) -> int:
    """`hand_limit` for a side of `canoes` canoes, `in_action` of them not out."""
    limit = HAND_BASE[side] + canoes - DEFAULT_CANOES[side]
    if in_action < canoes:
        if side == "indian":
            # P5: one canoe left -> 3 cards; decided: with three canoes, 4 while two remain.
            limit = LAST_INDIAN_CANOE_HAND + in_action - 1
        else:
            # Decided: a lost second trapper canoe takes its extra card with it.
            limit -= canoes - in_action
    return limit if limit > 1 else 1


# Every hand size, by side, then by (canoes, canoes not out), worked out once (it is asked at
# every end of a phase); far more canoes than the options allow.
HAND_LIMITS = {
    side: {
        (canoes, in_action): _hand_limit(side, canoes, in_action)
        for canoes in range(10)
        for in_action in range(canoes + 1)
    }
    for side in SIDES
}


def reshuffle(state: State, chance: Chance, events: Events) -> None:
    """P2: the discards become the draw pile; "until the deck is reshuffled" effects end."""
    state["draw"] = chance.shuffle(state["discard"], label="reshuffle")
    state["discard"] = []
    end_deck_effects(state)
    say(events, "The draw pile is empty: the discards are shuffled into a new pile.")


def end_deck_effects(state: State) -> None:
    """What lasts only until the deck is reshuffled (P2): wet powder, exhaustion, jokers seen."""
    for side in SIDES:
        for boat in state["canoes"][side]:
            boat["wet_powder"] = False
            boat["exhausted"] = False
    # Decided: the played jokers go back into the pile, so the count of jokers starts again.
    state["jokers"] = []


def draw_up(state: State, side: str, chance: Chance, events: Events, limit: int) -> None:
    """Phases 2 and 4: draw back up to the hand size, `limit` (P4; see `hand_limit`)."""
    hand = state["hands"][side]
    pile = state["draw"]
    wanted = limit - len(hand)  # no canoe goes out while drawing
    draws = DRAWS[side]
    if 0 < wanted < len(pile) and wanted < len(draws):  # the usual draw: a card or two
        if wanted == 1:
            hand.append(pile.pop())
        else:
            hand.extend(pile[: -wanted - 1 : -1])  # the top card first, as if drawn one by one
            del pile[-wanted:]
        events.append(draws[wanted])
        return
    drawn = 0
    while wanted > 0:
        if not pile:
            if not state["discard"]:
                break
            reshuffle(state, chance, events)
            pile = state["draw"]
        if wanted == 1:
            hand.append(pile.pop())
            take = 1
        else:
            take = wanted if wanted < len(pile) else len(pile)
            hand.extend(pile[: -take - 1 : -1])  # the top card first, as if drawn one by one
            del pile[-take:]
        drawn += take
        wanted -= take
    if not pile and state["discard"]:
        reshuffle(state, chance, events)  # P2: as soon as the pile is empty
    if drawn:
        if drawn < len(draws):
            events.append(draws[drawn])
        else:
            say(events, _draws(side, drawn), side)


def discard(state: State, side: str, card: str) -> None:
    state["hands"][side].remove(card)
    state["discard"].append(card)


def trim_hand(state: State, side: str, chance: Chance, events: Events) -> None:
    """P5: cards over a shrunken hand size are discarded at random, at once."""
    hand = state["hands"][side]
    thrown = []
    while len(hand) > hand_limit(state, side):
        card = hand[chance.randint(0, len(hand) - 1, label="random discard")]
        discard(state, side, card)
        thrown.append(cards.name(card))
    if thrown:
        say(events, f"{side_title(side)} discard at random: {', '.join(thrown)}.")


def side_title(side: str) -> str:
    """ "The trappers" / "The Indians", to start a sentence."""
    return SIDE_TITLES[side]


SIDE_TITLES = {side: _capital(name) for side, name in SIDE_NAMES.items()}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _draws(side: str, drawn: int) -> str:
    return f"{side_title(side)} draw {plural(drawn, 'card')}."


# What drawing up says, made once for the usual numbers of cards (it is said every phase).
DRAWS = {side: [told(_draws(side, n), side) for n in range(10)] for side in SIDES}


# -- wounds and the end of the chase -----------------------------------------------------------


def hurt(state: State, side: str, index: int, chance: Chance, events: Events, fate: str) -> None:
    """One rower is wounded (or lost overboard); every rower down puts the canoe out (P5, P15)."""
    boat = canoe(state, side, index)
    rowers = boat["rowers"]
    if ROWER_OK in rowers:
        rowers[rowers.index(ROWER_OK)] = fate
    word = "is wounded" if fate == ROWER_WOUNDED else "is lost overboard"
    say(events, f"A rower of {canoe_name(state, side, index)} {word}.")
    if ROWER_OK not in rowers:
        knock_out(state, side, index, chance, events)


def knock_out(state: State, side: str, index: int, chance: Chance, events: Events) -> None:
    boat = canoe(state, side, index)
    boat.update(out=True, stuck=None, stuck_on=None)
    say(events, f"{canoe_title(state, side, index)} is out of action.")
    if side == "trapper" and len(state["canoes"]["trapper"]) == 1:
        say(events, "The trappers are killed, robbed and scalped.")
    check_end(state, events)
    if state["status"] == "playing":
        trim_hand(state, side, chance, events)


def check_end(state: State, events: Events) -> None:
    """P5: the Indians win when every trapper canoe is out; the trappers win when every Indian
    canoe is out, or as soon as one trapper canoe has reached the finish."""
    if state["status"] != "playing":
        return
    trappers_out = True  # every trapper canoe is out
    trapper_home = False  # a trapper canoe (not out) has reached the finish
    for boat in state["canoes"]["trapper"]:
        if not boat["out"]:
            trappers_out = False
            if boat["finished"]:
                trapper_home = True
    if trappers_out:
        finish(state, "indian", events)
        return
    indians_out = True  # loops, not all(): this is asked at every drift and finish
    for boat in state["canoes"]["indian"]:
        if not boat["out"]:
            indians_out = False
            break
    if trapper_home or indians_out:
        finish(state, "trapper", events)


def finish(state: State, winner: str, events: Events) -> None:
    state.update(status="finished", winner=winner, pending=None)
    if winner == "trapper":
        say(events, "The trappers win: the pelts reach the trading post!")
    else:
        say(events, "The Indians win: the trappers will not reach the trading post.")


def place(state: State, boat: dict[str, Any], position: int, events: Events) -> None:
    """Put a canoe at a position on the river: a trapper canoe at the end has escaped (P5)."""
    length = state["river"]["length"]
    boat["position"] = 0 if position < 0 else length if position > length else position
    if position >= length and boat["side"] == "trapper":
        boat.update(finished=True, stuck=None, stuck_on=None)
        say(events, f"{canoe_title(state, 'trapper', boat['index'])} reaches the end of the river.")
        check_end(state, events)


def drift(state: State, events: Events) -> None:
    """Phase 5 (P4): floating obstacles and every canoe not aground move 2" downstream.

    Decided: the current carries canoes without tests, and a canoe on a sandbank or rock stays
    put (P9 says only a canoe stuck on a floating obstacle still drifts).
    """
    length = state["river"]["length"]
    events.append(DRIFT_TOLD)
    gone = None  # the ids of the obstacles swept off the river, if any
    for obstacle in state["obstacles"]:
        at = obstacle["position"] = obstacle["position"] + DRIFT
        if at >= length:
            if gone is None:
                gone = set()
            gone.add(obstacle["id"])
    if gone:
        state["obstacles"] = [o for o in state["obstacles"] if o["id"] not in gone]
    for side in SIDES:
        for boat in state["canoes"][side]:
            if boat["out"] or boat["finished"] or boat["stuck"] == "aground":
                continue  # out of play (see `in_play`), or aground
            if gone and boat["stuck_on"] in gone:
                boat.update(stuck=None, stuck_on=None)
            inches = DRIFT
            if boat["wide_left"] is not None:
                # P9: partway round on the wide line, the current carries it on along that line.
                carried = min(inches, boat["wide_left"])
                boat["wide_left"] -= carried
                inches -= carried
                if inches:
                    boat["wide_left"] = None
            position = boat["position"] + inches
            if position < length:
                boat["position"] = position  # `place`, short of the end of the river
            else:
                place(state, boat, position, events)
    check_end(state, events)


DRIFT_TOLD = told(f'The current sweeps everything afloat {DRIFT}" downstream.')


def other(side: str) -> str:
    return OTHER[side]
