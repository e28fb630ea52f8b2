"""The post-game sequence as a pure function of (sheet, report, answers) (C12, C22).

`PostGameRun(sheet, report, answers)` replays every answer from the start: it never rolls again,
because an answer always holds the faces used. Answering appends one answer and replays; undo
drops the last one and replays. Nothing here touches the roster: the Django side saves
`answers` after each call and applies `preview` once, at commit, when `step` is "ready".
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from campaign.rules.book import RuleBook, seed_book
from campaign.rules.dice import Dice
from campaign.rules.errors import DiceError, RulesError
from campaign.rules.postgame.advancement import advancement_step
from campaign.rules.postgame.answers import (
    CHOICE,
    READY_PROMPT,
    ROLL,
    TRADE,
    Answer,
    Prompt,
    check_answer,
    check_faces,
    faces_text,
    roll_faces,
)
from campaign.rules.postgame.experience import experience_step
from campaign.rules.postgame.income import income_step
from campaign.rules.postgame.injuries_step import injuries_step
from campaign.rules.postgame.run import READY, Run, Steps
from campaign.rules.postgame.sheet import ACTIVE, MISSES_NEXT_GAME, ReportSheet, WarbandSheet
from campaign.rules.postgame.trading import trading_step
from campaign.rules.warband import team_rating


def rating(sheet: WarbandSheet) -> int:
    """C11: treasury + the price of every owned piece + each roster figure's current level
    (a specialist's level is its retainer + experience gained)."""
    return team_rating(
        sheet.treasury,
        (p.price for p in sheet.owned_pieces()),
        (f.experience for f in sheet.roster),
    )


def _check_report(sheet: WarbandSheet, report: ReportSheet) -> None:
    """Only figures that were free to play can have taken part (C14, C16)."""
    for figure_report in report.figures:
        figure = sheet.figure(figure_report.figure)
        if figure_report.took_part and figure.state != ACTIVE:
            state = figure.state.replace("_", " ")
            raise RulesError(
                f"{figure.name} is {state} and cannot have taken part.", field="figures"
            )


def _sequence_steps(run: Run) -> Steps:
    """The seed's order: injuries, experience, advancement, income, trading, then ready."""
    for figure in run.sheet.figures:
        if figure.state == MISSES_NEXT_GAME:  # it sat out the game just played
            figure.state = ACTIVE
            run.note("return", f"{figure.name} is back after missing a game", figure=figure)
            run.change(figure, "back after missing a game")
    yield from injuries_step(run)
    experience_step(run)
    yield from advancement_step(run)
    yield from income_step(run)
    yield from trading_step(run)
    run.step = READY
    while True:
        yield READY_PROMPT


def replay_answers(
    sheet: WarbandSheet,
    report: ReportSheet,
    answers: Iterable[Answer],
    book: RuleBook | None = None,
) -> tuple[Run, Prompt]:
    """Run the sequence over the recorded answers; return the run and what it waits for.
    `book` holds the rules in force when the game was reported (C31)."""
    _check_report(sheet, report)
    # The run never changes its start (it works on a copy): the sheet given is shared with it.
    run = Run(start=sheet, report=report, book=book or seed_book())
    steps = _sequence_steps(run)
    prompt = next(steps)
    for answer in answers:
        check_answer(prompt, answer)
        prompt = steps.send(answer)
    return run, prompt


class PostGameRun:
    """One warband's post-game sequence after one game, at some point of its answers.

    Immutable: `answer`, `trade` and `undo` return a new PostGameRun and leave this one as it was,
    also when they raise (DiceError for bad faces, RulesError for a bad choice, RosterError for
    a trade that breaks a rule).
    """

    def __init__(
        self,
        sheet: WarbandSheet,
        report: ReportSheet,
        answers: Iterable[Answer] = (),
        undone: Iterable[dict[str, Any]] = (),
        book: RuleBook | None = None,
    ) -> None:
        self.book = book or seed_book()  # C31: the rules in force when the game was reported
        self.sheet = sheet
        self.report = report
        self.answers: tuple[Answer, ...] = tuple(answers)
        # C22: every undo stays in the log, at the place in it where it was made.
        self.undone: tuple[dict[str, Any], ...] = tuple(dict(u) for u in undone)
        self._run, self._prompt = replay_answers(sheet, report, self.answers, self.book)

    @classmethod
    def from_dicts(
        cls,
        sheet: dict[str, Any],
        report: dict[str, Any],
        answers: Iterable[dict[str, Any]] = (),
        undone: Iterable[dict[str, Any]] = (),
        book: RuleBook | None = None,
    ) -> PostGameRun:
        return cls(
            WarbandSheet.from_dict(sheet),
            ReportSheet.from_dict(report),
            [Answer.from_dict(a) for a in answers],
            undone,
            book,
        )

    # --- reading ---------------------------------------------------------------------------
    @property
    def step(self) -> str:
        """injuries, experience, advancement, income, trading or ready."""
        return self._run.step

    @property
    def prompt(self) -> dict[str, Any] | None:
        """{"kind": "roll", "dice", "purpose", "figure"?} or {"kind": "choice", "purpose",
        "figure"?, "options"}; None while trading (unless a recruit or hire rolls a skill)
        and once ready. A roll made before an undo adds "made": {"faces", "typed"}: what
        answering it again gives (C22)."""
        shape = self._prompt.to_dict()
        made = self.made_roll()
        if shape is not None and made is not None:
            shape["made"] = {"faces": list(made["faces"]), "typed": bool(made.get("typed"))}
        return shape

    @property
    def log(self) -> list[dict[str, Any]]:
        """What happened, in order: the replay's entries and, where they were made, the undos
        (C22: "undid: …", purpose "undo"). An undo moves no money: its treasury is the one
        before it."""
        log = copy.deepcopy(self._run.log)
        shown: list[dict[str, Any]] = []
        treasury = self.sheet.treasury
        for place in range(len(log) + 1):
            for undo in self.undone:
                if min(undo.get("at", 0), len(log)) == place:
                    entry = {k: v for k, v in undo.items() if k != "at"}
                    shown.append({**entry, "treasury": treasury})
            if place < len(log):
                shown.append(log[place])
                treasury = log[place]["treasury"]
        return shown

    @property
    def stream_position(self) -> int:
        """How many of the sequence's own app dice (C22) the answers kept so far have used: the
        next app roll starts there, so a roll undone and asked for again shows the same faces."""
        return sum(len(a.dice) for a in self.answers if a.dice is not None and not a.typed)

    @property
    def ready(self) -> bool:
        return self._run.step == READY

    def preview_sheet(self) -> WarbandSheet:
        """The warband as it would be after commit (this game counted in games_played)."""
        sheet = self._run.sheet.copy()
        sheet.games_played = self.sheet.games_played + 1
        return sheet

    @property
    def preview(self) -> dict[str, Any]:
        """{"warband": sheet, "rating": C11 rating, "rating_before": rating of the sheet given,
        "changes": [{"figure", "name", "changes": [words]}]}."""
        sheet = self.preview_sheet()
        names = {f.id: f.name for f in sheet.figures}
        return {
            "warband": sheet.to_dict(),
            "rating": rating(sheet),
            "rating_before": rating(self.sheet),
            "changes": [
                {"figure": figure_id, "name": names[figure_id], "changes": list(changes)}
                for figure_id, changes in self._run.changes.items()
            ],
        }

    def final_sheet(self) -> WarbandSheet:
        """What commit applies (C22); only once the sequence is ready."""
        if not self.ready:
            raise RulesError(
                f"The sequence is at {self.step}: finish it before committing.", field="step"
            )
        return self.preview_sheet()

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "prompt": self.prompt, "log": self.log, "preview": self.preview}

    def answers_to_list(self) -> list[dict[str, Any]]:
        return [a.to_dict() for a in self.answers]

    # --- writing ---------------------------------------------------------------------------
    def answer(
        self,
        *,
        dice: list[int] | None = None,
        choice: str | None = None,
        by: str | None = None,
        roller: Dice | None = None,
    ) -> PostGameRun:
        """Answer the prompt: faces typed in (`dice`), or the app rolls with `roller` (default
        a fresh `Dice()`); or a `choice` among the prompt's options."""
        prompt = self._prompt
        if prompt.kind == TRADE:
            raise RulesError("The sequence is trading: send a trade action.", field="action")
        typed, was = False, None
        made = self.made_roll()
        if prompt.kind == ROLL and dice is None and choice is None and made is not None:
            # C22: a roll made before an undo comes back with its faces, however it was made.
            dice, typed = list(made["faces"]), bool(made.get("typed"))
        elif prompt.kind == ROLL and dice is None and choice is None:
            roller = roller or Dice()
            dice, typed = list(roll_faces(prompt.dice, roller)), roller.typed_in
        elif prompt.kind == ROLL and dice is not None and made is not None:
            typed, was = self._typed_again(prompt, dice, made)
        elif prompt.kind == ROLL:
            typed = True
        new = Answer(
            dice=None if dice is None else tuple(dice),
            choice=choice,
            by=by,
            typed=typed,
            purpose=prompt.purpose if prompt.kind in (ROLL, CHOICE) else None,
            figure=prompt.figure,
            was=was,
        )
        return self._with(new, prompt)

    def made_roll(self) -> dict[str, Any] | None:
        """The roll this prompt was answered with before an undo (C22), or None: the latest undo
        that took back an answer to the same prompt (purpose and figure) at the same place in
        the answers. {"faces", "typed", ...}, the undo record."""
        prompt = self._prompt
        if prompt.kind != ROLL:
            return None
        place = len(self.answers)
        for undo in reversed(self.undone):
            if (
                undo.get("position") == place
                and undo.get("answered") == prompt.purpose
                and undo.get("figure") == prompt.figure
                and undo.get("faces") is not None
            ):
                return undo
        return None

    def _typed_again(
        self, prompt: Prompt, dice: list[Any], made: dict[str, Any]
    ) -> tuple[bool, tuple[int, ...] | None]:
        """Faces typed in for a roll made before an undo (C22): the app's roll cannot be
        answered afresh with typed dice (the same faces are accepted, as the app's roll); typed
        faces may be typed again differently, which is a change shown in the open.
        Returns (typed, the faces replaced or None)."""
        faces = check_faces(prompt.dice, dice)
        before = tuple(made["faces"])
        if not made.get("typed"):
            if faces == before:
                return False, None
            raise DiceError(
                f"The app already made this roll before the undo: "
                f"{faces_text(prompt.dice, before)}. Undo takes back a choice, never a die: "
                "press Roll to use the same faces.",
                field="dice",
                rule="C22",
            )
        return True, (None if faces == before else before)

    def trade(self, action: dict[str, Any], *, by: str | None = None) -> PostGameRun:
        """One trade action (see trading.py); {"action": "done"} ends trading."""
        prompt = self._prompt
        if prompt.kind != TRADE:
            if prompt.kind == READY_PROMPT.kind:
                raise RulesError(
                    "The sequence is ready to commit: undo to trade again.", field="action"
                )
            raise RulesError(f"Answer the {prompt.purpose} prompt first.", field="action")
        return self._with(Answer(trade=dict(action), by=by), prompt)

    def undo(self, *, by: str | None = None, when: str | None = None) -> PostGameRun:
        """Take back the last answer (C22): a choice, never a die. The faces it rolled stay
        the stream's, and the undo itself is logged ("undid: …") where it was made."""
        if not self.answers:
            raise RulesError("There is nothing to undo.", field="answers")
        last = self.answers[-1]
        earlier = PostGameRun(self.sheet, self.report, self.answers[:-1], book=self.book)
        at = len(earlier._run.log)
        gone = self._run.log[at:]
        said = [e["text"] for e in gone if e.get("by") is not None] or [_answer_words(last)]
        record: dict[str, Any] = {"at": at, "step": gone[0]["step"] if gone else earlier.step}
        record["purpose"] = "undo"
        if last.figure is not None:
            record["figure"] = last.figure
        if last.dice is not None:
            record["faces"] = list(last.dice)
        if last.choice is not None:
            record["choice"] = last.choice
        if last.trade is not None:
            record["action"] = dict(last.trade)
        record.update(by=by, typed=last.typed, text="undid: " + "; ".join(said))
        # C22: which roll it was (the place in the answers and the prompt), so the same roll
        # asked again comes back with these faces; and what it took back, for the log.
        record.update(position=len(self.answers) - 1, answered=last.purpose)
        record["taken_back"] = [
            {key: e[key] for key in ("text", "by", "typed", "faces") if key in e}
            for e in gone
            if e.get("by") is not None
        ]
        if when is not None:
            record["when"] = when
        # Undos made further on in the log than this one now stand where this one does.
        undone = [{**u, "at": min(u.get("at", 0), at)} for u in self.undone]
        return PostGameRun(self.sheet, self.report, self.answers[:-1], (*undone, record), self.book)

    def undone_to_list(self) -> list[dict[str, Any]]:
        return [dict(u) for u in self.undone]

    def _with(self, new: Answer, prompt: Prompt) -> PostGameRun:
        check_answer(prompt, new)  # before the replay, so a bad answer names its problem
        return PostGameRun(self.sheet, self.report, (*self.answers, new), self.undone, self.book)


def _answer_words(answer: Answer) -> str:
    """An answer that logged nothing, in words (for its undo)."""
    if answer.trade is not None:
        return f"the trade {answer.trade.get('action', '')}".strip()
    what = (answer.purpose or "answer").replace("_", " ")
    if answer.dice is not None:
        return f"{what} {''.join(str(f) for f in answer.dice)}"
    return f"{what}: {answer.choice}"
