"""Shared set-up for the game report and post-game tests (this module holds no tests).

The battle: the player's Magalakutway (the demo's war party: 73 in the treasury, rating 200)
beats the other player's 44th Foot Patrol (53 in the treasury, rating 200). Swift Otter ends
the game down, Red Hawk out of action; Running Elk inflicted 2 wounds and took a scalp.
"""

from __future__ import annotations

import datetime

from rest_framework.test import APIClient

from campaign import services
from campaign.demo import LINE_UPS
from campaign.models import Figure, GameReport, PostGame, Warband

PLAYED_ON = "2025-05-01"

# Magalakutway's sequence with typed dice, prompt by prompt (every face is the player's).
WAR_PARTY_SCRIPT = [
    [2, 2],  # Swift Otter: injury 22, Leg wound: movement 6/3 → 5/2 (C13, C14)
    [4, 5],  # Red Hawk: injury 45, Full recovery
    [2],  # Running Elk: 30 → 34 is one advancement roll (C8); Hero table 2: shooting +1 (C10)
    [3, 4],  # income, won: 2D6 = 7 (C18)
    [6, 1],  # Running Elk, Hero standing: 7, +1 Expert trader = 8
    [2, 2],  # Grey Wolf, Veteran standing: 4
    {"action": "done"},
]
WAR_PARTY_INCOME = 7 + 8 + 4
# The Foot Patrol's: nobody down, no advancement due; lost: D6, then Hero and Veteran 2D6.
FOOT_PATROL_SCRIPT = [[3], [2, 3], [4, 4], {"action": "done"}]
FOOT_PATROL_INCOME = 3 + 5 + 8


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def foot_patrol(campaign, owner) -> Warband:
    name, figures = LINE_UPS["regulars"]
    return services.warband_create_founded(
        campaign=campaign, owner=owner, name=name, faction="regulars", figures=figures
    )


def figure(warband: Warband, name: str) -> Figure:
    return warband.figures.get(name=name)


def lines(warband: Warband, *, outcomes=None, wounds=None, scalps=None, absent=()) -> list[dict]:
    """A line per active figure of the warband: took part and ended the game standing, unless
    told otherwise (by figure name)."""
    outcomes, wounds, scalps = outcomes or {}, wounds or {}, scalps or {}
    return [
        {
            "figure": f.id,
            "took_part": f.name not in absent,
            "outcome": outcomes.get(f.name, "ok"),
            "wounds_inflicted": wounds.get(f.name, 0),
            "scalps": scalps.get(f.name, 0),
        }
        for f in warband.figures.filter(state="active")
    ]


def battle_payload(campaign, war_party, patrol, **changes) -> dict:
    """The battle as a client posts it to /api/games/."""
    payload = {
        "campaign": campaign.id,
        "warbands": [war_party.id, patrol.id],
        "winner": war_party.id,
        "played_on": PLAYED_ON,
        "figures": lines(
            war_party,
            outcomes={"Swift Otter": "down", "Red Hawk": "out_of_action"},
            wounds={"Running Elk": 2},
            scalps={"Running Elk": 1},
        )
        + lines(patrol, wounds={"Lt. Harcourt": 1}),
    }
    payload.update(changes)
    return payload


def file_battle(campaign, war_party, patrol, actor) -> GameReport:
    """The battle filed through the service (pending unless the actor is the organiser)."""
    payload = battle_payload(campaign, war_party, patrol)
    return services.game_file(
        campaign=campaign,
        actor=actor,
        warbands=payload["warbands"],
        winner=payload["winner"],
        played_on=datetime.date.fromisoformat(PLAYED_ON),
        figures=[services.GameLine(**line) for line in payload["figures"]],
    )


def drive(postgame: PostGame, actor, script) -> PostGame:
    """Answer a sequence through the services: a list is faces typed in, a str a choice, a
    dict a trade, None an app roll."""
    for item in script:
        if isinstance(item, dict):
            postgame = services.postgame_trade(postgame=postgame, actor=actor, action=item)
        elif isinstance(item, str):
            postgame = services.postgame_answer(postgame=postgame, actor=actor, choice=item)
        else:
            postgame = services.postgame_answer(postgame=postgame, actor=actor, dice=item)
    return postgame


def sequence_of(game: GameReport, warband: Warband) -> PostGame:
    return PostGame.objects.get(game=game, warband=warband)
