"""Serializers of the campaign API: they parse and bound input and shape output; never write.

Input serializers bound every length, list size and number, so bad input is a 400 before a
service is called; the services' rules (C2-C6) then report what only they can judge.
"""

from __future__ import annotations

from django.db import models
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty

from campaign import selectors
from campaign.models import FACTION_CHOICES, Campaign, Warband
from campaign.rules.factions import FACTIONS, Faction, item_name
from campaign.rules.skills import SKILL_LISTS
from campaign.rules.warband import default_skill_lists
from campaign.services import NewFigure, SkillRoll

MAX_ID = 2**63 - 1  # BigAutoField
MAX_FIGURES_IN_REQUEST = 30  # C3 allows 15; more is reported by the rule, up to this bound
MAX_ITEMS_PER_FIGURE = 10
MAX_SKILL_ROLLS_PER_FIGURE = 5  # C6 allows 2; the service names the right count
MAX_FACES = 10  # one die and its re-rolls after duplicate skills (C6)


class ErrorItemSerializer(serializers.Serializer):
    rule = serializers.CharField(allow_null=True, help_text="The ruling broken, e.g. C3.")
    field = serializers.CharField(allow_null=True, help_text="e.g. figures[0].equipment")
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """Every 400 (see campaign.api_errors); serializer errors also keep DRF's field dict."""

    detail = serializers.CharField()
    errors = ErrorItemSerializer(many=True)


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


# --- the rules data (read-only) ----------------------------------------------------------------


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


# --- campaigns ---------------------------------------------------------------------------------


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


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
    """A campaign with its members and warbands (prefetched: api.views.CAMPAIGN_PREFETCH).

    `invite_code` is shown to members only (the organiser is one), as on the campaign page:
    any member may invite a friend; others get null.
    """

    organiser = UserSerializer()
    invite_code = serializers.SerializerMethodField()
    members = MemberSerializer(source="memberships.all", many=True)
    warbands = WarbandSummarySerializer(source="warbands.all", many=True)

    class Meta:
        model = Campaign
        fields = [
            "id", "name", "organiser", "invite_code", "starting_treasury", "currency",
            "manual_dice", "report_confirmation", "is_public", "created_at", "members",
            "warbands",
        ]  # fmt: skip
        read_only_fields = fields

    def get_invite_code(self, campaign) -> str | None:
        user = self.context["request"].user
        members = {m.user_id for m in campaign.memberships.all()} | {campaign.organiser_id}
        return campaign.invite_code if user.id in members else None


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
        fields = [
            "name", "starting_treasury", "currency", "manual_dice", "report_confirmation",
            "is_public",
        ]  # fmt: skip


class JoinSerializer(serializers.Serializer):
    invite_code = serializers.CharField(max_length=16)


# --- warbands ----------------------------------------------------------------------------------

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
        many=True, required=False, max_length=MAX_SKILL_ROLLS_PER_FIGURE,
        help_text="Heroes roll 2, Veterans 1 (C6). Omitted: the faction's lists in order.",
    )  # fmt: skip


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


class CampaignQuerySerializer(serializers.Serializer):
    """The `?campaign=ID` filter of the list endpoints (warbands, games)."""

    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)


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
            "id", "campaign", "owner", "name", "faction", "state", "treasury", "rating",
            "rating_stale", "games_played", "founded_at", "figures", "storage", "ledger",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(FigureSerializer(many=True))
    def get_figures(self, warband) -> list:
        return FigureSerializer(selectors.roster_cards(warband), many=True).data

    @extend_schema_field(StoredItemSerializer(many=True))
    def get_storage(self, warband) -> list:
        return StoredItemSerializer(selectors.storage(warband), many=True).data
