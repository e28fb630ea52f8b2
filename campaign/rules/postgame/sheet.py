"""The post-game sequence's input and output as plain dataclasses that round-trip through JSON.

A `WarbandSheet` is the roster before the sequence (input) and after it (the preview). Equipment
is a list of `Piece`s kept where the piece is: on the figure that carries it
(`FigureSheet.equipment`) or in the warband's storage (`WarbandSheet.storage`). Each piece keeps
the price paid for it (prices are pinned at purchase), so the team rating (C11) is the sum of the
prices of every piece on a figure still on the roster and in storage, and a sale pays back half of
what was paid (C20).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from campaign.rules.errors import RulesError
from campaign.rules.factions import SPECIALISTS, STATUSES
from campaign.rules.injuries import injury_key

# Figure states. A figure in "misses_next_game" sits out the next game and comes back "active"
# at the start of the post-game that follows it.
ACTIVE, DEAD, CAPTURED, MISSES_NEXT_GAME = "active", "dead", "captured", "misses_next_game"
SOLD, DEPARTED = "sold", "departed"
STATES = (ACTIVE, DEAD, CAPTURED, MISSES_NEXT_GAME, SOLD, DEPARTED)
OFF_ROSTER = (DEAD, SOLD, DEPARTED)  # C11: these count nothing in the rating
ATTRIBUTES = ("melee", "shooting", "morale")

# Game report outcomes.
OK, DOWN, OUT_OF_ACTION = "ok", "down", "out_of_action"
OUTCOMES = (OK, DOWN, OUT_OF_ACTION)


def _get(data: dict[str, Any], key: str, what: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise RulesError(f"{what} needs {key!r}.", field=key)
    return data[key]


@dataclass
class Piece:
    """One owned piece of equipment and the price paid for it (0 for a specialist's kit)."""

    key: str
    price: int
    kit: bool = False  # a specialist's printed kit (C21): comes with him, cannot be sold or moved

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def copy(self) -> Piece:
        return replace(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Piece:
        return cls(
            key=_get(data, "key", "A piece"),
            price=int(_get(data, "price", "A piece")),
            kit=bool(data.get("kit", False)),
        )


@dataclass
class FigureSheet:
    """One figure of the roster.

    Fields:
      id: the figure's id (new recruits in a preview get negative ids -1, -2 … until saved).
      name: as the owner wrote it.
      profile: the faction profile it was recruited as ("indians_trooper"); specialists get the
        profile of the status they count as. The profile does not change on promotion: `status`
        is the authority.
      status: "hero", "veteran", "trooper" or "green" (specialists: the status they count as).
      reputation: 1..5.
      experience_start: the starting level (C8: hire cost; a specialist's retainer).
      experience: the current level (C8).
      increases: melee/shooting/morale -> 0 or 1 (C10: each raised once in a lifetime).
      skills: skill keys from skills.SKILLS.
      injuries: lasting injury keys from injuries.py; a bitter enemy is "bitter_enemy:<warband>".
      equipment: the pieces it carries.
      specialist: None, or a key of factions.SPECIALISTS.
      state: one of STATES.
      held_by: the warband holding it while "captured" (C16), else None.
      rolls_since_gain: advancement rolls made since it joined or since its last promotion or
        reputation gain (C10: a Green adds +1 only from its second roll).
      reputation_gained_as: the status at which it took the Hero-and-veteran table's reputation
        gain (C10: once per status), else None.
      bonus_ended: C10, a reputation gain made while it already held every increase its status
        allows has ended the +1 (a gain made before the last increase does not).
    """

    id: int
    name: str
    profile: str
    status: str
    reputation: int
    experience_start: int
    experience: int
    increases: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ATTRIBUTES, 0))
    skills: list[str] = field(default_factory=list)
    injuries: list[str] = field(default_factory=list)
    equipment: list[Piece] = field(default_factory=list)
    specialist: str | None = None
    state: str = ACTIVE
    held_by: str | None = None
    rolls_since_gain: int = 0
    reputation_gained_as: str | None = None
    bonus_ended: bool = False

    @property
    def on_roster(self) -> bool:
        return self.state not in OFF_ROSTER

    @property
    def increases_taken(self) -> int:
        return sum(1 for a in ATTRIBUTES if self.increases.get(a))

    @property
    def non_combatant(self) -> bool:
        return bool(self.specialist and SPECIALISTS[self.specialist].non_combatant)

    def has_injury(self, key: str) -> bool:
        return any(injury_key(i) == key for i in self.injuries)

    def carried(self, key: str) -> int:
        return sum(1 for p in self.equipment if p.key == key)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def copy(self) -> FigureSheet:
        """A deep copy: its own increases, lists and pieces (copy.deepcopy's result, several
        times faster: a sequence copies its sheet on every replay)."""
        return replace(
            self,
            increases=dict(self.increases),
            skills=list(self.skills),
            injuries=list(self.injuries),
            equipment=[piece.copy() for piece in self.equipment],
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FigureSheet:
        what = f"Figure {data.get('name') or data.get('id')!s}" if isinstance(data, dict) else ""
        status = _get(data, "status", what)
        if status not in STATUSES:
            raise RulesError(f"{what}: unknown status {status!r}.", field="status")
        state = data.get("state", ACTIVE)
        if state not in STATES:
            raise RulesError(f"{what}: unknown state {state!r}.", field="state")
        specialist = data.get("specialist")
        if specialist is not None and specialist not in SPECIALISTS:
            raise RulesError(f"{what}: unknown specialist {specialist!r}.", field="specialist")
        increases = dict.fromkeys(ATTRIBUTES, 0)
        increases.update({k: int(v) for k, v in (data.get("increases") or {}).items()})
        return cls(
            id=int(_get(data, "id", what)),
            name=_get(data, "name", what),
            profile=_get(data, "profile", what),
            status=status,
            reputation=int(_get(data, "reputation", what)),
            experience_start=int(_get(data, "experience_start", what)),
            experience=int(_get(data, "experience", what)),
            increases=increases,
            skills=list(data.get("skills") or []),
            injuries=list(data.get("injuries") or []),
            equipment=[Piece.from_dict(p) for p in data.get("equipment") or []],
            specialist=specialist,
            state=state,
            held_by=data.get("held_by"),
            rolls_since_gain=int(data.get("rolls_since_gain", 0)),
            reputation_gained_as=data.get("reputation_gained_as"),
            bonus_ended=bool(data.get("bonus_ended", False)),
        )


@dataclass
class WarbandSheet:
    """The warband: treasury, figures (all of them, gone ones included) and storage."""

    id: int
    name: str
    faction: str
    treasury: int
    figures: list[FigureSheet] = field(default_factory=list)
    storage: list[Piece] = field(default_factory=list)
    games_played: int = 0  # games played before this one (the preview counts this one too)

    def figure(self, figure_id: int) -> FigureSheet:
        for figure in self.figures:
            if figure.id == figure_id:
                return figure
        raise RulesError(f"{self.name} has no figure {figure_id}.", field="figure")

    @property
    def roster(self) -> list[FigureSheet]:
        """Figures still on the roster (C11): not dead, sold or departed."""
        return [f for f in self.figures if f.on_roster]

    def owned_pieces(self) -> list[Piece]:
        """Every piece the warband owns (C11): carried by a figure on the roster, or stored."""
        return [p for f in self.roster for p in f.equipment] + list(self.storage)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def copy(self) -> WarbandSheet:
        """A deep copy (see FigureSheet.copy)."""
        return replace(
            self,
            figures=[figure.copy() for figure in self.figures],
            storage=[piece.copy() for piece in self.storage],
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WarbandSheet:
        return cls(
            id=int(_get(data, "id", "A warband")),
            name=_get(data, "name", "A warband"),
            faction=_get(data, "faction", "A warband"),
            treasury=int(_get(data, "treasury", "A warband")),
            figures=[FigureSheet.from_dict(f) for f in data.get("figures") or []],
            storage=[Piece.from_dict(p) for p in data.get("storage") or []],
            games_played=int(data.get("games_played", 0)),
        )


@dataclass
class FigureReport:
    """How one figure of this side ended the game."""

    figure: int
    took_part: bool = True
    outcome: str = OK  # "ok", "down" or "out_of_action"
    wounds_inflicted: int = 0
    scalps: int = 0
    # C17: the name of the opposing figure with Crack shot that put this one down, if any.
    crack_shot_by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FigureReport:
        outcome = data.get("outcome", OK)
        if outcome not in OUTCOMES:
            raise RulesError(
                f"Unknown outcome {outcome!r}: one of {', '.join(OUTCOMES)}.", field="outcome"
            )
        return cls(
            figure=int(_get(data, "figure", "A figure report")),
            took_part=bool(data.get("took_part", True)),
            outcome=outcome,
            wounds_inflicted=int(data.get("wounds_inflicted", 0)),
            scalps=int(data.get("scalps", 0)),
            crack_shot_by=data.get("crack_shot_by"),
        )


@dataclass
class CaptiveReport:
    """A figure of the opponent held by this side (C16), settled in this side's income step.

    `ransom` is the price the two owners agreed (paid to this side); None means it was not
    ransomed and this side sells it for D6 x 5 (a "captive_sale" roll).
    """

    figure: int  # the opponent's figure id
    name: str
    ransom: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CaptiveReport:
        ransom = data.get("ransom")
        return cls(
            figure=int(_get(data, "figure", "A captive")),
            name=_get(data, "name", "A captive"),
            ransom=None if ransom is None else int(ransom),
        )


@dataclass
class ReportSheet:
    """One side's report of a game as the rules read it (the input of its post-game sequence);
    built from a GameReport row by campaign.services.games."""

    won: bool | None  # True won, False lost, None a draw
    opponent: str  # the opposing warband's name (for Bitter enemy and Captured)
    rating_before: int  # this side's team rating before the game (C9)
    opponent_rating_before: int
    figures: list[FigureReport] = field(default_factory=list)
    captives: list[CaptiveReport] = field(default_factory=list)
    currency: str = "£"  # the campaign's sign for money in the log's words (C2 setting)

    def for_figure(self, figure_id: int) -> FigureReport | None:
        return next((r for r in self.figures if r.figure == figure_id), None)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReportSheet:
        return cls(
            won=data.get("won"),
            opponent=_get(data, "opponent", "A game report"),
            rating_before=int(_get(data, "rating_before", "A game report")),
            opponent_rating_before=int(_get(data, "opponent_rating_before", "A game report")),
            figures=[FigureReport.from_dict(f) for f in data.get("figures") or []],
            captives=[CaptiveReport.from_dict(c) for c in data.get("captives") or []],
            currency=str(data.get("currency") or "£"),
        )
