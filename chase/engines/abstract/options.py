"""Options of a chase: a template, or the length, terrain and participants given one by one.

Bad options raise `ChaseOptionsError`, an `OptionsError` whose `field` (and message) names the
option at fault as a path: `length`, `participants[2].trait_die`, `participants[0].passengers[1]
.name`. Participants are counted from 0, as a JSON path does.
"""

from __future__ import annotations

from typing import Any

from chase.engines.abstract.tables import (
    CLIMB,
    EXTRAS,
    LENGTHS,
    MAX_NAME,
    MAX_SIDE,
    PARTICIPANTS,
    PASSENGERS,
    TERRAINS,
    TOP_SPEED,
    TRAIT_DICE,
)
from chase.engines.abstract.templates import DEFAULT_TEMPLATE, TEMPLATES
from chase.engines.base import OptionsError

KNOWN = ("template", "length", "terrain", "prey", "participants")
PARTICIPANT_KEYS = (
    "name",
    "side",
    "trait_die",
    "wild_card",
    "top_speed",
    "climb",
    "passengers",
    "extras",
)
PASSENGER_KEYS = ("name", "trait_die", "wild_card")
DICE_WORDS = ", ".join(f"d{sides}" for sides in TRAIT_DICE)


class ChaseOptionsError(OptionsError):
    """Options that make no chase; `field` is the path of the option at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field} {message}")
        self.field = field


def clean_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Complete options (defaults from the template, else the canoe chase) or ChaseOptionsError."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ChaseOptionsError("options", "must be an object of option names.")
    unknown = sorted(set(options) - set(KNOWN))
    if unknown:
        raise ChaseOptionsError(
            unknown[0], f"is not an option of the chase: use {', '.join(KNOWN)}."
        )
    template_key = options.get("template")
    if template_key is None and "participants" not in options:
        template_key = DEFAULT_TEMPLATE
    if template_key is not None and template_key not in TEMPLATES:
        raise ChaseOptionsError(
            "template", f"must be one of {', '.join(TEMPLATES)}, not {template_key!r}."
        )
    template = TEMPLATES[template_key] if template_key else {}
    length = options.get("length", template.get("length", "standard"))
    if length not in LENGTHS:
        raise ChaseOptionsError("length", f"must be one of {', '.join(LENGTHS)}, not {length!r}.")
    terrain = options.get("terrain", template.get("terrain", "open"))
    if terrain not in TERRAINS:
        raise ChaseOptionsError(
            "terrain", f"must be one of {', '.join(TERRAINS)}, not {terrain!r}."
        )
    participants = _participants(options.get("participants", template.get("participants")))
    sides = sides_of(participants)
    prey = options.get("prey", template.get("prey", sides[0]))
    if prey not in sides:
        raise ChaseOptionsError(
            "prey", f"must be one of the sides, {' or '.join(sides)}, not {prey!r}."
        )
    return {
        "template": template_key,
        "length": length,
        "terrain": terrain,
        "prey": prey,
        "participants": participants,
    }


def sides_of(participants: list[dict[str, Any]]) -> list[str]:
    """The two sides, in the order they first appear."""
    sides: list[str] = []
    for participant in participants:
        if participant["side"] not in sides:
            sides.append(participant["side"])
    return sides


def _participants(value: Any) -> list[dict[str, Any]]:
    lo, hi = PARTICIPANTS
    if not isinstance(value, list | tuple) or not lo <= len(value) <= hi:
        raise ChaseOptionsError(
            "participants", f"must list {lo} to {hi} participants (or groups of extras)."
        )
    cleaned = [_participant(f"participants[{i}]", entry) for i, entry in enumerate(value)]
    seen: dict[str, int] = {}
    for i, participant in enumerate(cleaned):
        key = participant["name"].casefold()
        if key in seen:
            # The log names participants, so two of one name could not be told apart.
            raise ChaseOptionsError(
                f"participants[{i}].name", f"repeats the name of participants[{seen[key]}]."
            )
        seen[key] = i
    sides = sides_of(cleaned)
    if len(sides) != 2:
        raise ChaseOptionsError(
            "participants",
            f"must be on exactly two sides (the pursuers and the prey), not {len(sides)}.",
        )
    return cleaned


def _participant(path: str, entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise ChaseOptionsError(path, "must be an object with a name, side, trait_die, ...")
    unknown = sorted(set(entry) - set(PARTICIPANT_KEYS))
    if unknown:
        raise ChaseOptionsError(
            f"{path}.{unknown[0]}", f"is not known: use {', '.join(PARTICIPANT_KEYS)}."
        )
    extras = entry.get("extras")
    if extras is not None and not _int_in(extras, EXTRAS):
        raise ChaseOptionsError(
            f"{path}.extras",
            f"must be a group of {EXTRAS[0]} to {EXTRAS[1]} extras, not {extras!r}.",
        )
    wild = _flag(f"{path}.wild_card", entry.get("wild_card", False))
    if extras is not None and wild:
        raise ChaseOptionsError(f"{path}.wild_card", "cannot be true for a group of extras.")
    passengers = entry.get("passengers") or []
    if extras is not None and passengers:
        raise ChaseOptionsError(
            f"{path}.passengers", "cannot be given to a group of extras: it rolls as one."
        )
    if not isinstance(passengers, list | tuple) or len(passengers) > PASSENGERS:
        raise ChaseOptionsError(f"{path}.passengers", f"must list at most {PASSENGERS} passengers.")
    top_speed = entry.get("top_speed")
    if not _int_in(top_speed, TOP_SPEED):
        raise ChaseOptionsError(
            f"{path}.top_speed",
            f"must be a whole number from {TOP_SPEED[0]} to {TOP_SPEED[1]}, not {top_speed!r}.",
        )
    climb = entry.get("climb")
    if climb is not None and not _int_in(climb, CLIMB):
        raise ChaseOptionsError(
            f"{path}.climb",
            f"must be a whole number from {CLIMB[0]} to {CLIMB[1]} (aircraft only), not {climb!r}.",
        )
    return {
        "name": _text(f"{path}.name", entry.get("name"), MAX_NAME),
        "side": _text(f"{path}.side", entry.get("side"), MAX_SIDE),
        "trait_die": trait_die(f"{path}.trait_die", entry.get("trait_die")),
        "wild_card": wild,
        "top_speed": top_speed,
        "climb": climb,
        "passengers": [_passenger(f"{path}.passengers[{i}]", p) for i, p in enumerate(passengers)],
        "extras": extras,
    }


def _passenger(path: str, entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise ChaseOptionsError(path, "must be an object with a name and a trait_die.")
    unknown = sorted(set(entry) - set(PASSENGER_KEYS))
    if unknown:
        raise ChaseOptionsError(
            f"{path}.{unknown[0]}", f"is not known: use {', '.join(PASSENGER_KEYS)}."
        )
    return {
        "name": _text(f"{path}.name", entry.get("name"), MAX_NAME),
        "trait_die": trait_die(f"{path}.trait_die", entry.get("trait_die")),
        "wild_card": _flag(f"{path}.wild_card", entry.get("wild_card", False)),
    }


def trait_die(path: str, value: Any) -> str:
    """A2: "d4" to "d12" (or the number of sides), cleaned to "d8"."""
    sides = value
    if isinstance(value, str) and value.strip().lower().startswith("d"):
        digits = value.strip()[1:]
        sides = int(digits) if digits.isdigit() else None
    if not _int_in(sides, (min(TRAIT_DICE), max(TRAIT_DICE))) or sides not in TRAIT_DICE:
        raise ChaseOptionsError(path, f"must be one of {DICE_WORDS}, not {value!r}.")
    return f"d{sides}"


def sides(die: str) -> int:
    return int(die[1:])


def _int_in(value: Any, bounds: tuple[int, int]) -> bool:
    return (
        isinstance(value, int) and not isinstance(value, bool) and bounds[0] <= value <= bounds[1]
    )


def _flag(path: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ChaseOptionsError(path, f"must be true or false, not {value!r}.")
    return value


def _text(path: str, value: Any, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > limit:
        raise ChaseOptionsError(path, f"must be 1 to {limit} characters.")
    return " ".join(value.split())
