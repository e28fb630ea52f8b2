"""Pelts, Paddling and Powder: the card-driven canoe chase (seed by Mark Backhouse, rulings P1-P14).

The trappers paddle for the end of the river; the Indian canoes chase them. Both seats play
cards from one pack: movement, reloads, shots, random events, and rock-paper-scissors tests.

Public API: `ENGINE` (satisfies `chase.engines.base.Engine`), `random_action(state, role,
chance)`, `seats_to_act(state)` and `why_unplayable(state, role, card)` (why a card in hand
cannot be played now; the seat's view carries it for its hand as `unplayable`).

Actions (each also carries a "label"):
- in the active phase: {"type": "move", "card", "canoe"}, {"type": "free", "card", "canoe"},
  {"type": "reload", "card", "canoe"}, {"type": "fire", "card", "canoe", "target"},
  {"type": "event", "card", "target"}, {"type": "joker", "card"}, {"type": "discard", "card"},
  {"type": "end"}; "canoe" is the index of one's own canoe, "target" of an enemy canoe;
- in a sub-phase: {"type": "sign", "sign"} (a test), {"type": "cancel", "card"} or
  {"type": "allow"} (a reaction), {"type": "counter", "card"} or {"type": "no_counter"},
  {"type": "choose", "option"[, "target"]} (bend, overboard, water, midges, melee).

Modules: `cards` (the pack), `tables` (rule tables), `model` (state and shared rules), `flow`
(sub-phases waiting for a player), `moves` (paddling), `actions` (action cards, events and
phases), `legal` (legal actions), `explain` (why a card is not playable), `view`, `computer`,
`playout` (the computer against itself to the end, for the win odds).
"""

from __future__ import annotations

from typing import Any

from chase.engines.base import IllegalMove, OptionsError, Outcome
from chase.engines.chance import Chance
from chase.engines.pelts.actions import perform as _perform
from chase.engines.pelts.computer import computer_action as _computer_action
from chase.engines.pelts.computer import random_action
from chase.engines.pelts.explain import why_unplayable
from chase.engines.pelts.hidden import determinize as _determinize
from chase.engines.pelts.legal import bare_actions as _bare_actions
from chase.engines.pelts.legal import legal_actions as _legal_actions
from chase.engines.pelts.model import clone, new_state
from chase.engines.pelts.playout import playout as _playout
from chase.engines.pelts.tables import LOG_LENGTH, OPTION_SPECS, SIDES, TILE_KINDS
from chase.engines.pelts.view import seats_to_act
from chase.engines.pelts.view import view as _view

__all__ = ["ENGINE", "PeltsEngine", "random_action", "seats_to_act", "why_unplayable"]


def clean_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and validate, naming the first unknown or bad option."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTION_SPECS))
    if unknown:
        raise OptionsError(
            f"Unknown option(s) for Pelts, Paddling and Powder: {', '.join(unknown)}."
        )
    cleaned: dict[str, Any] = {}
    for name, (default, kind, lo, hi) in OPTION_SPECS.items():
        value = options.get(name, default)
        if kind is list:
            cleaned[name] = _clean_layout(value, lo, hi)
        elif kind is bool:
            if not isinstance(value, bool):
                raise OptionsError(f"The option {name} must be true or false, not {value!r}.")
            cleaned[name] = value
        else:
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise OptionsError(f"The option {name} must be a whole number from {lo} to {hi}.")
            cleaned[name] = value
    return cleaned


def _clean_layout(value: Any, lo: int, hi: int) -> list[str]:
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",")]
    if not isinstance(value, list | tuple) or not all(isinstance(t, str) for t in value):
        raise OptionsError('The layout must be a list of tiles, each "straight" or "bend".')
    bad = [t for t in value if t not in TILE_KINDS]
    if bad:
        raise OptionsError(f'Unknown river tile(s) {", ".join(bad)}: use "straight" or "bend".')
    if not lo <= len(value) <= hi:
        raise OptionsError(f"The river needs {lo} to {hi} tiles, not {len(value)}.")
    return list(value)


def _strip(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "label"}


def _offered(wanted: dict[str, Any], legal: list[dict[str, Any]], labelled: bool) -> bool:
    """Is `wanted` (without its label) one of the legal actions (with or without labels)?"""
    if not labelled:
        return wanted in legal  # dicts compared key by key, in C
    size = len(wanted) + 1
    return any(
        len(a) == size and all(a.get(k, _ABSENT) == v for k, v in wanted.items()) for a in legal
    )


_ABSENT = object()


def _refusal(state: dict[str, Any], role: str, legal: list[dict[str, Any]]) -> str:
    if state["status"] != "playing":
        return "The chase is over."
    if role not in SIDES:
        return f"There is no {role!r} seat in this chase: the seats are trapper and indian."
    if not legal:
        return "It is not your turn to act."
    return "That action is not allowed now; choose one of the actions offered."


class PeltsEngine:
    kind = "pelts"
    title = "Pelts, Paddling and Powder"

    def clean_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return clean_options(options)

    def roles(self, options: dict[str, Any]) -> list[str]:
        return list(SIDES)

    def new_game(self, options: dict[str, Any], chance: Chance) -> Outcome:
        state, events = new_state(clean_options(options), chance)
        state["log"] = events[-LOG_LENGTH:]
        return Outcome(state, events)

    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        return _legal_actions(state, role)

    def apply(self, state: dict[str, Any], role: str, action: dict[str, Any], chance: Chance):
        wanted = _strip(action) if isinstance(action, dict) else None
        kind = wanted.get("type") if wanted is not None else None
        # Only the legal actions of the type posted (labelled only in a sub-phase).
        legal = _bare_actions(state, role, kind) if isinstance(kind, str) else []
        if wanted is None or not _offered(wanted, legal, state["pending"] is not None):
            raise IllegalMove(_refusal(state, role, _bare_actions(state, role)))
        new = clone(state)
        events: list[dict[str, Any]] = []
        _perform(new, role, wanted, chance, events)
        new["log"] = (new["log"] + events)[-LOG_LENGTH:]
        return Outcome(new, events)

    def view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        return _view(state, role)

    def status(self, state: dict[str, Any]) -> str:
        return state["status"]

    def winner(self, state: dict[str, Any]) -> str | None:
        return state["winner"]

    def computer_action(self, state: dict[str, Any], role: str, chance: Chance):
        return _computer_action(state, role, chance)

    def determinize(self, state: dict[str, Any], role: str | None, chance: Chance):
        """The chase with everything `role` cannot see drawn afresh (`chase.engines.odds`)."""
        return _determinize(state, role, chance)

    def playout(self, state: dict[str, Any], chance: Chance) -> dict[str, Any]:
        """The chase played to its end by the computer on both sides, from a copy of `state`
        (see `playout.py`): the final state stepping through `apply` with `computer_action`
        would reach with this chance (a test holds them equal)."""
        return _playout(state, chance)


ENGINE = PeltsEngine()
