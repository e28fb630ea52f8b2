"""The computer player, and a uniformly random one for benchmarks and property tests.

The computer frees stuck canoes, fires when it has a loaded gun and sight, reloads an empty
gun, moves its best card (the trappers run, the Indians close in to melee range), sets random
events on the enemy, throws away cards it cannot use, and shows signs at random.
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.pelts import cards
from chase.engines.pelts.legal import bare_actions, labelled, legal_actions
from chase.engines.pelts.model import State, canoe, in_play, odd_only, other
from chase.engines.pelts.moves import distance
from chase.engines.pelts.tables import MELEE_REACH, WIDE_EXTRA

Action = dict[str, Any]

# What the computer cancels with an ace (P6): wounds, a shot, and the worst events.
HURTFUL_EVENTS = frozenset({"sharpshooter", "holed", "overboard", "bear", "lost_paddle"})
BIG_COUNTER = 6  # a counter-card of this many inches or more is worth an ace
KEEP_ACE_BELOW = 6  # an ace moves only when no other card moves this far
KEEP_CARD_FROM = 6  # the worst card is discarded (and redrawn) unless it is worth this much
CARD_WORTH = {"A": 10, "Q": 8, "K": 6, "J": 5}


def random_action(state: State, role: str, chance: Chance) -> Action:
    """Any legal action, uniformly at random."""
    actions = legal_actions(state, role)
    if not actions:
        raise IllegalMove("There is nothing for this seat to do now.")
    return chance.choice(actions, label="random action")


def computer_action(state: State, role: str, chance: Chance) -> Action:
    """A sensible legal action: answer a sub-phase, else the first of the pickers that finds
    something worth doing, else end the phase."""
    actions = bare_actions(state, role)
    if not actions:
        raise IllegalMove("There is nothing for this seat to do now.")
    chosen = choose(state, role, actions, chance)
    return chosen if state["pending"] is not None else labelled(state, role, chosen)


def choose(state: State, role: str, actions: list[Action], chance: Chance) -> Action:
    """The computer's pick among `actions` (the legal actions, with or without their labels)."""
    pending = state["pending"]
    if pending is not None:
        return _answer(state, role, pending, actions, chance)
    by_type: dict[str, list[Action]] = {}  # sorted once, in the order offered, for every picker
    for action in actions:
        kind = action["type"]
        if kind in by_type:
            by_type[kind].append(action)
        else:
            by_type[kind] = [action]
    for kind, pick in PICKERS:
        if kind in by_type:  # each picker finds nothing without actions of its kind
            action = pick(state, role, by_type)
            if action is not None:
                return action
    return actions[-1]  # "end", always last


def _of(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a["type"] == kind]


NONE: list[Action] = []


# -- answering a sub-phase ---------------------------------------------------------------------


def _answer(state: State, role: str, pending: dict, actions: list[Action], chance: Chance):
    kind = pending["kind"]
    if kind == "test":
        return chance.choice(actions, label="computer sign")
    if kind == "counter":
        counters = _of(actions, "counter")
        return max(counters, key=lambda a: cards.PIPS[a["card"]]) if counters else actions[-1]
    if kind == "reaction":
        return actions[0] if _worth_an_ace(state, pending) else actions[-1]
    return _choose(state, role, pending, actions)


def _worth_an_ace(state: State, pending: dict) -> bool:
    k = pending["then"]
    what = pending["what"]
    if what in ("shot", "melee"):
        return True
    if what == "event":
        return k["event"] in HURTFUL_EVENTS
    return cards.PIPS[k["counter"]] >= BIG_COUNTER


def _choose(state: State, role: str, pending: dict, actions: list[Action]) -> Action:
    by_option = {a["option"]: a for a in actions}
    choice = pending["choice"]
    k = pending["then"]
    if choice == "bend":
        # P9: go wide or cut. Cutting fails one time in three and then costs the rest of the
        # move and the next card (about (beyond + 7) / 3 inches on average): dearer than the
        # 4" of the wide line when that gets round, cheaper (at most 11/3") when it does not.
        beyond = k["remaining"] - (k["hazard"]["at"] - k["cursor"])
        return by_option["wide" if beyond > WIDE_EXTRA else "cut"]
    if choice == "overboard":
        return by_option["pick_up"]
    if choice == "water":
        return by_option["bail"]
    if choice == "midges":
        # The trappers flee downstream; an Indian canoe that is past them turns back.
        boat = canoe(state, role, k["target"])
        lead = _lead_trapper(state)
        past_them = role == "indian" and lead is not None and boat["position"] > lead["position"]
        return by_option["upstream" if past_them else "downstream"]
    melees = [a for a in actions if a["option"] == "melee"]
    if role == "indian" and melees:
        return melees[0]
    me = canoe(state, role, k["index"])
    for action in melees:
        enemy = canoe(state, other(role), action["target"])
        if _wounds(enemy) > _wounds(me):
            return action
    return by_option["no_melee"]


def _wounds(boat: dict) -> int:
    return sum(1 for r in boat["rowers"] if r != "ok")


def _lead_trapper(state: State) -> dict | None:
    boats = [b for b in state["canoes"]["trapper"] if in_play(b)]
    return max(boats, key=lambda b: b["position"]) if boats else None


# -- the active phase --------------------------------------------------------------------------


def _free(state: State, role: str, by_type: dict[str, list[Action]]) -> Action | None:
    frees = by_type.get("free", NONE)
    return min(frees, key=lambda a: cards.move_value(a["card"])) if frees else None


def _fire(state: State, role: str, by_type: dict[str, list[Action]]) -> Action | None:
    shots = by_type.get("fire", NONE)
    if not shots:
        return None
    return max(shots, key=lambda a: _wounds(canoe(state, other(role), a["target"])))


def _reload(state: State, role: str, by_type: dict[str, list[Action]]) -> Action | None:
    reloads = by_type.get("reload", NONE)
    return reloads[0] if reloads else None


def _move(state: State, role: str, by_type: dict[str, list[Action]]) -> Action | None:
    moves = by_type.get("move", NONE)
    if not moves:
        return None
    inches = [_inches(state, role, a) for a in moves]  # worked out once for every move
    plain = [i for i, a in enumerate(moves) if not cards.is_ace(a["card"])]
    if plain and max(inches[i] for i in plain) >= KEEP_ACE_BELOW:
        chosen = plain  # keep the ace to cancel something nasty later
    else:
        chosen = range(len(moves))
    if role == "trapper":
        best = max(chosen, key=lambda i: (inches[i], -_trapper_rank(state, moves[i])))
    else:
        lead = _lead_trapper(state)
        best = max(chosen, key=lambda i: _chase_gain(state, moves[i], inches[i], lead))
    return moves[best]  # max() keeps the first of equals, in the order offered


def _inches(state: State, role: str, action: Action) -> int:
    return distance(canoe(state, role, action["canoe"]), action["card"], None)


def _trapper_rank(state: State, action: Action) -> int:
    """With two trapper canoes the hindmost one moves first."""
    return canoe(state, "trapper", action["canoe"])["position"]


def _chase_gain(state: State, action: Action, inches: int, lead: dict | None) -> tuple[int, int]:
    """How much closer to the lead trapper a move brings an Indian canoe (melee range best)."""
    boat = canoe(state, "indian", action["canoe"])
    if lead is None:
        return (inches, 0)
    before = abs(lead["position"] - boat["position"])
    after = abs(lead["position"] - (boat["position"] + inches))
    in_reach = 1 if after <= MELEE_REACH else 0
    return (in_reach, before - after)


def _event(state: State, role: str, by_type: dict[str, list[Action]]) -> Action | None:
    events = by_type.get("event", NONE)
    if not events:
        return None
    if role == "indian":
        return events[0]
    lead = _lead_trapper(state)
    here = lead["position"] if lead else 0
    # The trappers strike the nearest pursuer.
    return min(events, key=lambda a: abs(canoe(state, "indian", a["target"])["position"] - here))


def _joker(state: State, role: str, by_type: dict[str, list[Action]]) -> Action | None:
    """The trappers play the second joker once they have moved: the turn starts again with
    their phase (P6)."""
    seen = state["jokers"]
    jokers = by_type.get("joker", NONE)
    second = [a for a in jokers if a["card"] not in seen]  # P6: a different one
    if role == "trapper" and second and len(seen) == 1 and "move" not in by_type:
        return second[0]
    return None


def _discard(state: State, role: str, by_type: dict[str, list[Action]]) -> Action | None:
    """Throw away the least useful card unless every card is worth keeping: the hand is drawn
    back up at the end of the phase, so a poor card is better cycled."""
    discards = by_type.get("discard")
    if not discards:
        return None
    own = [b for b in state["canoes"][role] if in_play(b)]
    holed = any(b["holed"] and in_play(b) for b in state["canoes"][other(role)])
    worst, least = None, None
    for action in discards:  # the first of the least useful, as min() picks
        worth = _usefulness(state, role, action["card"], own, holed)
        if least is None or worth < least:
            worst, least = action, worth
    if least < KEEP_CARD_FROM:
        return worst
    # With no card it may paddle or get free with (P9: an aground canoe with a rower down is
    # freed only by an odd card), a hand of good cards is still cycled: keeping it could
    # leave both sides ending their phases for ever.
    return None if "move" in by_type or "free" in by_type else worst


def _usefulness(state: State, role: str, card: str, own: list[dict], holed: bool) -> int:
    """A rough worth of a card in hand, for choosing a discard (`own`: the side's canoes in
    play; `holed`: an enemy canoe in play is holed)."""
    if cards.is_joker(card):
        return 0
    if cards.COLOUR[card] != cards.SIDE_COLOURS[role]:
        if holed and cards.is_number(card):
            return cards.PIPS[card] // 2  # type: ignore[operator]  # a counter-card (P12)
        return -1
    if cards.is_number(card):
        pips: int = cards.PIPS[card]  # type: ignore[assignment]
        if pips % 2 == 0 and own and all(odd_only(b) for b in own):
            return -1
        return pips - 3
    rank = cards.RANK[card]
    if (rank == "J" and not _unloaded(own)) or (rank == "Q" and state["rain"]):
        return 0
    return CARD_WORTH[rank]


def _unloaded(boats: list[dict]) -> bool:
    return any(not b["loaded"] for b in boats)


# The pickers in the order the computer tries them, each with the kind of action it picks from.
PICKERS = (
    ("free", _free),
    ("fire", _fire),
    ("reload", _reload),
    ("move", _move),
    ("event", _event),
    ("joker", _joker),
    ("discard", _discard),
)
