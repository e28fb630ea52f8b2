"""The post-game page in words: step names, prompts, choices, the log and the trading forms.

Presentation only (the API sends the keys, the page these words); the reads are in
campaign.selectors.games. What each prompt is for, in words, is the rules' table
(campaign.rules.postgame.prompts), which the API's list of purposes reads too.
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.rules import postgame as rules
from campaign.rules.book import RuleBook, seed_book
from campaign.rules.factions import STATUS_NAMES, item_name
from campaign.rules.postgame.answers import faces_text
from campaign.rules.postgame.prompts import PROMPTS
from campaign.rules.skills import SKILL_LIST_NAMES
from campaign.selectors.games import COMMITTED

STEP_NAMES = {
    "injuries": "Injuries",
    "experience": "Experience",
    "advancement": "Advancement",
    "income": "Income",
    "trading": "Trading",
    "ready": "Ready",
    COMMITTED: "Committed",
}
OPTION_WORDS = {
    "none": "Nobody",
    "yes": "Yes",
    "no": "No",
    "reroll": "Re-roll",
    "keep": "Keep",
    "melee": "Melee +1",
    "shooting": "Shooting +1",
    "morale": "Morale +1",
    **{key: f"{name} list" for key, name in SKILL_LIST_NAMES.items()},
}
DICE_INPUTS = {"D6": ["Die"], "2D6": ["First die", "Second die"], "D66": ["Tens", "Units"]}


def prompt_view(prompt: dict | None, sheet: rules.WarbandSheet) -> dict | None:
    """A prompt in words: what it is for, the dice inputs or the choice buttons."""
    if prompt is None:
        return None
    names = {f.id: f.name for f in sheet.figures}
    name = names.get(prompt.get("figure"), "the warband")
    purpose = PROMPTS.get(prompt["purpose"])  # every purpose has words: a test scans the steps
    about_warband = prompt.get("figure") is None
    text = purpose.text(name, about_warband=about_warband) if purpose else prompt["purpose"]
    if prompt["kind"] == "roll":
        text = f"{text} ({prompt['dice']})"
    # The ruling goes in a tooltip only, never in the words (issue 21).
    view = {**prompt, "text": text, "rule": (purpose and purpose.ruling) or ""}
    if prompt["kind"] == "roll":
        view["inputs"] = DICE_INPUTS[prompt["dice"]]
        if prompt.get("made"):  # C22: answered before an undo; the same faces come back
            made = prompt["made"]
            view["made"] = {**made, "faces_text": faces_text(prompt["dice"], tuple(made["faces"]))}
    else:
        view["choices"] = [
            (key, names.get(int(key), key) if key.isdigit() else OPTION_WORDS.get(key, key))
            for key in prompt["options"]
        ]
    return view


def log_view(log: list[dict]) -> list[dict]:
    """Log entries with who rolled and how, in words."""
    shown = []
    for entry in log:
        how = ""
        if "faces" in entry:
            how = "typed in" if entry.get("typed") else "app's dice"
        if entry.get("purpose") == "undo":  # C22: who took it back; the dice stay made
            # What it took back first, struck through, so "undid:" reads after the roll it
            # takes back (the replay no longer holds that roll).
            for gone in entry.get("taken_back", []):
                way = (
                    "" if "faces" not in gone else "typed in" if gone.get("typed") else "app's dice"
                )
                how_gone = ", ".join(w for w in (way, gone.get("by"), "taken back") if w)
                shown.append(
                    {"step": entry["step"], "text": gone["text"], "how": how_gone, "by": None,
                     "gone": True}
                )  # fmt: skip
            taken = f"taken back by {entry.get('by') or 'someone'}"
            shown.append({**entry, "how": f"{how}, {taken}" if how else taken, "by": None})
            continue
        if "changed_from" in entry:  # C22: typed faces changed after an undo, in the open
            old = "".join(map(str, entry["changed_from"]))
            how = f"{how}, changed from {old} after an undo"
        shown.append({**entry, "how": how})
    return shown


@dataclass(frozen=True)
class TradeOptions:
    items: list[tuple[str, str]]  # key, "Musket (£10)"
    holders: list[tuple[str, str]]  # figure id or "storage", name
    figures: list[tuple[str, str]]
    pieces: list[tuple[str, str]]  # "holder|key|price", words (kit excluded)
    carried: list[tuple[str, str]]  # the pieces on figures only (for "store")
    profiles: list[tuple[str, str]]
    specialists: list[tuple[str, str]]


def trade_options(
    sheet: rules.WarbandSheet, currency: str, book: RuleBook | None = None
) -> TradeOptions:
    """What the trading forms offer, from the sheet as it stands in the sequence (C20, C21),
    at the prices of the rules the game keeps (C31)."""
    book = book or seed_book()
    faction = book.factions[sheet.faction]
    present = [f for f in sheet.roster if f.state != "captured"]
    figures = [(str(f.id), f.name) for f in present]
    carried = [
        (f"{f.id}|{p.key}|{p.price}", f"{f.name}'s {item_name(p.key)} (paid {currency}{p.price})")
        for f in present
        for p in f.equipment
        if not p.kit
    ]
    stored = [
        (f"storage|{p.key}|{p.price}", f"{item_name(p.key)} in storage (paid {currency}{p.price})")
        for p in sheet.storage
    ]
    return TradeOptions(
        items=[(i.key, f"{i.name} ({currency}{i.price})") for i in faction.equipment],
        holders=[*figures, ("storage", "Storage")],
        figures=figures,
        pieces=carried + stored,
        carried=carried,
        profiles=[
            (p.key, f"{p.name} ({STATUS_NAMES[p.status]}, {currency}{p.cost})")
            for p in faction.profiles
        ],
        specialists=[
            (s.key, f"{s.name} ({currency}{s.hire}, retainer {currency}{s.retainer})")
            for s in book.specialists.values()
        ],
    )
