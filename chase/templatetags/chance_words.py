"""The replay's record of chance, said in words: "an obstacle at 61 (placed at random from 12 to
88)", never the raw "obstacle 61"."""

from __future__ import annotations

import re

from django import template

register = template.Library()

DIE = re.compile(r"^[0-9]*D[0-9]+$")
PLACED = {"obstacle": "an obstacle", "rock": "a rock"}  # Pelts' river, drawn at set-up


def outcome_words(outcome: dict) -> str:
    label = outcome.get("label") or ""
    if outcome.get("kind") != "int":
        count = len(outcome.get("order") or [])
        return f"{label or 'a shuffle'}: {count} shuffled into a new order"
    value, lo, hi = outcome["value"], outcome.get("lo"), outcome.get("hi")
    if DIE.match(label):
        return f"a {label} rolled {value}"
    if label in PLACED:
        return f"{PLACED[label]} at {value} (placed at random from {lo} to {hi})"
    if lo == 0 and hi is not None:  # an index: a choice among hi + 1 things
        return f"{label or 'a choice'}: number {value + 1} of {hi + 1}, at random"
    return f"{label or 'a number'}: {value} (at random from {lo} to {hi})"


@register.filter
def chance_words(outcomes) -> str:
    """What chance decided at one step, one clause per draw."""
    return "; ".join(outcome_words(o) for o in outcomes or ())
