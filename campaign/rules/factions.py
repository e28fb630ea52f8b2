"""The four factions of the skirmish campaign: profiles, costs, equipment and skill lists.

Written once, as data (C1-C5, C7, C21). Everything else (forms, the API, templates, the rating)
reads it from here, so a club that house-rules a price changes one line.
"""

from __future__ import annotations

from dataclasses import dataclass

HERO, VETERAN, TROOPER, GREEN = "hero", "veteran", "trooper", "green"
STATUSES = (GREEN, TROOPER, VETERAN, HERO)  # promotion order, lowest first (C10)
STATUS_NAMES = {HERO: "Hero", VETERAN: "Veteran", TROOPER: "Trooper", GREEN: "Green"}

# C7: movement by status, open/terrain, as printed (even where it looks odd).
MOVEMENT = {HERO: (7, 4), VETERAN: (9, 5), TROOPER: (6, 3), GREEN: (5, 3)}
NON_COMBATANT_MOVEMENT = (4, 2)

# C3: how many figures of each status a warband may hold (max None = any number).
STATUS_LIMITS = {HERO: (1, 1), VETERAN: (0, 2), TROOPER: (2, None), GREEN: (0, None)}
MAX_FIGURES = 15  # C3, specialists included
REQUIRED_WEAPON_COUNT = 3  # C3

# C6: skills rolled when the warband is founded.
STARTING_SKILL_ROLLS = {HERO: 2, VETERAN: 1, TROOPER: 0, GREEN: 0}


@dataclass(frozen=True)
class Profile:
    key: str
    name: str
    status: str
    reputation: int
    cost: int

    @property
    def limits(self) -> tuple[int, int | None]:
        return STATUS_LIMITS[self.status]


@dataclass(frozen=True)
class Item:
    key: str
    name: str
    price: int
    veteran_and_hero_only: bool = False


@dataclass(frozen=True)
class Faction:
    key: str
    name: str
    unit_name: str  # what the seed calls a warband of this faction
    skill_lists: tuple[str, ...]
    required_weapon: str  # C3: at least three figures carry one
    profiles: tuple[Profile, ...]
    equipment: tuple[Item, ...]
    note: str = ""

    def profile(self, key: str) -> Profile | None:
        return next((p for p in self.profiles if p.key == key), None)

    def item(self, key: str) -> Item | None:
        return next((i for i in self.equipment if i.key == key), None)


def _profiles(prefix: str, names: tuple[str, str, str, str], hero_reputation: int):
    """The seed prints the same four steps for every faction; only names and the hero differ."""
    hero, veteran, trooper, green = names
    return (
        Profile(f"{prefix}_hero", hero, HERO, hero_reputation, 30),  # C4
        Profile(f"{prefix}_veteran", veteran, VETERAN, 3, 19),
        Profile(f"{prefix}_trooper", trooper, TROOPER, 2, 11),
        Profile(f"{prefix}_green", green, GREEN, 1, 6),
    )


MUSKET, RIFLE, PISTOL, HAND_WEAPON, BOW = (
    "musket",
    "rifle",
    "pistol",
    "hand_weapon",
    "bow",
)
LANCE, SHIELD, TOMAHAWK = "lance", "shield", "tomahawk"
# C5: a figure carries each item once, except pistols (two, for the Gun fighter skill).
MAX_COPIES = {PISTOL: 2}

FACTIONS: dict[str, Faction] = {
    f.key: f
    for f in (
        Faction(
            key="regulars",
            name="Regulars",
            unit_name="Regular Patrol",
            skill_lists=("shooting",),  # C1
            required_weapon=MUSKET,
            profiles=_profiles(
                "regulars",
                (
                    "Regular Officer",
                    "Regular Sergeant",
                    "Regular Private",
                    "Regular Recruit",
                ),
                hero_reputation=4,
            ),
            equipment=(
                Item(MUSKET, "Musket", 8),
                Item(RIFLE, "Rifle", 14, veteran_and_hero_only=True),
                Item(PISTOL, "Infantry pistol", 6),
            ),
            note="French or British (a cosmetic choice). Volley fire and formed bayonets; "
            "may not scalp.",
        ),
        Faction(
            key="coureurs",
            name="Coureurs de Bois",
            unit_name="Hunting party",
            skill_lists=("movement", "woodcraft"),  # C1
            required_weapon=MUSKET,
            profiles=_profiles(
                "coureurs",
                ("Hunt leader", "Veteran Hunter", "Hunter", "Inexperienced Hunter"),
                hero_reputation=5,  # C4: the Hunt leader is printed at 5
            ),
            equipment=(
                Item(MUSKET, "Musket", 10),
                Item(RIFLE, "Rifle", 14),
                Item(PISTOL, "Infantry pistol", 6, veteran_and_hero_only=True),
                Item(HAND_WEAPON, "Hand weapon", 2),
                Item(BOW, "Bow", 5),
            ),
        ),
        Faction(
            key="indians",
            name="Indians",
            unit_name="War party",
            skill_lists=("combat", "woodcraft"),  # C1
            required_weapon=BOW,  # C3
            profiles=_profiles(
                "indians",
                ("Indian Chief", "Veteran Brave", "Brave", "Young blood"),
                hero_reputation=4,
            ),
            equipment=(
                Item(MUSKET, "Musket", 10),
                Item(BOW, "Bow", 5),
                Item(PISTOL, "Infantry pistol", 10, veteran_and_hero_only=True),
                Item(HAND_WEAPON, "Hand weapon", 2),
                Item(LANCE, "Indian lance", 4),
                Item(SHIELD, "Shield", 3),
                Item(TOMAHAWK, "Tomahawk", 1),
            ),
        ),
        Faction(
            key="rangers",
            name="Rangers",
            unit_name="Ranger Section",
            skill_lists=("movement", "shooting"),  # C1
            required_weapon=MUSKET,
            profiles=_profiles(
                "rangers",
                (
                    "Ranger Officer",
                    "Ranger Sergeant",
                    "Ranger Private",
                    "Ranger Recruit",
                ),
                hero_reputation=4,
            ),
            equipment=(
                Item(MUSKET, "Musket", 10),
                Item(RIFLE, "Rifle", 12),
                Item(PISTOL, "Infantry pistol", 6, veteran_and_hero_only=True),
                Item(HAND_WEAPON, "Hand weapon", 2),
            ),
        ),
    )
}


@dataclass(frozen=True)
class Specialist:
    """C21: hired after the warband's first game; at most two, each kind once."""

    key: str
    name: str
    hire: int
    retainer: int
    counts_as: str  # the status whose tables it uses
    skill_rolls: int
    non_combatant: bool
    equipment: tuple[str, ...]  # printed kit, carried at no price (it comes with the hire)
    rule: str


# Kit the specialists bring that no faction sells: named so the roster card can print it.
SPECIALIST_KIT_NAMES = {
    "shovel": "Shovel (club)",
    "knife": "Knife",
    TOMAHAWK: "Tomahawk",
}

# C21, a row per specialist: key, name, hire, retainer, counts as, skill rolls, non-combatant;
# its printed kit in SPECIALIST_KIT and its rule in SPECIALIST_RULES.
SPECIALIST_ROWS = (
    ("scout", "Indian scout / Renegade settler", 28, 9, VETERAN, 1, False),
    ("prospector", "Prospector / Expert trapper", 22, 7, GREEN, 0, False),
    ("doctor", "Doctor / Indian healer", 18, 6, GREEN, 0, True),
    ("preacher", "Preacher / Medicine man", 20, 8, VETERAN, 1, True),
    ("princess", "Indian princess / Lady of ill-repute", 16, 5, GREEN, 0, False),
)
SPECIALIST_KIT = {
    "scout": (MUSKET, TOMAHAWK),
    "prospector": (MUSKET, "shovel", TOMAHAWK),
    "doctor": ("knife", MUSKET),
    "preacher": ("knife",),
    "princess": (MUSKET,),
}
SPECIALIST_RULES = {
    "scout": "The scout and one other model may use the infiltration rule.",
    "prospector": "Adds one 2D6 to the income roll.",
    "doctor": "Heals the wounds of one model after each game.",
    "preacher": 'Fiery sermon/chant: a model within 8" takes a morale test at -1.',
    "princess": "Models she blocks line of sight to cannot be targeted until she attacks.",
}
SPECIALISTS: dict[str, Specialist] = {
    row[0]: Specialist(*row, equipment=SPECIALIST_KIT[row[0]], rule=SPECIALIST_RULES[row[0]])
    for row in SPECIALIST_ROWS
}
MAX_SPECIALISTS = 2  # C21


def item_name(key: str) -> str:
    """A readable name for any equipment key, whichever faction sells it."""
    for faction in FACTIONS.values():
        item = faction.item(key)
        if item:
            return item.name
    return SPECIALIST_KIT_NAMES.get(key, key.replace("_", " ").capitalize())
