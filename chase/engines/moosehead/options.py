"""Options of a trip (M5): defaults filled in, anything unknown or out of range refused."""

from __future__ import annotations

from typing import Any

from chase.engines.base import OptionsError
from chase.engines.moosehead.board import board_data, default_board
from chase.engines.moosehead.tables import (
    DEFAULT_NAMES,
    DEFAULT_NIGHTS,
    DEFAULT_PLAYERS,
    MAX_NAME,
    NIGHTS,
    PLAYERS,
    VARIANTS,
)

KNOWN = ("players", "names", "nights", "variant", "board")


def clean_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Return complete options or raise OptionsError naming the bad one."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(KNOWN))
    if unknown:
        raise OptionsError(
            f"Unknown option {', '.join(repr(k) for k in unknown)}; "
            f"the Moosehead trip knows: {', '.join(KNOWN)}."
        )
    players = _int_in("players", options.get("players", DEFAULT_PLAYERS), PLAYERS)
    variant = options.get("variant", "standard")
    if variant not in VARIANTS:
        raise OptionsError(
            f"Option 'variant' must be one of {', '.join(VARIANTS)}, not {variant!r}."
        )
    board = options.get("board", default_board())
    board_data(board)  # BoardError (an OptionsError) names the boards there are
    return {
        "players": players,
        "names": _names(options.get("names"), players),
        "nights": _int_in("nights", options.get("nights", DEFAULT_NIGHTS), NIGHTS),
        "variant": variant,
        "board": board,
    }


def _int_in(name: str, value: Any, bounds: tuple[int, int]) -> int:
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise OptionsError(
            f"Option '{name}' must be a whole number from {lo} to {hi}, not {value!r}."
        )
    return value


def _names(value: Any, players: int) -> list[str]:
    if value is None:
        return list(DEFAULT_NAMES[:players])
    if not isinstance(value, list | tuple) or len(value) != players:
        raise OptionsError(f"Option 'names' must give one name for each of the {players} players.")
    names = []
    for seat, name in enumerate(value, start=1):
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise OptionsError(
                f"Option 'names': player {seat}'s name must be 1 to {MAX_NAME} characters."
            )
        names.append(name.strip())
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        # The log tells players apart by name alone.
        raise OptionsError("Option 'names': each player needs a different name.")
    return names
