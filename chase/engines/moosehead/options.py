"""Options of a trip (M5): defaults filled in, anything unknown or out of range refused."""

from __future__ import annotations

from typing import Any

from chase.engines.base import OptionsError
from chase.engines.moosehead.board import board_data, default_board
from chase.engines.moosehead.tables import (
    DEFAULT_NAMES,
    DEFAULT_NIGHTS,
    DEFAULT_PLAYERS,
    DIAL,
    DIAL_SPACES,
    MAX_NAME,
    NIGHTS,
    PLAYERS,
    VARIANTS,
    WEATHER_NAMES,
)

KNOWN = ("players", "names", "nights", "variant", "board", "dial")


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
        "dial": _dial(options.get("dial", list(DIAL))),
    }


def _int_in(name: str, value: Any, bounds: tuple[int, int]) -> int:
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise OptionsError(
            f"Option '{name}' must be a whole number from {lo} to {hi}, not {value!r}."
        )
    return value


def _dial(value: Any) -> list[str]:
    """M3: the weather dial's spaces in clockwise order, by the weather's id ("heavy_rain") or
    name as shown ("Heavy rain"). It needs a Calm: a dial without one could keep every canoe
    windbound on its island for good (M4: every trip can still end)."""
    if not isinstance(value, list | tuple):
        raise OptionsError(f"Option 'dial' must be a list of weathers, not {value!r}.")
    lo, hi = DIAL_SPACES
    if not lo <= len(value) <= hi:
        raise OptionsError(f"Option 'dial' must have from {lo} to {hi} spaces, not {len(value)}.")
    by_name = {name.casefold(): key for key, name in WEATHER_NAMES.items()}
    by_name.update({key: key for key in WEATHER_NAMES})
    dial = []
    for number, space in enumerate(value, start=1):
        key = by_name.get(space.strip().casefold()) if isinstance(space, str) else None
        if key is None:
            raise OptionsError(
                f"Option 'dial': space {number} {space!r} is not a weather; the weathers are "
                f"{', '.join(WEATHER_NAMES.values())}."
            )
        dial.append(key)
    if "calm" not in dial:
        raise OptionsError("Option 'dial' needs at least one Calm space.")
    return dial


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
