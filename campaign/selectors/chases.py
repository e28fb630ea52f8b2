"""Reads for the campaign chases (P14): each side's canoes with their named rowers and how they
ended, and the campaigns a player may start one in; and the crews a member may bring into a
lobby canoe game that takes figures (registered with chase.hooks when the app is ready)."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db.models import Count, Q, QuerySet

from campaign.models import Campaign, CampaignChase, Figure, Warband
from chase.hooks import Crew

SIDES = ("trapper", "indian")
SIDE_NAMES = {"trapper": "the trappers", "indian": "the Indians"}
FATE_WORDS = {"ok": "paddling", "wounded": "wounded (down)", "lost": "lost overboard (down)"}


def rower_fates(chase: CampaignChase) -> dict[int, str]:
    """Figure id -> "ok", "wounded" or "lost", from the chase's canoes (P5, P13)."""
    canoes = chase.session.state.get("canoes", {})
    fates = {}
    for side in SIDES:
        boats = canoes.get(side, [])
        for index, pair in enumerate(chase.rowers[side]):
            seats = boats[index]["rowers"] if index < len(boats) else []
            for seat, figure in enumerate(pair):
                fates[figure] = seats[seat] if seat < len(seats) else "ok"
    return fates


def chase_canoes(chase: CampaignChase) -> list[dict]:
    """[{side, name, warband, canoes: [{number, rowers: [{figure, fate, words}]}]}]."""
    fates = rower_fates(chase)
    ids = [f for side in SIDES for canoe in chase.rowers[side] for f in canoe]
    figures = {f.id: f for f in Figure.objects.filter(pk__in=ids)}
    return [
        {
            "side": side,
            "name": SIDE_NAMES[side],
            "warband": chase.warband_of(side),
            "canoes": [
                {
                    "number": number,
                    "rowers": [
                        {"figure": figures.get(f), "fate": fates[f], "words": FATE_WORDS[fates[f]]}
                        for f in canoe
                    ],
                }
                for number, canoe in enumerate(chase.rowers[side], start=1)
            ],
        }
        for side in SIDES
    ]


def campaign_chases(campaign: Campaign) -> QuerySet[CampaignChase]:
    return campaign.chases.select_related("session", "trappers", "indians", "report")


def chase_campaigns(user) -> QuerySet[Campaign]:
    """Campaigns the user plays in with a founded warband of their own and another to chase."""
    if not user.is_authenticated:
        return Campaign.objects.none()
    founded = Q(warbands__state="founded")
    return (
        Campaign.objects.filter(Q(memberships__user=user) | Q(organiser=user))
        .annotate(founded=Count("warbands", filter=founded, distinct=True))
        .filter(founded__gte=2)
        .distinct()
        .order_by("name")
    )


# --- a campaign's figures in a lobby canoe game (a lobby option for the campaign's members) ---


def member_warbands(user) -> list[Warband]:
    """The warbands of every campaign the user belongs to (or organises), not retired."""
    if not user.is_authenticated:
        return []
    mine = Q(campaign__organiser=user) | Q(campaign__memberships__user=user)
    return list(
        Warband.objects.filter(mine)
        .exclude(state=Warband.State.RETIRED)
        .select_related("campaign")
        .distinct()
        .order_by("campaign__name", "name")
    )


def warband_figures(warband: Warband) -> list[dict[str, Any]]:
    """The figures that could take part: on the roster and not held captive, in roster order."""
    figures = warband.figures.on_roster().exclude(state=Figure.State.CAPTURED)
    return [
        {"name": f.name, "reputation": f.reputation, "status": f.status}
        for f in figures.order_by("position", "id")
    ]


def member_crews(user) -> list[Crew]:
    """The user's warbands as the lobby offers them (chase.hooks.Crew): keyed by id, named with
    their campaign, their figures read when one is chosen."""
    return [
        Crew(
            key=str(w.pk),
            label=f"{w.name} ({w.campaign.name})",
            figures=partial(warband_figures, w),
        )
        for w in member_warbands(user)
    ]
