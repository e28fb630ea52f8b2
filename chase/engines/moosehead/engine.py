"""`ENGINE`: the Moosehead Lake trip behind the Engine contract of `chase.engines.base`."""

from __future__ import annotations

from typing import Any

from chase.engines.base import Outcome
from chase.engines.chance import Chance
from chase.engines.moosehead import computer, hidden, options, turns, view
from chase.engines.moosehead.state import new_state
from chase.engines.moosehead.tables import KIND, TITLE


class MooseheadEngine:
    kind = KIND
    title = TITLE

    def clean_options(self, options_: dict[str, Any]) -> dict[str, Any]:
        return options.clean_options(options_)

    def roles(self, options_: dict[str, Any]) -> list[str]:
        return [f"canoe-{seat}" for seat in range(1, options_.get("players", 3) + 1)]

    def new_game(self, options_: dict[str, Any], chance: Chance) -> Outcome:
        state, events = new_state(options.clean_options(options_), chance)
        turns.begin_turn(state, events)
        return Outcome(state, events)

    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        return turns.legal_actions(state, role)

    def apply(
        self, state: dict[str, Any], role: str, action: dict[str, Any], chance: Chance
    ) -> Outcome:
        new, events = turns.act(state, role, action, chance)
        return Outcome(new, events)

    def view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        return view.view(state, role)

    def status(self, state: dict[str, Any]) -> str:
        return state["status"]

    def winner(self, state: dict[str, Any]) -> str | None:
        """M5: the canoe that docked ahead of everyone; None while the trip goes on."""
        return state["winner"]

    def computer_action(self, state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
        return computer.computer_action(state, role, chance)

    def random_action(self, state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
        return computer.random_action(state, role, chance)

    def determinize(
        self, state: dict[str, Any], role: str | None, chance: Chance
    ) -> dict[str, Any]:
        """The trip with the piles' unseen order dealt afresh (see `chase.engines.odds`)."""
        return hidden.determinize(state, role, chance)

    def playout(self, state: dict[str, Any], chance: Chance) -> dict[str, Any]:
        """The final state with the computer at every seat (see `chase.engines.odds`)."""
        return computer.playout(state, chance)


ENGINE = MooseheadEngine()
