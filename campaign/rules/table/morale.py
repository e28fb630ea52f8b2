"""Morale (C24): 2D6 plus the seed's modifiers; the column is the total minus 5, clamped to
1..7; the row is the figure's reputation. FB fall back, RT rout, NE no effect. Rally succeeds on
the printed range. Brave re-rolls a failed test; Hardened (and a Bitter enemy against the
warband that caused it) ignores morale. Losses of 20% and 40% call for a test, 50% is a rout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaign.rules.dice import Dice
from campaign.rules.table.combatant import Combatant, TableError
from campaign.rules.table.odds import TWO_D6, Modifier, at_least, percent, roll
from campaign.rules.table.shooting import Factor

FALL_BACK, ROUT, NO_EFFECT = "FB", "RT", "NE"
RESULTS = (FALL_BACK, ROUT, NO_EFFECT)
RESULT_WORDS = {
    FALL_BACK: "Fall back: 1½ × speed, ending with its back to the enemy; next move no charge",
    ROUT: "Rout: turn and run at 1½ × speed, and keep running every move until rallied",
    NO_EFFECT: "No effect",
}
RESULT_NAMES = {FALL_BACK: "falls back", ROUT: "routs", NO_EFFECT: "stands"}
# The chart's cells in words, for the log a player reads (the chart prints NE, FB and RT).
CHART_WORDS = {FALL_BACK: "fall back", ROUT: "rout", NO_EFFECT: "no effect"}


@dataclass(frozen=True)
class ChartRow:
    reputation: int
    name: str
    columns: tuple[str, ...]  # columns 1..7
    rally: tuple[int, int]  # 2D6 range that rallies


# C24: the chart as printed; row = reputation.
MORALE_CHART: dict[int, ChartRow] = {
    r.reputation: r
    for r in (
        ChartRow(1, "Civilian", ("RT", "RT", "RT", "RT", "FB", "FB", "NE"), (9, 12)),
        ChartRow(2, "Green", ("RT", "RT", "RT", "FB", "FB", "NE", "NE"), (8, 12)),
        ChartRow(3, "Trooper", ("RT", "RT", "FB", "FB", "NE", "NE", "NE"), (7, 12)),
        ChartRow(4, "Veteran", ("RT", "FB", "FB", "NE", "NE", "NE", "NE"), (5, 12)),
        ChartRow(5, "Hero", ("FB", "FB", "NE", "NE", "NE", "NE", "NE"), (3, 12)),
    )
}
COLUMN_OFFSET, FIRST_COLUMN, LAST_COLUMN = 5, 1, 7  # C24

# C24 "modify as listed below", the coup (seed: friendly figures seeing it +1 that turn), the
# preacher's sermon (C21) and advancement (C10).
MORALE_FACTORS: dict[str, Factor] = {
    f.key: f
    for f in (
        Factor("losses_20", -1, "20% losses (each 20%: -1)", given_by="player", rule="C24"),
        Factor("losses_40", -2, "40% losses (each 20%: -1)", given_by="player", rule="C24"),
        Factor("sees_scalping", -3, "Figure sees scalping", given_by="player", rule="C24"),
        Factor("hero_lost", -3, "Hero killed or captured", given_by="player", rule="C24"),
        Factor(
            "hero_in_combat", +2, "Hero in front rank or in combat", given_by="player", rule="C24"
        ),
        Factor("leader_near", +1, 'Leader within 4"', given_by="player", rule="C24"),
        Factor(
            "formation", +1, "Trained or elite troops in formation", given_by="player", rule="C24"
        ),
        Factor("sees_coup", +1, "Saw a friend claim coup this turn", given_by="player", rule="C24"),
        Factor(
            "sermon",
            -1,
            "Fiery sermon or chant (preacher / medicine man)",
            given_by="player",
            rule="C21",
        ),
        Factor("morale_increase", +1, "Morale +1 from advancement", rule="C10"),
    )
}
PLAYER_MODIFIERS = tuple(k for k, f in MORALE_FACTORS.items() if f.given_by == "player")
EXCLUSIVE = (("losses_20", "losses_40"),)


def column(total: int) -> int:
    """C24: the modified total minus 5, clamped to 1..7."""
    return min(LAST_COLUMN, max(FIRST_COLUMN, total - COLUMN_OFFSET))


def chart_result(reputation: int, total: int) -> str:
    return MORALE_CHART[reputation].columns[column(total) - 1]


@dataclass(frozen=True)
class MoraleRoll:
    dice: tuple[int, ...]
    total: int
    column: int
    result: str

    def to_dict(self) -> dict:
        return {
            "dice": list(self.dice),
            "total": self.total,
            "column": self.column,
            "result": self.result,
        }


@dataclass(frozen=True)
class MoraleOutcome:
    rolls: tuple[MoraleRoll, ...]  # two when Brave re-rolled a failure
    row: int
    result: str
    ignored: str | None = None  # why no test was needed

    @property
    def final(self) -> MoraleRoll | None:
        return self.rolls[-1] if self.rolls else None

    @property
    def faces(self) -> list[int]:
        return [face for r in self.rolls for face in r.dice]


def _modifiers(figure: Combatant, keys: Sequence[str]) -> tuple[Modifier, ...]:
    for index, key in enumerate(keys):
        if key not in PLAYER_MODIFIERS:
            raise TableError(
                f"Unknown modifier {key!r}; the modifiers are {', '.join(PLAYER_MODIFIERS)}.",
                field=f"modifiers[{index}]",
            )
        if key in keys[:index]:
            raise TableError(f"Modifier {key!r} is given twice.", field=f"modifiers[{index}]")
    for group in EXCLUSIVE:
        if all(key in keys for key in group):
            raise TableError(f"Give one of {' or '.join(group)}, not both.", field="modifiers")
    mods = [MORALE_FACTORS[k].modifier() for k in keys]
    mods += [MORALE_FACTORS["morale_increase"].modifier()] * figure.increases.get("morale", 0)
    return tuple(mods)


@dataclass(frozen=True)
class MoraleTest:
    figure: Combatant
    modifiers: tuple[Modifier, ...]

    @property
    def row(self) -> int:
        return min(5, max(1, self.figure.reputation))

    @property
    def bonus(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def ignored(self) -> str | None:
        return self.figure.ignores_morale

    @property
    def brave(self) -> bool:
        return self.figure.has("brave")

    @property
    def chances(self) -> dict[str, float]:
        """Percent of each result; Brave's re-roll of a failure included."""
        if self.ignored:
            return {FALL_BACK: 0.0, ROUT: 0.0, NO_EFFECT: 100.0}
        once = dict.fromkeys(RESULTS, 0.0)
        for total, n in TWO_D6.items():
            once[chart_result(self.row, total + self.bonus)] += n / 36
        if self.brave:
            failed = once[FALL_BACK] + once[ROUT]
            once = {
                r: (once[NO_EFFECT] if r == NO_EFFECT else 0) + failed * once[r] for r in RESULTS
            }
        return {r: percent(once[r]) for r in RESULTS}

    def roll(self, dice: Dice) -> MoraleOutcome:
        """Throw 2D6 (nothing when the figure ignores morale). Brave re-rolls a failed test
        once and the re-roll stands: typed in, its two faces follow the first two."""
        if self.ignored:
            return MoraleOutcome((), self.row, NO_EFFECT, self.ignored)
        rolls = [self._once(dice)]
        if self.brave and rolls[0].result != NO_EFFECT:
            rolls.append(self._once(dice))
        return MoraleOutcome(tuple(rolls), self.row, rolls[-1].result)

    def _once(self, dice: Dice) -> MoraleRoll:
        faces = roll(dice, 2)
        total = sum(faces) + self.bonus
        return MoraleRoll(faces, total, column(total), chart_result(self.row, total))

    def result_words(self, outcome: MoraleOutcome) -> str:
        name = self.figure.name
        if outcome.ignored:
            return f"{name}: {outcome.ignored}: no effect."
        parts = []
        for index, r in enumerate(outcome.rolls):
            faces = "+".join(str(f) for f in r.dice)
            lead = "Brave re-roll" if index else f"{name} tests morale"
            parts.append(
                f"{lead}: {faces}{_signed(self.bonus)} = {r.total}, column {r.column}, "
                f"row {self.row}: {CHART_WORDS[r.result]}"
            )
        return "; ".join(parts) + f" — {name} {RESULT_NAMES[outcome.result]}."


def _signed(value: int) -> str:
    return f" + {value}" if value > 0 else f" − {-value}" if value < 0 else ""


def morale_test(figure: Combatant, keys: Sequence[str] = ()) -> MoraleTest:
    figure.must_stand("figure", "test morale")
    return MoraleTest(figure, _modifiers(figure, list(keys)))


# --- rally -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RallyOutcome:
    dice: tuple[int, ...]
    total: int | None
    rallied: bool
    ignored: str | None = None


@dataclass(frozen=True)
class RallyTest:
    """C24: a routing figure rallies when 2D6 plus the same modifiers falls in its row's printed
    range (a total over 12 rallies too)."""

    figure: Combatant
    modifiers: tuple[Modifier, ...]

    @property
    def row(self) -> int:
        return min(5, max(1, self.figure.reputation))

    @property
    def range(self) -> tuple[int, int]:
        return MORALE_CHART[self.row].rally

    @property
    def bonus(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def chance(self) -> float:
        if self.figure.ignores_morale:
            return 100.0
        return percent(at_least(self.range[0] - self.bonus))

    def roll(self, dice: Dice) -> RallyOutcome:
        if self.figure.ignores_morale:
            return RallyOutcome((), None, True, self.figure.ignores_morale)
        faces = roll(dice, 2)
        total = sum(faces) + self.bonus
        return RallyOutcome(faces, total, total >= self.range[0])

    def result_words(self, outcome: RallyOutcome) -> str:
        name = self.figure.name
        if outcome.ignored:
            return f"{name}: {outcome.ignored}: never routs."
        faces = "+".join(str(f) for f in outcome.dice)
        low, high = self.range
        verdict = "rallies" if outcome.rallied else "does not rally"
        return (
            f"{name} tries to rally: {faces}{_signed(self.bonus)} = {outcome.total}, needs "
            f"{low}-{high}: {verdict}."
        )


def rally_test(figure: Combatant, keys: Sequence[str] = ()) -> RallyTest:
    figure.must_stand("figure", "rally")
    return RallyTest(figure, _modifiers(figure, list(keys)))


# --- losses ------------------------------------------------------------------------------------

LOSS_CHECKS = (20, 40)  # C24: "check at 20% and 40% losses against leader's morale"
ROUT_AT = 50  # C24: "Units rout automatically at 50% losses and the game is over"
LOSS_KEYS = {20: "losses_20", 40: "losses_40"}


@dataclass(frozen=True)
class Losses:
    taking_part: int
    lost: int  # down or out of action

    @property
    def percent(self) -> int:
        return 0 if not self.taking_part else self.lost * 100 // self.taking_part

    @property
    def routs(self) -> bool:
        return self.taking_part > 0 and self.lost * 100 >= ROUT_AT * self.taking_part

    def check_due(self, checked: int) -> int | None:
        """The highest threshold reached and not yet tested (`checked`: the last one tested)."""
        reached = [t for t in LOSS_CHECKS if self.lost * 100 >= t * self.taking_part]
        if self.taking_part and reached and reached[-1] > checked:
            return reached[-1]
        return None

    @property
    def modifier_key(self) -> str | None:
        """The losses modifier (each 20%: -1) a test at these losses takes."""
        reached = [t for t in LOSS_CHECKS if self.lost * 100 >= t * self.taking_part]
        return LOSS_KEYS[reached[-1]] if self.taking_part and reached else None
