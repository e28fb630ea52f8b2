"""Weapons at the table (C23): the seed's shooting ranges and melee weapon factors, keyed by the
kit a roster carries, so a figure's kit supplies its numbers.

The seed names classes of weapon (Knife/Axe, Spear/club/bayonet); the roster names pieces of kit
(a tomahawk, an Indian lance). Each piece is mapped once, here, to the class the seed prints.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weapon:
    key: str  # the kit key on the roster (campaign.rules.factions)
    name: str
    seed_class: str  # the seed's name for it, as printed in the tables
    short: int | None  # shooting range in inches; None: it is not shot at that range
    long: int | None
    firearm: bool = False
    melee: int = 0  # C23 weapon factor in melee
    note: str = ""  # what the seed says about shooting it, in words

    @property
    def shoots(self) -> bool:
        return self.long is not None


# What the seed says about shooting each kind, in words.
RELOAD = "Rifles must reload one turn."
NO_MOVE = "Firearms may not shoot if they move."
TWICE = "Bows may shoot twice if stationary, or move and shoot once."

# C23: "Ranges (short/long)" and "Weapon Factors" as printed.
WEAPONS: dict[str, Weapon] = {
    w.key: w
    for w in (
        Weapon("rifle", "Rifle", "Rifle", 15, 30, firearm=True, note=RELOAD),
        Weapon("musket", "Musket", "Musket", 10, 20, firearm=True, note=NO_MOVE),
        Weapon("pistol", "Infantry pistol", "Pistol", 5, 10, firearm=True, note=NO_MOVE),
        Weapon("bow", "Bow", "Bow", 10, 20, note=TWICE),
        Weapon("lance", "Indian lance", "Spear", 5, 10, melee=2),
        Weapon("tomahawk", "Tomahawk", "Knife/Axe", None, 5, melee=1),
        Weapon("hand_weapon", "Hand weapon", "Knife/Axe", None, 5, melee=1),
        Weapon("knife", "Knife", "Knife/Axe", None, 5, melee=1),
        Weapon("shovel", "Shovel (club)", "Club", None, None, melee=2),
        Weapon("sword", "Sword", "Sword", None, None, melee=3),
    )
}

# The order a figure picks its shooting weapon in when none is named: the longest reach first.
SHOOTING_PREFERENCE = (
    "rifle",
    "musket",
    "bow",
    "pistol",
    "lance",
    "tomahawk",
    "hand_weapon",
    "knife",
)

# C23 weapon factors the kit does not name: a Regular's musket carries a bayonet ("bay"),
# Brawling counts as a club, formed bayonets are a tactical choice of Regulars.
BAYONET = 2
CLUB = 2
FORMED_BAYONETS = 4


def shooting_weapons(kit: tuple[str, ...]) -> list[Weapon]:
    """The pieces of kit a figure can shoot or throw, best first."""
    return [WEAPONS[k] for k in SHOOTING_PREFERENCE if k in kit]
