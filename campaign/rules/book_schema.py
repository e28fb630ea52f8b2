"""The house-rules document's shape, declared once (C31): every table, its type, its range and the
values it may hold. Validated with pydantic, strictly: a number is a whole number (never "11",
10.5, null where a number is needed, NaN or true), a choice is one of its options, and a key the
seed does not have is refused. The same models give the API's OpenAPI schema.

`parse(document)` answers the clean document or raises `BookErrors`, each error a (path, words)
pair; book.py turns them into HouseRulesError and adds the checks between fields (the injury
table's coverage, limits, underdog bands, a Multiple injuries that can end).

The models are built from the seed's own tables (factions, their profiles and kit, injuries,
specialists), so a table added to the seed is declared here without a line more.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic.fields import FieldInfo

from campaign.rules.factions import FACTIONS, SPECIALISTS, STATUSES
from campaign.rules.injuries import BLIND, CHEST, INJURY_TABLE, LEG

FACES = ("1", "2", "3", "4", "5", "6")
DICE_CHOICES = ("D6", "2D6")  # the income rolls the sequence can ask for (C18)
# C10's results. Promotion moves a Green or a Trooper one step up: a Hero or a Veteran has no
# step to take, so their table may not hold it.
HERO_RESULTS = ("melee", "shooting", "morale", "choose", "new_skill", "reputation")
ADVANCE_RESULTS = (*HERO_RESULTS, "promotion")

MAX_VALUES = 2_000  # a rulebook holds ~230 values; anything far bigger is refused unread
MAX_ERRORS = 20  # the errors listed; the rest are counted
MAX_PATH = 120  # characters of a path shown back

CONFIG = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


def whole(low: int, high: int, description: str = "") -> Any:
    """A whole number in low..high (C31's bounds for the table)."""
    return Annotated[int, Field(ge=low, le=high, description=description or None)]


def _model(name: str, fields: dict[str, Any], doc: str = "") -> type[BaseModel]:
    """A model of required fields named by the document's keys (as aliases: a key need not be
    an identifier, and never clashes with pydantic's own names)."""
    declared = {f"k{n}": (kind, Field(alias=key)) for n, (key, kind) in enumerate(fields.items())}
    return create_model(f"HouseRules{name}", __config__=CONFIG, __doc__=doc or None, **declared)


class HouseRulesBound(BaseModel):
    model_config = CONFIG
    min: whole(0, 30, "At least this many")
    max: whole(0, 30, "At most this many (null: any number)") | None


class HouseRulesInjuryRange(BaseModel):
    """A D66 range, inclusive; 0-0 takes the result off the table."""

    model_config = CONFIG
    low: whole(0, 66)
    high: whole(0, 66)


class HouseRulesUnderdogBand(BaseModel):
    """C9: a gap in team rating and the bonus experience it gives the lower warband."""

    model_config = CONFIG
    low: whole(0, 10_000)
    high: whole(0, 10_000, "null: and over (the last band)") | None
    bonus: whole(0, 10)


class HouseRulesEquipment(BaseModel):
    model_config = CONFIG
    price: whole(0, 100)
    allowed: bool = Field(description="Sold to this faction")
    veteran_and_hero_only: bool


class HouseRulesProfile(BaseModel):
    model_config = CONFIG
    cost: whole(0, 200)
    reputation: whole(1, 5, "C24's morale chart has rows for reputation 1-5 only")


def _faction(key: str) -> type[BaseModel]:
    faction = FACTIONS[key]
    name = faction.key.capitalize()
    limits = {"figures": whole(1, 30), "required_weapon": whole(0, 30)}
    limits |= dict.fromkeys(STATUSES, HouseRulesBound)
    return _model(
        name,
        {
            "profiles": _model(
                f"{name}Profiles", {p.key: HouseRulesProfile for p in faction.profiles}
            ),
            "equipment": _model(
                f"{name}Equipment", {i.key: HouseRulesEquipment for i in faction.equipment}
            ),
            "limits": _model(f"{name}Limits", limits),
        },
    )


INCOME_ROLLS = ("won", "drew", "lost", "earner", "prospector")
Rules = _model(
    "Rules",
    {
        "budget": whole(0, 100_000, "C2: the starting budget"),
        "factions": _model("Factions", {k: _faction(k) for k in FACTIONS}),
        "injuries": _model(
            "Injuries",
            {
                "table": _model(
                    "InjuryTable", {r.key: HouseRulesInjuryRange for r in INJURY_TABLE}
                ),
                "effects": _model(
                    "InjuryEffects",
                    dict.fromkeys(
                        (LEG, CHEST, BLIND),
                        _model(
                            "InjuryEffect",
                            dict.fromkeys(("movement", "shooting", "melee"), whole(0, 3)),
                            "C14: what a lasting injury takes off",
                        ),
                    ),
                ),
            },
            "C13, C14",
        ),
        "experience": _model(
            "Experience",
            {
                "survived": whole(0, 5),
                "per_wound": whole(0, 5),
                "per_scalp": whole(0, 5),
                "levels_per_advance": whole(1, 10),
                "underdog": Annotated[
                    list[HouseRulesUnderdogBand], Field(min_length=4, max_length=4)
                ],
            },
            "C8, C9",
        ),
        "advancement": _model(
            "Advancement",
            {
                "hero_and_veteran": _model(
                    "HeroTable", dict.fromkeys(FACES, Literal[HERO_RESULTS])
                ),
                "mere_mortal": _model(
                    "MereMortalTable", dict.fromkeys(FACES, Literal[ADVANCE_RESULTS])
                ),
                "attribute_limits": _model("AttributeLimits", dict.fromkeys(STATUSES, whole(0, 3))),
            },
            "C10: the D6 tables by face, and the attribute increases each status may hold",
        ),
        "income": _model(
            "Income",
            {**dict.fromkeys(INCOME_ROLLS, Literal[DICE_CHOICES]), "expert_trader": whole(0, 6)},
            "C18",
        ),
        "specialists": _model(
            "Specialists",
            {
                "hire_limit": whole(0, len(SPECIALISTS)),
                "kinds": _model(
                    "SpecialistKinds",
                    dict.fromkeys(
                        SPECIALISTS,
                        _model(
                            "Specialist",
                            {
                                "hire": whole(0, 200),
                                "retainer": whole(0, 200),
                                "counts_as": Literal[STATUSES],
                                "skill_rolls": whole(0, 3),
                            },
                        ),
                    ),
                ),
            },
            "C21",
        ),
    },
    "Every table a club may change (C31), keyed as /api/rules/factions/ keys them.",
)


# --- errors in words ---------------------------------------------------------------------------


class BookErrors(Exception):
    """What is wrong with a document: `found` holds the first MAX_ERRORS (path, words, kind)
    and `count` how many there were in all."""

    def __init__(self, found: list[tuple[str, str, str]], count: int):
        super().__init__(f"{count} problem(s)")
        self.found = found
        self.count = count


def size(document: Any, limit: int = MAX_VALUES) -> int:
    """How many values the document holds, counted without recursion; stops past `limit`."""
    seen, stack = 0, [document]
    while stack and seen <= limit:
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return seen


def shown(path: str) -> str:
    """A path as it may be shown back: printable, and not longer than MAX_PATH."""
    text = "".join(c if c.isprintable() else "?" for c in path)
    return text if len(text) <= MAX_PATH else text[: MAX_PATH - 1] + "…"


def _declared(loc: tuple) -> FieldInfo | None:
    """The declared field at `loc` (None when the path is not declared)."""
    node: Any = Rules
    info = None
    for part in loc:
        if isinstance(part, int):
            continue  # a list's row: `node` is the row's model already
        fields = {f.alias or n: f for n, f in node.model_fields.items()} if node else {}
        info = fields.get(part)
        if info is None:
            return None
        node = next(
            (
                a
                for a in (info.annotation, *get_args(info.annotation))
                if isinstance(a, type) and issubclass(a, BaseModel)
            ),
            None,
        )
    return info


def _bounds(info: FieldInfo) -> tuple[int, int, bool] | None:
    """(low, high, may be empty) of a whole number field."""
    metadata = [*info.metadata]
    for arg in get_args(info.annotation):  # an optional number: Annotated[int, Field(…)] | None
        for meta in getattr(arg, "__metadata__", ()):
            metadata += list(getattr(meta, "metadata", [meta]))
    low = next((m.ge for m in metadata if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in metadata if getattr(m, "le", None) is not None), None)
    if low is None or high is None:
        return None
    return low, high, type(None) in get_args(info.annotation)


def _value(value: Any) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    text = repr(value)
    return text if len(text) <= 24 else text[:23] + "…"


def _message(error: dict, words) -> tuple[str, str, str]:
    loc = tuple(error["loc"])
    path = ".".join(str(p) for p in loc)
    said = words(path)
    kind = error["type"]
    if kind == "missing":
        return path, f"{said} is missing.", kind
    if kind == "extra_forbidden":
        return path, f"{shown(path)}: there is no such rule.", kind
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return path, f"{said} is a table: give each of its fields.", kind
    if kind in ("list_type", "too_short", "too_long"):
        return (
            path,
            f"{said} must be a list of {error.get('ctx', {}).get('min_length', 4)} bands.",
            kind,
        )
    if kind == "literal_error":
        info = _declared(loc)
        options = get_args(info.annotation) if info else ()
        why = ""
        if "promotion" in ADVANCE_RESULTS and error.get("input") == "promotion":
            why = (
                " (Promotion moves a Green or a Trooper one step up: Heroes and Veterans have none)"
            )
        return path, f"{said} must be one of {', '.join(options)}{why}", kind
    if kind == "bool_type":
        return (
            path,
            f"{said} must be yes or no (true or false), not {_value(error.get('input'))}",
            kind,
        )
    info = _declared(loc)
    bounds = _bounds(info) if info else None
    if bounds is not None:
        low, high, empty = bounds
        text = f"{said} must be {low}-{high}" + (" (or empty for any number)" if empty else "")
        if kind not in ("greater_than_equal", "less_than_equal"):
            text += f": a whole number, not {_value(error.get('input'))}"
        return path, text, kind
    return path, f"{said}: {error['msg']}", kind


def parse(document: Any, words=shown) -> dict[str, Any]:
    """The document, checked against the declared shape; raises BookErrors naming each path
    in `words` (a function of the path)."""
    if not isinstance(document, dict):
        raise BookErrors([("rules", "The rules must be an object of tables.", "dict_type")], 1)
    count = size(document)
    if count > MAX_VALUES:
        message = f"The rules hold more than {MAX_VALUES} values: a rulebook holds about 230."
        raise BookErrors([("rules", message, "too_long")], 1)
    try:
        model = Rules.model_validate(document)
    except ValidationError as error:
        errors = error.errors(include_url=False)
        found = [_message(e, words) for e in errors[:MAX_ERRORS]]
        raise BookErrors(found, len(errors)) from None
    return model.model_dump(by_alias=True)


def json_schema() -> dict[str, Any]:
    return Rules.model_json_schema(by_alias=True)
