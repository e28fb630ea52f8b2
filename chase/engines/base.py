"""The contract every game engine in `chase/engines/` follows.

An engine is a module (or package) exposing a module-level object `ENGINE` that satisfies
`Engine`. State is plain JSON-serialisable data (dicts, lists, str, int, bool, None): the
Django side stores it in a JSONField and never looks inside. Engines import nothing from Django.

Seats are identified by role strings chosen by the engine ("trapper", "indian", "canoe-1", ...).
An action is a JSON-serialisable dict; `legal_actions` returns every action a seat may post now,
exactly as it must be posted back, each with a human-readable "label".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from chase.engines.chance import Chance

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]  # at least {"text": "..."}; may carry "seat" and structured fields


class IllegalMove(Exception):
    """An action that is not legal now, or options that make no game. The message is for
    people (the app answers it as a domain error: config.domain_errors)."""


class OptionsError(IllegalMove):
    """Unknown or invalid options when creating a game."""


# The name engines written before the rename import; new code says IllegalMove.
GameError = IllegalMove


@dataclass
class Outcome:
    """What applying an action produced: the new state and what happened, in order."""

    state: State
    events: list[Event] = field(default_factory=list)


class Engine(Protocol):
    kind: str  # "pelts", "race", ...
    title: str  # "Pelts, Paddling and Powder"

    def clean_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and validate; raise OptionsError naming an unknown or bad option."""

    def roles(self, options: dict[str, Any]) -> list[str]:
        """The seats of a game with these (cleaned) options, in turn order."""

    def new_game(self, options: dict[str, Any], chance: Chance) -> Outcome:
        """Set up a fresh game (shuffle, deal, roll the course...)."""

    def legal_actions(self, state: State, role: str) -> list[Action]:
        """Every action `role` may take now; empty when it is not that seat's move."""

    def apply(self, state: State, role: str, action: Action, chance: Chance) -> Outcome:
        """Apply a legal action (raise IllegalMove otherwise). Must not mutate `state`."""

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        """What `role` may see (None: a spectator / the replay). Hidden information removed."""

    def status(self, state: State) -> str:
        """Either "playing" or "finished"."""

    def winner(self, state: State) -> str | None:
        """The winning role or side once finished (None while playing, or for a draw)."""

    def computer_action(self, state: State, role: str, chance: Chance) -> Action:
        """A sensible legal action for a computer-held seat."""

    def determinize(self, state: State, role: str | None, chance: Chance) -> State:
        """A state `role` cannot tell from this one: all it may not see drawn afresh, from what
        its view shows alone (the win odds' starting points; see `chase.engines.odds`)."""

    def playout(self, state: State, chance: Chance) -> State:
        """The final state with the computer at every seat, as stepping through `apply` with
        `computer_action` would reach it with this chance; `state` is not changed."""
