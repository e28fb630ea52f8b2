"""Shooting (C23): 2D6, 7+ hits at short range and 9+ at long, with the seed's modifiers.

Every modifier is a line of data with its words; `shooting()` picks the ones that apply from the
shooter's and target's rosters and the situation the player gives (range, cover, volley), and
says the number needed on 2D6 and the chance. 13 or more cannot be thrown: the shot cannot hit.
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.rules.dice import Dice
from campaign.rules.injuries import BLIND, CHEST
from campaign.rules.table.combatant import Combatant, TableError
from campaign.rules.table.odds import Modifier, at_least, percent, roll
from campaign.rules.table.weapons import WEAPONS, Weapon, shooting_weapons

SHORT, LONG = "short", "long"
RANGES = (SHORT, LONG)
BASE_NEEDED = {SHORT: 7, LONG: 9}  # C23
CANNOT_HIT = 13  # 2D6 never shows 13 or more
MAX_VOLLEY = 15  # C3: a whole warband side by side


@dataclass(frozen=True)
class Factor:
    """A modifier of the tables as data: its key, its value and its words. `given_by` says
    where it comes from: "player" (the situation, sent with the request) or "roster"."""

    key: str
    value: int
    words: str
    given_by: str = "roster"
    rule: str = "C23"

    def modifier(self, value: int | None = None, reason: str | None = None) -> Modifier:
        return Modifier(reason or self.words, self.value if value is None else value, self.key)


# C23: "Modify: 4 or 5 reputation shooter +1 ..." as printed, then the skills and injuries (C14)
# that change a shot.
SHOOTING_FACTORS: dict[str, Factor] = {
    f.key: f
    for f in (
        Factor("reputation_high", +1, "Shooter of reputation 4 or 5"),
        Factor("reputation_low", -1, "Shooter of reputation 1 or 2"),
        Factor("cover", -2, "Target in cover", given_by="player"),
        Factor("shield", -1, "Target carries a shield"),
        Factor("non_firearm", -1, "Not a firearm"),
        Factor("wound", -1, "Each wound the shooter has taken"),
        Factor(
            "volley",
            +1,
            "Volley fire (Regulars, in base contact, same target): each model after the first",
            given_by="player",
        ),
        Factor("dodge_short", -2, "Target has Dodge, at short range"),
        Factor("dodge_long", -1, "Target has Dodge, at long range"),
        Factor("shooting_increase", +1, "Shooting +1 from advancement", rule="C10"),
        Factor(CHEST, -1, "Chest wound", rule="C14"),
        Factor(BLIND, -1, "Blind in one eye", rule="C14"),
    )
}
F = SHOOTING_FACTORS


@dataclass(frozen=True)
class ShotRoll:
    dice: tuple[int, ...]
    total: int
    hit: bool

    def to_dict(self) -> dict:
        return {"dice": list(self.dice), "total": self.total, "hit": self.hit}


@dataclass(frozen=True)
class Shot:
    """The odds of one shot: what it needs on 2D6 and why."""

    shooter: Combatant
    target: Combatant | None
    weapon: Weapon
    at_range: str  # as asked
    counts_as: str  # after Marksman
    base: int
    modifiers: tuple[Modifier, ...]
    needed: int
    notes: tuple[str, ...]

    @property
    def cannot_hit(self) -> bool:
        return self.needed >= CANNOT_HIT

    @property
    def chance(self) -> float:
        """Percent, one decimal: 0 when it cannot hit."""
        return 0.0 if self.cannot_hit else percent(at_least(self.needed))

    @property
    def words(self) -> str:
        if self.cannot_hit:
            return f"Cannot hit: it would need {self.needed} on 2D6."
        return f"Needs {self.needed}+ on 2D6 ({self.chance:g}%)."

    def roll(self, dice: Dice) -> ShotRoll | None:
        """Throw 2D6 for the shot; None when it cannot hit (nothing to throw for)."""
        if self.cannot_hit:
            return None
        faces = roll(dice, 2)
        total = sum(faces)
        return ShotRoll(faces, total, total >= self.needed)

    def result_words(self, shot: ShotRoll | None) -> str:
        who = f"{self.shooter.name} shoots at {self.target.name if self.target else 'a target'}"
        with_ = f"with a {self.weapon.name.lower()}, {self.at_range} range"
        if shot is None:
            return f"{who} {with_}: cannot hit (would need {self.needed})."
        faces = "+".join(str(f) for f in shot.dice)
        verdict = "hit" if shot.hit else "miss"
        return f"{who} {with_}: needs {self.needed}+, rolled {faces} = {shot.total}: {verdict}."


def _weapon(shooter: Combatant, key: str | None) -> Weapon:
    if key is None:
        carried = shooting_weapons(shooter.kit)
        if not carried:
            raise TableError(f"{shooter.name} carries nothing to shoot or throw.", field="shooter")
        return carried[0]
    weapon = WEAPONS.get(key)
    if weapon is None or not weapon.shoots:
        known = ", ".join(w.key for w in WEAPONS.values() if w.shoots)
        raise TableError(f"{key!r} is not a weapon that shoots ({known}).", field="weapon")
    if key not in shooter.kit:
        raise TableError(f"{shooter.name} does not carry a {weapon.name.lower()}.", field="weapon")
    return weapon


def shooting(
    shooter: Combatant,
    *,
    at_range: str,
    target: Combatant | None = None,
    weapon: str | None = None,
    cover: bool = False,
    volley: int = 1,
) -> Shot:
    """C23: the number a shot needs on 2D6, every modifier in words, and what the skills say."""
    if at_range not in RANGES:
        raise TableError(f"Range is short or long, not {at_range!r}.", field="range")
    shooter.must_stand("shooter", "shoot")
    if target is not None:
        target.must_stand("target", "be shot at (the seed: down figures cannot be shot out)")
    arm = _weapon(shooter, weapon)
    if at_range == SHORT and arm.short is None:
        raise TableError(
            f'A {arm.name.lower()} has no short range ({arm.seed_class}: -/{arm.long}"): it is '
            "thrown at long range.",
            field="range",
            rule="C23",
        )
    if not 1 <= volley <= MAX_VOLLEY:
        raise TableError(f"A volley is 1 to {MAX_VOLLEY} models.", field="volley")
    if volley > 1 and shooter.faction != "regulars":
        raise TableError("Only Regulars may use volley fire.", field="volley", rule="C23")

    notes: list[str] = []
    counts_as = at_range
    if at_range == LONG and shooter.has("marksman"):
        counts_as = SHORT
        notes.append("Marksman: counts as firing at short range.")
    mods: list[Modifier] = []
    if shooter.reputation >= 4:
        mods.append(F["reputation_high"].modifier())
    elif shooter.reputation <= 2:
        mods.append(F["reputation_low"].modifier())
    for _ in range(shooter.increases.get("shooting", 0)):
        mods.append(F["shooting_increase"].modifier())
    for key in shooter.injury_keys:
        if key in (CHEST, BLIND):
            mods.append(F[key].modifier())
    if shooter.wounds:
        plural = "wound" if shooter.wounds == 1 else "wounds"
        mods.append(F["wound"].modifier(-shooter.wounds, f"{shooter.wounds} {plural} taken"))
    if not arm.firearm:
        mods.append(F["non_firearm"].modifier(reason=f"Not a firearm ({arm.seed_class.lower()})"))
    if cover:
        mods.append(F["cover"].modifier())
    if volley > 1:
        mods.append(
            F["volley"].modifier(
                volley - 1, f"Volley fire: {volley} models, +1 for each after the first"
            )
        )
    if target is not None:
        if "shield" in target.kit:
            mods.append(F["shield"].modifier())
        if target.has("dodge"):
            mods.append(F[f"dodge_{counts_as}"].modifier())
        if target.has("fearsome"):
            notes.append(
                f"Fearsome reputation: pass a morale test before shooting at {target.name}."
            )
    base = BASE_NEEDED[counts_as]
    needed = max(2, base - sum(m.value for m in mods))
    notes += _skill_notes(shooter, arm, needed)
    return Shot(shooter, target, arm, at_range, counts_as, base, tuple(mods), needed, tuple(notes))


def _skill_notes(shooter: Combatant, arm: Weapon, needed: int) -> list[str]:
    notes = [arm.note] if arm.note else []
    if shooter.has("expert_shot") and needed < CANNOT_HIT:
        once = at_least(needed)
        notes.append(
            f"Expert shot: may re-roll a miss ({percent(1 - (1 - once) ** 2):g}% with the re-roll)."
        )
    if shooter.has("gun_fighter") and arm.key == "pistol" and shooter.kit.count("pistol") >= 2:
        notes.append("Gun fighter: with two pistols he shoots twice.")
    if shooter.has("rapid_fire"):
        notes.append("Rapid fire: may shoot twice if stationary, or fire and reload a rifle.")
    if shooter.has("shoot_from_hip"):
        notes.append("Shoot from the hip: may move and shoot without penalty.")
    return notes


def needed_words(needed: int) -> str:
    return "cannot hit" if needed >= CANNOT_HIT else f"{needed}+"
