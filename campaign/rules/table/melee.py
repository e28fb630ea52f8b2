"""Melee (C23): each side throws 2D6 and adds its reputation, weapon and tactical factors; the
higher score wounds the loser when it beats it by the loser's victory margin (Hero 4, Veteran 3,
Trooper 2, Green 1; women, children and animals on an equal score or more).

Outnumbered, a figure strikes at one enemy; the extra attackers get free strikes against its
score: they may wound it, it cannot wound them (factor `free_strike` on the attacker).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from campaign.rules.dice import Dice
from campaign.rules.factions import GREEN, HERO, TROOPER, VETERAN
from campaign.rules.injuries import CHEST
from campaign.rules.table.combatant import CIVILIAN, Combatant, TableError
from campaign.rules.table.odds import TWO_D6, Modifier, percent, roll
from campaign.rules.table.shooting import Factor
from campaign.rules.table.weapons import BAYONET, CLUB, FORMED_BAYONETS, WEAPONS

ATTACKER, DEFENDER = "attacker", "defender"
ATTACKER_WOUNDS, DEFENDER_WOUNDS, NO_EFFECT = "attacker_wounds", "defender_wounds", "no_effect"
RESULTS = MELEE_RESULTS = (ATTACKER_WOUNDS, DEFENDER_WOUNDS, NO_EFFECT)

# C23 "Victory Margins" as printed; a civilian is wounded on an equal score ("= or >").
VICTORY_MARGINS = {HERO: 4, VETERAN: 3, TROOPER: 2, GREEN: 1, CIVILIAN: 0}
MARGIN_WORDS = {
    HERO: "Hero",
    VETERAN: "Veteran",
    TROOPER: "Trooper",
    GREEN: "Green",
    CIVILIAN: "Women and children, animals",
}

# C23 "Weapon Factors" as printed (what each piece of kit counts as: weapons.py).
WEAPON_FACTORS: dict[str, Factor] = {
    f.key: f
    for f in (
        Factor("knife_axe", +1, "Knife/Axe"),
        Factor("spear_club_bayonet", +2, "Spear, club or bayonet"),
        Factor("sword", +3, "Sword"),
        Factor(
            "formed_bayonets",
            FORMED_BAYONETS,
            "Formed bayonets (only Regulars, 2+ figures side by side)",
            given_by="player",
        ),
    )
}

# C23 "Tactical Factors" as printed, the keys a player gives for each side, and the two cases
# of the melee rules that are not a number (free strikes, civilians).
TACTICAL_FACTORS: dict[str, Factor] = {
    f.key: f
    for f in (
        Factor("charging", +1, "Charging", given_by="player"),
        Factor("flank", +1, "Against the enemy's flank", given_by="player"),
        Factor("rear", +2, "Against the enemy's rear", given_by="player"),
        Factor("uphill", +1, "Uphill or height advantage", given_by="player"),
        Factor("obstacle", -1, "Against an obstacle", given_by="player"),
        Factor("hard_cover", -2, "Against hard cover", given_by="player"),
        Factor("wound", -1, "Each wound taken"),
        Factor(
            "formed_bayonets",
            FORMED_BAYONETS,
            "Formed bayonets instead of the weapon (only Regulars with muskets, 2+ figures "
            "side by side)",
            given_by="player",
        ),
        Factor(
            "free_strike",
            0,
            "A free strike by an extra attacker on an outnumbered figure: "
            "it may wound, it cannot be wounded (attacker only)",
            given_by="player",
        ),
        Factor(
            CIVILIAN,
            0,
            "Women and children, animals: wounded on an equal score or more",
            given_by="player",
        ),
        Factor("melee_increase", +1, "Melee +1 from advancement", rule="C10"),
        Factor(CHEST, -1, "Chest wound", rule="C14"),
        Factor("fierce", +1, "Fierce: extra +1 when charging"),
        Factor("strongman", +1, "Strongman: always counts as if uphill"),
        Factor("duelist", +1, "Duelist: extra +1 armed with a sword or spear"),
        Factor("tough", +1, "Tough: +1 to the victory margin needed against him"),
    )
}
PLAYER_FACTORS = tuple(k for k, f in TACTICAL_FACTORS.items() if f.given_by == "player")
T = TACTICAL_FACTORS


@dataclass(frozen=True)
class Side:
    """One side of a melee: its figure, what it adds to its 2D6, and the margin that beats it."""

    role: str
    figure: Combatant
    modifiers: tuple[Modifier, ...]
    victory_margin: int  # what the other side must beat this one by to wound it
    margin_words: str
    free_strike: bool = False

    @property
    def bonus(self) -> int:
        return sum(m.value for m in self.modifiers)


@dataclass(frozen=True)
class MeleeRoll:
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_score: int
    defender_score: int
    result: str

    @property
    def margin(self) -> int:
        """By how much the higher score beat the lower."""
        return abs(self.attacker_score - self.defender_score)


@dataclass(frozen=True)
class Melee:
    attacker: Side
    defender: Side

    def outcome(self, difference: int) -> str:
        """The result for attacker score − defender score = `difference`: the higher score
        wounds when it beats the other by the loser's margin (a margin of 0: "= or >")."""
        a, d = self.attacker, self.defender
        defender_beaten = difference >= d.victory_margin and (
            difference > 0 or not d.victory_margin
        )
        attacker_beaten = (
            -difference >= a.victory_margin
            and (difference < 0 or not a.victory_margin)
            and not a.free_strike  # the outnumbered figure cannot hit a free striker
        )
        if defender_beaten and not attacker_beaten:
            return DEFENDER_WOUNDS
        if attacker_beaten and not defender_beaten:
            return ATTACKER_WOUNDS
        return NO_EFFECT  # too close, or two civilians level

    @property
    def chances(self) -> dict[str, float]:
        """Percent of each result over every throw of both sides' 2D6."""
        counts: Counter[str] = Counter()
        offset = self.attacker.bonus - self.defender.bonus
        for (a, na), (d, nd) in product(TWO_D6.items(), repeat=2):
            counts[self.outcome(a - d + offset)] += na * nd
        return {result: percent(counts[result] / 1296) for result in RESULTS}

    def roll(self, dice: Dice) -> MeleeRoll:
        """The attacker's two faces, then the defender's (typed in: in that order)."""
        attacker = roll(dice, 2, "dice.attacker")
        defender = roll(dice, 2, "dice.defender")
        a_score = sum(attacker) + self.attacker.bonus
        d_score = sum(defender) + self.defender.bonus
        result = self.outcome(a_score - d_score)
        return MeleeRoll(attacker, defender, a_score, d_score, result)

    def victory_margin(self, fight: MeleeRoll) -> int | None:
        """The margin the higher score had to beat the lower by (the loser's); None when the
        scores are equal and nobody could be wounded."""
        if fight.attacker_score > fight.defender_score:
            return self.defender.victory_margin
        if fight.attacker_score < fight.defender_score:
            return self.attacker.victory_margin
        return 0 if fight.result != NO_EFFECT else None

    def result_words(self, fight: MeleeRoll) -> str:
        a, d = self.attacker.figure.name, self.defender.figure.name
        scores = f"{a} {fight.attacker_score} v {d} {fight.defender_score}"
        if fight.result == DEFENDER_WOUNDS:
            need = self.defender.victory_margin
            return f"{scores}: {a} wins by {fight.margin} (needs {need}): {d} takes a wound."
        if fight.result == ATTACKER_WOUNDS:
            need = self.attacker.victory_margin
            return f"{scores}: {d} wins by {fight.margin} (needs {need}): {a} takes a wound."
        if fight.attacker_score < fight.defender_score and self.attacker.free_strike:
            return f"{scores}: the free strike misses; {d} cannot strike back at it."
        if fight.margin == 0:
            return f"{scores}: equal scores, no effect."
        return f"{scores}: a win by {fight.margin} is not enough, no effect."

    def notes(self, fight: MeleeRoll | None = None) -> list[str]:
        notes = []
        for side, faces in (
            (self.attacker, fight and fight.attacker_dice),
            (self.defender, fight and fight.defender_dice),
        ):
            other = self.defender if side is self.attacker else self.attacker
            name = side.figure.name
            if side.figure.has("seasoned_fighter"):
                notes.append(
                    f"Seasoned fighter: {name} strikes first; "
                    f"{other.figure.name} fights back only if he survives."
                )
            if side.figure.has("fearsome"):
                notes.append(
                    f"Fearsome reputation: {other.figure.name} must pass a morale "
                    f"test to fight {name}."
                )
            if side.figure.has("jump_back"):
                notes.append(
                    f"Jump back: {name} may avoid the combat on a D6 under his "
                    "reputation, retiring a fall-back distance."
                )
            if side.figure.has("dirty_fighter"):
                if faces and faces[0] == faces[1]:
                    notes.append(f"Dirty fighter: {name} rolled a double: another strike.")
                elif fight is None:
                    notes.append(f"Dirty fighter: a double lets {name} strike again.")
        return notes


def _melee_weapon(figure: Combatant, formed: bool) -> Modifier | None:
    """The best weapon factor the figure's kit (and skills) give it."""
    if formed:
        return Modifier(WEAPON_FACTORS["formed_bayonets"].words, FORMED_BAYONETS, "formed_bayonets")
    options: list[Modifier] = []
    for key in figure.kit:
        weapon = WEAPONS.get(key)
        if weapon and weapon.melee:
            options.append(
                Modifier(
                    f"{weapon.name} ({weapon.seed_class.lower()})",
                    weapon.melee,
                    weapon.seed_class.lower(),
                )
            )
    if figure.faction == "regulars" and "musket" in figure.kit:
        options.append(Modifier("Musket and bayonet", BAYONET, "bayonet"))
    if figure.has("brawling"):
        options.append(Modifier("Brawling: counts as a club", CLUB, "club"))
    if not options:
        return None
    return max(options, key=lambda m: (m.value + _duelist(figure, m), m.value))


def _duelist(figure: Combatant, weapon: Modifier) -> int:
    return 1 if figure.has("duelist") and weapon.key in ("spear", "sword") else 0


def side(role: str, figure: Combatant, factors: Sequence[str]) -> Side:
    """A side's modifiers: reputation, weapon, the player's factors, skills and wounds."""
    field = f"{role}_factors"
    figure.must_stand(role, "fight")
    if role == ATTACKER and figure.non_combatant:
        raise TableError(
            f"{figure.name} is a non-combatant: he may only defend himself.", field=role, rule="C21"
        )
    _check_keys(factors, field)
    if "free_strike" in factors and role != ATTACKER:
        raise TableError("A free strike is the extra attacker's, not the defender's.", field=field)
    formed = "formed_bayonets" in factors
    if formed and not (figure.faction == "regulars" and "musket" in figure.kit):
        raise TableError(
            f"Only Regulars with a musket form bayonets; {figure.name} cannot.",
            field=field,
            rule="C23",
        )
    mods = [Modifier(f"Reputation {figure.reputation}", figure.reputation, "reputation")]
    weapon = _melee_weapon(figure, formed)
    if weapon is not None:
        mods.append(weapon)
        if _duelist(figure, weapon):
            mods.append(T["duelist"].modifier())
    for key in factors:
        if key in ("formed_bayonets", "free_strike", CIVILIAN):
            continue
        mods.append(T[key].modifier())
    if figure.has("fierce") and "charging" in factors:
        mods.append(T["fierce"].modifier())
    if figure.has("strongman") and "uphill" not in factors:
        mods.append(T["strongman"].modifier())
    for _ in range(figure.increases.get("melee", 0)):
        mods.append(T["melee_increase"].modifier())
    if CHEST in figure.injury_keys:
        mods.append(T[CHEST].modifier())
    if figure.wounds:
        plural = "wound" if figure.wounds == 1 else "wounds"
        mods.append(T["wound"].modifier(-figure.wounds, f"{figure.wounds} {plural} taken"))
    status = CIVILIAN if CIVILIAN in factors else figure.status
    margin = VICTORY_MARGINS[status]
    words = f"{MARGIN_WORDS[status]}: {'equal or more' if margin == 0 else margin}"
    if figure.has("tough") and margin:
        margin += 1
        words += ", +1 Tough"
    return Side(role, figure, tuple(mods), margin, words, "free_strike" in factors)


def _check_keys(keys: Sequence[str], field: str) -> None:
    for index, key in enumerate(keys):
        if key not in PLAYER_FACTORS:
            raise TableError(
                f"Unknown factor {key!r}; the factors are {', '.join(PLAYER_FACTORS)}.",
                field=f"{field}[{index}]",
            )
        if key in keys[:index]:
            raise TableError(f"Factor {key!r} is given twice.", field=f"{field}[{index}]")
    if "flank" in keys and "rear" in keys:
        raise TableError("A side fights the enemy's flank or its rear, not both.", field=field)


def melee(
    attacker: Combatant,
    defender: Combatant,
    *,
    attacker_factors: Sequence[str] = (),
    defender_factors: Sequence[str] = (),
) -> Melee:
    """C23: both sides' modifiers and victory margins, ready to roll."""
    if attacker.id == defender.id:
        raise TableError("A figure does not fight itself.", field="defender")
    return Melee(
        side(ATTACKER, attacker, list(attacker_factors)),
        side(DEFENDER, defender, list(defender_factors)),
    )
