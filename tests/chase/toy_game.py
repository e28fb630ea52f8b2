"""A fifth game registered only in the tests: two canoes race to a goal, each throwing a die in
turn. It proves that a game declared on the engines' base, with its options table, is checked
by the conformance suite (`test_conformance.py`) the day it is registered, with no list to
update: played, replayed, rated, run in the balance lab and given odds, with nothing outside
this module but its registration (`GAME`, put in the registry by the suite's fixture). It takes
the base's defaults for the finishing order (by winner), the odds' sides (the seats) and the
lab's groups, and declares its length (`throws`: its state's `turn` names a seat). Nothing here
is hidden, so `determinize` is a plain copy."""

from __future__ import annotations

from typing import Any

from chase.engines.base import GameEngine, Option, Outcome
from chase.engines.chance import Chance
from chase.engines.game import Game

SEATS = ("red", "blue")


class ToyRaceEngine(GameEngine):
    kind = "toy"
    title = "Race to the goal"
    length = ("throws", "throws")  # the balance lab's count of a game's length
    options = (
        Option("goal", "int", 10, min=5, max=30, help="The space to reach first."),
        Option("die", "choice", 6, choices=((4, "A d4"), (6, "A d6")), help="The die thrown."),
        Option(
            "names",
            "list",
            lambda cleaned, given: ["Red", "Blue"],
            item=Option("name", "text", min=1, max=20),
            per_seat=True,
            help="Each canoe's name.",
        ),
        Option("exact", "bool", False, help="The goal must be reached by an exact throw."),
    )

    def roles(self, options: dict[str, Any]) -> list[str]:
        return list(SEATS)

    def setup(self, options: dict[str, Any], chance: Chance) -> Outcome:
        state = {
            "options": options,
            "at": dict.fromkeys(SEATS, 0),
            "turn": "red",
            "throws": 0,
            "status": "playing",
            "winner": None,
        }
        return Outcome(state, [{"text": "The canoes line up."}])

    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        if state["status"] != "playing" or role != state["turn"]:
            return []
        return [{"type": "throw", "label": "Throw the die"}, {"type": "rest", "label": "Rest"}]

    def perform(self, state, role, action, chance) -> Outcome:
        new = self.copy_state(state)
        events = []
        if action["type"] == "throw":
            new["throws"] += 1
            thrown = chance.roll(new["options"]["die"])
            goal = new["options"]["goal"]
            if not (new["options"]["exact"] and new["at"][role] + thrown > goal):
                new["at"][role] = min(goal, new["at"][role] + thrown)
            events.append({"text": f"{role} throws {thrown}", "seat": role})
            if new["at"][role] == goal:
                new["status"], new["winner"] = "finished", role
        new["turn"] = SEATS[1 - SEATS.index(role)]
        return Outcome(new, events)

    def seat_view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        return {"at": dict(state["at"]), "turn": state["turn"], "winner": state["winner"]}

    def computer_action(self, state, role, chance) -> dict[str, Any]:
        return self.legal_actions(state, role)[0]

    def determinize(self, state, role, chance) -> dict[str, Any]:
        return self.copy_state(state)  # nothing hidden

    def max_actions(self, options: dict[str, Any]) -> int:
        """A throw moves at least 1, and the two seats alternate; resting forever is what the
        random player could do, so the bound is loose: 40 actions per space to the goal."""
        return 40 * options["goal"] * len(SEATS)


ENGINE = ToyRaceEngine()
GAME = Game(engine=ENGINE, hidden_hands=False)
