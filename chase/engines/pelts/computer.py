"""The computer player, and a uniformly random one for benchmarks and property tests.

The computer frees stuck canoes, fires when it has a loaded gun and sight, reloads an empty
gun, moves its best card (the trappers run, the Indians close in to melee range), sets random
events on the enemy, else throws away its least useful card, and shows signs at random.

It is the playouts' (and so the win odds') inner loop: `choose` builds only the actions of the
kind it is looking at, and the scoring works from tables made once (see `choose`, `_discard`).
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove
from chase.engines.chance import Chance
from chase.engines.pelts import cards
from chase.engines.pelts.cards import COLOUR, MOVE_VALUE, PIPS, RANK
from chase.engines.pelts.flow import (
    SIGN_ACTIONS,
    cancel_aces,
    counter_cards,
    pending_actions,
    signers,
)
from chase.engines.pelts.legal import action_cards, labelled, moving_cards
from chase.engines.pelts.model import State, canoe, in_play, other
from chase.engines.pelts.moves import distance
from chase.engines.pelts.tables import (
    MELEE_REACH,
    OTHER,
    PADDLERS,
    ROWER_OK,
    SIDES,
    WIDE_EXTRA,
)

Action = dict[str, Any]

# What the computer cancels with an ace (P6): wounds, a shot, and the worst events.
HURTFUL_EVENTS = frozenset({"sharpshooter", "holed", "overboard", "bear", "lost_paddle"})
BIG_COUNTER = 6  # a counter-card of this many inches or more is worth an ace
KEEP_ACE_BELOW = 6  # an ace moves only when no other card moves this far
CARD_WORTH = {"A": 10, "Q": 8, "K": 6, "J": 5}


def computer_action(state: State, role: str, chance: Chance) -> Action:
    """A sensible legal action: answer a sub-phase, else the first of the pickers that finds
    something worth doing, else end the phase."""
    if not _to_act(state, role):
        raise IllegalMove("There is nothing for this seat to do now.")
    chosen = choose(state, role, chance)
    if state["pending"] is None:
        return labelled(state, role, chosen)
    if "label" in chosen:
        return dict(chosen)
    # A reaction's or a counter's answer, with its label as the sub-phase offers it.
    return next(a for a in pending_actions(state, role) if _unlabelled(a) == chosen)


def _unlabelled(action: Action) -> Action:
    return {k: v for k, v in action.items() if k != "label"}


def _to_act(state: State, role: str) -> bool:
    if state["status"] != "playing" or role not in SIDES:
        return False
    pending = state["pending"]
    if pending is None:
        return role == state["active"]
    if pending["kind"] == "test":
        return role in signers(state)
    # The seat asked always has an answer (`pending_actions`: passing, or an option).
    return pending["seat"] == role


def choose(state: State, role: str, chance: Chance) -> Action:
    """The computer's pick for `role`, which has something to do now: a sign or a choice with
    its label, a reaction's or a counter's answer and an active-phase action without it
    (`computer_action` adds it; `ENGINE.playout` needs none).

    Fast path, for playouts: in the active phase the computer tries the kinds of action in
    its order of preference (free a stuck canoe, fire, reload, move, a random event, the second
    joker, a discard, the end of the phase) and stops at the first pick. It asks `legal` for
    the movement cards' actions, and for an action card's only when the hand holds one of that
    rank it may play, so most steps build a handful of actions, not every one. Each kind's
    actions come in the order `legal_actions` offers them, so every pick (the first of equals)
    is the one made among all of them."""
    pending = state["pending"]
    if pending is not None:
        return respond(state, role, pending, chance)
    return pick(state, role)


def respond(state: State, role: str, pending: dict, chance: Chance) -> Action:
    """`choose` in a sub-phase (`pending`, the state's) that waits for `role`."""
    if pending["kind"] == "test":  # the signs need no list: any of the three, at random
        return chance.choice(SIGN_ACTIONS, label="computer sign")
    return reply(state, role, pending)


def pick(state: State, role: str) -> Action:
    """`choose` in `role`'s active phase (no sub-phase is waiting)."""
    hand = state["hands"][role]
    moving = moving_cards(state, role, hand)  # each canoe's cards to move, or to get free
    if moving:  # a canoe that may paddle is in action
        freed = _free(moving)
        if freed is not None:
            return freed
    else:
        for boat in state["canoes"][role]:  # not `slowed`: a canoe of the side is in action
            if not boat["skip_phase"] and not boat["out"] and not boat["finished"]:
                break
        else:
            return END
    # Its cards that may be played as action cards, by rank: asked only when the hand holds any
    # (none count once its action is used).
    own = ACTION_CARDS[role]
    used = state["used"]
    if used["action"] or own["any"].isdisjoint(hand):  # the commonest: a move, else a discard
        if moving:
            return _move(state, role, moving)
        return _discard(state, role, hand) if not used["discard"] and hand else END
    if not own["Q"].isdisjoint(hand) and _guns(state, role, True):
        shots = action_cards(state, role, hand, "Q")
        if shots:
            return max(shots, key=lambda a: _wounds(canoe(state, other(role), a["target"])))
    if not own["J"].isdisjoint(hand) and _guns(state, role, False):
        reloads = action_cards(state, role, hand, "J")
        if reloads:
            return reloads[0]
    if moving:  # no canoe is stuck: all of them are moves
        return _move(state, role, moving)
    if not own["K"].isdisjoint(hand):
        events = action_cards(state, role, hand, "K")
        if events:
            return _event(state, role, events)
    if role == "trapper" and len(state["jokers"]) == 1 and not own["JK"].isdisjoint(hand):
        # The trappers play the second joker once they have moved (P6: a different one):
        # the turn starts again with their phase.
        second = [
            a for a in action_cards(state, role, hand, "JK") if a["card"] not in state["jokers"]
        ]
        if second:
            return second[0]
    if not used["discard"] and hand:
        return _discard(state, role, hand)
    return END


def _guns(state: State, role: str, ready: bool) -> bool:
    """Has a canoe of `role` that may play an action card a gun ready to fire (`ready`), or an
    unloaded gun to reload? Asked before `action_cards` builds a Queen's or a Jack's actions:
    most of the hands that hold one cannot play it."""
    if ready and state["rain"]:
        return False  # P13: no canoe may shoot (`gun_ready`)
    for boat in state["canoes"][role]:
        # The gun first: an unloaded one is rare, and fails the reload early.
        gun = (boat["loaded"] and not boat["wet_powder"]) if ready else not boat["loaded"]
        if gun and not boat["out"] and not boat["finished"] and not boat["skip_phase"]:  # `_acting`
            return True
    return False


# Each side's cards that may be played as action cards (P3: its own colour; jokers), by rank,
# and all of them ("any").
ACTION_CARDS = {
    side: {
        rank: frozenset(
            c
            for c in cards.FULL_DECK
            if (RANK[c] == rank or (rank == "any" and RANK[c] in ("J", "Q", "K", "JK")))
            and COLOUR[c] in (cards.SIDE_COLOURS[side], None)
        )
        for rank in ("J", "Q", "K", "JK", "any")
    }
    for side in SIDES
}
END: Action = {"type": "end"}  # never changed: `computer_action` labels a copy


# -- answering a sub-phase ---------------------------------------------------------------------


def reply(state: State, role: str, pending: dict) -> Action:
    """The answer to a reaction or a counter-card without its label (`computer_action` adds
    it), to a choice with it (the options carry theirs); no other answer is built."""
    kind = pending["kind"]
    if kind == "counter":
        card = counter_card(state, role)
        return NO_COUNTER if card is None else {"type": "counter", "card": card}
    if kind == "reaction":
        ace = cancelling_ace(state, role, pending)
        return ALLOW if ace is None else {"type": "cancel", "card": ace}
    return _choose(state, role, pending)


def counter_card(state: State, role: str) -> str | None:
    """The counter-card the computer plays (P12): the biggest it holds (the first of them)."""
    best = None
    for card in counter_cards(state, role, OTHER[role]):
        if best is None or PIPS[card] > PIPS[best]:
            best = card
    return best


def cancelling_ace(state: State, role: str, pending: dict) -> str | None:
    """The ace the computer cancels a reaction's cause with (P6), if it is worth one."""
    if _worth_an_ace(state, pending):
        aces = cancel_aces(state, role)
        if aces:
            return aces[0]
    return None


NO_COUNTER: Action = {"type": "no_counter"}  # never changed: `computer_action` labels a copy
ALLOW: Action = {"type": "allow"}


def _worth_an_ace(state: State, pending: dict) -> bool:
    k = pending["then"]
    what = pending["what"]
    if what in ("shot", "melee"):
        return True
    if what == "event":
        return k["event"] in HURTFUL_EVENTS
    return cards.PIPS[k["counter"]] >= BIG_COUNTER


def _choose(state: State, role: str, pending: dict) -> Action:
    options = pending["options"]
    choice = pending["choice"]
    k = pending["then"]
    if choice == "bend":
        # P9: go wide or cut. Cutting fails one time in three and then costs the rest of the
        # move and the next card (about (beyond + 7) / 3 inches on average): dearer than the
        # 4" of the wide line when that gets round, cheaper (at most 11/3") when it does not.
        beyond = k["remaining"] - (k["hazard"]["at"] - k["cursor"])
        return _option(options, "wide" if beyond > WIDE_EXTRA else "cut")
    if choice == "overboard":
        return _option(options, "pick_up")
    if choice == "water":
        return _option(options, "bail")
    if choice == "midges":
        # The trappers flee downstream; an Indian canoe that is past them turns back.
        boat = canoe(state, role, k["target"])
        lead = _lead_trapper(state)
        past_them = role == "indian" and lead is not None and boat["position"] > lead["position"]
        return _option(options, "upstream" if past_them else "downstream")
    melees = [{"type": "choose", **o} for o in options if o["option"] == "melee"]
    if role == "indian" and melees:
        return melees[0]
    me = canoe(state, role, k["index"])
    for action in melees:
        enemy = canoe(state, other(role), action["target"])
        if _wounds(enemy) > _wounds(me):
            return action
    return _option(options, "no_melee")


def _option(options: list[dict], name: str) -> Action:
    """The answer that picks the option `name` (each of these is offered once)."""
    return next({"type": "choose", **o} for o in options if o["option"] == name)


def _wounds(boat: dict) -> int:
    return sum(1 for r in boat["rowers"] if r != "ok")


def _lead_trapper(state: State) -> dict | None:
    lead = None
    for boat in state["canoes"]["trapper"]:  # the first of the foremost, as max() picks
        if in_play(boat) and (lead is None or boat["position"] > lead["position"]):
            lead = boat
    return lead


# -- the active phase --------------------------------------------------------------------------


def _free(moving: list[tuple[str, dict, list[str]]]) -> Action | None:
    """A stuck canoe gets free with its lowest card (the first of the lowest, canoe by canoe)."""
    best, least = None, None
    for kind, boat, usable in moving:
        if kind == "free":
            for card in usable:
                if least is None or MOVE_VALUE[card] < least:
                    best, least = (boat, card), MOVE_VALUE[card]
    if best is None:
        return None
    return {"type": "free", "card": best[1], "canoe": best[0]["index"]}


def _move(state: State, role: str, moving: list[tuple[str, dict, list[str]]]) -> Action:
    """The trappers take the longest move (with two canoes the hindmost first); an Indian canoe
    the move that brings it into melee reach of the lead trapper, else closest to it. An ace
    is kept (to cancel something nasty later) while another card moves a canoe 6" or more.
    `moving` holds moves only (no canoe is stuck), canoe by canoe, as `movement` offers them.

    One pass over the moves keeps the best of them all and the best of those that play no ace
    (each the first of equals, in the order offered), and so the pick either way."""
    lead = None if role == "trapper" else _lead_trapper(state)
    best = best_key = None
    kept = kept_key = None  # the best move that keeps the aces
    keep_ace = False
    for _, boat, usable in moving:
        slowed = boat["exhausted"] or boat["leaking"]
        position = boat["position"]
        if lead is None:  # the trappers, or Indians with no trapper left to chase
            hindmost = -position if role == "trapper" else 0
        else:  # how much closer to the lead trapper, melee reach best
            target = lead["position"]
            before = abs(target - position)
        for card in usable:
            # `distance(boat, card, None)`: a card's full value unless exhausted or leaking.
            inches = distance(boat, card, None) if slowed else MOVE_VALUE[card]
            if lead is None:
                key = (inches, hindmost)
            else:
                after = abs(target - (position + inches))
                key = (1 if after <= MELEE_REACH else 0, before - after)
            if best_key is None or key > best_key:
                best, best_key = (boat, card), key
            if card not in ACES:
                if inches >= KEEP_ACE_BELOW:
                    keep_ace = True
                if kept_key is None or key > kept_key:
                    kept, kept_key = (boat, card), key
    boat, card = kept if keep_ace else best
    return {"type": "move", "card": card, "canoe": boat["index"]}


ACES = frozenset(card for card in cards.FULL_DECK if RANK[card] == "A")


def _event(state: State, role: str, events: list[Action]) -> Action:
    if role == "indian":
        return events[0]
    lead = _lead_trapper(state)
    here = lead["position"] if lead else 0
    # The trappers strike the nearest pursuer.
    return min(events, key=lambda a: abs(canoe(state, "indian", a["target"])["position"] - here))


def _discard(state: State, role: str, hand: list[str]) -> Action:
    """Throw away the least useful card (the first of them): the hand is drawn back up at the
    end of the phase, so a poor card is better cycled. Asked only when no canoe may paddle or
    get free, so even a hand of good cards is cycled: keeping it could leave both sides ending
    their phases for ever."""
    # What a card's worth depends on, worked out once for the whole hand (`in_play` written
    # out: this is asked at nearly every phase of a playout).
    holed = False  # an enemy canoe in play is holed
    for boat in state["canoes"][OTHER[role]]:
        if boat["holed"] and not boat["out"] and not boat["finished"]:
            holed = True
            break
    odd_moves_only = None  # every canoe of the side in play moves on odd cards only
    unloaded = False  # an own gun is unloaded
    # Only the worth of an own even number card or Jack hangs on these: a hand of none (most of
    # them, as the hands that discard hold no movement card) needs no look at the own canoes.
    if not EVEN_NUMBERS_AND_JACKS[role].isdisjoint(hand):
        for boat in state["canoes"][role]:
            if not boat["out"] and not boat["finished"]:
                if odd_moves_only is not False:  # once one canoe moves on any card, it stays so
                    rowers = boat["rowers"]  # `odd_only`, written out
                    odd_moves_only = boat["paddle_lost"] or rowers.count(ROWER_OK) < PADDLERS
                if not boat["loaded"]:
                    unloaded = True
    worth = DISCARD_WORTH[role, odd_moves_only is True, holed, unloaded, state["rain"]]
    # The first of the least useful (min() keeps the first of equals).
    return {"type": "discard", "card": min(hand, key=worth.__getitem__)}


def _worth(card: str, colour: str, holed: bool, odd_moves_only: bool, worth: dict) -> int:
    """A rough worth of keeping a card, for `_discard`."""
    rank = RANK[card]
    pips = PIPS[card]
    if rank == "JK":
        return 0
    if COLOUR[card] != colour:
        return pips // 2 if holed and pips is not None else -1  # a counter-card (P12)
    if pips is not None:
        return -1 if pips % 2 == 0 and odd_moves_only else pips - 3
    return worth[rank]


# Each side's own even number cards and Jacks: the cards whose worth hangs on the own canoes.
EVEN_NUMBERS_AND_JACKS = {
    side: frozenset(
        c
        for c in cards.FULL_DECK
        if COLOUR[c] == cards.SIDE_COLOURS[side]
        and (RANK[c] == "J" or (PIPS[c] is not None and PIPS[c] % 2 == 0))
    )
    for side in SIDES
}
# A court card's or an ace's worth by (an own gun is unloaded, it rains): a Jack only reloads,
# a Queen only fires.
WORTH = {
    (unloaded, rain): {
        **CARD_WORTH,
        "J": CARD_WORTH["J"] if unloaded else 0,
        "Q": 0 if rain else CARD_WORTH["Q"],
    }
    for unloaded in (False, True)
    for rain in (False, True)
}
# Every card's worth by (side, every own canoe in play moves on odd cards only, an enemy canoe
# in play is holed, an own gun is unloaded, it rains), worked out once.
DISCARD_WORTH = {
    (side, odd, holed, unloaded, rain): {
        card: _worth(card, cards.SIDE_COLOURS[side], holed, odd, WORTH[unloaded, rain])
        for card in cards.FULL_DECK
    }
    for side in SIDES
    for holed in (False, True)
    for odd in (False, True)
    for unloaded in (False, True)
    for rain in (False, True)
}
