"""Options of a race: defaults filled in, anything unknown or out of range refused."""

from __future__ import annotations

from typing import Any

from chase.engines.base import OptionsError
from chase.engines.race.tables import (
    CANOES,
    CLASSES,
    CURRENTS,
    DEFAULT_CREWS,
    DEFAULT_LEG_LENGTH,
    LEG_LENGTH,
    LEGS,
    RAPIDS,
)

KNOWN = ("canoes", "names", "leg_length", "hidden", "currents", "classes")
NAME_KEYS = ("canoe", "colony")
MAX_NAME = 40


def clean_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Return complete options (R1-R3 defaults) or raise OptionsError naming the bad one."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(KNOWN))
    if unknown:
        raise OptionsError(
            f"Unknown option {', '.join(repr(k) for k in unknown)}; "
            f"the race knows: {', '.join(KNOWN)}."
        )
    canoes = _int_in("canoes", options.get("canoes", 4), CANOES)
    return {
        "canoes": canoes,
        "names": _names(options.get("names"), canoes),
        "leg_length": _int_in(
            "leg_length", options.get("leg_length", DEFAULT_LEG_LENGTH), LEG_LENGTH
        ),
        "hidden": _bool("hidden", options.get("hidden", True)),
        "currents": _ints("currents", options.get("currents"), LEGS, CURRENTS, "leg"),
        "classes": _ints("classes", options.get("classes"), RAPIDS, CLASSES, "rapid"),
    }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(name: str, value: Any, bounds: tuple[int, int]) -> int:
    lo, hi = bounds
    if not _is_int(value) or not lo <= value <= hi:
        raise OptionsError(
            f"Option '{name}' must be a whole number from {lo} to {hi}, not {value!r}."
        )
    return value


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise OptionsError(f"Option '{name}' must be true or false, not {value!r}.")
    return value


def _ints(
    name: str, value: Any, count: int, bounds: tuple[int, int], what: str
) -> list[int] | None:
    """A hand-set list (one value per leg or rapid), or None to roll them at setup."""
    if value is None:
        return None
    lo, hi = bounds
    if not isinstance(value, list | tuple) or len(value) != count:
        raise OptionsError(f"Option '{name}' must list {count} numbers, one per {what}.")
    for number, item in enumerate(value, start=1):
        if not _is_int(item) or not lo <= item <= hi:
            raise OptionsError(
                f"Option '{name}': {what} {number} must be from {lo} to {hi}, not {item!r}."
            )
    return list(value)


def _names(value: Any, canoes: int) -> list[dict[str, str]]:
    if value is None:
        return [{"canoe": canoe, "colony": colony} for colony, canoe in DEFAULT_CREWS[:canoes]]
    if not isinstance(value, list | tuple) or len(value) != canoes:
        raise OptionsError(
            f"Option 'names' must give a canoe and colony for each of the {canoes} canoes."
        )
    names = []
    for seat, entry in enumerate(value, start=1):
        if not isinstance(entry, dict) or set(entry) != set(NAME_KEYS):
            raise OptionsError(
                f"Option 'names': seat {seat} needs exactly a 'canoe' and a 'colony'."
            )
        cleaned = {}
        for key in NAME_KEYS:
            text = entry[key]
            if not isinstance(text, str) or not text.strip() or len(text.strip()) > MAX_NAME:
                raise OptionsError(
                    f"Option 'names': seat {seat}'s {key} must be 1 to {MAX_NAME} characters."
                )
            cleaned[key] = text.strip()
        names.append(cleaned)
    first_from: dict[str, int] = {}
    for seat, entry in enumerate(names, start=1):
        # Events name canoes by colony, so two canoes from one colony could not be told apart.
        earlier = first_from.setdefault(entry["colony"].casefold(), seat)
        if earlier != seat:
            raise OptionsError(
                f"Option 'names': {names[earlier - 1]['canoe']} (canoe {earlier}) and "
                f"{entry['canoe']} (canoe {seat}) both hail from {entry['colony']}; each canoe "
                "must hail from a different colony."
            )
    return names
