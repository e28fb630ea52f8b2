"""Every table of the skirmish turn as plain data, for GET /api/rules/tables/ and the battle
sheet's reference card: keys, values and words, written once in the modules beside this one."""

from __future__ import annotations

from campaign.rules.table.last_wound import LAST_WOUND, LAST_WOUND_WORDS
from campaign.rules.table.melee import (
    MARGIN_WORDS,
    TACTICAL_FACTORS,
    VICTORY_MARGINS,
    WEAPON_FACTORS,
)
from campaign.rules.table.morale import (
    COLUMN_OFFSET,
    FIRST_COLUMN,
    LAST_COLUMN,
    MORALE_CHART,
    MORALE_FACTORS,
    RESULT_WORDS,
)
from campaign.rules.table.shooting import BASE_NEEDED, CANNOT_HIT, SHOOTING_FACTORS, Factor
from campaign.rules.table.weapons import WEAPONS


def _factors(factors: dict[str, Factor]) -> list[dict]:
    return [
        {"key": f.key, "value": f.value, "words": f.words, "given_by": f.given_by, "rule": f.rule}
        for f in factors.values()
    ]


def tables() -> dict:
    return {
        "shooting": {
            "rule": "C23",
            "needed": dict(BASE_NEEDED),
            "cannot_hit": CANNOT_HIT,
            "modifiers": _factors(SHOOTING_FACTORS),
            "weapons": [
                {
                    "key": w.key,
                    "name": w.name,
                    "seed_class": w.seed_class,
                    "short": w.short,
                    "long": w.long,
                    "firearm": w.firearm,
                    "melee": w.melee,
                    "note": w.note,
                }
                for w in WEAPONS.values()
            ],
        },
        "melee": {
            "rule": "C23",
            "weapon_factors": _factors(WEAPON_FACTORS),
            "factors": _factors(TACTICAL_FACTORS),
            "victory_margins": [
                {
                    "status": status,
                    "margin": margin,
                    "words": MARGIN_WORDS[status],
                    "equal_or_more": margin == 0,
                }
                for status, margin in VICTORY_MARGINS.items()
            ],
        },
        "morale": {
            "rule": "C24",
            "column": {"offset": COLUMN_OFFSET, "first": FIRST_COLUMN, "last": LAST_COLUMN},
            "modifiers": _factors(MORALE_FACTORS),
            "chart": [
                {
                    "reputation": row.reputation,
                    "name": row.name,
                    "columns": list(row.columns),
                    "rally": list(row.rally),
                }
                for row in MORALE_CHART.values()
            ],
            "results": [{"key": k, "words": w} for k, w in RESULT_WORDS.items()],
        },
        "last_wound": {
            "rule": "C23",
            "faces": [
                {"face": face, "result": result, "words": LAST_WOUND_WORDS[result]}
                for face, result in LAST_WOUND.items()
            ],
        },
    }
