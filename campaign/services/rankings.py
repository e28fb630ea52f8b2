"""Player rankings: Glicko-2 over a campaign's confirmed games, rebuilt whole every time.

The arithmetic and the rating periods are plain rules (campaign.rules.glicko); this module reads
the games and writes the Ranking rows. Each game's two players are the owners of the two
warbands; a win scores 1, a draw 0.5. A game between two warbands of one player is left out
(nobody is ranked against themself).

A game confirmed, edited (date, sides, winner) or withdrawn changes every later period, so the
rankings are always rebuilt from scratch in one transaction: an edit never leaves a stale one.
"""

from __future__ import annotations

from itertools import groupby

from django.db import transaction

from campaign.models import Campaign, GameReport, Ranking
from campaign.rules.glicko import Result, rate_periods


def campaign_periods(campaign_id: int) -> list[list[Result]]:
    """The campaign's confirmed games as rating periods: one per date, games in id order."""
    games = (
        GameReport.objects.confirmed()
        .filter(campaign_id=campaign_id)
        .order_by("played_on", "pk")
        .values_list(
            "pk",
            "played_on",
            "warband_a_id",
            "warband_a__owner_id",
            "warband_b__owner_id",
            "winner_id",
        )
    )
    periods = []
    for _, day in groupby(games, key=lambda row: row[1]):
        results = []
        for pk, _, warband_a, owner_a, owner_b, winner in day:
            if owner_a == owner_b:
                continue
            score = 0.5 if winner is None else (1.0 if winner == warband_a else 0.0)
            results.append(Result(pk, owner_a, owner_b, score))
        if results:
            periods.append(results)
    return periods


@transaction.atomic
def rankings_rebuild(*, campaign_id: int) -> int:
    """Rebuild every Ranking of the campaign from its confirmed games; returns how many players.

    The campaign row is locked first, so two rebuilds run one after the other and the later one
    reads the later games. Players with no rated game left lose their ranking.
    """
    Campaign.objects.lock(campaign_id)
    standings = rate_periods(campaign_periods(campaign_id))
    Ranking.objects.filter(campaign_id=campaign_id).exclude(user_id__in=list(standings)).delete()
    rows = [
        Ranking(
            campaign_id=campaign_id,
            user_id=user_id,
            rating=s.rating,
            deviation=s.deviation,
            volatility=s.volatility,
            games=s.games,
            history=s.history,
        )
        for user_id, s in standings.items()
    ]
    Ranking.objects.bulk_create(
        rows,
        batch_size=500,
        update_conflicts=True,
        unique_fields=["campaign", "user"],
        update_fields=["rating", "deviation", "volatility", "games", "history", "updated_at"],
    )
    return len(rows)
