"""The injury table (C13) and what lasting injuries do to a figure (C14)."""

from __future__ import annotations

from dataclasses import dataclass

DEAD, MULTIPLE, LEG, ARM, MADNESS, NERVOUS = (
    "dead",
    "multiple_injuries",
    "leg_wound",
    "arm_wound",
    "madness",
    "nervous_condition",
)
CHEST, BLIND, OLD_WOUND, SNAKE_OIL, ROBBED, RECOVERY = (
    "chest_wound",
    "blind_in_one_eye",
    "old_battle_wound",
    "snake_oil",
    "robbed",
    "full_recovery",
)
BITTER_ENEMY, CAPTURED, HARDENED, AGAINST_THE_ODDS = (
    "bitter_enemy",
    "captured",
    "hardened",
    "survives_against_the_odds",
)
ARM_AMPUTATED = "arm_amputated"
REROLLED = (DEAD, RECOVERY, MULTIPLE)  # C15: re-rolled among a figure's multiple injuries


@dataclass(frozen=True)
class InjuryResult:
    key: str
    name: str
    low: int  # D66 range, inclusive
    high: int


# C13: D66 ranges (first die tens, second units). Only real D66 values fall in a range.
INJURY_TABLE: tuple[InjuryResult, ...] = (
    InjuryResult(DEAD, "Dead", 11, 15),
    InjuryResult(MULTIPLE, "Multiple injuries", 16, 21),
    InjuryResult(LEG, "Leg wound", 22, 22),
    InjuryResult(ARM, "Arm wound", 23, 23),
    InjuryResult(MADNESS, "Madness", 24, 24),
    InjuryResult(NERVOUS, "Nervous condition", 25, 25),
    InjuryResult(CHEST, "Chest wound", 26, 26),
    InjuryResult(BLIND, "Blind in one eye", 31, 31),
    InjuryResult(OLD_WOUND, "Old battle wound", 32, 32),
    InjuryResult(SNAKE_OIL, "Snake oil salesman", 33, 33),
    InjuryResult(ROBBED, "Robbed", 34, 36),
    InjuryResult(RECOVERY, "Full recovery", 41, 56),
    InjuryResult(BITTER_ENEMY, "Bitter enemy", 61, 61),
    InjuryResult(CAPTURED, "Captured", 62, 62),
    InjuryResult(HARDENED, "Hardened", 63, 65),
    InjuryResult(AGAINST_THE_ODDS, "Survives against the odds", 66, 66),
)


def injury_for(d66: int) -> InjuryResult:
    tens, units = divmod(d66, 10)
    if not (1 <= tens <= 6 and 1 <= units <= 6):
        raise ValueError(f"{d66} is not a D66 result")
    return next(r for r in INJURY_TABLE if r.low <= d66 <= r.high)


# Lasting injuries kept on the figure and printed on its roster card (C14), with their effect.
LASTING_INJURIES = {
    LEG: 'Leg wound: movement -1"',
    CHEST: "Chest wound: -1 movement, shooting and melee",
    BLIND: "Blind in one eye: -1 shooting",
    NERVOUS: "Nervous condition: reputation -1",
    ARM_AMPUTATED: "Arm amputated: single-handed weapons only",
    OLD_WOUND: "Old battle wound: will not fight on a 1 at the start of a game",
    MADNESS: "Madness: morale test each turn",
    HARDENED: "Hardened: ignores all morale checks",
    BITTER_ENEMY: "Bitter enemy: fearless against that warband",
}
# C14 effects on the figure's numbers, per lasting injury.
MOVEMENT_PENALTY = {LEG: 1, CHEST: 1}
SHOOTING_PENALTY = {CHEST: 1, BLIND: 1}
MELEE_PENALTY = {CHEST: 1}


def injury_key(entry: str) -> str:
    """Injuries are stored as keys; a bitter enemy carries its warband: "bitter_enemy:Name"."""
    return entry.split(":", 1)[0]
