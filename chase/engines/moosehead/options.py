"""The options table of a trip (M3, M5): the engine's base cleans with it, the lobby and
`GET /api/rules/canoe-games/` read it."""

from __future__ import annotations

from typing import Any

from chase.engines.base import Option, OptionsError
from chase.engines.moosehead.board import board_data, board_names, default_board
from chase.engines.moosehead.tables import (
    DEFAULT_NAMES,
    DEFAULT_NIGHTS,
    DEFAULT_PLAYERS,
    DIAL,
    DIAL_SPACES,
    MAX_NAME,
    NIGHTS,
    PLAYERS,
    VARIANT_NAMES,
    WEATHER_NAMES,
)

DIAL_LENGTH = DIAL_SPACES


def _different(names: list[str], path: str, cleaned: dict[str, Any]) -> list[str]:
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        # The log tells players apart by name alone.
        raise OptionsError("Option 'names': each player needs a different name.", field="names")
    return names


def _needs_calm(dial: list[str], path: str, cleaned: dict[str, Any]) -> list[str]:
    """M3: a dial without a Calm could keep every canoe windbound on its island for good (M4:
    every trip can still end)."""
    if "calm" not in dial:
        raise OptionsError("Option 'dial' needs at least one Calm space.", field="dial")
    return dial


def _board(name: str, path: str, cleaned: dict[str, Any]) -> str:
    board_data(name)  # read and checked once (BoardError names the boards there are)
    return name


OPTIONS = (
    Option(
        "players",
        "int",
        DEFAULT_PLAYERS,
        min=PLAYERS[0],
        max=PLAYERS[1],
        help="2 to 6 canoes.",
    ),
    Option(
        "names",
        "list",
        lambda cleaned, given: list(DEFAULT_NAMES[: cleaned["players"]]),
        item=Option("name", "text", min=1, max=MAX_NAME),
        per_seat=True,
        words="one name for each of the {seats} players",
        check=_different,
        help="Each paddler's name.",
    ),
    Option(
        "nights",
        "int",
        DEFAULT_NIGHTS,
        min=NIGHTS[0],
        max=NIGHTS[1],
        help="The nights each canoe must camp before it may dock (two to start with).",
    ),  # M5
    Option(
        "variant",
        "choice",
        "standard",
        choices=tuple(VARIANT_NAMES.items()),
        help="Short: obey one Destination card at most; short without Destination cards: "
        "none dealt. Long: camp at every campsite. All-night: see every attraction.",
    ),  # M5
    Option(
        "board",
        "choice",
        lambda cleaned, given: default_board(),
        choices=lambda: [(name, name.replace("_", " ").capitalize()) for name in board_names()],
        check=_board,
        help="The lake country to paddle.",
    ),
    Option(
        "dial",
        "list",
        list(DIAL),
        min=DIAL_LENGTH[0],
        max=DIAL_LENGTH[1],
        item=Option("space", "choice", choices=tuple(WEATHER_NAMES.items())),
        words="spaces",
        check=_needs_calm,
        help="The weather dial's spaces in clockwise order (the indicator starts on the last).",
    ),  # M3
)
