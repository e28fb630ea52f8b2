"""Which actions a seat may post now, each with a label for people."""

from __future__ import annotations

from typing import Any

from chase.engines.pelts import cards
from chase.engines.pelts.cards import FULL_DECK, is_movement_card, move_value
from chase.engines.pelts.flow import pending_actions
from chase.engines.pelts.model import (
    State,
    canoe_name,
    canoe_title,
    gun_ready,
    in_sight,
    other,
)
from chase.engines.pelts.moves import distance
from chase.engines.pelts.tables import OTHER, PADDLERS, ROWER_OK, SIDES

Action = dict[str, Any]

# P3: each side's movement cards; P5: the odd ones, all a canoe moving on odd cards may play.
MOVERS = {side: frozenset(c for c in FULL_DECK if is_movement_card(c, side)) for side in SIDES}
ODD_MOVERS = frozenset(c for c in MOVERS["trapper"] | MOVERS["indian"] if move_value(c) % 2 == 1)


def legal_actions(state: State, role: str | None) -> list[Action]:
    actions = bare_actions(state, role)
    if state["pending"] is not None:
        return actions  # a sub-phase's answers carry their labels already
    return [labelled(state, role, action) for action in actions]  # type: ignore[arg-type]


def bare_actions(state: State, role: str | None, kind: str | None = None) -> list[Action]:
    """The legal actions, in the order offered; in the active phase without their labels (what
    `apply` checks against: labels are most of the cost).

    `kind` (an action's "type") keeps the active phase's actions of that type alone, and builds
    no other: `apply` checks a posted action against those. A sub-phase's answers all come."""
    if state["status"] != "playing" or role not in SIDES:
        return []
    if state["pending"] is not None:
        return pending_actions(state, role)
    if role != state["active"]:
        return []
    every = kind is None
    if slowed(state, role):
        # P6 Slowing down: a side whose only canoe loses the phase plays no card of any kind
        # (no King, joker or discard either); it still draws as usual when the phase ends.
        return [{"type": "end"}] if every or kind == "end" else []
    hand = state["hands"][role]
    actions = movement(state, role, hand, kind) if every or kind in ("move", "free") else []
    if not state["used"]["action"] and (every or kind in CARD_RANKS):
        actions += action_cards(state, role, hand, CARD_RANKS.get(kind))  # type: ignore[arg-type]
    if not state["used"]["discard"] and (every or kind == "discard"):
        actions += discards(hand)
    if every or kind == "end":
        actions.append({"type": "end"})
    return actions


# The action card each kind of action is played with (P6).
CARD_RANKS = {"reload": "J", "fire": "Q", "event": "K", "joker": "JK"}


def slowed(state: State, side: str) -> bool:
    """P6 Slowing down: every canoe of the side still in action loses this phase."""
    for boat in state["canoes"][side]:
        if not boat["skip_phase"] and not boat["out"] and not boat["finished"]:
            return False
    return True


def labelled(state: State, side: str, action: Action) -> Action:
    """An active-phase action as offered to people: with its label last."""
    kind = action["type"]
    card = action.get("card")
    if kind == "move":
        index = action["canoe"]
        inches = distance(state["canoes"][side][index], card, None)
        label = f'Move {canoe_name(state, side, index)} with {cards.name(card)} ({inches}")'
    elif kind == "discard":
        label = f"Discard {cards.name(card)}"
    elif kind == "end":
        label = (
            "End your phase (slowed down: no card may be played)"
            if slowed(state, side)
            else "End your phase"
        )
    elif kind == "free":
        name = canoe_name(state, side, action["canoe"])
        label = f"Free {name} by discarding {cards.name(card)}"
    elif kind == "joker":
        label = "Play a Joker"
    elif kind == "reload":
        label = f"Reload {canoe_name(state, side, action['canoe'])} with {cards.name(card)}"
    elif kind == "event":
        label = (
            f"Set a random event on {canoe_name(state, other(side), action['target'])} "
            f"with {cards.name(card)}"
        )
    else:  # fire
        label = (
            f"{canoe_title(state, side, action['canoe'])} fires at "
            f"{canoe_name(state, other(side), action['target'])} with {cards.name(card)}"
        )
    return {**action, "label": label}


def may_paddle(state: State, boat: dict[str, Any]) -> bool:
    """May this canoe take its movement card this phase? (See `paddlers`.)"""
    return any(b["index"] == boat["index"] for b in paddlers(state, boat["side"]))


def paddlers(state: State, side: str) -> list[dict[str, Any]]:
    """The canoes that may take their movement card this phase (P4): one per canoe, none while
    skipping a move or a phase (P13), none once out or past the finish (`in_play`, written out:
    this is asked at every step of a playout)."""
    moved = state["used"]["moved"]
    length = state["river"]["length"]
    found = []
    for boat in state["canoes"][side]:
        if (
            boat["out"]
            or boat["finished"]
            or boat["skip_move"]
            or boat["skip_phase"]
            or boat["index"] in moved
            or (boat["stuck"] is None and boat["position"] >= length)
        ):
            continue
        found.append(boat)
    return found


def movement(state: State, side: str, hand: list[str], kind: str | None = None) -> list[Action]:
    """The movement cards' actions, canoe by canoe: "move", or "free" for a stuck canoe.

    `kind` ("move" or "free") keeps only that kind, in the same order, and builds no other
    (what `apply` checks a posted move against)."""
    actions: list[Action] = []
    for boat_kind, boat, usable in moving_cards(state, side, hand):
        if kind is None or boat_kind == kind:
            index = boat["index"]
            actions += [{"type": boat_kind, "card": c, "canoe": index} for c in usable]
    return actions


def moving_cards(state: State, side: str, hand: list[str]) -> list[tuple[str, dict, list[str]]]:
    """What `movement` offers, without building its actions (the computer picks among these):
    for each canoe that may paddle with at least one card of the hand, in canoe order, "move"
    (or "free" when it is stuck), the canoe, and those cards in hand order.

    `paddlers` and `odd_only` written out: the computer asks this at every step of a playout."""
    found: list[tuple[str, dict, list[str]]] = []
    usable = MOVERS[side]
    if usable.isdisjoint(hand):  # first: most hands that discard hold none
        return found
    movers = None  # the hand's movement cards, once a canoe may paddle
    moved = state["used"]["moved"]
    length = state["river"]["length"]
    for boat in state["canoes"][side]:
        stuck = boat["stuck"]
        if (
            boat["index"] in moved  # first: the commonest reason, once a canoe has moved
            or boat["out"]
            or boat["finished"]
            or boat["skip_move"]
            or boat["skip_phase"]
            or (stuck is None and boat["position"] >= length)
        ):
            continue  # not one of the `paddlers`
        # P9: when stuck, a movement card the canoe could legally move with (odd only under
        # P5) frees it; the card is discarded and the canoe does not move.
        boat_kind = "move" if stuck is None else "free"
        if movers is None:  # `filter`: no comprehension's call for a handful of cards
            movers = list(filter(usable.__contains__, hand))
        rowers = boat["rowers"]
        if boat["paddle_lost"] or rowers.count(ROWER_OK) < PADDLERS:  # `odd_only`
            odd = list(filter(ODD_MOVERS.__contains__, movers))
            if odd:
                found.append((boat_kind, boat, odd))
        else:
            found.append((boat_kind, boat, movers))
    return found


def discards(hand: list[str]) -> list[Action]:
    return [{"type": "discard", "card": c} for c in hand]


def _acting(state: State, side: str) -> list[dict[str, Any]]:
    """Own canoes that may use an action card: P13 "slowing down" loses the whole phase."""
    return [
        b
        for b in state["canoes"][side]
        if not b["out"] and not b["finished"] and not b["skip_phase"]
    ]  # in play, and not slowed down


def action_cards(state: State, side: str, hand: list[str], only: str | None = None) -> list[Action]:
    """The action cards' actions, card by card in hand order. `only` (a rank: "JK", "J", "Q"
    or "K") keeps the actions of those cards alone, in the same order: the computer asks for
    one rank at a time, in the order it considers them, and `apply` for the one posted."""
    actions: list[Action] = []
    colour = cards.SIDE_COLOURS[side]
    acting = enemies = None  # worked out the first time a card needs them
    for card in hand:
        rank = cards.RANK[card]
        if only is not None and rank != only:
            continue
        if rank == "JK":
            actions.append({"type": "joker", "card": card})
        elif cards.COLOUR[card] != colour:
            continue
        elif rank == "J":  # P6: a Jack reloads an empty gun
            if acting is None:
                acting = _acting(state, side)
            for b in acting:  # loops, not comprehensions: the computer asks this every phase
                if not b["loaded"]:
                    actions.append({"type": "reload", "card": card, "canoe": b["index"]})
        elif rank == "Q":  # P6/P7: a loaded, dry gun and a target in sight
            if acting is None:
                acting = _acting(state, side)
            if enemies is None:
                enemies = _enemies(state, side)
            for b in acting:
                if gun_ready(state, b):
                    for e in enemies:
                        if in_sight(state, b["position"], e["position"]):
                            actions.append(
                                {
                                    "type": "fire",
                                    "card": card,
                                    "canoe": b["index"],
                                    "target": e["index"],
                                }
                            )
        elif rank == "K":  # P6: a King sets a random event on an enemy canoe
            if enemies is None:
                enemies = _enemies(state, side)
            actions += [{"type": "event", "card": card, "target": e["index"]} for e in enemies]
    return actions


def _enemies(state: State, side: str) -> list[dict[str, Any]]:
    """The enemy canoes in play (`in_play`), the targets of shots and random events."""
    return [b for b in state["canoes"][OTHER[side]] if not b["out"] and not b["finished"]]
