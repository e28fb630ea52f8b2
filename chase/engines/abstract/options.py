"""The options table of a chase: a template, or the length, terrain and participants given one
by one. The engine's base cleans with it; the lobby and `GET /api/rules/canoe-games/` read it.

Bad options raise `ChaseOptionsError`, an `OptionsError` whose `field` (and message) names the
option at fault as a path: `length`, `participants[2].trait_die`, `participants[0].passengers[1]
.name`. Participants are counted from 0, as a JSON path does.
"""

from __future__ import annotations

import copy
from typing import Any

from chase.engines.abstract.tables import (
    CLIMB,
    EXTRAS,
    LENGTHS,
    MAX_NAME,
    MAX_SIDE,
    PARTICIPANTS,
    PASSENGERS,
    TOP_SPEED,
    TRAIT_DICE,
)
from chase.engines.abstract.templates import DEFAULT_TEMPLATE, TEMPLATES
from chase.engines.base import Option, OptionsError

DICE_WORDS = ", ".join(f"d{sides}" for sides in TRAIT_DICE)
DOGFIGHT = "Dogfight: until one side withdraws"
AS_THE_TEMPLATE = "As the template says"


class ChaseOptionsError(OptionsError):
    """Options that make no chase; `field` is the path of the option at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field} {message}", field=field)


def sides_of(participants: list[dict[str, Any]]) -> list[str]:
    """The two sides, in the order they first appear."""
    sides: list[str] = []
    for participant in participants:
        if participant["side"] not in sides:
            sides.append(participant["side"])
    return sides


def _template(cleaned: dict[str, Any]) -> dict[str, Any]:
    return TEMPLATES[cleaned["template"]] if cleaned.get("template") else {}


def _from_template(name: str, fallback: Any):
    """A default the template gives (the canoe chase when no participants are given)."""
    return lambda cleaned, given: copy.deepcopy(_template(cleaned).get(name, fallback))


def _participants(value: list[dict[str, Any]], path: str, cleaned: dict) -> list[dict]:
    seen: dict[str, int] = {}
    for i, participant in enumerate(value):
        key = participant["name"].casefold()
        if key in seen:
            # The log names participants, so two of one name could not be told apart.
            raise ChaseOptionsError(
                f"{path}[{i}].name", f"repeats the name of participants[{seen[key]}]."
            )
        seen[key] = i
    sides = sides_of(value)
    if len(sides) != 2:
        raise ChaseOptionsError(
            path, f"must be on exactly two sides (the pursuers and the prey), not {len(sides)}."
        )
    return value


def _participant(entry: dict[str, Any], path: str, cleaned: dict) -> dict[str, Any]:
    """A2: a group of extras rolls as one: no wild card, no passengers."""
    if entry["extras"] is not None and entry["wild_card"]:
        raise ChaseOptionsError(f"{path}.wild_card", "cannot be true for a group of extras.")
    if entry["extras"] is not None and entry["passengers"]:
        raise ChaseOptionsError(
            f"{path}.passengers", "cannot be given to a group of extras: it rolls as one."
        )
    return entry


def trait_die(path: str, value: Any) -> str:
    """A2: "d4" to "d12" (or the number of sides), cleaned to "d8"."""
    sides = value
    if isinstance(value, str) and value.strip().lower().startswith("d"):
        digits = value.strip()[1:]
        sides = int(digits) if digits.isdigit() else None
    if isinstance(sides, bool) or sides not in TRAIT_DICE:
        raise ChaseOptionsError(path, f"must be one of {DICE_WORDS}, not {value!r}.")
    return f"d{sides}"


def sides(die: str) -> int:
    return int(die[1:])


TRAIT_DIE = Option(
    "trait_die",
    "text",
    clean=lambda value, path, cleaned: trait_die(path, value),
    help=f"The trait die, one of {DICE_WORDS}.",  # A2
)
WILD_CARD = Option("wild_card", "bool", False, help="A wild card rolls a wild die too.")  # A2
PASSENGER = Option(
    "passenger",
    "record",
    fields=(Option("name", "text", min=1, max=MAX_NAME), TRAIT_DIE, WILD_CARD),
)
PARTICIPANT = Option(
    "participant",
    "record",
    fields=(
        Option("name", "text", min=1, max=MAX_NAME),
        Option("side", "text", min=1, max=MAX_SIDE),
        TRAIT_DIE,
        WILD_CARD,
        Option("top_speed", "int", min=TOP_SPEED[0], max=TOP_SPEED[1]),  # A3
        Option("climb", "int", min=CLIMB[0], max=CLIMB[1], optional=True),  # A3: aircraft
        Option(
            "passengers",
            "list",
            [],
            min=0,
            max=PASSENGERS,
            item=PASSENGER,
            optional=True,
            words="passengers",
        ),  # fmt: skip
        Option("extras", "int", min=EXTRAS[0], max=EXTRAS[1], optional=True),  # A2: a group
    ),
    check=_participant,
)

OPTIONS = (
    Option(
        "template",
        "choice",
        lambda cleaned, given: None if "participants" in given else DEFAULT_TEMPLATE,
        choices=[(key, template["title"]) for key, template in TEMPLATES.items()],
        optional=True,
        help="A saved chase: its participants, length and terrain.",
    ),
    Option(
        "length",
        "choice",
        _from_template("length", "standard"),
        choices=[
            (key, f"{key.capitalize()}: {rounds} rounds" if rounds else DOGFIGHT)
            for key, rounds in LENGTHS.items()
        ],
        blank=AS_THE_TEMPLATE,
        help="Standard 5 rounds, extended 10, or a dogfight until one side withdraws.",
    ),  # A1
    Option(
        "terrain",
        "choice",
        _from_template("terrain", "open"),
        choices=[("open", "Open"), ("difficult", "Difficult (−2 to every maneuvering roll)")],
        blank=AS_THE_TEMPLATE,
        help="Difficult terrain costs every maneuvering roll 2.",
    ),  # A3
    Option(
        "participants",
        "list",
        _from_template("participants", None),
        min=PARTICIPANTS[0],
        max=PARTICIPANTS[1],
        item=PARTICIPANT,
        words="participants (or groups of extras)",
        check=_participants,
        lobby=False,  # the template's, or a campaign warband's figures (the lobby's own fields)
        help="The vehicles or figures in the chase, each on one of two sides.",
    ),  # A2
    Option(
        "prey",
        "text",
        lambda cleaned, given: (
            _template(cleaned).get("prey") or sides_of(cleaned["participants"])[0]
        ),
        max=MAX_SIDE,
        lobby=False,
        help="The side being chased (the other pursues).",
    ),  # A1
)


def check_prey(cleaned: dict[str, Any]) -> dict[str, Any]:
    """The prey is one of the two sides."""
    sides = sides_of(cleaned["participants"])
    if cleaned["prey"] not in sides:
        raise ChaseOptionsError(
            "prey", f"must be one of the sides, {' or '.join(sides)}, not {cleaned['prey']!r}."
        )
    return cleaned
