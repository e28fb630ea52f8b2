"""The organiser's export of a campaign: GET /api/campaigns/{id}/export/ (one JSON document of
every row), .../export/rosters.csv and .../export/league.csv. The campaign page's buttons link
here (a signed-in session works as well as a token). Members who are not the organiser get 403,
strangers to a private campaign 404.
"""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view

from campaign.access import campaign_for
from campaign.api.common import FORBIDDEN
from campaign.selectors import export


def _download(campaign, body: str, content_type: str, suffix: str) -> HttpResponse:
    name = f"{slugify(campaign.name) or 'campaign'}-{timezone.localdate():%Y-%m-%d}{suffix}"
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@extend_schema(responses={(200, "application/json"): OpenApiTypes.OBJECT, 403: FORBIDDEN})
@api_view(["GET"])
def campaign_export(request, campaign_id: int):
    """Everything of the campaign: settings, members, warbands, figures, kit, every ledger
    line and roll, games with their figure lines and post-game sequences, ratings, rankings,
    the league and the activity feed."""
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    body = json.dumps(export.campaign_export(campaign), cls=DjangoJSONEncoder, indent=1)
    return _download(campaign, body, "application/json", ".json")


@extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, 403: FORBIDDEN})
@api_view(["GET"])
def rosters_csv(request, campaign_id: int):
    """One line per figure of every warband, with its warband, player and kit."""
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    body = export.as_csv(export.roster_table(campaign), export.ROSTER_COLUMNS)
    return _download(campaign, body, "text/csv; charset=utf-8", "-rosters.csv")


@extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, 403: FORBIDDEN})
@api_view(["GET"])
def league_csv(request, campaign_id: int):
    """The league table: played, won, drawn, lost, team rating and ranking per warband."""
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    body = export.as_csv(export.league_table(campaign), export.LEAGUE_COLUMNS)
    return _download(campaign, body, "text/csv; charset=utf-8", "-league.csv")
