"""The printed tables of the skirmish campaign seed, checked row by row (C1, C3, C4, C21).

Expected values are typed from `seeds/frontier-skirmish-campaign.txt`, never read back from the
rules data, so a mistyped price or reputation in `campaign/rules/factions.py` fails here.
Pure rules: no database, passes with `-p no:django`.
"""

from __future__ import annotations

import pytest

from campaign.rules.factions import FACTIONS, MAX_SPECIALISTS, SPECIALISTS, item_name
from campaign.rules.skills import SKILL_LISTS, SKILLS, skill_on

FACTION_KEYS = ["regulars", "coureurs", "indians", "rangers"]

# faction, profile key, name, status, reputation, cost: as printed (C4).
PROFILES = [
    ("regulars", "regulars_hero", "Regular Officer", "hero", 4, 30),
    ("regulars", "regulars_veteran", "Regular Sergeant", "veteran", 3, 19),
    ("regulars", "regulars_trooper", "Regular Private", "trooper", 2, 11),
    ("regulars", "regulars_green", "Regular Recruit", "green", 1, 6),
    ("coureurs", "coureurs_hero", "Hunt leader", "hero", 5, 30),
    ("coureurs", "coureurs_veteran", "Veteran Hunter", "veteran", 3, 19),
    ("coureurs", "coureurs_trooper", "Hunter", "trooper", 2, 11),
    ("coureurs", "coureurs_green", "Inexperienced Hunter", "green", 1, 6),
    ("indians", "indians_hero", "Indian Chief", "hero", 4, 30),
    ("indians", "indians_veteran", "Veteran Brave", "veteran", 3, 19),
    ("indians", "indians_trooper", "Brave", "trooper", 2, 11),
    ("indians", "indians_green", "Young blood", "green", 1, 6),
    ("rangers", "rangers_hero", "Ranger Officer", "hero", 4, 30),
    ("rangers", "rangers_veteran", "Ranger Sergeant", "veteran", 3, 19),
    ("rangers", "rangers_trooper", "Ranger Private", "trooper", 2, 11),
    ("rangers", "rangers_green", "Ranger Recruit", "green", 1, 6),
]


@pytest.mark.parametrize(
    "faction, key, name, status, reputation, cost",
    PROFILES,
    ids=[f"C4-{row[0]}-{row[3]}" for row in PROFILES],
)
def test_each_profile_is_as_printed(faction, key, name, status, reputation, cost):
    profile = FACTIONS[faction].profile(key)
    assert profile is not None
    assert (profile.name, profile.status, profile.reputation, profile.cost) == (
        name,
        status,
        reputation,
        cost,
    )


@pytest.mark.parametrize("faction", FACTION_KEYS, ids="C4-{}".format)
def test_each_faction_offers_exactly_one_profile_per_status(faction):
    statuses = sorted(p.status for p in FACTIONS[faction].profiles)
    assert statuses == ["green", "hero", "trooper", "veteran"]


# faction, item key, name, price, veteran and hero only: as printed (C4).
EQUIPMENT = [
    ("regulars", "musket", "Musket", 8, False),
    ("regulars", "rifle", "Rifle", 14, True),
    ("regulars", "pistol", "Infantry pistol", 6, False),
    ("coureurs", "musket", "Musket", 10, False),
    ("coureurs", "rifle", "Rifle", 14, False),
    ("coureurs", "pistol", "Infantry pistol", 6, True),
    ("coureurs", "hand_weapon", "Hand weapon", 2, False),
    ("coureurs", "bow", "Bow", 5, False),
    ("indians", "musket", "Musket", 10, False),
    ("indians", "bow", "Bow", 5, False),
    ("indians", "pistol", "Infantry pistol", 10, True),
    ("indians", "hand_weapon", "Hand weapon", 2, False),
    ("indians", "lance", "Indian lance", 4, False),
    ("indians", "shield", "Shield", 3, False),
    ("indians", "tomahawk", "Tomahawk", 1, False),
    ("rangers", "musket", "Musket", 10, False),
    ("rangers", "rifle", "Rifle", 12, False),
    ("rangers", "pistol", "Infantry pistol", 6, True),
    ("rangers", "hand_weapon", "Hand weapon", 2, False),
]


@pytest.mark.parametrize(
    "faction, key, name, price, veteran_and_hero_only",
    EQUIPMENT,
    ids=[f"C4-{row[0]}-{row[1]}" for row in EQUIPMENT],
)
def test_each_item_is_priced_and_limited_as_printed(
    faction, key, name, price, veteran_and_hero_only
):
    item = FACTIONS[faction].item(key)
    assert item is not None
    assert (item.name, item.price, item.veteran_and_hero_only) == (
        name,
        price,
        veteran_and_hero_only,
    )


@pytest.mark.parametrize("faction", FACTION_KEYS, ids="C4-{}".format)
def test_a_faction_sells_nothing_beyond_its_printed_list(faction):
    printed = {key for f, key, *_ in EQUIPMENT if f == faction}
    assert {item.key for item in FACTIONS[faction].equipment} == printed


@pytest.mark.parametrize(
    "faction, lists",
    [
        ("regulars", ("shooting",)),
        ("coureurs", ("movement", "woodcraft")),
        ("indians", ("combat", "woodcraft")),
        ("rangers", ("movement", "shooting")),
    ],
    ids=["C1-regulars", "C1-coureurs", "C1-indians", "C1-rangers"],
)
def test_each_faction_rolls_on_its_own_skill_lists(faction, lists):
    assert FACTIONS[faction].skill_lists == lists


@pytest.mark.parametrize(
    "faction, weapon",
    [("regulars", "musket"), ("coureurs", "musket"), ("indians", "bow"), ("rangers", "musket")],
    ids=["C3-regulars", "C3-coureurs", "C3-indians", "C3-rangers"],
)
def test_each_faction_needs_three_of_its_printed_weapon(faction, weapon):
    assert FACTIONS[faction].required_weapon == weapon


@pytest.mark.parametrize(
    "list_key, names",
    [
        ("combat", ("Brawling", "Strongman", "Dirty fighter", "Fierce", "Duelist", "Tough")),
        (
            "shooting",
            (
                "Gun fighter",
                "Crack shot",
                "Shoot from the hip",
                "Rapid fire",
                "Marksman",
                "Expert shot",
            ),
        ),
        (
            "movement",
            ("Dodge", "Infiltration", "Expert scout", "Lightning fast", "Nimble", "Stealthy"),
        ),
        (
            "woodcraft",
            (
                "Brave",
                "Expert trader",
                "Fearsome reputation",
                "Seasoned fighter",
                "Jump back",
                "Sprint",
            ),
        ),
    ],
    ids=["C1-combat", "C1-shooting", "C1-movement", "C1-woodcraft"],
)
def test_a_d6_on_a_skill_list_gives_the_printed_skill(list_key, names):
    assert tuple(skill_on(list_key, die).name for die in range(1, 7)) == names


def test_no_skill_appears_on_two_lists():
    assert len(SKILLS) == sum(len(skills) for skills in SKILL_LISTS.values()) == 24


# key, hire, retainer, counts as, starting skill rolls, non-combatant, printed kit (C21).
SPECIALIST_ROWS = [
    ("scout", 28, 9, "veteran", 1, False, ("musket", "tomahawk")),
    ("prospector", 22, 7, "green", 0, False, ("musket", "shovel", "tomahawk")),
    ("doctor", 18, 6, "green", 0, True, ("knife", "musket")),
    ("preacher", 20, 8, "veteran", 1, True, ("knife",)),
    ("princess", 16, 5, "green", 0, False, ("musket",)),
]


@pytest.mark.parametrize(
    "key, hire, retainer, counts_as, skill_rolls, non_combatant, kit",
    SPECIALIST_ROWS,
    ids=[f"C21-{row[0]}" for row in SPECIALIST_ROWS],
)
def test_each_specialist_is_hired_and_kept_as_printed(
    key, hire, retainer, counts_as, skill_rolls, non_combatant, kit
):
    specialist = SPECIALISTS[key]
    assert (specialist.hire, specialist.retainer) == (hire, retainer)
    assert (specialist.counts_as, specialist.skill_rolls) == (counts_as, skill_rolls)
    assert specialist.non_combatant is non_combatant
    assert sorted(specialist.equipment) == sorted(kit)
    assert specialist.rule  # printed on the roster card


def test_there_are_five_kinds_of_specialist_and_a_warband_keeps_at_most_two():
    assert sorted(SPECIALISTS) == ["doctor", "preacher", "princess", "prospector", "scout"]
    assert MAX_SPECIALISTS == 2  # C21


@pytest.mark.parametrize(
    "key, name",
    [("lance", "Indian lance"), ("pistol", "Infantry pistol"), ("shovel", "Shovel (club)")],
    ids=["C4-sold-by-one-faction", "C4-sold-by-several", "C21-specialist-kit"],
)
def test_every_item_has_a_readable_name_for_the_roster_card(key, name):
    assert item_name(key) == name
