"""The demo campaign `make run` loads: two players, four valid warbands, one per faction.

Skill dice are typed in, so the demo is the same on every machine. Loading it twice changes
nothing.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from campaign import services
from campaign.models import Campaign, Warband
from campaign.services import NewFigure, SkillRoll

DEMO_PASSWORD = "frontier-demo"
DEMO_USERS = ("alice", "bob")  # alice organises
DEMO_CAMPAIGN = "Ohio Valley 1757"


def roll(list_key: str, face: int) -> SkillRoll:
    return SkillRoll(list_key, (face,))


LINE_UPS = {
    # Indians: 6 figures, 3 bows (C3); 127 of 200.
    "indians": ("Magalakutway", [
        NewFigure("Running Elk", "indians_hero", ("bow", "tomahawk"),
                  (roll("combat", 4), roll("woodcraft", 2))),
        NewFigure("Grey Wolf", "indians_veteran", ("musket",), (roll("combat", 6),)),
        NewFigure("Swift Otter", "indians_trooper", ("bow",)),
        NewFigure("Red Hawk", "indians_trooper", ("bow", "shield")),
        NewFigure("Little Bear", "indians_trooper", ("lance",)),
        NewFigure("Quiet Fox", "indians_trooper", ("tomahawk",)),
    ]),
    # Regulars: 6 figures, 6 muskets; 147 of 200.
    "regulars": ("The 44th Foot Patrol", [
        NewFigure("Lt. Harcourt", "regulars_hero", ("musket", "pistol"),
                  (roll("shooting", 5), roll("shooting", 2))),
        NewFigure("Sgt. Pike", "regulars_veteran", ("musket",), (roll("shooting", 6),)),
        NewFigure("Pte. Abbott", "regulars_trooper", ("musket",)),
        NewFigure("Pte. Bell", "regulars_trooper", ("musket",)),
        NewFigure("Pte. Cole", "regulars_trooper", ("musket",)),
        NewFigure("Pte. Dunn", "regulars_trooper", ("musket",)),
    ]),
    # Coureurs de Bois: 6 figures, 4 muskets, a rifle; 147 of 200.
    "coureurs": ("Les Voyageurs de Détroit", [
        NewFigure("Jean-Baptiste Cadot", "coureurs_hero", ("rifle",),
                  (roll("movement", 5), roll("woodcraft", 2))),
        NewFigure("Pierre Lafleur", "coureurs_veteran", ("musket",), (roll("woodcraft", 1),)),
        NewFigure("Louis Roy", "coureurs_trooper", ("musket",)),
        NewFigure("Michel Gagnon", "coureurs_trooper", ("musket",)),
        NewFigure("Antoine Caron", "coureurs_trooper", ("musket",)),
        NewFigure("Petit Jacques", "coureurs_green", ("bow",)),
    ]),
    # Rangers: 6 figures, 4 muskets; 148 of 200.
    "rangers": ("Rogers' Irregulars", [
        NewFigure("Capt. Stark", "rangers_hero", ("rifle",),
                  (roll("movement", 3), roll("shooting", 5))),
        NewFigure("Sgt. Ogden", "rangers_veteran", ("musket", "pistol"), (roll("movement", 6),)),
        NewFigure("Pvt. Rollins", "rangers_trooper", ("musket",)),
        NewFigure("Pvt. Tute", "rangers_trooper", ("musket",)),
        NewFigure("Pvt. Moore", "rangers_trooper", ("musket",)),
        NewFigure("Pvt. Hill", "rangers_green", ("hand_weapon",)),
    ]),
}  # fmt: skip
OWNERS = {"indians": "alice", "rangers": "alice", "regulars": "bob", "coureurs": "bob"}


def _user(username: str):
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    return user


@transaction.atomic
def load_demo() -> Campaign:
    users = {name: _user(name) for name in DEMO_USERS}
    campaign = Campaign.objects.filter(name=DEMO_CAMPAIGN, organiser=users["alice"]).first()
    if campaign is None:
        campaign = services.campaign_create(
            organiser=users["alice"], name=DEMO_CAMPAIGN, is_public=True
        )
    for username in DEMO_USERS:
        services.campaign_join(campaign=campaign, user=users[username],
                               invite_code=campaign.invite_code)  # fmt: skip
    for faction, (name, figures) in LINE_UPS.items():
        if not Warband.objects.filter(campaign=campaign, name=name).exists():
            services.warband_create_founded(
                campaign=campaign, owner=users[OWNERS[faction]], name=name, faction=faction,
                figures=figures,
            )  # fmt: skip
    return campaign
