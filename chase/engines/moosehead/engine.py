"""`ENGINE`: the Moosehead Lake trip on the engines' base (`chase.engines.base.GameEngine`)."""

from __future__ import annotations

from typing import Any

from chase.engines.base import GameEngine, Outcome
from chase.engines.chance import Chance
from chase.engines.moosehead import compact, computer, hidden, seat_view, turns
from chase.engines.moosehead.board import board_data, board_of
from chase.engines.moosehead.options import OPTIONS
from chase.engines.moosehead.state import copy_state, current, new_state, player_of
from chase.engines.moosehead.tables import KIND, TITLE
from chase.engines.standings import Teams


class MooseheadEngine(GameEngine):
    kind = KIND
    title = TITLE
    options = OPTIONS
    length = ("round", "rounds")

    def roles(self, options_: dict[str, Any]) -> list[str]:
        return [f"canoe-{seat}" for seat in range(1, options_.get("players", 3) + 1)]

    def setup(self, options_: dict[str, Any], chance: Chance) -> Outcome:
        state, events = new_state(options_, chance)
        turns.begin_turn(state, events)
        return Outcome(state, events)

    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        return turns.legal_actions(state, role)

    def perform(
        self, state: dict[str, Any], role: str, action: dict[str, Any], chance: Chance
    ) -> Outcome:
        new, events = turns.act(state, role, action, chance)
        return Outcome(new, events)

    def refusal(self, state: dict[str, Any], role: str, action: Any) -> str:
        if state["status"] != "playing":
            return "The trip is over."
        player = player_of(state, role)  # an unknown seat says so
        if current(state)["role"] != role:
            return f"It is {current(state)['name']}'s turn, not {player['name']}'s."
        choices = "; ".join(a["label"] for a in self.legal_actions(state, role)[:6])
        return f"{player['name']} cannot do that now. Choose one of: {choices}."

    def seat_view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        return seat_view.seat_view(state, role)

    def finishing_order(self, options: dict[str, Any], state: dict[str, Any]) -> Teams:
        """By points at the end, most first; equal points share a place (the winner, M5, docked
        ahead of everyone with the most points)."""
        return points_order(self.seat_view(state, None)["players"])

    def computer_action(self, state: dict[str, Any], role: str, chance: Chance) -> dict[str, Any]:
        return computer.computer_action(state, role, chance)

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy_state(state)

    def max_actions(self, options: dict[str, Any]) -> int:
        """Worked out from the board. A random walk on a connected graph of n spaces and m
        links visits every space within 2·m·(n−1) steps on average (Aleliunas et al., 1979; m
        counted each way, which only raises the bound). A canoe has to camp `nights` times and
        reach the dock: within a cover of the board for each night and one more to go home.
        Each of its moves is at most three actions (throw, then enter, wait or move), and the
        canoes take turns (M4: no position leaves a canoe without a move for ever). So a trip
        of random paddlers ends within 3 · players · (nights + 1) · 2·m·(n−1) actions on
        average; the computer's trips, and the seeded random ones, take a few thousand."""
        board = board_of(board_data(options["board"]))
        spaces = len(board.spaces)
        links = sum(len(board.out[s]) for s in board.spaces)
        return 3 * options["players"] * (options["nights"] + 1) * 2 * links * (spaces - 1)

    def determinize(
        self, state: dict[str, Any], role: str | None, chance: Chance
    ) -> dict[str, Any]:
        """The trip with the piles' unseen order dealt afresh (see `chase.engines.odds`)."""
        return hidden.determinize(state, role, chance)

    def playout(self, state: dict[str, Any], chance: Chance) -> dict[str, Any]:
        """The final state with the computer at every seat (see `chase.engines.odds`): the
        compact playout (`compact`), which reaches the very state `computer.playout` does."""
        return compact.playout(state, chance)


def points_order(players: list[dict[str, Any]]) -> Teams:
    """Moosehead by points at the end, most first; equal points share a place."""
    scores = sorted({p["points"] for p in players}, reverse=True)
    return [(scores.index(p["points"]), [p["role"]]) for p in players]


ENGINE = MooseheadEngine()
