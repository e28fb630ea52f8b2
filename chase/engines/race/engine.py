"""`ENGINE`: the Colonial Canoe Race on the engines' base (`chase.engines.base.GameEngine`)."""

from __future__ import annotations

from typing import Any

from chase.engines.base import GameEngine, Outcome
from chase.engines.chance import Chance
from chase.engines.race import activations, computer, hidden, phases, seat_view
from chase.engines.race.options import OPTIONS
from chase.engines.race.tables import KIND, TITLE


class RaceEngine(GameEngine):
    kind = KIND
    title = TITLE
    options = OPTIONS

    def roles(self, options_: dict[str, Any]) -> list[str]:
        return [f"canoe-{seat}" for seat in range(1, options_.get("canoes", 4) + 1)]

    def new_game(self, options_: dict[str, Any], chance: Chance) -> Outcome:
        state, events = phases.new_state(self.clean_options(options_), chance)
        return Outcome(state, events)

    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        return activations.legal_actions(state, role)

    def perform(
        self, state: dict[str, Any], role: str, action: dict[str, Any], chance: Chance
    ) -> Outcome:
        new, events = activations.activate(state, role, action, chance)
        return Outcome(new, events)

    def refusal(self, state: dict[str, Any], role: str, action: Any) -> str:
        return activations.refusal(state, role, action)

    def seat_view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        return seat_view.seat_view(state, role)

    def winner(self, state: dict[str, Any]) -> str | None:
        """R8: the first bow across; None while racing, or when every canoe went out."""
        if state["status"] != "finished" or not state["finishers"]:
            return None
        return state["finishers"][0]

    def max_actions(self, options: dict[str, Any]) -> int:
        """A generous bound, measured rather than proven: one activation per canoe a turn,
        and a canoe paddles its die plus the current (at least 1) down the course, so seven
        legs take at most 7 x leg length paddles, plus a few to haul men aboard. The longest
        of 400 seeded 2-canoe races with 12" legs took 44 actions (this gives 180)."""
        return options["canoes"] * (7 * options["leg_length"] + 6)

    def computer_action(self, state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
        return computer.computer_action(state, role, chance)

    def determinize(
        self, state: dict[str, Any], role: str | None, chance: Chance
    ) -> dict[str, Any]:
        """The race with everything `role` cannot see drawn afresh (see `chase.engines.odds`)."""
        return hidden.determinize(state, role, chance)

    def playout(self, state: dict[str, Any], chance: Chance) -> dict[str, Any]:
        """The final state with the computer at every seat (see `chase.engines.odds`)."""
        return computer.playout(state, chance)


ENGINE = RaceEngine()
