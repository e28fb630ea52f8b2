"""`ENGINE`: the abstract chase on the engines' base (`chase.engines.base.GameEngine`)."""

from __future__ import annotations

from typing import Any

from chase.engines.abstract import computer, odds
from chase.engines.abstract.actions import perform
from chase.engines.abstract.legal import legal_actions
from chase.engines.abstract.options import OPTIONS, ChaseOptionsError, check_prey, sides_of
from chase.engines.abstract.seat_view import seat_view
from chase.engines.abstract.state import copy_state, new_state, participant_of, roles
from chase.engines.abstract.tables import GM, KIND, LENGTHS, TITLE
from chase.engines.base import GameEngine, Outcome
from chase.engines.chance import Chance
from chase.engines.standings import Teams, side_order


class AbstractChaseEngine(GameEngine):
    kind = KIND
    title = TITLE
    options = OPTIONS
    length = ("round", "rounds")

    def refuse(self, path: str, reason: str) -> None:
        raise ChaseOptionsError(path, reason)

    def unknown_option(self, names: list[str]) -> None:
        known = ", ".join(o.name for o in self.options)
        raise ChaseOptionsError(names[0], f"is not an option of the chase: use {known}.")

    def check_options(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        return check_prey(cleaned)

    def roles(self, options_: dict[str, Any]) -> list[str]:
        """The game master's seat first, then one seat per participant or group of extras."""
        return roles(options_)

    def setup(self, options_: dict[str, Any], chance: Chance) -> Outcome:
        state, events = new_state(options_, chance)
        return Outcome(state, events)

    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        return legal_actions(state, role)

    def perform(
        self, state: dict[str, Any], role: str, action: dict[str, Any], chance: Chance
    ) -> Outcome:
        new = copy_state(state)
        events: list[dict[str, Any]] = []
        perform(new, role, action, chance, events)
        return Outcome(new, events)

    def refusal(self, state: dict[str, Any], role: str, action: Any) -> str:
        return _refusal(state, role, legal_actions(state, role))

    def seat_view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        return seat_view(state, role)

    # The winner (the base's `winner`) is a side: the prey that escaped, the pursuers that
    # stopped them, the side that held the field; None while playing or when nobody did.

    def finishing_order(self, options_: dict[str, Any], state: dict[str, Any]) -> Teams:
        """By side, the winner first; the game master is not placed (so not rated)."""
        sides = {
            f"p{i + 1}": participant["side"]
            for i, participant in enumerate(options_["participants"])
        }
        return side_order(self.winner(state), sides)

    def computer_action(self, state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
        return computer.computer_action(state, role, chance)

    def max_actions(self, options: dict[str, Any]) -> int:
        """A round is each participant's roll, keep and actions on its card (roll, keep, face,
        an attack or force answered by the game master, done: six at most) and the game
        master's records and next (two per participant). A dogfight (A1) lasts until one side
        withdraws, which the computer never does: it is held to 20 rounds, measured (the
        longest of 400 seeded extended chases took 151 actions)."""
        rounds = LENGTHS[options["length"]] or 20
        return rounds * 8 * len(options["participants"]) + 10

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy_state(state)

    def odds_sides(self, options_: dict[str, Any]) -> list[str]:
        """What the win odds share out: the chase's two sides (the winner is a side, not a
        seat), the prey first."""
        cleaned = self.clean_options(options_)
        sides = sides_of(cleaned["participants"])
        return sorted(sides, key=lambda side: side != cleaned["prey"])

    def odds_words(self, options_: dict[str, Any], side: str) -> str:
        """A side's share of the odds in words: what winning means for it."""
        cleaned = self.clean_options(options_)
        if LENGTHS[cleaned["length"]] is None:
            return f"the {side}, holding the field"
        if side == cleaned["prey"]:
            return f"the {side}, escaping"
        return f"the {side}, catching them"

    def odds_note(self, options_: dict[str, Any]) -> str:
        """What the odds of the chase mean, for the odds page."""
        return odds.meaning(self.clean_options(options_))

    def determinize(self, state: dict[str, Any], role: str | None, chance: Chance):
        """The chase with everything `role` cannot see drawn afresh (see `odds.py`)."""
        return odds.determinize(state, role, chance)

    def playout(self, state: dict[str, Any], chance: Chance) -> dict[str, Any]:
        """The chase played to its end by the computer at every seat, the game master's
        included, from a copy of `state` (see `odds.py`)."""
        return odds.playout(state, chance)


def _refusal(state: dict[str, Any], role: str, legal: list[dict[str, Any]]) -> str:
    if state["status"] != "playing":
        return "The chase is over."
    if role != GM:
        participant_of(state, role)  # an unknown seat says so
    if not legal:
        if state["pending"] and role != GM:
            return "The game master has something to decide first."
        return "It is not your turn to act."
    return (
        "That action is not allowed now; choose one of: "
        + "; ".join(a["label"] for a in legal)
        + "."
    )


ENGINE = AbstractChaseEngine()
