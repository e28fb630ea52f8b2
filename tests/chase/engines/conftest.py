"""Fixtures for the chase engine tests."""

from __future__ import annotations

from typing import Any

import pytest

from chase.engines.base import Outcome
from chase.engines.chance import Chance, RandomChance, ScriptedChance

PASSABLE = {"reaction": "allow", "counter": "no_counter"}  # P6: the only answer with no card


class PeltsTable:
    """Sets up Pelts, Paddling and Powder states with chosen cards and places, and plays on them.

    Tests start from a real new game (no obstacles or rocks unless asked) and then put cards in
    hands and canoes on the river where the rule under test needs them.
    """

    def __init__(self) -> None:
        from chase.engines.pelts import ENGINE

        self.engine = ENGINE

    def new(self, seed: int = 7, **options: Any) -> dict[str, Any]:
        options = {"obstacles": 0, "rocks": 0, **options}
        return self.engine.new_game(options, RandomChance(seed)).state

    def hands(self, state: dict[str, Any], **hands: list[str]) -> dict[str, Any]:
        """Give each named side exactly these cards; its old cards go to the draw pile."""
        for side, wanted in hands.items():
            for pile in (state["draw"], state["discard"], *state["hands"].values()):
                for card in wanted:
                    if card in pile:
                        pile.remove(card)
            state["draw"][:0] = state["hands"][side]
            state["hands"][side] = list(wanted)
        return state

    def on_top(self, state: dict[str, Any], *cards: str) -> dict[str, Any]:
        """Put cards on top of the draw pile, the first named drawn first."""
        for card in cards:
            for pile in (state["draw"], state["discard"], *state["hands"].values()):
                if card in pile:
                    pile.remove(card)
        state["draw"].extend(reversed(cards))
        return state

    def put(self, state: dict[str, Any], side: str, index: int = 0, **fields: Any) -> None:
        """Set fields of a canoe, e.g. put(state, "trapper", position=30, holed=True)."""
        state["canoes"][side][index].update(fields)

    def act(
        self,
        state: dict[str, Any],
        role: str,
        type: str,
        chance: Chance | None = None,
        **fields: Any,
    ) -> Outcome:
        """Apply an action; by default no chance is allowed at all (an empty script)."""
        chance = chance if chance is not None else ScriptedChance([])
        return self.engine.apply(state, role, {"type": type, **fields}, chance)

    def signs(self, state: dict[str, Any], trapper: str, indian: str) -> Outcome:
        """Both sides show their signs in a pending test; the events of both are returned."""
        first = self.act(state, "trapper", "sign", sign=trapper)
        second = self.act(first.state, "indian", "sign", sign=indian)
        return Outcome(second.state, first.events + second.events)

    def passing(self, outcome: Outcome, chance: Chance | None = None) -> Outcome:
        """Answer every reaction or counter-card step (P6) in which the asked side has nothing
        usable and so may only pass; the events of all the steps are returned."""
        state, events = outcome.state, list(outcome.events)
        while state["pending"] is not None and state["pending"]["kind"] in PASSABLE:
            seat = state["pending"]["seat"]
            legal = self.engine.legal_actions(state, seat)
            if len(legal) != 1:
                break
            step = self.act(state, seat, PASSABLE[state["pending"]["kind"]], chance)
            state, events = step.state, events + step.events
        return Outcome(state, events)

    def choose(self, state: dict[str, Any], role: str, option: str, **fields: Any) -> Outcome:
        return self.act(state, role, "choose", option=option, **fields)

    def texts(self, outcome: Outcome) -> str:
        return " ".join(e["text"] for e in outcome.events)


@pytest.fixture
def pelts() -> PeltsTable:
    return PeltsTable()
