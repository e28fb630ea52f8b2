"""The four skill lists (seed, C1). A D6 on a list picks the skill with that number."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Skill:
    key: str
    name: str
    effect: str


SKILL_LISTS: dict[str, tuple[Skill, ...]] = {
    "combat": (
        Skill("brawling", "Brawling", "Always counts as having a club in melee."),
        Skill("strongman", "Strongman", "Always counts as if uphill."),
        Skill("dirty_fighter", "Dirty fighter", "A double to hit allows another strike."),
        Skill("fierce", "Fierce", "Extra +1 when charging."),
        Skill("duelist", "Duelist", "Extra +1 if armed with sword or spear."),
        Skill("tough", "Tough", "+1 to the victory margin required."),
    ),
    "shooting": (
        Skill("gun_fighter", "Gun fighter", "With two pistols may shoot twice."),
        Skill(
            "crack_shot",
            "Crack shot",
            "Can force an opponent to re-roll on the injury table.",
        ),
        Skill(
            "shoot_from_hip",
            "Shoot from the hip",
            "Can move and shoot without penalty.",
        ),
        Skill(
            "rapid_fire",
            "Rapid fire",
            "May shoot twice if stationary, or fire and reload.",
        ),
        Skill("marksman", "Marksman", "Always counts as firing at short range."),
        Skill("expert_shot", "Expert shot", "May re-roll misses."),
    ),
    "movement": (
        Skill("dodge", "Dodge", "Shooting at him: -2 at short range, -1 at long range."),
        Skill(
            "infiltration",
            "Infiltration",
            'Sets up anywhere out of sight, 12" from enemies.',
        ),
        Skill("expert_scout", "Expert scout", "Ignores all movement restrictions."),
        Skill("lightning_fast", "Lightning fast", "May move again instead of shooting."),
        Skill("nimble", "Nimble", "May re-roll on the injury table: 4+ is a flesh wound."),
        Skill("stealthy", "Stealthy", "On a 4+ ignores movement restrictions."),
    ),
    "woodcraft": (
        Skill("brave", "Brave", "May re-roll any failed morale test."),
        Skill("expert_trader", "Expert trader", "+1 to each of his income rolls."),
        Skill("fearsome", "Fearsome reputation", "Must pass morale to shoot or fight him."),
        Skill("seasoned_fighter", "Seasoned fighter", "Strikes first in melee."),
        Skill("jump_back", "Jump back", "May avoid combat on a roll under reputation."),
        Skill("sprint", "Sprint", "May double normal and charge moves."),
    ),
}

SKILLS: dict[str, Skill] = {s.key: s for skills in SKILL_LISTS.values() for s in skills}
SKILL_LIST_NAMES = {k: k.capitalize() for k in SKILL_LISTS}


def skill_on(list_key: str, die: int) -> Skill:
    """The skill a D6 of `die` gives on `list_key`."""
    return SKILL_LISTS[list_key][die - 1]
