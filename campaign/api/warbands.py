"""The warbands API: the rules data the builder needs, found a warband in one step, read one.

Input serializers bound every length, list size and number, so bad input is a 400 before a
service is called; the services' rules (C2-C6) then report what only they can judge. Access
follows the pages (campaign.access): a stranger gets 404 for a private campaign's warbands;
founding one needs membership.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign import selectors, services
from campaign.access import campaign_for, warband_for, warband_to_read
from campaign.api.common import (
    BAD_REQUEST,
    FORBIDDEN,
    MAX_ID,
    NOT_FOUND,
    CampaignQuerySerializer,
    UserSerializer,
    represent,
)
from campaign.models import FACTION_CHOICES, Warband
from campaign.rules.factions import (
    FACTIONS,
    MAX_FIGURES,
    SPECIALISTS,
    STARTING_SKILL_ROLLS,
    Faction,
    item_name,
)
from campaign.rules.skills import SKILL_LISTS
from campaign.rules.warband import default_skill_lists
from campaign.services import NewFigure, SkillRoll
from core.content_version import campaign_scope
from core.page_cache import cached

MAX_FIGURES_IN_REQUEST = 30  # C3 allows 15; more is reported by the rule, up to this bound


MAX_ITEMS_PER_FIGURE = 10


MAX_SKILL_ROLLS_PER_FIGURE = 5  # C6 allows 2; the service names the right count


MAX_FACES = 10  # one die and its re-rolls after duplicate skills (C6)


# --- the rules data (read-only) -------------------------------------------------------------------


class LimitsSerializer(serializers.Serializer):
    min = serializers.IntegerField()
    max = serializers.IntegerField(allow_null=True, help_text="null: any number (C3).")


class ProfileSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    status = serializers.CharField()
    reputation = serializers.IntegerField()
    cost = serializers.IntegerField()
    limits = serializers.SerializerMethodField()

    @extend_schema_field(LimitsSerializer)
    def get_limits(self, profile) -> dict:
        low, high = profile.limits
        return {"min": low, "max": high}


class ItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    price = serializers.IntegerField()
    veteran_and_hero_only = serializers.BooleanField()


class FactionSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    unit_name = serializers.CharField()
    note = serializers.CharField()
    skill_lists = serializers.ListField(child=serializers.CharField())
    required_weapon = serializers.CharField()
    profiles = ProfileSerializer(many=True)
    equipment = ItemSerializer(many=True)


class SkillSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    effect = serializers.CharField()
    die = serializers.IntegerField(help_text="The D6 face that gives it.")


class SpecialistSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    hire = serializers.IntegerField()
    retainer = serializers.IntegerField()
    counts_as = serializers.CharField()
    skill_rolls = serializers.IntegerField()
    non_combatant = serializers.BooleanField()
    equipment = serializers.ListField(child=serializers.CharField())
    rule = serializers.CharField()


class RulesSerializer(serializers.Serializer):
    factions = FactionSerializer(many=True)
    skill_lists = serializers.DictField(child=SkillSerializer(many=True))
    specialists = SpecialistSerializer(many=True)
    max_figures = serializers.IntegerField()
    starting_skill_rolls = serializers.DictField(
        child=serializers.IntegerField(), help_text="By status (C6)."
    )


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


# --- founding a warband ---------------------------------------------------------------------------


_FACE = {"type": "integer", "minimum": 1, "maximum": 6}


@extend_schema_field(
    {"oneOf": [_FACE, {"type": "array", "items": _FACE, "minItems": 1, "maxItems": MAX_FACES}]}
)
class DieField(serializers.Field):
    """A D6 typed in from a real die (C12): one face, or faces in order, the extra ones used
    when a duplicate skill is re-rolled (C6). Omitted or null: the app rolls."""

    default_error_messages = {
        "invalid": f"Give a D6 face (1-6) or a list of at most {MAX_FACES} of them."
    }

    def to_internal_value(self, data) -> tuple[int, ...]:
        faces = data if isinstance(data, list) else [data]
        # type() rather than isinstance(): JSON true is not a face.
        if not 1 <= len(faces) <= MAX_FACES or not all(
            type(face) is int and 1 <= face <= 6 for face in faces
        ):
            self.fail("invalid")
        return tuple(faces)

    def to_representation(self, value):
        return list(value)


class SkillRollSerializer(serializers.Serializer):
    list = serializers.ChoiceField(choices=sorted(SKILL_LISTS), help_text="C1: the faction's.")
    die = DieField(required=False, allow_null=True)


class NewFigureSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=80, allow_blank=True, default="", help_text="Blank: the profile's name."
    )
    profile = serializers.CharField(max_length=40)
    equipment = serializers.ListField(
        child=serializers.CharField(max_length=30), max_length=MAX_ITEMS_PER_FIGURE, default=list
    )
    starting_skills = SkillRollSerializer(
        many=True,
        required=False,
        max_length=MAX_SKILL_ROLLS_PER_FIGURE,
        help_text="Heroes roll 2, Veterans 1 (C6). Omitted: the faction's lists in order.",
    )


class WarbandCreateSerializer(serializers.Serializer):
    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    name = serializers.CharField(max_length=80)
    faction = serializers.ChoiceField(choices=FACTION_CHOICES)
    figures = NewFigureSerializer(many=True, max_length=MAX_FIGURES_IN_REQUEST)

    def new_figures(self) -> list[NewFigure]:
        faction = FACTIONS[self.validated_data["faction"]]
        return [
            NewFigure(
                name=figure["name"],
                profile=figure["profile"],
                equipment=tuple(figure["equipment"]),
                skill_rolls=_skill_rolls(faction, figure),
            )
            for figure in self.validated_data["figures"]
        ]


def _skill_rolls(faction: Faction, figure: dict) -> tuple[SkillRoll, ...]:
    if "starting_skills" in figure:
        return tuple(SkillRoll(r["list"], r.get("die") or ()) for r in figure["starting_skills"])
    # The owner did not choose: the faction's lists in turn, as the founding form offers them.
    profile = faction.profile(figure["profile"])
    if profile is None:  # unknown profile: C4 reports it
        return ()
    return tuple(SkillRoll(key) for key in default_skill_lists(faction.key, profile.status))


# --- a warband and its roster ---------------------------------------------------------------------


class FigureSerializer(serializers.Serializer):
    """A figure from its roster card (selectors.figure_card): keys as in the rules data."""

    id = serializers.IntegerField(source="figure.id")
    name = serializers.CharField(source="figure.name")
    profile = serializers.CharField(source="figure.profile")
    status = serializers.CharField(source="figure.status")
    reputation = serializers.IntegerField(source="figure.reputation")
    movement = serializers.CharField(help_text="Open ground/terrain, inches (C7).")
    melee = serializers.IntegerField()
    shooting = serializers.IntegerField()
    morale = serializers.IntegerField()
    skills = serializers.SerializerMethodField()
    injuries = serializers.ListField(child=serializers.CharField(), source="figure.injuries")
    equipment = serializers.SerializerMethodField()
    experience_start = serializers.IntegerField(source="figure.experience_start")
    experience = serializers.IntegerField(source="figure.experience")
    state = serializers.CharField(source="figure.state")
    specialist = serializers.CharField(source="figure.specialist")

    def get_skills(self, card) -> list[str]:
        return [key for key, _, _ in card.skills]

    def get_equipment(self, card) -> list[str]:
        return [key for key, _, _ in card.equipment]


class StoredItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.SerializerMethodField()
    price = serializers.IntegerField(help_text="As paid (pinned at purchase).")

    def get_name(self, piece) -> str:
        return item_name(piece.key)


class LedgerEntrySerializer(serializers.Serializer):
    amount = serializers.IntegerField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()


class WarbandSerializer(serializers.ModelSerializer):
    """A warband and its roster, from selectors.warbands_with_roster() (constant queries)."""

    owner = UserSerializer()
    figures = serializers.SerializerMethodField()
    storage = serializers.SerializerMethodField()
    ledger = LedgerEntrySerializer(source="ledger.all", many=True)

    class Meta:
        model = Warband
        fields = [
            "id",
            "campaign",
            "owner",
            "name",
            "faction",
            "state",
            "treasury",
            "rating",
            "rating_stale",
            "games_played",
            "founded_at",
            "figures",
            "storage",
            "ledger",
        ]
        read_only_fields = fields

    @extend_schema_field(FigureSerializer(many=True))
    def get_figures(self, warband) -> list:
        return represent(FigureSerializer, selectors.roster_cards(warband), many=True)

    @extend_schema_field(StoredItemSerializer(many=True))
    def get_storage(self, warband) -> list:
        return represent(StoredItemSerializer, selectors.storage(warband), many=True)


# --- views ----------------------------------------------------------------------------------------


def _read(warband_id: int) -> dict:
    """A warband's body read fresh after a write (not the cached GET's)."""
    return represent(WarbandSerializer, selectors.warbands_with_roster().get(pk=warband_id))


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
        return Response(represent(WarbandSerializer, warbands, many=True))

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
            campaign=campaign,
            owner=request.user,
            name=data["name"],
            faction=data["faction"],
            figures=serializer.new_figures(),
        )
        warband = selectors.warbands_with_roster().get(pk=warband.pk)
        return Response(represent(WarbandSerializer, warband), status=status.HTTP_201_CREATED)


class WarbandRenameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)


@extend_schema(
    operation_id="warbands_retrieve",
    methods=["GET"],
    responses={200: WarbandSerializer, 404: NOT_FOUND},
)
@extend_schema(
    operation_id="warbands_rename",
    methods=["PATCH"],
    request=WarbandRenameSerializer,
    responses={200: WarbandSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@extend_schema(
    operation_id="warbands_destroy",
    methods=["DELETE"],
    responses={204: None, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["GET", "PATCH", "DELETE"])
def warband_detail(request, warband_id: int):
    """GET: a warband and its roster, to anyone who may read its campaign; constant queries.
    PATCH `{name}` (the owner or the organiser): rename it. DELETE: delete a draft (a
    founded warband is a 400: retire it instead)."""
    if request.method == "GET":
        warband = warband_to_read(request, warband_id)
        # The same for everyone who may read it (checked above): cached by its campaign's version.
        data = cached(
            "api-warband",
            warband.id,
            scopes=[campaign_scope(warband.campaign_id)],
            request=request,
            render=lambda: represent(WarbandSerializer, selectors.load_roster(warband)),
        )
        return Response(data)
    warband = warband_for(request.user, warband_id, edit=True)
    if request.method == "DELETE":
        services.warband_delete_draft(warband=warband)
        return Response(status=status.HTTP_204_NO_CONTENT)
    serializer = WarbandRenameSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    services.warband_rename(
        warband=warband, name=serializer.validated_data["name"], actor=request.user
    )
    return Response(_read(warband.pk))


@extend_schema(
    operation_id="warbands_retire",
    request=None,
    responses={200: WarbandSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["POST"])
def warband_retire(request, warband_id: int):
    """Retire a founded warband (the owner or the organiser): out of the active list, its
    games, ledger and league history kept. A draft, a retired warband, a pending report or an
    open post-game sequence is a 400."""
    warband = warband_for(request.user, warband_id, edit=True)
    services.warband_retire(warband=warband)
    return Response(_read(warband.pk))
