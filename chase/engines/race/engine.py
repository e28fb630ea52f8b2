"""`ENGINE`: the Colonial Canoe Race on the engines' base (`chase.engines.base.GameEngine`)."""

from __future__ import annotations

from typing import Any

from chase.engines.base import GameEngine, Outcome
from chase.engines.chance import Chance
from chase.engines.race import activations, computer, hidden, phases, seat_view
from chase.engines.race.options import OPTIONS
from chase.engines.race.tables import KIND, TITLE, TRACKS
from chase.engines.standings import Teams


class RaceEngine(GameEngine):
    kind = KIND
    title = TITLE
    options = OPTIONS

    def roles(self, options_: dict[str, Any]) -> list[str]:
        return [f"canoe-{seat}" for seat in range(1, options_.get("canoes", 4) + 1)]

    def setup(self, options_: dict[str, Any], chance: Chance) -> Outcome:
        state, events = phases.new_state(options_, chance)
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
        """R8: the first bow across; None while racing, or when every canoe went out (the
        race's state keeps its finishers in order, not a winner)."""
        if state["status"] != "finished" or not state["finishers"]:
            return None
        return state["finishers"][0]

    def finishing_order(self, options_: dict[str, Any], state: dict[str, Any]) -> Teams:
        """R8: the order across the line, then the canoes still afloat (see `race_order`)."""
        return race_order(self.seat_view(state, None)["canoes"])

    def lab_groups(self, options_: dict[str, Any]) -> list[str]:
        """The lab asks whether the inside or the outside track wins more (R3)."""
        return list(TRACKS)

    def lab_group(self, winner: str) -> str:
        """The track the winner started on (R3: canoe 1 inside, canoe 2 outside, and so on)."""
        seat = int(winner.rsplit("-", 1)[1])
        return TRACKS[(seat - 1) % 2]

    def max_actions(self, options: dict[str, Any]) -> int:
        """A generous bound, measured rather than proven: one activation per canoe a turn,
        and a canoe paddles its die plus the current (at least 1) down the course, so seven
        legs take at most 7 x leg length paddles, plus a few to haul men aboard. The longest
        of 400 seeded 2-canoe races with 12" legs took 44 actions (this gives 180); a canoe
        lined up behind the start line (`outside_extra`) has that much further to go."""
        behind = abs(options.get("outside_extra", 0))
        return options["canoes"] * (7 * options["leg_length"] + behind + 6)

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


def race_order(canoes: list[dict[str, Any]]) -> Teams:
    """The race by finishing order (R8): the canoes across the line by their place, then those
    still on the water when the race was decided (the nearer the line the better, equal
    distances tied), then every canoe out of the race sharing last place."""
    finished = sorted((c for c in canoes if c["place"]), key=lambda c: c["place"])
    groups = [[c["role"]] for c in finished]
    afloat = [c for c in canoes if not c["place"] and not c["out"]]
    for to_go in sorted({c["to_go"] for c in afloat}):
        groups.append([c["role"] for c in afloat if c["to_go"] == to_go])
    out = [c["role"] for c in canoes if not c["place"] and c["out"]]
    if out:
        groups.append(out)
    return [(rank, [role]) for rank, group in enumerate(groups) for role in group]


ENGINE = RaceEngine()
