"""The campaigns API: list and start campaigns, read one, join with the invite code.

Everything needs a signed-in user (session or `Token` header). Access follows the web pages
(campaign.access): a stranger gets 404 for a private campaign; reading a public one is open to
any user. Serializers parse and bound input and shape output; they never write.
"""

from __future__ import annotations

from django.db import models
from django.db.models import prefetch_related_objects
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.fields import empty
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign import services
from campaign.access import campaign_for, membership_for
from campaign.api.common import BAD_REQUEST, FORBIDDEN, NOT_FOUND, UserSerializer
from campaign.models import Campaign

# --- serializers ----------------------------------------------------------------------------------


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="user.id")
    username = serializers.CharField(source="user.username")
    joined_at = serializers.DateTimeField()


class WarbandSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    faction = serializers.CharField()
    state = serializers.CharField()
    rating = serializers.IntegerField()
    owner = UserSerializer()


class CampaignSerializer(serializers.ModelSerializer):
    """A campaign with its members and warbands (prefetched: CAMPAIGN_PREFETCH below).

    `invite_code` is shown to members only (the organiser is one), as on the campaign page:
    any member may invite a friend; others get null.
    """

    organiser = UserSerializer()
    invite_code = serializers.SerializerMethodField()
    webhook_url = serializers.SerializerMethodField(
        help_text="Where each chronicle entry is posted; the organiser's alone (null for others)"
    )
    members = MemberSerializer(source="memberships.all", many=True)
    warbands = WarbandSummarySerializer(source="warbands.all", many=True)

    class Meta:
        model = Campaign
        fields = [
            "id",
            "name",
            "organiser",
            "invite_code",
            *Campaign.SETTINGS,
            "webhook_url",
            "created_at",
            "closed_at",
            "members",
            "warbands",
        ]
        read_only_fields = fields

    def get_invite_code(self, campaign) -> str | None:
        user = self.context["request"].user
        members = {m.user_id for m in campaign.memberships.all()} | {campaign.organiser_id}
        return campaign.invite_code if user.id in members else None

    def get_webhook_url(self, campaign) -> str | None:
        # It holds the webhook's secret: anyone who has it may post to the club's channel.
        user = self.context["request"].user
        return campaign.webhook_url if user.id == campaign.organiser_id else None


class OptionalBooleanField(serializers.BooleanField):
    # DRF reads a yes/no left out of a form post as False (an unticked box); here it means
    # "the model's default", as it does in JSON (manual_dice defaults to True).
    default_empty_html = empty


class CampaignCreateSerializer(serializers.ModelSerializer):
    """Bounds come from the model (name 100 characters, treasury 0 to 100 000)."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.BooleanField: OptionalBooleanField,
    }

    class Meta:
        model = Campaign
        fields = ["name", *Campaign.SETTINGS, "webhook_url"]
        extra_kwargs = {
            "webhook_url": {
                "help_text": "Optional: each chronicle entry is posted here (Discord's JSON); "
                "https to a public host only, checked when saved and before each post"
            }
        }


class CampaignUpdateSerializer(CampaignCreateSerializer):
    """The organiser's changes: any of the name and settings, and `closed` (true ends the
    season: the campaign becomes read-only; false opens it again)."""

    closed = serializers.BooleanField(required=False)

    class Meta(CampaignCreateSerializer.Meta):
        fields = [*CampaignCreateSerializer.Meta.fields, "closed"]
        extra_kwargs = {**CampaignCreateSerializer.Meta.extra_kwargs, "name": {"required": False}}


class InviteCodeSerializer(serializers.Serializer):
    invite_code = serializers.CharField()


class JoinSerializer(serializers.Serializer):
    invite_code = serializers.CharField(max_length=16)


# --- views ----------------------------------------------------------------------------------------


CAMPAIGN_PREFETCH = ("memberships__user", "warbands__owner")


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
    methods=["GET"],
    responses={200: CampaignSerializer, 404: NOT_FOUND},
)
@extend_schema(
    operation_id="campaigns_update",
    methods=["PATCH"],
    request=CampaignUpdateSerializer,
    responses={200: CampaignSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["GET", "PATCH"])
def campaign_detail(request, campaign_id: int):
    """GET: a campaign; `invite_code` is null unless I am a member. PATCH (the organiser):
    change its name or settings, or close it (`closed: true`, read-only afterwards: every
    change to it, its warbands and games is then a 400) or open it again (`closed: false`)."""
    if request.method == "GET":
        return _campaign_response(request, campaign_for(request.user, campaign_id))
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    serializer = CampaignUpdateSerializer(campaign, data=request.data, partial=True)
    serializer.is_valid(raise_exception=True)
    changes = dict(serializer.validated_data)
    closed = changes.pop("closed", None)
    if closed is False and campaign.is_closed:
        services.campaign_reopen(campaign=campaign)
    if changes:
        services.campaign_update(campaign=campaign, **changes)
    if closed and not campaign.is_closed:
        services.campaign_close(campaign=campaign)
    return _campaign_response(request, campaign)


@extend_schema(
    operation_id="campaigns_invite_code",
    request=None,
    responses={200: InviteCodeSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["POST"])
def campaign_invite_code(request, campaign_id: int):
    """The organiser replaces the invite code: the old one stops working at once."""
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    code = services.campaign_new_invite_code(campaign=campaign)
    return Response({"invite_code": code})


@extend_schema(
    operation_id="campaigns_members_destroy",
    responses={204: None, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["DELETE"])
def campaign_member(request, campaign_id: int, user_id: int):
    """A player leaves (their own id) or the organiser removes one: the player's founded
    warbands retire (kept in the league's history) and their drafts are deleted. The
    organiser cannot leave (400)."""
    membership = membership_for(request.user, campaign_id, user_id)
    services.campaign_remove_member(
        campaign=membership.campaign, user=membership.user, actor=request.user
    )
    return Response(status=status.HTTP_204_NO_CONTENT)


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
