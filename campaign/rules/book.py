"""A campaign's rule book: the seed's tables with the campaign's house rules on top (C31).

Every rule that reads a table a club may change reads it from a `RuleBook`, never from the
module constants directly. `SEED` is the book without overrides; `RuleBook(overrides)` lays a
nested override document (the same shape as `seed_document()`) over it.

The document is keyed by the app's own keys (factions, profiles, items, injuries, specialists as
`/api/rules/factions/` names them); a path is those keys joined by dots:
`factions.rangers.equipment.musket.price`.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from campaign.rules import injuries as inj
from campaign.rules.book_schema import (
    ADVANCE_RESULTS,
    DICE_CHOICES,
    FACES,
    MAX_ERRORS,
    BookErrors,
    parse,
    shown,
)
from campaign.rules.errors import RulesError
from campaign.rules.factions import (
    FACTIONS,
    MAX_FIGURES,
    MAX_SPECIALISTS,
    REQUIRED_WEAPON_COUNT,
    SPECIALISTS,
    STATUS_LIMITS,
    STATUS_NAMES,
    STATUSES,
    Faction,
    Specialist,
)
from campaign.rules.seed import (
    ATTRIBUTE_LIMITS,
    HERO_AND_VETERAN_TABLE,
    LEVELS_PER_ADVANCE,
    MERE_MORTAL_TABLE,
    UNDERDOG_BANDS,
)

SEED_BUDGET = 200  # C2: the seed's starting budget (a campaign's own setting replaces it)
__all__ = ["ADVANCE_RESULTS", "DICE_CHOICES", "FACES"]  # declared in book_schema, read here too


class HouseRulesError(RulesError):
    """A house rule that cannot be: names the path and says why in words. `problems` lists
    every one found (each with message, field, rule), the first also being this error's."""

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = "C31"):
        super().__init__(message, field=field, rule=rule)
        self.problems: list[HouseRulesError] = [self]

    @classmethod
    def of(cls, found: list[tuple[str, str]], count: int | None = None) -> HouseRulesError:
        """One error listing the first MAX_ERRORS problems; when there were more, a last line
        counts them (a body of 100,000 unknown keys answers 21 lines, not 100,000)."""
        count = len(found) if count is None else count
        errors = [cls(message, field=shown(path)) for path, message in found[:MAX_ERRORS]]
        if count > len(errors):
            more = count - len(errors)
            errors.append(cls(f"… and {more} more problem{'s' if more > 1 else ''}."))
        errors[0].problems = errors
        errors[0].count = count
        if count > 1:
            errors[0].detail = f"The house rules have {count} problems."
        return errors[0]


def _table(rows) -> dict[str, dict[str, int]]:
    return {r.key: {"low": r.low, "high": r.high} for r in rows}


def _seed_advancement() -> dict[str, Any]:
    return {
        "hero_and_veteran": dict(zip(FACES, HERO_AND_VETERAN_TABLE, strict=True)),
        "mere_mortal": dict(zip(FACES, MERE_MORTAL_TABLE, strict=True)),
        "attribute_limits": dict(ATTRIBUTE_LIMITS),
    }


def seed_document(*, budget: int = SEED_BUDGET) -> dict[str, Any]:
    """Every table a club may change (C31), as the seed prints it."""
    limits = {s: {"min": low, "max": high} for s, (low, high) in STATUS_LIMITS.items()}
    return {
        "budget": budget,  # C2
        "factions": {
            f.key: {
                "profiles": {
                    p.key: {"cost": p.cost, "reputation": p.reputation} for p in f.profiles
                },
                "equipment": {
                    i.key: {
                        "price": i.price,
                        "allowed": True,
                        "veteran_and_hero_only": i.veteran_and_hero_only,
                    }
                    for i in f.equipment
                },
                "limits": {
                    "figures": MAX_FIGURES,
                    "required_weapon": REQUIRED_WEAPON_COUNT,
                    **{status: dict(row) for status, row in limits.items()},  # a faction's own
                },
            }
            for f in FACTIONS.values()
        },
        "injuries": {
            "table": _table(inj.INJURY_TABLE),  # C13
            "effects": {  # C14
                key: {
                    "movement": inj.MOVEMENT_PENALTY.get(key, 0),
                    "shooting": inj.SHOOTING_PENALTY.get(key, 0),
                    "melee": inj.MELEE_PENALTY.get(key, 0),
                }
                for key in (inj.LEG, inj.CHEST, inj.BLIND)
            },
        },
        "experience": {  # C8, C9
            "survived": 1,
            "per_wound": 1,
            "per_scalp": 1,
            "levels_per_advance": LEVELS_PER_ADVANCE,
            "underdog": [
                {"low": low, "high": high, "bonus": bonus} for low, high, bonus in UNDERDOG_BANDS
            ],
        },
        "advancement": _seed_advancement(),  # C10
        "income": {  # C18
            "won": "2D6",
            "drew": "D6",
            "lost": "D6",
            "earner": "2D6",
            "prospector": "2D6",
            "expert_trader": 1,
        },
        "specialists": {  # C21
            "hire_limit": MAX_SPECIALISTS,
            "kinds": {
                s.key: {
                    "hire": s.hire,
                    "retainer": s.retainer,
                    "counts_as": s.counts_as,
                    "skill_rolls": s.skill_rolls,
                }
                for s in SPECIALISTS.values()
            },
        },
    }


# --- paths --------------------------------------------------------------------------------------


def leaves(document: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """(path, value) for every leaf; list rows are indexed from 0."""
    if isinstance(document, dict):
        for key, value in document.items():
            yield from leaves(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            yield from leaves(value, f"{prefix}.{index}" if prefix else str(index))
    else:
        yield prefix, document


def read_path(document: Any, path: str) -> Any:
    node = document
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise HouseRulesError(f"{shown(path)}: there is no such rule.", field=path)
    return node


def write_path(document: Any, path: str, value: Any) -> None:
    parts = path.split(".")
    parent = read_path(document, ".".join(parts[:-1])) if len(parts) > 1 else document
    current = read_path(document, path)  # an unknown path is refused, never created
    if isinstance(current, dict | list) and not isinstance(value, type(current)):
        fields = ", ".join(map(str, current)) if isinstance(current, dict) else "its rows"
        raise HouseRulesError(f"{path} is a table: change its fields ({fields}).", field=path)
    if isinstance(parent, list):
        parent[int(parts[-1])] = value
    else:
        parent[parts[-1]] = value


def diff(base: Any, document: Any) -> dict[str, Any]:
    """The leaves of `document` that differ from `base`, as {path: value}."""
    seed = dict(leaves(base))
    return {path: value for path, value in leaves(document) if seed.get(path, object()) != value}


def nest(flat: dict[str, Any]) -> dict[str, Any]:
    """{path: value} as a nested override document (list rows keyed by their index)."""
    out: dict[str, Any] = {}
    for path, value in flat.items():
        node = out
        *parents, last = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return out


def merged(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """`base` with every override leaf written over it (an unknown path raises)."""
    document = copy.deepcopy(base)
    for path, value in leaves(overrides):
        write_path(document, path, value)
    return document


# --- validation (C31: names the row and the field, saves nothing) -------------------------------


ADVANCEMENT_TABLES = {
    "hero_and_veteran": "Advancement table of Heroes and Veterans",
    "mere_mortal": "Advancement table of the others (mere mortals)",
    "attribute_limits": "Attribute increases allowed",
}


def _words(document: dict[str, Any], path: str) -> str:
    """A path as a person reads it: "Rangers › Musket › price"."""
    parts = path.split(".")
    out: list[str] = []
    if parts[0] == "factions" and len(parts) > 1:
        faction = FACTIONS.get(parts[1])
        out.append(faction.name if faction else parts[1])
        rest = parts[2:]
        if len(rest) >= 2 and faction is not None:
            thing = (faction.profile(rest[1]) if rest[0] == "profiles" else None) or (
                faction.item(rest[1]) if rest[0] == "equipment" else None
            )
            if thing is not None:
                out.append(thing.name)
                rest = rest[2:]
            elif rest[0] == "limits":
                out.append("Limits")
                rest = [STATUS_NAMES.get(r, r) for r in rest[1:]]
        out += rest
    elif parts[0] == "injuries" and len(parts) > 2:
        out += ["Injury table" if parts[1] == "table" else "Injury effects"]
        name = next((r.name for r in inj.INJURY_TABLE if r.key == parts[2]), parts[2])
        out += [name, *parts[3:]]
    elif parts[0] == "advancement" and len(parts) > 1 and parts[1] in ADVANCEMENT_TABLES:
        out += [ADVANCEMENT_TABLES[parts[1]], *parts[2:]]
    elif parts[0] == "specialists" and len(parts) > 3:
        kind = SPECIALISTS.get(parts[2])
        out += [kind.name if kind else parts[2], *parts[3:]]
    else:
        out += [p.replace("_", " ").capitalize() if i == 0 else p for i, p in enumerate(parts)]
    return shown(" › ".join(out))


D66_VALUES = tuple(t * 10 + u for t in range(1, 7) for u in range(1, 7))


def validate(document: Any) -> list[tuple[str, str]]:
    """Every problem with a whole rules document, as (path, message); empty when sound. The
    first MAX_ERRORS only: `check` also tells how many there were."""
    try:
        check(document)
    except HouseRulesError as error:
        return [(p.field, p.message) for p in error.problems]
    return []


def check(document: Any) -> dict[str, Any]:
    """The document checked (C31), or HouseRulesError naming every path at fault in words.

    First its shape (book_schema: types, ranges, which values each table may hold), then what
    ties the fields together: the injury table covers 11-66 once and Multiple injuries can end,
    each limit's max is not below its min, the underdog bands follow one another."""
    try:
        clean = parse(document, words=lambda path: _words(document, path))
    except BookErrors as error:
        raise HouseRulesError.of([(p, m) for p, m, _ in error.found], error.count) from None
    found = _check_injury_table(clean) + _check_limits(clean) + _check_underdog(clean)
    if found:
        raise HouseRulesError.of(found)
    return clean


def _check_injury_table(document) -> list[tuple[str, str]]:
    """C13 as a house rule: the ranges must cover 11-66 with no gap or overlap."""
    owner: dict[int, str] = {}
    errors = []
    for key, row in document["injuries"]["table"].items():
        path = f"injuries.table.{key}"
        if row["low"] > row["high"]:
            errors.append((f"{path}.low", f"{_words(document, path)}: low is above high"))
            continue
        for value in (v for v in D66_VALUES if row["low"] <= v <= row["high"]):
            if value in owner:
                errors.append(
                    (
                        f"{path}.low",
                        f"Injury table: {value} is in both {_words(document, owner[value])} "
                        f"and {_words(document, path)} (overlap)",
                    )
                )
                break
            owner[value] = path
    gaps = [v for v in D66_VALUES if v not in owner]
    if gaps and not errors:
        errors.append(
            (
                "injuries.table",
                "The injury table must cover 11-66 with no gap: "
                f"nothing on {', '.join(map(str, gaps[:6]))}{'…' if len(gaps) > 6 else ''}",
            )
        )
    # C15 read in the rulings' spirit: Multiple injuries re-rolls Dead, Full recovery and
    # Multiple injuries until another result comes up. A table where none can come up would
    # ask for dice for ever, so it is refused.
    kept = [v for v, path in owner.items() if path.rsplit(".", 1)[1] not in inj.REROLLED]
    if not errors and inj.MULTIPLE in {p.rsplit(".", 1)[1] for p in owner.values()} and not kept:
        errors.append(
            (
                f"injuries.table.{inj.MULTIPLE}",
                "Injury table: Multiple injuries re-rolls Dead, Full recovery and Multiple "
                "injuries until another result comes up, and this table has no other result: "
                "its re-rolls would never end. Give another injury a range, or take Multiple "
                "injuries off the table (0-0).",
            )
        )
    return errors


def _check_limits(document) -> list[tuple[str, str]]:
    errors = []
    for key, faction in document["factions"].items():
        for status in STATUSES:
            path = f"factions.{key}.limits.{status}"
            low, high = faction["limits"][status]["min"], faction["limits"][status]["max"]
            if high is not None and high < low:
                errors.append((f"{path}.max", f"{_words(document, path)}: max is below min"))
    return errors


def _check_underdog(document) -> list[tuple[str, str]]:
    bands = document["experience"]["underdog"]
    errors = []
    expected = 0
    for index, band in enumerate(bands):
        path = f"experience.underdog.{index}.low"
        if band["low"] != expected:
            errors.append((path, f"Underdog band {index + 1} must start at {expected}"))
            break
        if band["high"] is None:
            if index != len(bands) - 1:
                errors.append((path, f"Underdog band {index + 1}: only the last is open"))
            break
        expected = band["high"] + 1
    else:
        errors.append(("experience.underdog", "The last underdog band must be open (no high)"))
    return errors


# --- shared, unchangeable tables -----------------------------------------------------------------

SHARED = (
    "A rule book's tables are shared by every request of the process and cannot be changed: "
    "change a copy (copy.deepcopy gives plain dicts and lists)."
)


class FrozenDict(dict):
    """A dict whose every change raises TypeError: a rule book's tables, read by every request
    of the process (`RuleBook.shared`). Reads, JSON and `==` are a dict's; `copy.deepcopy`
    gives plain, changeable dicts and lists."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError(SHARED)

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo) -> dict:
        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __reduce__(self):
        return (FrozenDict, (dict(self),))


class FrozenList(list):
    """A list whose every change raises TypeError (see FrozenDict)."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError(SHARED)

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo) -> list:
        return [copy.deepcopy(value, memo) for value in self]

    def __reduce__(self):
        return (FrozenList, (list(self),))


def frozen(document: Any) -> Any:
    """A copy of a JSON-like document that cannot be changed (FrozenDict, FrozenList)."""
    if isinstance(document, dict):
        return FrozenDict({key: frozen(value) for key, value in document.items()})
    if isinstance(document, list | tuple):
        return FrozenList(frozen(value) for value in document)
    return document


@functools.lru_cache(maxsize=16)
def _seed(budget: int) -> FrozenDict:
    return frozen(seed_document(budget=budget))


# --- the book -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Underdog:
    low: int
    high: int | None
    bonus: int


class RuleBook:
    """The tables one campaign plays by, built once per document and never changed after:
    `base`, `overrides` and `document` are frozen (FrozenDict), so one book may be shared by
    every request that plays by the same house rules (`RuleBook.shared`). To edit a book's
    tables, change a `copy.deepcopy` of them and build a new book."""

    def __init__(self, overrides: dict[str, Any] | None = None, *, budget: int = SEED_BUDGET):
        self.base = _seed(budget)
        self.overrides = frozen(overrides or {})  # a copy: the caller's dict stays theirs
        self.document = frozen(merged(self.base, self.overrides)) if overrides else self.base

    @classmethod
    def shared(cls, overrides: dict[str, Any] | None = None, *, budget: int = SEED_BUDGET):
        """The book of these overrides and budget, built once a process (a bounded LRU keyed
        on their content, never on the dict's identity: a dict changed after the call names
        another book). Overrides that are not JSON get a book of their own."""
        try:
            text = json.dumps([budget, overrides or {}], sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return cls(overrides, budget=budget)
        key = hashlib.sha256(text.encode()).hexdigest()
        with _SHARED_LOCK:
            book = _SHARED_BOOKS.get(key)
            if book is not None:
                _SHARED_BOOKS.move_to_end(key)
                return book
        book = cls(overrides, budget=budget)
        with _SHARED_LOCK:
            _SHARED_BOOKS[key] = book
            while len(_SHARED_BOOKS) > SHARED_BOOKS:
                _SHARED_BOOKS.popitem(last=False)
        return book

    @classmethod
    def checked(cls, overrides: dict[str, Any], *, budget: int = SEED_BUDGET) -> RuleBook:
        """A book from an override document, refusing one that is not sound."""
        book = cls(overrides, budget=budget)
        check(book.document)
        return book

    def __repr__(self) -> str:
        return f"RuleBook(changed={self.changed!r}, overrides={self.overrides!r})"

    @property
    def changed(self) -> list[str]:
        return sorted(diff(self.base, self.document))

    # C2
    @property
    def budget(self) -> int:
        return self.document["budget"]

    # C1-C5
    @cached_property
    def factions(self) -> dict[str, Faction]:
        out = {}
        for key, faction in FACTIONS.items():
            rules = self.document["factions"][key]
            profiles = tuple(
                dataclasses.replace(p, **rules["profiles"][p.key]) for p in faction.profiles
            )
            equipment = tuple(
                dataclasses.replace(
                    i,
                    price=rules["equipment"][i.key]["price"],
                    veteran_and_hero_only=rules["equipment"][i.key]["veteran_and_hero_only"],
                )
                for i in faction.equipment
                if rules["equipment"][i.key]["allowed"]
            )
            out[key] = dataclasses.replace(faction, profiles=profiles, equipment=equipment)
        return FrozenDict(out)

    def faction(self, key: str) -> Faction | None:
        return self.factions.get(key)

    def status_limits(self, faction: str) -> dict[str, tuple[int, int | None]]:
        limits = self.document["factions"][faction]["limits"]
        return {s: (limits[s]["min"], limits[s]["max"]) for s in STATUSES[::-1]}

    def max_figures(self, faction: str) -> int:
        return self.document["factions"][faction]["limits"]["figures"]

    def required_weapon_count(self, faction: str) -> int:
        return self.document["factions"][faction]["limits"]["required_weapon"]

    # C13, C14
    @cached_property
    def injury_table(self) -> tuple[inj.InjuryResult, ...]:
        table = self.document["injuries"]["table"]
        rows = (dataclasses.replace(r, **table[r.key]) for r in inj.INJURY_TABLE)
        return tuple(sorted(rows, key=lambda r: r.low))

    @cached_property
    def injuries_on_table(self) -> frozenset[str]:
        """The results some D66 roll gives (a row at 0-0 gives none)."""
        return frozenset(
            r.key for r in self.injury_table if any(r.low <= v <= r.high for v in D66_VALUES)
        )

    def injury_for(self, d66: int) -> inj.InjuryResult:
        tens, units = divmod(d66, 10)
        if not (1 <= tens <= 6 and 1 <= units <= 6):
            raise ValueError(f"{d66} is not a D66 result")
        return next(r for r in self.injury_table if r.low <= d66 <= r.high)

    def injury(self, key: str) -> inj.InjuryResult:
        return next(r for r in self.injury_table if r.key == key)

    def penalty(self, kind: str) -> dict[str, int]:
        """Lasting injury → penalty on `kind` (movement, shooting or melee)."""
        effects = self.document["injuries"]["effects"]
        return {key: row[kind] for key, row in effects.items() if row[kind]}

    # C8, C9
    @property
    def experience(self) -> dict[str, Any]:
        return self.document["experience"]

    @cached_property
    def underdog_bands(self) -> tuple[Underdog, ...]:
        return tuple(Underdog(**band) for band in self.document["experience"]["underdog"])

    # C10
    def advancement_table(self, heroic: bool) -> tuple[str, ...]:
        table = self.document["advancement"]["hero_and_veteran" if heroic else "mere_mortal"]
        return tuple(table[face] for face in FACES)

    def attribute_limit(self, status: str) -> int:
        return self.document["advancement"]["attribute_limits"][status]

    # C18
    @property
    def income(self) -> dict[str, Any]:
        return self.document["income"]

    # C21
    @cached_property
    def specialists(self) -> dict[str, Specialist]:
        kinds = self.document["specialists"]["kinds"]
        return FrozenDict({k: dataclasses.replace(s, **kinds[k]) for k, s in SPECIALISTS.items()})

    @property
    def specialist_limit(self) -> int:
        return self.document["specialists"]["hire_limit"]


# Books kept by `RuleBook.shared`: a club server's campaigns and the versions their games keep.
SHARED_BOOKS = 256
_SHARED_BOOKS: OrderedDict[str, RuleBook] = OrderedDict()
_SHARED_LOCK = threading.Lock()


@functools.cache
def seed_book() -> RuleBook:
    """The seed's tables, no house rules: what every rule uses when given no book."""
    return RuleBook.shared()
