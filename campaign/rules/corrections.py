"""Corrections of a founded figure (C30): what may be corrected, and each new value checked.

A correction puts right a mistake made at the table or in the app: it sets a field to the value
it should have had. The values are checked against the same limits the rules keep elsewhere
(reputation 1-5, an attribute raised once, C10's limits, the faction's skill lists and kit, C5,
C26); a value out of them is refused with a message naming the field, and nothing is saved.
The figure's state is named in the ruling's words (alive, dead, captive, missing: `STATES`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from campaign.rules.book import RuleBook, seed_book
from campaign.rules.errors import RulesError
from campaign.rules.factions import MAX_COPIES, SPECIALISTS, Faction, item_name
from campaign.rules.injuries import ARM_AMPUTATED, BLIND, LASTING_INJURIES, injury_key
from campaign.rules.postgame.advancement import SKILL_LIMITS
from campaign.rules.postgame.injuries_step import TWO_HANDED
from campaign.rules.skills import SKILL_LISTS

INCREASES = ("melee_increase", "shooting_increase", "morale_increase")
FIELDS = ("reputation", *INCREASES, "skills", "injuries", "experience", "kit", "state")  # C30
# C30: the states a correction sets, in the ruling's words, and the figure's state each means.
STATES = {"alive": "active", "dead": "dead", "captive": "captured", "missing": "misses_next_game"}
# A figure's state in the ruling's words; "sold" and "departed" a correction never sets.
STATE_OF = {state: word for word, state in STATES.items()} | {
    "sold": "sold",
    "departed": "departed",
}
STATE_WORDS = {
    "alive": "alive",
    "dead": "dead",
    "captive": "held captive",
    "missing": "missing the next game",
    "sold": "sold",
    "departed": "departed",
}
FIELD_WORDS = {
    "reputation": "reputation",
    "melee_increase": "melee raised",
    "shooting_increase": "shooting raised",
    "morale_increase": "morale raised",
    "skills": "skills",
    "injuries": "injuries",
    "experience": "experience level",
    "kit": "kit",
    "state": "state",
}
MAX_REPUTATION = 5
MAX_LEVEL = 9999
MAX_ENTRIES = 50  # a list's length: no figure holds more skills, injuries or pieces of kit
MAX_KEY = 60  # characters of one entry (the longest key is about 30)


def _whole(field: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{FIELD_WORDS[field]} is a whole number, not {value!r}.", field=field)
    if not low <= value <= high:
        raise RulesError(
            f"{FIELD_WORDS[field].capitalize()} is {low} to {high}, not {value}.",
            field=field,
            rule="C30",
        )
    return value


def _words(field: str, value: Any) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise RulesError(f"{FIELD_WORDS[field].capitalize()} are a list of keys.", field=field)
    if len(value) > MAX_ENTRIES or any(len(v) > MAX_KEY for v in value):
        raise RulesError(
            f"{FIELD_WORDS[field].capitalize()} are at most {MAX_ENTRIES} keys of at most "
            f"{MAX_KEY} characters ({len(value)} given).",
            field=field,
            rule="C30",
        )
    return [v.strip() for v in value]


def _skills(faction: Faction, status: str, value: Any) -> list[str]:
    keys = _words("skills", value)
    known = {s.key for lst in faction.skill_lists for s in SKILL_LISTS[lst]}
    for key in keys:
        if key not in known:
            raise RulesError(
                f"{key!r} is on none of the {faction.name}' skill lists "
                f"({', '.join(sorted(known))}).",
                field="skills",
                rule="C1",
            )
    if len(set(keys)) != len(keys):
        raise RulesError("A figure holds each skill once.", field="skills", rule="C10")
    limit = SKILL_LIMITS[status]
    if limit is not None and len(keys) > limit:
        raise RulesError(
            f"A {status} holds at most {limit} skill{'s' if limit != 1 else ''}.",
            field="skills",
            rule="C10",
        )
    return keys


def _injuries(value: Any) -> list[str]:
    entries = _words("injuries", value)
    for entry in entries:
        if injury_key(entry) not in LASTING_INJURIES:
            raise RulesError(
                f"{entry!r} is not an injury kept on a figure ({', '.join(LASTING_INJURIES)}).",
                field="injuries",
                rule="C14",
            )
    if sum(injury_key(e) == BLIND for e in entries) > 1:
        raise RulesError(
            "A second Blind in one eye is Dead: a figure keeps one at most.",
            field="injuries",
            rule="C14",
        )
    return entries


def _kit(
    faction: Faction, status: str, specialist: str | None, injuries: list[str], value: Any
) -> list[str]:
    keys = _words("kit", value)
    printed = set(SPECIALISTS[specialist].equipment) if specialist else set()
    for key, copies in Counter(keys).items():
        item = faction.item(key)
        if item is None and key not in printed:
            raise RulesError(
                f"The {faction.name} have no {key!r} to carry.", field="kit", rule="C4"
            )
        if item is not None and item.veteran_and_hero_only and status not in ("hero", "veteran"):
            raise RulesError(
                f"The {item.name} is for Veterans and Heroes only.", field="kit", rule="C4"
            )
        allowed = MAX_COPIES.get(key, 1)
        if copies > allowed:
            raise RulesError(
                f"A figure carries the {item_name(key)} {'once' if allowed == 1 else allowed} "
                f"at most ({copies} given).",
                field="kit",
                rule="C5",
            )
        if key in TWO_HANDED and ARM_AMPUTATED in {injury_key(e) for e in injuries}:
            raise RulesError(
                f"With an arm amputated a figure cannot carry the {item_name(key)}.",
                field="kit",
                rule="C26",
            )
    return sorted(keys)


def _state(value: Any) -> str:
    if value not in STATES:
        raise RulesError(
            f"A figure's state is corrected to one of {', '.join(STATES)}, not {value!r}.",
            field="state",
            rule="C30",
        )
    return value


def check_correction(
    *,
    faction: Faction,
    status: str,
    specialist: str | None,
    experience_start: int,
    before: Mapping[str, Any],
    changes: Any,
    book: RuleBook | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(before, after) of the fields `changes` really changes, each new value checked (C30).

    `before` holds every field of FIELDS (kit as a list of item keys). Raises RulesError naming
    the field for an unknown field or a value the rules do not allow, and when nothing changes.
    """
    if not isinstance(changes, Mapping) or not changes:
        raise RulesError(
            f"Give the fields to correct and their new values: {', '.join(FIELDS)}.",
            field="changes",
        )
    for field in changes:
        if field not in FIELDS:
            raise RulesError(
                f"{field!r} cannot be corrected: correct one of {', '.join(FIELDS)}.",
                field=str(field),
                rule="C30",
            )
    before = {"state": "alive", **before}  # a caller that never corrects the state omits it
    after = {field: before[field] for field in FIELDS} | dict(changes)
    if "reputation" in changes:
        after["reputation"] = _whole("reputation", changes["reputation"], 1, MAX_REPUTATION)
    for field in INCREASES:
        if field in changes:
            after[field] = _whole(field, changes[field], 0, 1)  # C10: once in a life
    raised = sum(after[field] for field in INCREASES)
    allowed = (book or seed_book()).attribute_limit(status)  # C10 as the campaign plays it (C31)
    if raised > allowed:
        field = next((f for f in INCREASES if f in changes), INCREASES[0])
        raise RulesError(
            f"A {status} may raise {allowed} attribute(s) at most, not {raised}.",
            field=field,
            rule="C10",
        )
    if "experience" in changes:
        after["experience"] = _whole(
            "experience", changes["experience"], experience_start, MAX_LEVEL
        )
    if "skills" in changes:
        after["skills"] = _skills(faction, status, changes["skills"])
    if "injuries" in changes:
        after["injuries"] = _injuries(changes["injuries"])
    if "kit" in changes or "injuries" in changes:  # an amputation also checks the kit (C26)
        after["kit"] = _kit(faction, status, specialist, after["injuries"], after["kit"])
    if "state" in changes:
        after["state"] = _state(changes["state"])
    changed = [f for f in FIELDS if after[f] != before[f]]
    if not changed:
        raise RulesError(
            "Nothing to correct: the values given are the figure's already.", field="changes"
        )
    return {f: before[f] for f in changed}, {f: after[f] for f in changed}


def correction_words(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """ "reputation 3 → 2; injuries none → Leg wound" for a log line or a card's history."""
    words = "; ".join(
        f"{FIELD_WORDS[f]} {value_words(f, before[f])} → {value_words(f, after[f])}" for f in after
    )
    if after.get("state") == "dead":
        words += " (what it carried goes to the warband's storage)"  # C28
    return words


def value_words(field: str, value: Any) -> str:
    if field in INCREASES:
        return "yes" if value else "no"
    if field == "state":
        return STATE_WORDS.get(value, str(value))
    if not isinstance(value, list):
        return str(value)
    if not value:
        return "none"
    if field == "kit":
        return ", ".join(item_name(k) for k in value)
    if field == "injuries":
        return ", ".join(_injury_name(e) for e in value)
    if field == "skills":
        names = {s.key: s.name for lst in SKILL_LISTS.values() for s in lst}
        return ", ".join(names.get(k, k) for k in value)
    return ", ".join(value)


def _injury_name(entry: str) -> str:
    words = LASTING_INJURIES.get(injury_key(entry), entry)
    return words.split(":", 1)[0]
