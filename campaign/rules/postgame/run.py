"""The working state of one replay of the sequence, and the two ways a step asks for input.

Steps are generators: `answer = yield from ask_roll(...)` hands a `Prompt` to the driver
(sequence.py), which sends back the matching `Answer`. A replay starts from a fresh copy of the
sheet every time, so the steps may change `run.sheet` freely: nothing outside the run sees it.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from campaign.rules.book import RuleBook, seed_book
from campaign.rules.factions import Faction, item_name
from campaign.rules.postgame.answers import CHOICE, ROLL, Answer, Prompt, faces_text
from campaign.rules.postgame.sheet import (
    ACTIVE,
    CAPTURED,
    DEAD,
    MISSES_NEXT_GAME,
    FigureReport,
    FigureSheet,
    Piece,
    ReportSheet,
    WarbandSheet,
)
from campaign.rules.warband import attribute_modifiers, faction_or_error, movement

INJURIES, EXPERIENCE, ADVANCEMENT, INCOME, TRADING, READY = (
    "injuries",
    "experience",
    "advancement",
    "income",
    "trading",
    "ready",
)
STEPS = (INJURIES, EXPERIENCE, ADVANCEMENT, INCOME, TRADING, READY)

# A worse state wins when two results meet on one figure (an arm wound after a capture).
STATE_RANK = {ACTIVE: 0, MISSES_NEXT_GAME: 1, CAPTURED: 2, DEAD: 3}

Steps = Generator[Prompt, Answer, Any]


@dataclass
class Run:
    start: WarbandSheet  # the sheet as given: never changed
    report: ReportSheet
    # C31: the tables in force when the game was reported; the seed's without house rules.
    book: RuleBook = field(default_factory=seed_book)
    sheet: WarbandSheet = field(init=False)  # the working copy: becomes the preview
    step: str = INJURIES
    log: list[dict[str, Any]] = field(default_factory=list)
    changes: dict[int, list[str]] = field(default_factory=dict)
    doubled: set[int] = field(default_factory=set)  # survived against the odds (C9)
    rolls_due: dict[int, int] = field(default_factory=dict)  # advancement rolls (C8)
    used_crack_shots: set[str] = field(default_factory=set)  # C17: one re-roll each

    def __post_init__(self) -> None:
        self.sheet = self.start.copy()

    @property
    def faction(self) -> Faction:
        return faction_or_error(self.sheet.faction, self.book)

    def report_for(self, figure: FigureSheet) -> FigureReport | None:
        report = self.report.for_figure(figure.id)
        return report if report and report.took_part else None

    def note(
        self,
        purpose: str,
        text: str,
        *,
        figure: FigureSheet | None = None,
        answer: Answer | None = None,
    ) -> dict[str, Any]:
        """Append a log entry and return it (a later effect may be added to its text)."""
        entry: dict[str, Any] = {"step": self.step, "purpose": purpose}
        if figure is not None:
            entry["figure"] = figure.id
        if answer is not None and answer.dice is not None:
            entry["faces"] = list(answer.dice)
        if answer is not None and answer.choice is not None:
            entry["choice"] = answer.choice
        if answer is not None and answer.trade is not None:
            entry["action"] = dict(answer.trade)
        entry["by"] = answer.by if answer else None
        entry["typed"] = answer.typed if answer else False
        if answer is not None and answer.was is not None:
            entry["changed_from"] = list(answer.was)  # C22: typed faces changed after an undo
        entry["text"] = text
        # The treasury after this entry: a change from the entry before is money this entry
        # moved, which the ledger records with this entry's words.
        entry["treasury"] = self.sheet.treasury
        self.log.append(entry)
        return entry

    def money(self, amount: int) -> str:
        """An amount in the campaign's currency, for the log's words (C2 setting)."""
        return f"{self.report.currency}{amount}"

    def change(self, figure: FigureSheet, text: str) -> None:
        self.changes.setdefault(figure.id, []).append(text)

    def set_state(self, figure: FigureSheet, state: str) -> None:
        if STATE_RANK.get(state, 0) > STATE_RANK.get(figure.state, 0):
            figure.state = state

    def new_figure_id(self) -> int:
        """Recruits and hires get negative ids until the Django side saves them."""
        return min([f.id for f in self.sheet.figures] + [0]) - 1


def ask_roll(purpose: str, dice: str, figure: FigureSheet | None = None) -> Steps:
    answer = yield Prompt(ROLL, purpose, dice, figure.id if figure else None)
    return answer


def ask_choice(purpose: str, options: list[str], figure: FigureSheet | None = None) -> Steps:
    """A choice with a single possible option is made at once (logged as the app's)."""
    if len(options) == 1:
        return Answer(choice=options[0], purpose=purpose)
    answer = yield Prompt(
        CHOICE, purpose, figure=figure.id if figure else None, options=tuple(options)
    )
    return answer


def rolled(answer: Answer, dice: str) -> str:
    return faces_text(dice, answer.dice)


def card_numbers(figure: FigureSheet, book: RuleBook | None = None) -> dict[str, str]:
    """The numbers on the roster card that injuries and advances change (C7, C14), with the
    injury effects of the rule book (C31)."""
    mods = attribute_modifiers(figure.increases, figure.injuries, book)
    return {
        "movement": movement(
            figure.status, figure.injuries, non_combatant=figure.non_combatant, book=book
        ),
        **{k: f"{v:+d}" for k, v in mods.items()},
    }


def card_change(before: dict[str, str], after: dict[str, str]) -> str:
    """ "movement 6/3 → 5/2, shooting +0 → -1" for the numbers that moved."""
    moved = [f"{k} {before[k]} → {after[k]}" for k in before if before[k] != after[k]]
    return ", ".join(moved) if moved else "no change to the card"


def lose_equipment_to_storage(run: Run, figure: FigureSheet) -> str:
    """A figure leaving the roster leaves what the warband bought in storage; its specialist's
    kit goes with it."""
    bought = [p for p in figure.equipment if not p.kit]
    figure.equipment = []
    run.sheet.storage.extend(Piece(p.key, p.price) for p in bought)
    return f"; {', '.join(item_name(p.key) for p in bought)} to storage" if bought else ""
