"""The demo campaign `make run` loads: two players, four valid warbands, one per faction, and
one game played (Magalakutway v The 44th Foot Patrol) with both post-game sequences committed,
so a newcomer sees a finished sequence and the rosters it changed.

Every die is typed in, so the demo is the same on every machine. Loading it twice changes
nothing.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import transaction

from campaign import services
from campaign.models import Campaign, GameReport, PostGame, Warband
from campaign.services import GameLine, NewFigure, SkillRoll

DEMO_PASSWORD = "frontier-demo"
DEMO_USERS = ("alice", "bob")  # alice organises
DEMO_CAMPAIGN = "Ohio Valley 1757"


def roll(list_key: str, face: int) -> SkillRoll:
    return SkillRoll(list_key, (face,))


LINE_UPS = {
    # Indians: 6 figures, 3 bows (C3); 127 of 200.
    "indians": (
        "Magalakutway",
        [
            NewFigure(
                "Running Elk",
                "indians_hero",
                ("bow", "tomahawk"),
                (roll("combat", 4), roll("woodcraft", 2)),
            ),
            NewFigure("Grey Wolf", "indians_veteran", ("musket",), (roll("combat", 6),)),
            NewFigure("Swift Otter", "indians_trooper", ("bow",)),
            NewFigure("Red Hawk", "indians_trooper", ("bow", "shield")),
            NewFigure("Little Bear", "indians_trooper", ("lance",)),
            NewFigure("Quiet Fox", "indians_trooper", ("tomahawk",)),
        ],
    ),
    # Regulars: 6 figures, 6 muskets; 147 of 200.
    "regulars": (
        "The 44th Foot Patrol",
        [
            NewFigure(
                "Lt. Harcourt",
                "regulars_hero",
                ("musket", "pistol"),
                (roll("shooting", 5), roll("shooting", 2)),
            ),
            NewFigure("Sgt. Pike", "regulars_veteran", ("musket",), (roll("shooting", 6),)),
            NewFigure("Pte. Abbott", "regulars_trooper", ("musket",)),
            NewFigure("Pte. Bell", "regulars_trooper", ("musket",)),
            NewFigure("Pte. Cole", "regulars_trooper", ("musket",)),
            NewFigure("Pte. Dunn", "regulars_trooper", ("musket",)),
        ],
    ),
    # Coureurs de Bois: 6 figures, 4 muskets, a rifle; 147 of 200.
    "coureurs": (
        "Les Voyageurs de Détroit",
        [
            NewFigure(
                "Jean-Baptiste Cadot",
                "coureurs_hero",
                ("rifle",),
                (roll("movement", 5), roll("woodcraft", 2)),
            ),
            NewFigure("Pierre Lafleur", "coureurs_veteran", ("musket",), (roll("woodcraft", 1),)),
            NewFigure("Louis Roy", "coureurs_trooper", ("musket",)),
            NewFigure("Michel Gagnon", "coureurs_trooper", ("musket",)),
            NewFigure("Antoine Caron", "coureurs_trooper", ("musket",)),
            NewFigure("Petit Jacques", "coureurs_green", ("bow",)),
        ],
    ),
    # Rangers: 6 figures, 4 muskets; 148 of 200.
    "rangers": (
        "Rogers' Irregulars",
        [
            NewFigure(
                "Capt. Stark",
                "rangers_hero",
                ("rifle",),
                (roll("movement", 3), roll("shooting", 5)),
            ),
            NewFigure(
                "Sgt. Ogden", "rangers_veteran", ("musket", "pistol"), (roll("movement", 6),)
            ),
            NewFigure("Pvt. Rollins", "rangers_trooper", ("musket",)),
            NewFigure("Pvt. Tute", "rangers_trooper", ("musket",)),
            NewFigure("Pvt. Moore", "rangers_trooper", ("musket",)),
            NewFigure("Pvt. Hill", "rangers_green", ("hand_weapon",)),
        ],
    ),
}
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
        services.campaign_join(
            campaign=campaign, user=users[username], invite_code=campaign.invite_code
        )
    for faction, (name, figures) in LINE_UPS.items():
        if not Warband.objects.filter(campaign=campaign, name=name).exists():
            services.warband_create_founded(
                campaign=campaign,
                owner=users[OWNERS[faction]],
                name=name,
                faction=faction,
                figures=figures,
            )
    _demo_game(campaign, users)
    return campaign


# The demo game: Magalakutway beat the 44th Foot Patrol. By warband: figure -> (took part,
# outcome, wounds inflicted, scalps); figures not named took part and ended the game standing.
DEMO_GAME_DAY = datetime.date(2025, 5, 3)
DEMO_GAME = {
    "Magalakutway": {
        "Running Elk": (True, "ok", 2, 1),
        "Grey Wolf": (True, "ok", 1, 0),
        "Swift Otter": (True, "down", 0, 0),
        "Red Hawk": (True, "out_of_action", 0, 0),
        "Quiet Fox": (False, "ok", 0, 0),
    },
    "The 44th Foot Patrol": {
        "Lt. Harcourt": (True, "ok", 1, 0),
        "Sgt. Pike": (True, "out_of_action", 0, 0),
        "Pte. Abbott": (True, "down", 0, 0),
        "Pte. Dunn": (False, "ok", 0, 0),
    },
}
# Each side's answers, prompt by prompt: faces typed in (a list) or a trade (a dict).
DEMO_ANSWERS = {
    "Magalakutway": [
        [2, 2],  # Swift Otter: injury 22, Leg wound: movement 6/3 -> 5/3
        [4, 5],  # Red Hawk: 45, Full recovery
        [2],  # Running Elk (30 -> 34, one advancement roll): Hero table 2, shooting +1
        [5, 3],  # income, won: 2D6
        [4, 4],  # Running Elk standing: 2D6, +1 Expert trader
        [3, 2],  # Grey Wolf standing: 2D6
        {"action": "buy", "item": "musket", "to": "Swift Otter"},
        {"action": "done"},
    ],
    "The 44th Foot Patrol": [
        [6, 3],  # Sgt. Pike: injury 63, Hardened
        [2, 5],  # Pte. Abbott: 25, Nervous condition: reputation 2 -> 1
        [4],  # income, lost: D6
        [3, 3],  # Lt. Harcourt standing: 2D6
        {"action": "done"},
    ],
}


def _demo_game(campaign: Campaign, users) -> None:
    """File the demo game as the organiser (so it counts at once), then run both sequences
    to commit with typed dice. Skipped when the game is there already."""
    sides = [Warband.objects.get(campaign=campaign, name=name) for name in DEMO_GAME]
    if GameReport.objects.filter(campaign=campaign, warband_a=sides[0], warband_b=sides[1]):
        return
    lines = []
    for warband in sides:
        outcomes = DEMO_GAME[warband.name]
        for figure in warband.figures.all():
            took_part, outcome, wounds, scalps = outcomes.get(figure.name, (True, "ok", 0, 0))
            lines.append(GameLine(figure.id, took_part, outcome, wounds, scalps))
    game = services.game_file(
        campaign=campaign,
        actor=users["alice"],
        warbands=[w.id for w in sides],
        winner=sides[0].id,
        played_on=DEMO_GAME_DAY,
        figures=lines,
    )
    for warband in sides:
        postgame = PostGame.objects.get(game=game, warband=warband)
        names = {f.name: str(f.id) for f in warband.figures.all()}
        for answer in DEMO_ANSWERS[warband.name]:
            if isinstance(answer, dict):
                action = {k: names.get(v, v) if k == "to" else v for k, v in answer.items()}
                services.postgame_trade(postgame=postgame, actor=warband.owner, action=action)
            else:
                services.postgame_answer(postgame=postgame, actor=warband.owner, dice=answer)
        services.postgame_commit(postgame=postgame, actor=warband.owner)
