"""The campaign REST API: parse with a serializer, call one service, answer with the result.

Everything but the rules and the token needs a signed-in user (session or `Token` header).
Access follows the web pages (campaign.access): a stranger gets 404 for a private campaign and
its warbands; reading a public one is open to any user, writing needs membership.
"""

from __future__ import annotations

from django.db.models import prefetch_related_objects
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign import selectors, services
from campaign.access import campaign_for, warband_for
from campaign.api.serializers import (
    CampaignCreateSerializer,
    CampaignQuerySerializer,
    CampaignSerializer,
    DetailSerializer,
    ErrorSerializer,
    JoinSerializer,
    RulesSerializer,
    WarbandCreateSerializer,
    WarbandSerializer,
)
from campaign.models import Campaign
from campaign.rules.factions import FACTIONS, MAX_FIGURES, SPECIALISTS, STARTING_SKILL_ROLLS
from campaign.rules.skills import SKILL_LISTS

CAMPAIGN_PREFETCH = ("memberships__user", "warbands__owner")
BAD_REQUEST = OpenApiResponse(ErrorSerializer, description="Names each broken rule and field.")
NOT_FOUND = OpenApiResponse(DetailSerializer, description="No such thing, or not yours to see.")
FORBIDDEN = OpenApiResponse(DetailSerializer, description="Signed in, but not allowed.")


@extend_schema(operation_id="rules_factions", responses=RulesSerializer, auth=[])
@api_view(["GET"])
@permission_classes([AllowAny])
def rules_factions(request):
    """The factions, their profiles, equipment and skill lists (C1-C7, C21): not secret."""
    rules = {
        "factions": FACTIONS.values(),
        "skill_lists": {
            key: [{**vars(skill), "die": die} for die, skill in enumerate(skills, start=1)]
            for key, skills in SKILL_LISTS.items()
        },
        "specialists": SPECIALISTS.values(),
        "max_figures": MAX_FIGURES,
        "starting_skill_rolls": STARTING_SKILL_ROLLS,
    }
    return Response(RulesSerializer(rules).data)


def _campaign_response(request, campaign: Campaign, code=status.HTTP_200_OK) -> Response:
    prefetch_related_objects([campaign], *CAMPAIGN_PREFETCH)
    return Response(CampaignSerializer(campaign, context={"request": request}).data, status=code)


class CampaignsView(APIView):
    @extend_schema(operation_id="campaigns_list", responses=CampaignSerializer(many=True))
    def get(self, request):
        """Campaigns I may read: public ones and those I organise or play in."""
        campaigns = (
            Campaign.objects.visible_to(request.user)
            .select_related("organiser")
            .prefetch_related(*CAMPAIGN_PREFETCH)
        )
        return Response(CampaignSerializer(campaigns, many=True, context={"request": request}).data)

    @extend_schema(
        operation_id="campaigns_create",
        request=CampaignCreateSerializer,
        responses={201: CampaignSerializer, 400: BAD_REQUEST},
    )
    def post(self, request):
        """Start a campaign; the creator is its organiser (and first member)."""
        serializer = CampaignCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        campaign = services.campaign_create(organiser=request.user, **serializer.validated_data)
        return _campaign_response(request, campaign, status.HTTP_201_CREATED)


@extend_schema(
    operation_id="campaigns_retrieve",
    responses={200: CampaignSerializer, 404: NOT_FOUND},
)
@api_view(["GET"])
def campaign_detail(request, campaign_id: int):
    """A campaign; `invite_code` is null unless I am a member."""
    return _campaign_response(request, campaign_for(request.user, campaign_id))


@extend_schema(
    operation_id="campaigns_join",
    request=JoinSerializer,
    responses={200: CampaignSerializer, 400: BAD_REQUEST},
)
@api_view(["POST"])
def campaign_join(request, campaign_id: int):
    """Join with the invite code. The campaign is looked up by id alone (not campaign_for):
    a stranger must reach a private campaign to join it, and the code is the proof. A wrong
    code and an id that does not exist get the same 400, so ids of private campaigns do not
    leak. Joining again is harmless (200)."""
    serializer = JoinSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    services.campaign_join(
        campaign=campaign, user=request.user, invite_code=serializer.validated_data["invite_code"]
    )
    return _campaign_response(request, campaign)


class WarbandsView(APIView):
    @extend_schema(
        operation_id="warbands_list",
        parameters=[CampaignQuerySerializer],
        responses={200: WarbandSerializer(many=True), 400: BAD_REQUEST, 404: NOT_FOUND},
    )
    def get(self, request):
        """The warbands of one campaign (`?campaign=ID`, required), with their rosters."""
        query = CampaignQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        campaign = campaign_for(request.user, query.validated_data["campaign"])
        warbands = selectors.warbands_with_roster().filter(campaign=campaign)
        return Response(WarbandSerializer(warbands, many=True).data)

    @extend_schema(
        operation_id="warbands_create",
        request=WarbandCreateSerializer,
        responses={201: WarbandSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def post(self, request):
        """Found a warband in one step (C2-C6): all or nothing.

        Members only: a stranger gets 404 for a private campaign (and for one that does not
        exist), 403 for a public one they have not joined.
        """
        serializer = WarbandCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        campaign = campaign_for(request.user, data["campaign"], member=True)
        warband = services.warband_create_founded(
            campaign=campaign, owner=request.user, name=data["name"], faction=data["faction"],
            figures=serializer.new_figures(),
        )  # fmt: skip
        warband = selectors.warbands_with_roster().get(pk=warband.pk)
        return Response(WarbandSerializer(warband).data, status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="warbands_retrieve",
    responses={200: WarbandSerializer, 404: NOT_FOUND},
)
@api_view(["GET"])
def warband_detail(request, warband_id: int):
    """A warband and its roster, to anyone who may read its campaign; constant queries."""
    warband = warband_for(request.user, warband_id, roster=True)
    return Response(WarbandSerializer(warband).data)
