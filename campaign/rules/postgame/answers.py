"""What the sequence asks (`Prompt`) and what it is told (`Answer`), and checking one against the
other (C12: every roll is the app's or typed in from real dice)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign.rules.dice import Dice
from campaign.rules.errors import DiceError, RulesError

D6, TWO_D6, D66 = "D6", "2D6", "D66"
FACES = {D6: 1, TWO_D6: 2, D66: 2}  # how many faces each kind of roll is typed as

ROLL, CHOICE, TRADE, READY = "roll", "choice", "trade", "ready"


@dataclass(frozen=True)
class Prompt:
    """What the sequence waits for. `kind` "trade" and "ready" are public as a null prompt."""

    kind: str
    purpose: str | None = None
    dice: str | None = None  # rolls only
    figure: int | None = None
    options: tuple[str, ...] = ()  # choices only

    def to_dict(self) -> dict[str, Any] | None:
        if self.kind == ROLL:
            shape = {"kind": ROLL, "dice": self.dice, "purpose": self.purpose}
        elif self.kind == CHOICE:
            shape = {"kind": CHOICE, "purpose": self.purpose, "options": list(self.options)}
        else:
            return None
        if self.figure is not None:
            shape["figure"] = self.figure
        return shape


TRADING_PROMPT = Prompt(TRADE)
READY_PROMPT = Prompt(READY)


@dataclass(frozen=True)
class Answer:
    """One recorded answer. Rolls always hold the faces used, app rolls included, so a replay
    never rolls again. `purpose` and `figure` repeat the prompt answered, so a replay can tell
    when recorded answers no longer fit. `typed` is about dice only (False for choices)."""

    dice: tuple[int, ...] | None = None
    choice: str | None = None
    trade: dict[str, Any] | None = None
    by: str | None = None
    typed: bool = False
    purpose: str | None = None
    figure: int | None = None
    # C22: the faces typed in before an undo that these typed faces replace (a typing slip
    # corrected in the open); None when the roll came back as it was made.
    was: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        shape = {
            "dice": None if self.dice is None else list(self.dice),
            "choice": self.choice,
            "trade": None if self.trade is None else dict(self.trade),
            "by": self.by,
            "typed": self.typed,
            "purpose": self.purpose,
            "figure": self.figure,
        }
        if self.was is not None:
            shape["was"] = list(self.was)
        return shape

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Answer:
        if not isinstance(data, dict):
            raise RulesError("An answer is an object.", field="answers")
        dice, was = data.get("dice"), data.get("was")
        return cls(
            dice=None if dice is None else tuple(dice),
            choice=data.get("choice"),
            trade=data.get("trade"),
            by=data.get("by"),
            typed=bool(data.get("typed", False)),
            purpose=data.get("purpose"),
            figure=data.get("figure"),
            was=None if was is None else tuple(was),
        )


def check_faces(kind: str, faces: Any) -> tuple[int, ...]:
    """The faces typed in for a roll of `kind`, checked: count and 1..6 (C12)."""
    wanted = FACES[kind]
    if not isinstance(faces, list | tuple):
        raise DiceError(f"A {kind} roll is typed as a list of {wanted} face(s).", field="dice")
    if len(faces) != wanted:
        what = "two faces, tens then units" if kind == D66 else f"{wanted} face(s)"
        raise DiceError(f"A {kind} roll is {what}: {len(faces)} given.", field="dice", rule="C12")
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int):
            raise DiceError(f"A die face is a whole number 1 to 6, not {face!r}.", field="dice")
        if not 1 <= face <= 6:
            raise DiceError(f"A die shows 1 to 6, not {face}.", field="dice", rule="C12")
    return tuple(faces)


def roll_faces(kind: str, dice: Dice) -> tuple[int, ...]:
    """Faces for a roll of `kind` from the app's dice (or a TypedDice in tests)."""
    return tuple(dice.d6() for _ in range(FACES[kind]))


def check_answer(prompt: Prompt, answer: Answer) -> None:
    """Raise if `answer` does not answer `prompt`. Trade actions are checked by trading.py."""
    if prompt.kind == READY:
        raise RulesError(
            "The sequence is ready to commit: undo to change anything.", field="answer"
        )
    if prompt.kind == TRADE:
        if answer.trade is None:
            raise RulesError("The sequence is trading: send a trade action.", field="action")
        return
    if answer.trade is not None:
        raise RulesError(f"Answer the {prompt.purpose} prompt before trading.", field="action")
    if answer.purpose is not None and (answer.purpose, answer.figure) != (
        prompt.purpose,
        prompt.figure,
    ):
        raise RulesError(
            f"A recorded answer for {answer.purpose} no longer fits: the sequence asks for "
            f"{prompt.purpose}.",
            field="answers",
        )
    if prompt.kind == ROLL:
        if answer.choice is not None:
            raise RulesError(
                f"The {prompt.purpose} prompt wants dice, not a choice.", field="choice"
            )
        check_faces(prompt.dice, list(answer.dice) if answer.dice is not None else None)
        return
    if answer.dice is not None:
        raise RulesError(f"The {prompt.purpose} prompt wants a choice, not dice.", field="dice")
    if answer.choice not in prompt.options:
        raise RulesError(
            f"Choose one of {', '.join(prompt.options)} for {prompt.purpose}, "
            f"not {answer.choice!r}.",
            field="choice",
        )


def faces_text(kind: str, faces: tuple[int, ...]) -> str:
    """Faces as a player reads them: D66 "23", 2D6 "4+3 = 7", D6 "4"."""
    if kind == D66:
        return f"{faces[0]}{faces[1]}"
    if kind == TWO_D6:
        return f"{faces[0]}+{faces[1]} = {sum(faces)}"
    return str(faces[0])
