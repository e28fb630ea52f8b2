"""Computer seats: participants that make the obvious choices, and a game master that only
keeps the chase moving.

A computer participant rolls with its passengers' help, keeps its best card unless it is a
club (then the best other one), faces its complications, and attacks whenever a foe is in
range: the most hurt first, then the one on the lowest card. It never forces or withdraws.
A computer game master (not needed: a person runs the chase) records no harm, lets the
shaken recover and starts each round.
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract import cards
from chase.engines.abstract.legal import legal_actions
from chase.engines.abstract.state import State, card_rank
from chase.engines.abstract.tables import GM
from chase.engines.base import IllegalMove
from chase.engines.chance import Chance

Action = dict[str, Any]
PASSIVE = ("miss", "unhurt", "recovers")


def computer_action(state: State, role: str, chance: Chance) -> Action:
    actions = legal_actions(state, role)
    if not actions:
        raise IllegalMove("There is nothing for this seat to do now.")
    return choose(state, role, actions)


def choose(state: State, role: str, actions: list[Action]) -> Action:
    """The computer's choice among `actions`, the seat's legal actions now (none empty)."""
    by_type: dict[str, list[Action]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    if role == GM:
        return _game_master(by_type)
    if "roll" in by_type:
        return next((a for a in by_type["roll"] if a.get("help", True)), by_type["roll"][0])
    if "keep" in by_type:
        return best_card(by_type["keep"])
    for kind in ("face", "group_attack"):
        if kind in by_type:
            return by_type[kind][0]
    if "attack" in by_type:
        return max(by_type["attack"], key=lambda a: worth(state, a["target"]))
    return by_type["done"][0]


def best_card(keeps: list[Action]) -> Action:
    """The highest card unless it is a club: then the highest card that is not (A5)."""
    ranked = sorted(keeps, key=lambda a: cards.order_key(a["card"]))
    plain = [a for a in ranked if not cards.is_club(a["card"])]
    return plain[0] if plain else ranked[0]


def worth(state: State, index: int) -> tuple[int, int, int]:
    foe = state["participants"][index]
    return (foe["wounds"], int(foe["shaken"]), -card_rank(foe))


def _game_master(by_type: dict[str, list[Action]]) -> Action:
    if "resolve" in by_type:
        resolves = by_type["resolve"]
        return next((a for a in resolves if a["result"] in PASSIVE), resolves[0])
    for kind in ("next", "end"):
        if kind in by_type:
            return by_type[kind][0]
    raise IllegalMove("The game master has nothing to do now.")  # pragma: no cover
