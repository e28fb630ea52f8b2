"""`ENGINE`: Pelts, Paddling and Powder on the engines' base (`chase.engines.base.GameEngine`)."""

from __future__ import annotations

from typing import Any

from chase.engines.base import GameEngine, Outcome, bare
from chase.engines.chance import Chance
from chase.engines.pelts.actions import perform as _perform
from chase.engines.pelts.computer import computer_action as _computer_action
from chase.engines.pelts.hidden import determinize as _determinize
from chase.engines.pelts.legal import bare_actions, labelled
from chase.engines.pelts.legal import legal_actions as _legal_actions
from chase.engines.pelts.model import clone, new_state
from chase.engines.pelts.options import OPTIONS
from chase.engines.pelts.playout import playout as _playout
from chase.engines.pelts.seat_view import seat_view
from chase.engines.pelts.tables import LOG_LENGTH, SIDES


class PeltsEngine(GameEngine):
    kind = "pelts"
    title = "Pelts, Paddling and Powder"
    options = OPTIONS

    def roles(self, options: dict[str, Any]) -> list[str]:
        return list(SIDES)

    def setup(self, options: dict[str, Any], chance: Chance) -> Outcome:
        state, events = new_state(options, chance)
        state["log"] = events[-LOG_LENGTH:]
        return Outcome(state, events)

    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        return _legal_actions(state, role)

    def find_legal(self, state: dict[str, Any], role: str, wanted: dict[str, Any]):
        """Only the legal actions of the type posted are built (labels are most of the cost);
        in the active phase they come bare, and the one found gets its label."""
        kind = wanted.get("type")
        if not isinstance(kind, str):
            return None
        legal = bare_actions(state, role, kind)
        if state["pending"] is None:
            return labelled(state, role, wanted) if wanted in legal else None
        return next((a for a in legal if bare(a) == wanted), None)

    def refusal(self, state: dict[str, Any], role: str, action: Any) -> str:
        if state["status"] != "playing":
            return "The chase is over."
        if role not in SIDES:
            return f"There is no {role!r} seat in this chase: the seats are trapper and indian."
        if not bare_actions(state, role):
            return "It is not your turn to act."
        return "That action is not allowed now; choose one of the actions offered."

    def perform(self, state: dict[str, Any], role: str, action: dict[str, Any], chance: Chance):
        new = clone(state)
        events: list[dict[str, Any]] = []
        _perform(new, role, bare(action), chance, events)
        new["log"] = (new["log"] + events)[-LOG_LENGTH:]
        return Outcome(new, events)

    def seat_view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        return seat_view(state, role)

    def max_actions(self, options: dict[str, Any]) -> int:
        """A generous bound, measured rather than proven (the chase has no round limit): the
        longest of 400 seeded chases on the shortest options, random or computer players,
        took under 300 actions."""
        return 2 * 54 * (6 * 4 + 1)

    def computer_action(self, state: dict[str, Any], role: str, chance: Chance):
        return _computer_action(state, role, chance)

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        return clone(state)

    def determinize(self, state: dict[str, Any], role: str | None, chance: Chance):
        """The chase with everything `role` cannot see drawn afresh (`chase.engines.odds`)."""
        return _determinize(state, role, chance)

    def playout(self, state: dict[str, Any], chance: Chance) -> dict[str, Any]:
        """The chase played to its end by the computer on both sides, from a copy of `state`
        (see `playout.py`): the final state stepping through `apply` with `computer_action`
        would reach with this chance (a test holds them equal)."""
        return _playout(state, chance)


ENGINE = PeltsEngine()
