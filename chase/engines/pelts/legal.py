"""Which actions a seat may post now, each with a label for people."""

from __future__ import annotations

from typing import Any

from chase.engines.pelts import cards
from chase.engines.pelts.flow import pending_actions
from chase.engines.pelts.model import (
    State,
    canoe_name,
    canoe_title,
    gun_ready,
    in_play,
    in_sight,
    other,
)
from chase.engines.pelts.moves import distance, may_move_on
from chase.engines.pelts.tables import SIDES

Action = dict[str, Any]


def legal_actions(state: State, role: str | None) -> list[Action]:
    if state["status"] != "playing" or role not in SIDES:
        return []
    if state["pending"] is not None:
        return pending_actions(state, role)
    if role != state["active"]:
        return []
    if all(b["skip_phase"] for b in state["canoes"][role] if in_play(b)):
        # P6 Slowing down: a side whose only canoe loses the phase plays no card of any kind
        # (no King, joker or discard either); it still draws as usual when the phase ends.
        return [{"type": "end", "label": "End your phase (slowed down: no card may be played)"}]
    hand = state["hands"][role]
    actions = _movement(state, role, hand)
    if not state["used"]["action"]:
        actions += _action_cards(state, role, hand)
    if not state["used"]["discard"]:
        actions += [
            {"type": "discard", "card": c, "label": f"Discard {cards.name(c)}"} for c in hand
        ]
    actions.append({"type": "end", "label": "End your phase"})
    return actions


def may_paddle(state: State, boat: dict[str, Any]) -> bool:
    """A canoe may take its movement card this phase (P4): one per canoe, none while skipping
    a move or a phase (P13), none once out or past the finish."""
    return (
        in_play(boat)
        and boat["index"] not in state["used"]["moved"]
        and not boat["skip_move"]
        and not boat["skip_phase"]
        and (boat["stuck"] is not None or boat["position"] < state["river"]["length"])
    )


def _movement(state: State, side: str, hand: list[str]) -> list[Action]:
    movers = [c for c in hand if cards.is_movement_card(c, side)]
    actions = []
    for boat in state["canoes"][side]:
        if not movers or not may_paddle(state, boat):
            continue
        name = canoe_name(state, side, boat["index"])
        if boat["stuck"] is not None:
            # P9: a movement card the canoe could legally move with (odd only under P5) frees
            # it; the card is discarded and the canoe does not move.
            actions += [
                {
                    "type": "free",
                    "card": c,
                    "canoe": boat["index"],
                    "label": f"Free {name} by discarding {cards.name(c)}",
                }
                for c in movers
                if may_move_on(boat, c)
            ]
            continue
        for c in movers:
            if may_move_on(boat, c):
                inches = distance(boat, c, None)
                actions.append(
                    {
                        "type": "move",
                        "card": c,
                        "canoe": boat["index"],
                        "label": f'Move {name} with {cards.name(c)} ({inches}")',
                    }
                )
    return actions


def _acting(state: State, side: str) -> list[dict[str, Any]]:
    """Own canoes that may use an action card: P13 "slowing down" loses the whole phase."""
    return [b for b in state["canoes"][side] if in_play(b) and not b["skip_phase"]]


def _action_cards(state: State, side: str, hand: list[str]) -> list[Action]:
    actions: list[Action] = []
    enemies = [b for b in state["canoes"][other(side)] if in_play(b)]
    for card in hand:
        rank = cards.RANK[card]
        if rank == "JK":
            actions.append({"type": "joker", "card": card, "label": "Play a Joker"})
        elif cards.COLOUR[card] != cards.SIDE_COLOURS[side]:
            continue
        elif rank == "J":
            actions += _reloads(state, side, card)
        elif rank == "Q":
            actions += _shots(state, side, card, enemies)
        elif rank == "K":
            actions += _events(state, side, card, enemies)
    return actions


def _reloads(state: State, side: str, card: str) -> list[Action]:
    """P6: a Jack reloads an empty gun."""
    return [
        {
            "type": "reload",
            "card": card,
            "canoe": b["index"],
            "label": f"Reload {canoe_name(state, side, b['index'])} with {cards.name(card)}",
        }
        for b in _acting(state, side)
        if not b["loaded"]
    ]


def _events(state: State, side: str, card: str, enemies: list[dict]) -> list[Action]:
    """P6: a King sets a random event on an enemy canoe."""
    return [
        {
            "type": "event",
            "card": card,
            "target": e["index"],
            "label": f"Set a random event on {canoe_name(state, other(side), e['index'])} "
            f"with {cards.name(card)}",
        }
        for e in enemies
    ]


def _shots(state: State, side: str, card: str, enemies: list[dict]) -> list[Action]:
    """P6/P7: a loaded, dry gun and a target in sight."""
    return [
        {
            "type": "fire",
            "card": card,
            "canoe": b["index"],
            "target": e["index"],
            "label": f"{canoe_title(state, side, b['index'])} fires at "
            f"{canoe_name(state, other(side), e['index'])} with {cards.name(card)}",
        }
        for b in _acting(state, side)
        if gun_ready(state, b)
        for e in enemies
        if in_sight(state, b["position"], e["position"])
    ]
