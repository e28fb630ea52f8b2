"""The canoe games: each one is registered here, by one line in `GAMES`.

A game is declared, and the framework does the shared work once
(docs/development/adding-a-game.md says it at length). A game is:

- its engine, `chase/engines/<kind>/engine.py`: a module-level `ENGINE`, an instance of a
  subclass of `chase.engines.base.GameEngine`, importing nothing of Django or the app (the
  architecture test checks). It declares `kind`, `title` and its options table `options`
  (a tuple of `Option(name, kind, default, min/max or choices, help, per_seat, ...)`; lists of
  records are declared with `item=Option(..., "record", fields=(...))`), and writes its rules
  (`roles`, `new_game`, `legal_actions`, `perform`: carry out an action already found legal),
  its `seat_view` (what each seat sees), its `computer_action` and `max_actions` (the bound
  its games end within). For "What are my chances?" it writes `determinize` (and may write a faster
  `playout`). The base does the rest: `clean_options` from the table (an `OptionsError`
  names the option's path: `participants[2].trait_die`), the one legality check (`chosen`,
  `apply`), `random_action`, label stripping, `status`/`winner` from the state, a state copy.
  `chase/engines/<kind>/__init__.py` re-exports `ENGINE`.
- its game module `chase/games/<kind>.py`: `GAME = Game(kind=..., engine="chase.engines.<kind>",
  draw=..., results=..., seat_names=..., roles=..., hidden_hands=..., figures=...)`: what the
  pages need to draw it (see `chase.engines.game.Game`). Options are not registered here: the
  lobby's form and `GET /api/rules/canoe-games/` read the engine's table.
- its table template `templates/chase/boards/<kind>.html` (until it exists the table shows
  `chase/boards/_generic.html`) and its "How to play" page
  `templates/chase/how_to_play/<kind>.html`.
- one line in `GAMES` below.

Then the game is in the lobby, the API accepts `"kind": "<kind>"`, and the conformance suite
`tests/chase/test_conformance.py` checks it with every other game (options table, games that
end within `max_actions`, no position without a legal action, replay, playout, hidden
information and odds); `tests/chase/test_games_registry.py` plays it through the pages. Its
own rule tests go in `tests/chase/engines/test_<kind>_<subject>.py`.
"""

from __future__ import annotations

import importlib
from functools import cache

from chase.engines.base import Engine, OptionsError
from chase.engines.game import Game

GAMES = (
    "chase.engines.pelts.game",
    "chase.engines.race.game",
    "chase.engines.abstract.game",
    "chase.engines.moosehead.game",
)


class UnknownGame(OptionsError):
    """A kind of game that is not registered."""


@cache
def registry() -> dict[str, Game]:
    """kind -> Game, in the order of GAMES (the lobby's order)."""
    found = {}
    for path in GAMES:
        game = importlib.import_module(path).GAME
        found[game.kind] = game
    return found


def kinds() -> list[str]:
    return list(registry())


def game_for(kind: str) -> Game:
    """The registered game of this kind; UnknownGame names the games there are."""
    game = registry().get(kind) if isinstance(kind, str) else None
    if game is None:
        raise UnknownGame(f"There is no game {kind!r}: choose one of {', '.join(registry())}.")
    return game


def get_engine(kind: str) -> Engine:
    return game_for(kind).load_engine()


def titles() -> dict[str, str]:
    """Kind -> the game's title, for forms and lists."""
    return {kind: game.load_engine().title for kind, game in registry().items()}


def role_words(kind: str, options, role: str | None) -> str:
    """A role of a game of this kind in words (see Game.role_words)."""
    return game_for(kind).role_words(options, role)
