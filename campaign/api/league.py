"""The league API: the table, and starting a campaign recalculation (its progress is read at
`GET /api/jobs/{id}/`, core.job_api, by whoever may read the campaign: campaign.access).

Access follows the pages: whoever may read the campaign reads its league (404 otherwise); only
the organiser starts a recalculation (403 for a player).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.response import Response

from campaign import services
from campaign.access import campaign_for
from campaign.api.common import BAD_REQUEST, FORBIDDEN, NOT_FOUND
from campaign.selectors import league as selectors_league
from core.job_api import JobSerializer

SORTS = [key for column in selectors_league.COLUMNS for key in (column, f"-{column}")]


class RankingSerializer(serializers.Serializer):
    rating = serializers.FloatField()
    deviation = serializers.FloatField(help_text="Glicko-2 rating deviation (RD)")
    volatility = serializers.FloatField()
    games = serializers.IntegerField()


class LeagueRowSerializer(serializers.Serializer):
    warband = serializers.IntegerField(source="warband.id")
    name = serializers.CharField(source="warband.name")
    faction = serializers.CharField(source="warband.faction")
    player = serializers.CharField(source="player.username")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    rating = serializers.IntegerField(help_text="Team rating (C11)")
    rating_stale = serializers.BooleanField(
        source="warband.rating_stale", help_text="A recalculation is on its way."
    )
    ranking = RankingSerializer(allow_null=True, help_text="The player's; null until they play.")


class LeagueSerializer(serializers.Serializer):
    campaign = serializers.IntegerField()
    sort = serializers.CharField()
    rows = LeagueRowSerializer(many=True)


@extend_schema(
    operation_id="campaign_league",
    parameters=[
        OpenApiParameter("sort", str, enum=SORTS, description="A column; '-' for high first.")
    ],
    responses={200: LeagueSerializer, 404: NOT_FOUND},
)
@api_view(["GET"])
def campaign_league(request, campaign_id: int):
    """The league table: each founded warband's record in confirmed games, its team rating
    and its player's Glicko-2 ranking."""
    campaign = campaign_for(request.user, campaign_id)
    key, descending = selectors_league.parse_sort(request.query_params.get("sort"))
    sort = f"-{key}" if descending else key
    rows = selectors_league.league_rows(campaign, sort)
    return Response(LeagueSerializer({"campaign": campaign.id, "sort": sort, "rows": rows}).data)


@extend_schema(
    operation_id="campaign_recalculate",
    request=None,
    responses={202: JobSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["POST"])
def campaign_recalculate(request, campaign_id: int):
    """Organiser only: recalculate every warband's rating and history, then the rankings, as a
    background job. If one is already queued or running, that job is answered. A closed
    campaign is refused (400), like every other write."""
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    job, _ = services.campaign_queue_recalculation(campaign_id=campaign.id)
    job.refresh_from_db()
    return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)
