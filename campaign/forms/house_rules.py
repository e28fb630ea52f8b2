"""The house-rules page's form (C31): every table as rows of fields named by their paths, read
back into a whole rules document. It parses; the service checks and saves."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from campaign.rules.book import ADVANCE_RESULTS, DICE_CHOICES, FACES, leaves, read_path
from campaign.rules.book_schema import HERO_RESULTS
from campaign.rules.factions import FACTIONS, SPECIALISTS, STATUS_NAMES, STATUSES
from campaign.rules.injuries import INJURY_TABLE
from campaign.rules.labels import STATUS_PLURALS, words_for
from core.parsers import safe_json_loads

MAX_UPLOAD = 1_000_000  # bytes read of an uploaded file; a rulebook is about 12 KB

RESULT_WORDS = {
    "melee": "Melee +1",
    "shooting": "Shooting +1",
    "morale": "Morale +1",
    "choose": "Choose",
    "new_skill": "New skill",
    "reputation": "Reputation +1",
    "promotion": "Promotion",
}


@dataclass
class Cell:
    path: str
    label: str
    value: Any
    seed: Any
    choices: tuple[tuple[str, str], ...] = ()

    @property
    def changed(self) -> bool:
        return self.value != self.seed

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        return "bool" if isinstance(self.seed, bool) else "number"

    @property
    def seed_words(self) -> str:
        if isinstance(self.seed, bool):
            return "yes" if self.seed else "no"
        if self.seed is None:
            return "any"
        return dict(self.choices).get(self.seed, str(self.seed))


@dataclass
class Row:
    label: str
    cells: list[Cell] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(c.changed for c in self.cells)

    @property
    def paths(self) -> str:
        return ",".join(c.path for c in self.cells)


@dataclass
class Table:
    title: str
    key: str
    rows: list[Row] = field(default_factory=list)


def _row(document, seed, label: str, cells: list[tuple[str, str]], choices=()) -> Row:
    return Row(
        label,
        [Cell(p, words, read_path(document, p), read_path(seed, p), choices) for p, words in cells],
    )


def tables(document: dict[str, Any], seed: dict[str, Any]) -> list[Table]:
    """Each table of the rules in words, for the page; `seed` gives the value beside a change."""
    out = [Table("Budget", "budget", [_row(document, seed, "Starting budget", [("budget", "")])])]
    for faction in FACTIONS.values():
        base = f"factions.{faction.key}"
        profiles = Table(f"{faction.name}: figures", f"{faction.key}-profiles")
        for p in faction.profiles:
            cells = [(f"{base}.profiles.{p.key}.cost", "cost"),
                     (f"{base}.profiles.{p.key}.reputation", "reputation")]  # fmt: skip
            profiles.rows.append(_row(document, seed, p.name, cells))
        kit = Table(f"{faction.name}: equipment", f"{faction.key}-equipment")
        for i in faction.equipment:
            at = f"{base}.equipment.{i.key}"
            cells = [(f"{at}.price", "price"), (f"{at}.allowed", "sold"),
                     (f"{at}.veteran_and_hero_only", "Heroes and Veterans only")]  # fmt: skip
            kit.rows.append(_row(document, seed, i.name, cells))
        limits = Table(f"{faction.name}: limits", f"{faction.key}-limits")
        limits.rows.append(_row(document, seed, "Figures", [(f"{base}.limits.figures", "at most")]))
        weapon = faction.item(faction.required_weapon).name.lower()
        limits.rows.append(
            _row(
                document,
                seed,
                f"Figures with a {weapon}",
                [(f"{base}.limits.required_weapon", "at least")],
            )
        )
        for status in reversed(STATUSES):
            at = f"{base}.limits.{status}"
            cells = [(f"{at}.min", "at least"), (f"{at}.max", "at most (empty: any)")]
            limits.rows.append(_row(document, seed, STATUS_PLURALS[status], cells))
        out += [profiles, kit, limits]
    injuries = Table("Injury table (D66, 11-66)", "injury-table")
    for r in INJURY_TABLE:
        at = f"injuries.table.{r.key}"
        cells = [(f"{at}.low", "from"), (f"{at}.high", "to")]
        injuries.rows.append(_row(document, seed, r.name, cells))
    effects = Table("Lasting injuries: what they cost", "injury-effects")
    for key in document["injuries"]["effects"]:
        name = next(r.name for r in INJURY_TABLE if r.key == key)
        at = f"injuries.effects.{key}"
        cells = [(f"{at}.movement", "movement −"), (f"{at}.shooting", "shooting −"),
                 (f"{at}.melee", "melee −")]  # fmt: skip
        effects.rows.append(_row(document, seed, name, cells))
    experience = Table("Experience", "experience")
    cells = [("experience.survived", "survived"), ("experience.per_wound", "per wound"),
             ("experience.per_scalp", "per scalp")]  # fmt: skip
    experience.rows.append(_row(document, seed, "Awards", cells))
    experience.rows.append(
        _row(document, seed, "Advancement", [("experience.levels_per_advance", "a roll every")])
    )
    for n, _ in enumerate(document["experience"]["underdog"]):
        at = f"experience.underdog.{n}"
        cells = [(f"{at}.low", "rating gap from"), (f"{at}.high", "to (empty: and over)"),
                 (f"{at}.bonus", "bonus")]  # fmt: skip
        experience.rows.append(_row(document, seed, f"Underdog band {n + 1}", cells))
    advancement = Table("Advancement tables (D6)", "advancement")
    # C10: Promotion is a step up for Greens and Troopers only; the Heroes' table never offers it.
    tables_ = (("hero_and_veteran", "Heroes and Veterans", HERO_RESULTS),
               ("mere_mortal", "Others", ADVANCE_RESULTS))  # fmt: skip
    for key, name, offered in tables_:
        results = tuple((r, RESULT_WORDS[r]) for r in offered)
        cells = [(f"advancement.{key}.{face}", face) for face in FACES]
        advancement.rows.append(_row(document, seed, name, cells, results))
    cells = [(f"advancement.attribute_limits.{s}", STATUS_NAMES[s]) for s in reversed(STATUSES)]
    advancement.rows.append(_row(document, seed, "Attribute increases", cells))
    income = Table("Income", "income")
    dice = tuple((d, d) for d in DICE_CHOICES)
    cells = [("income.won", "won"), ("income.drew", "drawn"), ("income.lost", "lost")]
    income.rows.append(_row(document, seed, "Game roll", cells, dice))
    cells = [("income.earner", "each Hero and Veteran"), ("income.prospector", "Prospector")]
    income.rows.append(_row(document, seed, "Extra rolls", cells, dice))
    income.rows.append(_row(document, seed, "Expert trader", [("income.expert_trader", "adds")]))
    specialists = Table("Specialists", "specialists")
    statuses = tuple((s, STATUS_NAMES[s]) for s in reversed(STATUSES))
    for kind in SPECIALISTS.values():
        at = f"specialists.kinds.{kind.key}"
        row = _row(
            document,
            seed,
            kind.name,
            [
                (f"{at}.hire", "hire"),
                (f"{at}.retainer", "retainer"),
                (f"{at}.skill_rolls", "skill rolls"),
            ],  # fmt: skip
        )
        row.cells.insert(
            2,
            Cell(
                f"{at}.counts_as",
                "counts as",
                read_path(document, f"{at}.counts_as"),
                read_path(seed, f"{at}.counts_as"),
                statuses,
            ),
        )
        specialists.rows.append(row)
    specialists.rows.append(_row(document, seed, "Hired at most", [("specialists.hire_limit", "")]))
    return out + [injuries, effects, experience, advancement, income, specialists]


def _parse(raw: str | None, seed: Any) -> Any:
    if isinstance(seed, bool):
        return raw is not None
    if isinstance(seed, str):
        return raw or ""
    raw = (raw or "").strip()
    if raw == "":
        return None  # "any number"; the rules refuse it where a number is needed
    try:
        return int(raw)
    except ValueError:
        return raw  # the rules name the field: "… must be 0-100"


def document_from_post(post, seed: dict[str, Any], reset: str = "") -> dict[str, Any]:
    """The whole rules document as the page posted it; the paths in `reset` (comma separated)
    go back to the seed's values."""
    document = json.loads(json.dumps(seed))
    back = set(filter(None, reset.split(",")))
    for path, seed_value in leaves(seed):
        value = seed_value if path in back else _parse(post.get(path), seed_value)
        node = document
        *parents, last = path.split(".")
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return document


def fills_the_form(document: Any, seed: dict[str, Any]) -> bool:
    """Whether a document has every field of the form and nothing else, each a single value:
    its values, right or wrong, can then be shown in the form beside their errors."""
    return [p for p, _ in leaves(document)] == [p for p, _ in leaves(seed)]


def document_from_upload(upload) -> dict[str, Any]:
    """An uploaded JSON file: the whole set, bare or as the download gives it."""
    try:
        data = safe_json_loads(upload.read(MAX_UPLOAD).decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ValueError(f"The file is not JSON: {error}") from error
    if isinstance(data, dict) and isinstance(data.get("rules"), dict):
        data = data["rules"]
    if not isinstance(data, dict):
        raise ValueError("The file must hold the rules as an object.")
    return data


def conflict_rows(rows: list[dict[str, Any]], shown: list[Table]) -> list[dict[str, Any]]:
    """The rows of a refused save (selectors.house_rules.house_rules_conflict) in the page's
    words: where the rule is, as the preview and the activity feed say it ("Rangers equipment:
    Musket, price", campaign.rules.labels), and each value as the form shows it ("yes", "any",
    "Promotion")."""
    cells = {c.path: c for t in shown for r in t.rows for c in r.cells}
    out = []
    for row in rows:
        cell = cells.get(row["path"])
        where = words_for(row["path"])
        words = {
            key: _value_words(row[key], cell.choices if cell else ())
            for key in ("was", "mine", "now")
        }
        out.append({**row, "where": where, **{f"{k}_words": v for k, v in words.items()}})
    return out


def _value_words(value: Any, choices) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "any"
    return dict(choices).get(value, str(value))
