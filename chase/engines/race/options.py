"""The options table of a race (R1-R3): the engine's base cleans with it, the lobby and
`GET /api/rules/canoe-games/` read it."""

from __future__ import annotations

from typing import Any

from chase.engines.base import Option, OptionsError
from chase.engines.race.tables import (
    CANOES,
    CLASSES,
    CURRENTS,
    DEFAULT_CREWS,
    DEFAULT_LEG_LENGTH,
    DEFAULT_OUTSIDE_EXTRA,
    LEG_LENGTH,
    LEGS,
    OUTSIDE_EXTRA,
    RAPIDS,
)

NAME_KEYS = ("canoe", "colony")
MAX_NAME = 40


def _colonies_differ(names: list[dict[str, str]], path: str, cleaned: dict[str, Any]) -> list[dict]:
    first_from: dict[str, int] = {}
    for seat, entry in enumerate(names, start=1):
        # Events name canoes by colony, so two canoes from one colony could not be told apart.
        earlier = first_from.setdefault(entry["colony"].casefold(), seat)
        if earlier != seat:
            raise OptionsError(
                f"Option 'names': {names[earlier - 1]['canoe']} (canoe {earlier}) and "
                f"{entry['canoe']} (canoe {seat}) both hail from {entry['colony']}; each canoe "
                "must hail from a different colony.",
                field=f"names[{seat - 1}].colony",
            )
    return names


OPTIONS = (
    Option("canoes", "int", 4, min=CANOES[0], max=CANOES[1], help="2 to 8 canoes, one seat each."),
    Option(
        "names",
        "list",
        lambda cleaned, given: [
            {"canoe": canoe, "colony": colony}
            for colony, canoe in DEFAULT_CREWS[: cleaned["canoes"]]
        ],
        item=Option(
            "crew",
            "record",
            fields=tuple(Option(key, "text", min=1, max=MAX_NAME) for key in NAME_KEYS),
        ),
        per_seat=True,
        words="a canoe and colony for each of the {seats} canoes",
        check=_colonies_differ,
        help="Each canoe's name and the colony it hails from.",
    ),  # R3
    Option(
        "leg_length",
        "int",
        DEFAULT_LEG_LENGTH,
        min=LEG_LENGTH[0],
        max=LEG_LENGTH[1],
        help='Inches from one rapid to the next, 12 to 48 (the rules say 24"). Shorter is '
        "a quicker race.",
        unit='"',
    ),  # R1
    Option(
        "outside_extra",
        "int",
        DEFAULT_OUTSIDE_EXTRA,
        min=OUTSIDE_EXTRA[0],
        max=OUTSIDE_EXTRA[1],
        help="Inches the outside starters line up behind the start line, so their course is "
        "that much longer; a negative number puts the inside starters behind. -12 to 12 (the "
        "rules say 0: every canoe on the line).",
        label="Outside starters' extra inches",
        unit='"',
    ),  # R1, R3 (a house rule; the default is left out of the state: see phases.new_state)
    Option(
        "hidden",
        "bool",
        True,
        help="Rapids, whirlpools, hostiles and the bear are revealed as the first canoe "
        "reaches their leg.",
    ),  # R2
    Option(
        "currents",
        "list",
        None,
        min=LEGS,
        max=LEGS,
        item=Option("current", "int", min=CURRENTS[0], max=CURRENTS[1]),
        optional=True,
        lobby=False,
        words="numbers, one per leg",
        help="Each leg's current, 1 to 3; left out, rolled at setup.",
    ),  # R1
    Option(
        "classes",
        "list",
        None,
        min=RAPIDS,
        max=RAPIDS,
        item=Option("class", "int", min=CLASSES[0], max=CLASSES[1]),
        optional=True,
        lobby=False,
        words="numbers, one per rapid",
        help="Each rapid's class, 3 to 6; left out, rolled at setup.",
    ),  # R1
)
