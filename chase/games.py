"""The canoe games: each one is registered here, by its `GAME` in `GAMES`.

A game is declared, and the framework does the shared work once
(docs/development/adding-a-game.md says it at length). A game is its package
`chase/engines/<kind>/`:

- its engine, `engine.py`: a module-level `ENGINE`, an instance of a subclass of
  `chase.engines.base.GameEngine`, importing nothing of Django or the app (the architecture test
  checks). It declares `kind`, `title` and its options table `options` (a tuple of
  `Option(name, kind, default, min/max or choices, help, per_seat, ...)`; lists of records are
  declared with `item=Option(..., "record", fields=(...))`), and writes its rules (`roles`,
  `setup` from cleaned options, `legal_actions`, `perform`: carry out an action already found
  legal), its `seat_view` (what each seat sees), its `computer_action` and `max_actions` (the
  bound its games end within). For "What are my chances?" it writes `determinize` (and may write
  a faster `playout`). The base does the rest: `clean_options` from the table, once (an
  `OptionsError` names the option's path: `participants[2].trait_die`; `new_game` cleans and
  calls `setup`), the one legality check (`chosen`, `apply`), `random_action`, label stripping,
  `status`/`winner` from the state, a state copy; and what the ratings, the odds and the
  balance lab read, each with a default a game overrides when it has something of its own:
  `finishing_order` (by winner), `odds_sides` (the seats), `odds_words`, `odds_note`,
  `lab_groups` (the odds' sides), `lab_group` (the winner) and `length` (turns).
  `__init__.py` re-exports `ENGINE`.
- its registration, `game.py`: `GAME = Game(engine=ENGINE, draw=..., results=...,
  seat_names=..., roles=..., hidden_hands=..., figures=..., groups=...)`: the engine itself
  and what the pages need to draw it (see `chase.engines.game.Game`); its kind and title are the
  engine's. Options are not registered here: the lobby's form and `GET /api/rules/canoe-games/`
  read the engine's table.
- its table template `templates/chase/boards/<kind>.html` (until it exists the table shows
  `chase/boards/_generic.html`) and its "How to play" page
  `templates/chase/how_to_play/<kind>.html`.
- its `GAME` imported below and put in `GAMES`.

Then the game is in the lobby, the API accepts `"kind": "<kind>"`, and the conformance suite
`tests/chase/test_conformance.py` checks it with every other game (options table, games that
end within `max_actions`, no position without a legal action, replay, playout, hidden
information, odds, ratings and the lab); `tests/chase/test_games_registry.py` plays it through
the pages. Its own rule tests go in `tests/chase/engines/test_<kind>_<subject>.py`.
"""

from __future__ import annotations

from functools import cache

from chase.engines.abstract.game import GAME as ABSTRACT
from chase.engines.base import Engine, OptionsError
from chase.engines.game import Game
from chase.engines.moosehead.game import GAME as MOOSEHEAD
from chase.engines.pelts.game import GAME as PELTS
from chase.engines.race.game import GAME as RACE

GAMES = (PELTS, RACE, ABSTRACT, MOOSEHEAD)  # the lobby's order


class UnknownGame(OptionsError):
    """A kind of game that is not registered."""


@cache
def registry() -> dict[str, Game]:
    """kind -> Game, in the order of GAMES (the lobby's order)."""
    return {game.kind: game for game in GAMES}


def kinds() -> list[str]:
    return list(registry())


def game_for(kind: str) -> Game:
    """The registered game of this kind; UnknownGame names the games there are."""
    game = registry().get(kind) if isinstance(kind, str) else None
    if game is None:
        raise UnknownGame(f"There is no game {kind!r}: choose one of {', '.join(registry())}.")
    return game


def get_engine(kind: str) -> Engine:
    return game_for(kind).engine


def titles() -> dict[str, str]:
    """Kind -> the game's title, for forms and lists."""
    return {kind: game.title for kind, game in registry().items()}


def role_words(kind: str, options, role: str | None) -> str:
    """A role of a game of this kind in words (see Game.role_words)."""
    return game_for(kind).role_words(options, role)
