"""Reads for the campaign chases (P14): each side's canoes with their named rowers and how they
ended, and the campaigns a player may start one in."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from campaign.models import Campaign, CampaignChase, Figure

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
