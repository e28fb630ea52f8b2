"""Figures for the table calculators' tests (this module holds no tests)."""

from __future__ import annotations

from campaign.rules.table import Combatant

REPUTATION = {"hero": 4, "veteran": 3, "trooper": 3, "green": 1}


def fighter(name: str = "Grey Wolf", *, status: str = "veteran", faction: str = "indians",
            **fields) -> Combatant:  # fmt: skip
    """A figure of reputation 3 with a musket, no skills, no wounds, unless told otherwise."""
    fields.setdefault("reputation", 3)
    fields.setdefault("kit", ("musket",))
    fields.setdefault("id", sum(map(ord, name)))
    return Combatant(name=name, faction=faction, status=status, **fields)
