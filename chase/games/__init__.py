"""The canoe games: each one is registered here, by one line in `GAMES`.

A game is three things: its engine (`chase/engines/<kind>/`, plain Python: the rules, the
state, the view, the computer player), its game module (`chase/games/<kind>.py`: the `GAME`
registration and the board's drawing) and its board template
(`templates/chase/boards/<kind>.html`). Everything else (the lobby's list and option fields,
the API's `kind`, the table, the replay, role names in the log) reads this registry.

How to add a game (Moosehead Lake, kind `moosehead`, as the example):

1. The engine: `chase/engines/moosehead/`, importing nothing of Django or the app (the
   architecture test checks), with a module-level `ENGINE` that satisfies
   `chase.engines.base.Engine` (`kind = "moosehead"`, `title`, `clean_options`, `roles`,
   `new_game`, `legal_actions`, `apply`, `view`, `status`, `winner`, `computer_action`).
   Illegal actions and bad options raise `IllegalMove` / `OptionsError` from
   `chase.engines.base`. Its tests go in `tests/chase/engines/test_moosehead_<subject>.py`.
2. The game module `chase/games/moosehead.py`:

       from chase.games.base import Game, action_choices

       def moosehead_board(view, actions):  # what the template draws; no Django here either
           return {...}

       GAME = Game(
           kind="moosehead",
           engine="chase.engines.moosehead",
           roles={"canoe-1": "the first canoe"},    # optional: roles in words
           option_help={"board": "Which lake."},     # optional: the lobby's help texts
           board=moosehead_board,                    # optional: None shows view and actions
           results=None,                             # optional: (session, view) -> end screen
           seat_names=None,                          # optional: (options, role) -> a name
       )

3. The board template `templates/chase/boards/moosehead.html`: it gets `board` (what
   `moosehead_board` returned), `view` (the seat's view), `actions` (the legal actions from
   `action_choices`, each posted back by `{% include "chase/_actions.html" %}`) and, once the
   game is over, `results`. Until it exists the table shows `chase/boards/_generic.html`.
4. One line in `GAMES` below: `"chase.games.moosehead",`.

Then the game is in the lobby, the API accepts `"kind": "moosehead"`, and
`tests/chase/test_games_registry.py` plays it through the services (setup, a computer
action, the table and the replay pages) with the other games.
"""

from __future__ import annotations

import importlib
from functools import cache

from chase.engines.base import Engine, OptionsError
from chase.games.base import Game

GAMES = (
    "chase.games.pelts",
    "chase.games.race",
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
