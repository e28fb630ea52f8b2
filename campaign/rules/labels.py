"""A house rule's path in a player's words (C31): "injuries.table.dead.high" is "Injury table:
Dead, highest roll". The API and the stored documents keep the paths; every page, feed line and
message a player reads names a changed value by its label.

Each key of the rules document has its words declared here (the tables and fields below) or
comes from the rules' own tables (factions, profiles, kit, injuries, specialists, statuses);
`label` never guesses a word from a key's spelling, and raises UnknownPath for a path nobody
declared, so a new table without words fails its test instead of leaking a key to a page.
"""

from __future__ import annotations

from campaign.rules.factions import FACTIONS, SPECIALISTS, STATUS_NAMES
from campaign.rules.injuries import INJURY_TABLE

STATUS_PLURALS = {"hero": "Heroes", "veteran": "Veterans", "trooper": "Troopers", "green": "Greens"}
assert set(STATUS_PLURALS) == set(STATUS_NAMES)

INJURY_NAMES = {r.key: r.name for r in INJURY_TABLE}

# The last key of a path, in words, by the table it sits in.
PROFILE_FIELDS = {"cost": "cost", "reputation": "reputation"}
EQUIPMENT_FIELDS = {
    "price": "price",
    "allowed": "sold",
    "veteran_and_hero_only": "Heroes and Veterans only",
}
LIMIT_BOUNDS = {"min": "at least", "max": "at most"}
INJURY_RANGE = {"low": "lowest roll", "high": "highest roll"}
INJURY_EFFECTS = {"movement": "movement lost", "shooting": "shooting lost", "melee": "melee lost"}
EXPERIENCE_FIELDS = {
    "survived": "for surviving a game",
    "per_wound": "for each wound inflicted",
    "per_scalp": "for each scalp",
    "levels_per_advance": "levels for each advancement roll",
}
UNDERDOG_FIELDS = {"low": "rating gap from", "high": "rating gap to", "bonus": "bonus"}
ADVANCEMENT_TABLES = {"hero_and_veteran": "Heroes and Veterans", "mere_mortal": "others"}
INCOME_FIELDS = {
    "won": "roll for a won game",
    "drew": "roll for a drawn game",
    "lost": "roll for a lost game",
    "earner": "roll for each Hero and Veteran",
    "prospector": "the Prospector's roll",
    "expert_trader": "what an Expert trader adds",
}
SPECIALIST_FIELDS = {
    "hire": "hire cost",
    "retainer": "retainer",
    "counts_as": "counts as",
    "skill_rolls": "skill rolls",
}


class UnknownPath(KeyError):
    """A path of the rules document that has no declared words."""


def _word(table: dict[str, str], key: str, path: str) -> str:
    if key not in table:
        raise UnknownPath(path)
    return table[key]


def label(path: str) -> str:
    """The path of one value of the rules document in words, "Table: row, field"."""
    parts = path.split(".")
    head, rest = parts[0], parts[1:]
    if path == "budget":
        return "Starting budget"
    if head == "factions" and len(rest) >= 3:
        return _faction(path, rest)
    if head == "injuries" and len(rest) == 3 and rest[0] == "table":
        return f"Injury table: {_word(INJURY_NAMES, rest[1], path)}, " + _word(
            INJURY_RANGE, rest[2], path
        )
    if head == "injuries" and len(rest) == 3 and rest[0] == "effects":
        return f"Lasting injuries: {_word(INJURY_NAMES, rest[1], path)}, " + _word(
            INJURY_EFFECTS, rest[2], path
        )
    if head == "experience" and len(rest) == 1:
        return f"Experience: {_word(EXPERIENCE_FIELDS, rest[0], path)}"
    if head == "experience" and len(rest) == 3 and rest[0] == "underdog" and rest[1].isdigit():
        field = _word(UNDERDOG_FIELDS, rest[2], path)
        return f"Experience: underdog band {int(rest[1]) + 1}, {field}"
    if head == "advancement" and len(rest) == 2 and rest[0] in ADVANCEMENT_TABLES:
        if rest[1] not in ("1", "2", "3", "4", "5", "6"):
            raise UnknownPath(path)
        return f"Advancement table, {ADVANCEMENT_TABLES[rest[0]]}: a roll of {rest[1]}"
    if head == "advancement" and len(rest) == 2 and rest[0] == "attribute_limits":
        return f"Attribute increases: {_word(STATUS_PLURALS, rest[1], path)}"
    if head == "income" and len(rest) == 1:
        return f"Income: {_word(INCOME_FIELDS, rest[0], path)}"
    if head == "specialists" and rest == ["hire_limit"]:
        return "Specialists: how many may be hired"
    if head == "specialists" and len(rest) == 3 and rest[0] == "kinds":
        kind = SPECIALISTS.get(rest[1])
        if kind is None:
            raise UnknownPath(path)
        return f"Specialists: {kind.name}, {_word(SPECIALIST_FIELDS, rest[2], path)}"
    raise UnknownPath(path)


def _faction(path: str, rest: list[str]) -> str:
    faction = FACTIONS.get(rest[0])
    if faction is None:
        raise UnknownPath(path)
    table, tail = rest[1], rest[2:]
    if table == "profiles" and len(tail) == 2 and faction.profile(tail[0]):
        field = _word(PROFILE_FIELDS, tail[1], path)
        return f"{faction.name} figures: {faction.profile(tail[0]).name}, {field}"
    if table == "equipment" and len(tail) == 2 and faction.item(tail[0]):
        field = _word(EQUIPMENT_FIELDS, tail[1], path)
        return f"{faction.name} equipment: {faction.item(tail[0]).name}, {field}"
    if table == "limits" and tail == ["figures"]:
        return f"{faction.name} limits: figures, at most"
    if table == "limits" and tail == ["required_weapon"]:
        weapon = faction.item(faction.required_weapon).name.lower()
        return f"{faction.name} limits: figures with a {weapon}, at least"
    if table == "limits" and len(tail) == 2:
        status = _word(STATUS_PLURALS, tail[0], path)
        return f"{faction.name} limits: {status}, {_word(LIMIT_BOUNDS, tail[1], path)}"
    raise UnknownPath(path)


def words_for(path: str) -> str:
    """`label`, or for a path nobody declared (never one of the seed's tables: a test says so)
    its keys with spaces, so a sentence about a save is still written rather than refused."""
    try:
        return label(path)
    except UnknownPath:
        return " › ".join(part.replace("_", " ") for part in path.split(".")).capitalize()


def labels(paths) -> list[str]:
    """Several paths in words, in their order."""
    return [words_for(path) for path in paths]


def said(paths, *, most: int = 3) -> str:
    """Changed paths for a sentence: "Injury table: Dead, highest roll; … and 4 more"."""
    words = labels(paths)
    shown = "; ".join(words[:most])
    return shown + (f" and {len(words) - most} more" if len(words) > most else "")
