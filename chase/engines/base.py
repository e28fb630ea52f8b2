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
from chase.engines.standings import Teams, side_order

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
    length: tuple[str, str]  # the state's counter of a game's length, and its word (the lab)

    def clean_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and validate; raise OptionsError naming an unknown or bad option."""

    def roles(self, options: dict[str, Any]) -> list[str]:
        """The seats of a game with these (cleaned) options, in turn order."""

    def new_game(self, options: dict[str, Any], chance: Chance) -> Outcome:
        """A fresh game from options as given: cleaned, then `setup`."""

    def setup(self, options: dict[str, Any], chance: Chance) -> Outcome:
        """Set up a fresh game from cleaned options (shuffle, deal, roll the course...)."""

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
        """A sensible legal action for a computer-held seat (the normal computer)."""

    def determinize(self, state: State, role: str | None, chance: Chance) -> State:
        """A state `role` cannot tell from this one: all it may not see drawn afresh, from what
        its view shows alone (the win odds' starting points; see `chase.engines.odds`)."""

    def playout(self, state: State, chance: Chance) -> State:
        """The final state with the computer at every seat, as stepping through `apply` with
        `computer_action` would reach it with this chance; `state` is not changed."""

    def finishing_order(self, options: dict[str, Any], state: State) -> Teams:
        """Where every seat of a finished game placed: the order the ratings read."""

    def odds_sides(self, options: dict[str, Any]) -> list[str]:
        """Who the win odds share out: the seats, or the sides when the winner is a side."""

    def odds_words(self, options: dict[str, Any], side: str) -> str:
        """A side's share of the odds in words ("" when the seat's own name says it)."""

    def odds_note(self, options: dict[str, Any]) -> str:
        """What the odds of the game mean, for the odds page ("" when nothing needs saying)."""

    def certainty(self, state: State) -> str:
        """Why the outcome of `state` is already certain, in words; "" when it is not."""

    def lab_groups(self, options: dict[str, Any]) -> list[str]:
        """Who the balance lab shares the won games out among, in the order a page shows them."""

    def lab_group(self, winner: str) -> str:
        """The lab's group a winner counts for."""


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
    label     the option's name in words, for a field and a heading ("Indian canoes"); left
              empty, the name with spaces
    unit      what a whole number counts, written after it when a value is told in words
              ('"' for inches: 12"; the lab's proposals, its variants' descriptions)
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
    label: str = ""
    unit: str = ""
    check: Callable[[Any, str, dict[str, Any]], Any] | None = None
    clean: Callable[[Any, str, dict[str, Any]], Any] | None = None

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"Option {self.name!r}: no kind {self.kind!r}.")

    def heading(self) -> str:
        """The option's name in words: its declared label, or its name with spaces."""
        return self.label or self.name.replace("_", " ").capitalize()

    def value_words(self, value: Any) -> str:
        """A value as a player reads it: yes/no, a choice's words, a list with commas."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if self.kind == "choice":
            return str(dict(self.choice_list()).get(value, value))
        if isinstance(value, list):
            item = self.item
            return ", ".join(item.value_words(v) if item else str(v) for v in value)
        if isinstance(value, dict):  # a record: its fields' values (a canoe and its colony)
            return " of ".join(str(v) for v in value.values())
        if self.unit and isinstance(value, int):
            return f"{value}{self.unit}"
        return str(value)

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
    """The concrete base of every engine: option cleaning from `options` (once: `new_game`
    cleans and hands `setup` the cleaned options), the legality check, random play, status and
    winner from the state, a state copy, a playout by `apply`, and what the ratings, the odds
    and the balance lab read of a game, each with a default a game overrides when it has
    something special (`finishing_order`, `odds_sides`, `odds_words`, `odds_note`, `length`,
    `lab_groups`, `lab_group`).

    A game's engine declares `kind`, `title` and `options` (its table), and writes `roles`,
    `setup`, `legal_actions`, `perform` (carry out an action already found legal), `seat_view`
    and `computer_action`; optionally `refusal` (why an action is not legal, in its words),
    `check_options` (rules across options), `copy_state` (a faster copy) and, for the win
    odds, `determinize` (and a faster `playout`). The computer's levels (easy, normal, hard:
    `chase.engines.levels.computer_move`) are built once on `computer_action`, `determinize`,
    `playout` and `finishing_order`, as the odds are. Its state holds `status` ("playing" or
    "finished") and `winner` (None while playing and for a draw), which the base reads; a game
    whose state keeps its winner otherwise writes `winner`.
    """

    kind: str = ""
    title: str = ""
    options: tuple[Option, ...] = ()
    length: tuple[str, str] = ("turn", "turns")  # the state's counter of a game's length, and
    # its word: what the balance lab counts and shows as a game's length

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
        if option.kind == "int":
            lo, hi = option.min, option.max
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                self.refuse(path, f"must be a whole number from {lo} to {hi}, not {value!r}.")
        elif option.kind == "bool":
            if not isinstance(value, bool):
                self.refuse(path, f"must be true or false, not {value!r}.")
        elif option.kind == "choice":
            values = option.values()
            if not isinstance(value, str | int) or value not in values:
                words = ", ".join(str(v) for v in values)
                self.refuse(path, f"must be one of {words}, not {value!r}.")
        elif option.kind == "text":
            lo, hi = option.min or 1, option.max
            if not isinstance(value, str) or not lo <= len(value.strip()) <= hi:
                self.refuse(path, f"must be {lo} to {hi} characters.")
            value = " ".join(value.split())
        elif option.kind == "record":
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

    # --- a new game --------------------------------------------------------------------------

    def new_game(self, options: dict[str, Any] | None, chance: Chance) -> Outcome:
        """A fresh game from options as given (a test, a bench): cleaned here, then `setup`.
        Whoever holds options already cleaned (the sessions' service, the lab) calls `setup`."""
        return self.setup(self.clean_options(options), chance)

    def setup(self, options: dict[str, Any], chance: Chance) -> Outcome:
        """Set up a fresh game (shuffle, deal, roll the course...) from cleaned options: the
        game's rules. Its state holds the options, `status` and `winner`."""
        raise NotImplementedError

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

    # --- what the ratings, the odds and the balance lab read ----------------------------------

    def finishing_order(self, options: dict[str, Any], state: State) -> Teams:
        """Where every seat of a finished game placed (`chase.engines.standings`): by default
        the winner first and every other seat sharing second place, or every seat sharing
        first when nobody won."""
        return side_order(self.winner(state), {role: role for role in self.roles(options)})

    def odds_sides(self, options: dict[str, Any]) -> list[str]:
        """Who the win odds share out: the seats; a game whose winner is a side (the abstract
        chase) names its sides."""
        return self.roles(options)

    def odds_words(self, options: dict[str, Any], side: str) -> str:
        """A side's share of the odds in words, when the seat's own name does not say it
        (what winning means for a side); "" by default."""
        return ""

    def odds_note(self, options: dict[str, Any]) -> str:
        """What the odds of the game mean, for the odds page; "" when nothing needs saying."""
        return ""

    def certainty(self, state: State) -> str:
        """Why the outcome of `state` is already certain, in words; "" when it is not. Only
        what the engine can prove counts: a finished game by default. Playouts never do (a
        thousand games won out of a thousand is not a proof); an engine that can prove an
        outcome from a position still being played says so here, and `winner` must then name
        that outcome's winner for the position."""
        return "The game is over." if self.status(state) == "finished" else ""

    def lab_groups(self, options: dict[str, Any]) -> list[str]:
        """Who the balance lab shares the won games out among, in the order a page shows them:
        the odds' sides by default (a game may group its winners otherwise: the race by the
        track its winner started on)."""
        return self.odds_sides(options)

    def lab_group(self, winner: str) -> str:
        """The lab's group a winner counts for: the winner itself by default."""
        return winner

    # what every game writes (declared here so that a missing one says so)

    def roles(self, options: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def legal_actions(self, state: State, role: str) -> list[Action]:
        raise NotImplementedError

    def computer_action(self, state: State, role: str, chance: Chance) -> Action:
        raise NotImplementedError
