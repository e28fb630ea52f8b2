"""The contract every game engine in `chase/engines/` follows, and the base that does the
shared work once (`GameEngine`, with its options table of `Option` rows).

An engine is a package `chase/engines/<kind>/` whose `engine.py` holds a module-level `ENGINE`,
an instance of a `GameEngine` subclass (so it satisfies `Engine`). State is plain
JSON-serialisable data (dicts, lists, str, int, bool, None): the Django side stores it in a
JSONField and never looks inside. Engines import nothing from Django.

Seats are identified by role strings chosen by the engine ("trapper", "indian", "canoe-1", ...).
An action is a JSON-serialisable dict; `legal_actions` returns every action a seat may post now,
exactly as it must be posted back, each with a human-readable "label".
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from chase.engines.chance import Chance

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]  # at least {"text": "..."}; may carry "seat" and structured fields


class IllegalMove(Exception):
    """An action that is not legal now, or options that make no game. The message is for
    people (the app answers it as a domain error: core.domain_errors)."""


class OptionsError(IllegalMove):
    """Unknown or invalid options when creating a game; `field`, when known, is the path of
    the option at fault (`players`, `names[1]`, `participants[2].trait_die`)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


# The name engines written before the rename import; new code says IllegalMove.
GameError = IllegalMove


@dataclass
class Outcome:
    """What applying an action produced: the new state and what happened, in order."""

    state: State
    events: list[Event] = field(default_factory=list)


class Engine(Protocol):
    """What the app calls on an engine (`GameEngine` below provides the shared part)."""

    kind: str  # "pelts", "race", ...
    title: str  # "Pelts, Paddling and Powder"
    options: tuple[Option, ...]  # the options table
    odds: bool  # whether `determinize` is there (the win odds)

    def clean_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and validate; raise OptionsError naming an unknown or bad option."""

    def roles(self, options: dict[str, Any]) -> list[str]:
        """The seats of a game with these (cleaned) options, in turn order."""

    def new_game(self, options: dict[str, Any], chance: Chance) -> Outcome:
        """Set up a fresh game (shuffle, deal, roll the course...)."""

    def legal_actions(self, state: State, role: str) -> list[Action]:
        """Every action `role` may take now; empty when it is not that seat's move."""

    def chosen(self, state: State, role: str, action: Any) -> Action:
        """The legal action the posted one names, as offered; IllegalMove with the reason."""

    def apply(self, state: State, role: str, action: Action, chance: Chance) -> Outcome:
        """Apply a legal action (raise IllegalMove otherwise). Must not mutate `state`."""

    def perform(self, state: State, role: str, action: Action, chance: Chance) -> Outcome:
        """Apply an action `chosen` returned (no second check). Must not mutate `state`."""

    def random_action(self, state: State, role: str, chance: Chance) -> Action:
        """Any legal action, uniformly at random."""

    def seat_view(self, state: State, role: str | None) -> dict[str, Any]:
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


# --- the options table ---------------------------------------------------------------------------

OPTION_KINDS = ("int", "bool", "choice", "text", "list", "record")
Choices = Sequence[tuple[Any, str]]


@dataclass(frozen=True)
class Option:
    """One option of a game, declared once: the engine cleans with it, the lobby draws its
    field from it and `GET /api/rules/canoe-games/` describes it.

    kind      "int" (min..max), "bool", "choice" (one of `choices`), "text" (min..max
              characters, trimmed), "list" (min..max entries, each an `item`; one per seat
              when `per_seat`) or "record" (an object of `fields`, inside a list)
    default   the value when the option is left out, or a function (cleaned so far, given)
              -> value for a default that follows other options (one name per seat)
    choices   [(value, words)], or a function giving them when read (bundled boards)
    per_seat  a list with one entry per seat (the paddlers' names): asked seat by seat
    optional  None is a value too (the race's currents: None rolls them at setup)
    lobby     False: not offered in the lobby (set through the API, or by a template)
    words     what a list holds, for messages ("tiles"; for a per-seat list "one name for
              each of the {seats} players")
    blank     the lobby offers the default as this choice ("As the template says")
    check     (value, path, cleaned so far) -> value: a rule the kind cannot say (names
              differ); raises OptionsError naming the option at fault
    clean     (value, path, cleaned so far) -> value: cleans the option alone, in place of
              the kind's checks (the abstract chase's participants)
    """

    name: str
    kind: str
    default: Any = None
    min: int | None = None
    max: int | None = None
    choices: Choices | Callable[[], Choices] | None = None
    help: str = ""
    per_seat: bool = False
    item: Option | None = None
    fields: tuple[Option, ...] = ()
    optional: bool = False
    lobby: bool = True
    words: str = ""
    blank: str = ""
    check: Callable[[Any, str, dict[str, Any]], Any] | None = None
    clean: Callable[[Any, str, dict[str, Any]], Any] | None = None

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"Option {self.name!r}: no kind {self.kind!r}.")

    def choice_list(self) -> list[tuple[Any, str]]:
        choices = self.choices() if callable(self.choices) else self.choices
        return list(choices or ())

    def values(self) -> list[Any]:
        return [value for value, _words in self.choice_list()]

    def default_for(self, cleaned: dict[str, Any], given: dict[str, Any]) -> Any:
        if callable(self.default):
            return self.default(cleaned, given)
        return copy.deepcopy(self.default)

    def describe(self, default: Any) -> dict[str, Any]:
        """The row `GET /api/rules/canoe-games/` answers: name, kind, default, min?, max?,
        choices?, help (a list's choices and bounds are its entries' and its length's)."""
        row: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": default}
        if self.min is not None:
            row["min"] = self.min
        if self.max is not None:
            row["max"] = self.max
        source = self.item if self.kind == "list" and self.item is not None else self
        if source.choices is not None:
            row["choices"] = [{"value": v, "label": w} for v, w in source.choice_list()]
        row["help"] = self.help
        return row


def bare(action: Any) -> Any:
    """An action without its label (the form a client may post back)."""
    if not isinstance(action, dict):
        return action
    return {k: v for k, v in action.items() if k != "label"}


def _plain(value: Any) -> Any:
    """As JSON would give it back (tuples as lists): how a posted action compares."""
    return json.loads(json.dumps(value))


class GameEngine:
    """The concrete base of every engine: option cleaning from `options`, the legality check,
    random play, status and winner from the state, a state copy and a playout by `apply`.

    A game's engine declares `kind`, `title` and `options` (its table), and writes `roles`,
    `new_game`, `legal_actions`, `perform` (carry out an action already found legal), `seat_view`
    and `computer_action`; optionally `refusal` (why an action is not legal, in its words),
    `check_options` (rules across options), `copy_state` (a faster copy) and, for the win
    odds, `determinize` (and a faster `playout`).
    """

    kind: str = ""
    title: str = ""
    options: tuple[Option, ...] = ()

    # --- options -----------------------------------------------------------------------------

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def clean_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Complete options, each cleaned against the table in its order; OptionsError names
        the first option at fault with its path (`names[1]`, `participants[2].trait_die`)."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            self.refuse("options", "must be an object of option names.")
        unknown = sorted(set(options) - {o.name for o in self.options})
        if unknown:
            self.unknown_option(unknown)
        cleaned: dict[str, Any] = {}
        for option in self.options:
            # A default is cleaned too: it may come from elsewhere (a template's participants).
            if option.name in options:
                value = options[option.name]
            else:
                value = option.default_for(cleaned, options)
            if value is not None or not option.optional:
                value = self.clean_value(option, value, option.name, cleaned)
            cleaned[option.name] = value
        return self.check_options(cleaned)

    def check_options(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        """Rules across options, once each is clean; the cleaned options (or OptionsError)."""
        return cleaned

    def unknown_option(self, names: list[str]) -> None:
        known = ", ".join(o.name for o in self.options)
        raise OptionsError(
            f"Unknown option {', '.join(repr(n) for n in names)}; {self.title} knows: {known}.",
            field=names[0],
        )

    def refuse(self, path: str, reason: str) -> None:
        """Raise the OptionsError naming the option at `path`."""
        raise OptionsError(f"Option '{path}' {reason}", field=path)

    def clean_value(self, option: Option, value: Any, path: str, cleaned: dict[str, Any]) -> Any:
        if option.clean is not None:
            return option.clean(value, path, cleaned)
        if value is None and option.optional:
            return option.default_for(cleaned, {})  # None, or the empty list it stands for
        kind = option.kind
        if kind == "int":
            lo, hi = option.min, option.max
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                self.refuse(path, f"must be a whole number from {lo} to {hi}, not {value!r}.")
        elif kind == "bool":
            if not isinstance(value, bool):
                self.refuse(path, f"must be true or false, not {value!r}.")
        elif kind == "choice":
            values = option.values()
            if not isinstance(value, str | int) or value not in values:
                words = ", ".join(str(v) for v in values)
                self.refuse(path, f"must be one of {words}, not {value!r}.")
        elif kind == "text":
            lo, hi = option.min or 1, option.max
            if not isinstance(value, str) or not lo <= len(value.strip()) <= hi:
                self.refuse(path, f"must be {lo} to {hi} characters.")
            value = " ".join(value.split())
        elif kind == "record":
            value = self._clean_record(option, value, path, cleaned)
        else:
            value = self._clean_list(option, value, path, cleaned)
        return option.check(value, path, cleaned) if option.check else value

    def _clean_list(self, option: Option, value: Any, path: str, cleaned: dict) -> list:
        item = option.item
        if isinstance(value, str) and item is not None and item.kind in ("choice", "text"):
            value = [part.strip() for part in value.split(",")]  # "calm, tailwind, calm"
        words = option.words or (
            "one entry for each of the {seats} seats" if option.per_seat else "entries"
        )
        if option.per_seat:
            seats = len(self.roles(cleaned))
            if not isinstance(value, list | tuple) or len(value) != seats:
                self.refuse(path, f"must give {words.format(seats=seats)}.")
        elif not isinstance(value, list | tuple):
            self.refuse(path, f"must be a list of {words}.")
        elif not option.min <= len(value) <= option.max:
            bounds = option.min if option.min == option.max else f"{option.min} to {option.max}"
            self.refuse(path, f"must list {bounds} {words}, not {len(value)}.")
        if item is None:
            return list(value)
        return [self.clean_value(item, v, f"{path}[{i}]", cleaned) for i, v in enumerate(value)]

    def _clean_record(self, option: Option, value: Any, path: str, cleaned: dict) -> dict:
        keys = [f.name for f in option.fields]
        if not isinstance(value, dict):
            self.refuse(path, f"must be an object of {', '.join(keys)}.")
        unknown = sorted(set(value) - set(keys))
        if unknown:
            self.refuse(f"{path}.{unknown[0]}", f"is not known: use {', '.join(keys)}.")
        record = {}
        for part in option.fields:
            inner = f"{path}.{part.name}"
            if part.name in value:
                record[part.name] = self.clean_value(part, value[part.name], inner, cleaned)
            elif part.default is None and not part.optional:
                self.refuse(inner, "is missing.")
            else:
                record[part.name] = part.default_for(cleaned, value)
        return record

    # --- actions -----------------------------------------------------------------------------

    def chosen(self, state: State, role: str, action: Any) -> Action:
        """The legal action the posted one names (its label may be left out), as the engine
        offers it; IllegalMove with the engine's reason otherwise. The one legality check."""
        if isinstance(action, dict):
            found = self.find_legal(state, role, bare(action))
            if found is not None:
                return found
        raise IllegalMove(self.refusal(state, role, action))

    def find_legal(self, state: State, role: str, wanted: Action) -> Action | None:
        legal = self.legal_actions(state, role)
        for offered in legal:
            if bare(offered) == wanted:
                return offered
        plain = _plain(wanted)
        return next((a for a in legal if _plain(bare(a)) == plain), None)

    def refusal(self, state: State, role: str, action: Any) -> str:
        """Why `action` is not legal now, in the game's words."""
        if self.status(state) != "playing":
            return "The game is over."
        if role not in self.roles(state["options"]):
            return f"There is no {role!r} seat in this game."
        if not self.legal_actions(state, role):
            return "It is not your turn to act."
        return "That is not one of your legal actions now."

    def apply(self, state: State, role: str, action: Action, chance: Chance) -> Outcome:
        """The legal `action` carried out (IllegalMove otherwise); `state` is not changed."""
        return self.perform(state, role, self.chosen(state, role, action), chance)

    def perform(self, state: State, role: str, action: Action, chance: Chance) -> Outcome:
        """Carry out an action found legal, on a copy (`copy_state`): the game's rules."""
        raise NotImplementedError

    def random_action(self, state: State, role: str, chance: Chance) -> Action:
        """Any legal action, uniformly at random (tests, benches and the conformance suite)."""
        actions = self.legal_actions(state, role)
        if not actions:
            raise IllegalMove("There is nothing for this seat to do now.")
        return chance.choice(actions, label="random action")

    def seat_to_act(self, state: State) -> str | None:
        """The first seat with a legal action now (None: nobody, the game is over)."""
        if self.status(state) != "playing":
            return None
        return next((r for r in self.roles(state["options"]) if self.legal_actions(state, r)), None)

    # --- state -------------------------------------------------------------------------------

    def status(self, state: State) -> str:
        return state["status"]

    def winner(self, state: State) -> str | None:
        return state.get("winner") if state["status"] == "finished" else None

    def copy_state(self, state: State) -> State:
        return copy.deepcopy(state)

    def max_actions(self, options: dict[str, Any]) -> int | None:
        """The most actions a game with these options takes, however its seats play (random
        legal actions included): the conformance suite holds every game to it. A game states
        it, with how it is worked out."""
        return None

    @property
    def odds(self) -> bool:
        """Whether "What are my chances?" works: the game can draw what a seat cannot see."""
        return callable(getattr(self, "determinize", None))

    def playout(self, state: State, chance: Chance) -> State:
        """The game played to its end by the computer at every seat, through `apply`; an engine
        may write a faster one that reaches the same state (the conformance suite checks)."""
        while self.status(state) == "playing":
            role = self.seat_to_act(state)
            if role is None:
                raise IllegalMove("Nobody can act, yet the game goes on.")
            action = self.computer_action(state, role, chance)
            state = self.apply(state, role, action, chance).state
        return state

    # what every game writes (declared here so that a missing one says so)

    def roles(self, options: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def legal_actions(self, state: State, role: str) -> list[Action]:
        raise NotImplementedError

    def computer_action(self, state: State, role: str, chance: Chance) -> Action:
        raise NotImplementedError
