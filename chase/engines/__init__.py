"""The canoe games: one engine per module or package, found by kind and imported on first use.

Adding a game is one line in `ENGINES` (its kind and the module that holds its `ENGINE`).
Engines are plain Python: nothing here or in them imports Django.
"""

from __future__ import annotations

import importlib

from chase.engines.base import Engine, GameError

ENGINES: dict[str, str] = {
    "pelts": "chase.engines.pelts",
    "race": "chase.engines.race",
}


class UnknownGame(GameError):
    """A kind of game with no engine."""


def get_engine(kind: str) -> Engine:
    """The engine for `kind`, imported lazily; UnknownGame names the games there are."""
    path = ENGINES.get(kind) if isinstance(kind, str) else None
    if path is None:
        raise UnknownGame(f"There is no game {kind!r}: choose one of {', '.join(ENGINES)}.")
    return importlib.import_module(path).ENGINE


def titles() -> dict[str, str]:
    """Kind -> the game's title, for forms and lists."""
    return {kind: get_engine(kind).title for kind in ENGINES}
