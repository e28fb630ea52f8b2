"""The house-rules API (C31): read the campaign's rules, replace or change them (the organiser),
and preview a change without saving it.

    GET   /api/campaigns/{id}/house-rules/          {version, rules, changed: [paths]}
    PUT   /api/campaigns/{id}/house-rules/          the whole set → the new document
    PATCH /api/campaigns/{id}/house-rules/          {"changes": {path: value}} → the new document
    POST  /api/campaigns/{id}/house-rules/preview/  as PATCH (or {"rules": …}); saves nothing
    GET   /api/campaigns/{id}/house-rules/versions/ every saved version, who and when

A path is the rules' keys joined by dots: `factions.rangers.equipment.musket.price`.
"""

from __future__ import annotations

from typing import Annotated

from drf_spectacular.utils import OpenApiExample, extend_schema
from pydantic import BaseModel, Field
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from campaign.access import campaign_for
from campaign.api.common import BAD_REQUEST, FORBIDDEN, NOT_FOUND, UserSerializer
from campaign.rules.book_schema import MAX_PATH, MAX_VALUES, Rules
from campaign.selectors.house_rules import (
    house_rules_history,
    house_rules_version,
    rulebook_for,
)
from campaign.services.house_rules import house_rules_preview, house_rules_save

# --- serializers ----------------------------------------------------------------------------------


# The documents themselves are described by the declared rulebook (campaign.rules.book_schema):
# drf-spectacular turns these pydantic models into the OpenAPI schema, every table typed.

PATH = Annotated[str, Field(pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)*$", max_length=MAX_PATH)]


class HouseRules(BaseModel):
    """The campaign's house rules: GET's answer, and PUT's and PATCH's."""

    version: int = Field(description="0 while the campaign plays the seed's rules.")
    rules: Rules
    changed: list[str] = Field(description="Paths that differ from the seed's rules.")


class HouseRulesReplace(BaseModel):
    """PUT: the whole set, as GET gives it (the bare `rules` object is taken too)."""

    rules: Rules
    version: int | None = None
    changed: list[str] | None = None


class HouseRulesChanges(BaseModel):
    changes: Annotated[
        dict[PATH, int | bool | str | None], Field(min_length=1, max_length=MAX_VALUES)
    ] = Field(description='{path: value}, e.g. {"factions.rangers.equipment.musket.price": 12}')


class HouseRulesPreviewRequest(BaseModel):
    """Some changes, as PATCH takes them, or the whole set, as PUT takes it."""

    changes: Annotated[dict[PATH, int | bool | str | None], Field(max_length=MAX_VALUES)] | None = (
        None
    )
    rules: Rules | None = None


class HouseRulesWarbandSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    draft = serializers.BooleanField()
    rating_before = serializers.IntegerField(
        help_text="C11 at the list prices in force (a draft: its cost)."
    )
    rating_after = serializers.IntegerField(help_text="The same at the proposed prices.")
    kit_not_allowed = serializers.ListField(child=serializers.CharField())
    over_limits = serializers.ListField(child=serializers.CharField())
    income = serializers.DictField(
        allow_null=True,
        help_text="{before, after: {won, lost}}: the expected income with its Heroes and "
        "Veterans earning (null for a draft).",
    )


class HouseRulesPreviewSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    changed = serializers.ListField(child=serializers.CharField())
    warbands = HouseRulesWarbandSerializer(many=True)
    numbers = serializers.DictField(
        help_text="{before, after}: income_won, income_lost, income_per_earner (means), "
        "death_chance {exact, percent} of a downed figure, from the dice."
    )


class HouseRulesVersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    overrides = serializers.DictField()
    author = UserSerializer(allow_null=True)
    created_at = serializers.DateTimeField()


def _document(campaign) -> dict:
    book = rulebook_for(campaign)
    return {
        "version": house_rules_version(campaign),
        "rules": book.document,
        "changed": book.changed,
    }


def _whole_set(data) -> dict | None:
    """PUT takes the whole set, bare or as GET gives it ({version, rules, changed})."""
    if isinstance(data, dict) and isinstance(data.get("rules"), dict):
        return data["rules"]
    return data if isinstance(data, dict) else None


# --- views ----------------------------------------------------------------------------------------

EXAMPLE = OpenApiExample(
    "A dearer musket", value={"changes": {"factions.rangers.equipment.musket.price": 12}}
)


@extend_schema(methods=["GET"], operation_id="house_rules_read", responses={200: HouseRules})
@extend_schema(
    methods=["PUT"],
    operation_id="house_rules_replace",
    request=HouseRulesReplace,
    responses={200: HouseRules, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@extend_schema(
    methods=["PATCH"],
    operation_id="house_rules_change",
    request=HouseRulesChanges,
    examples=[EXAMPLE],
    responses={200: HouseRules, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["GET", "PUT", "PATCH"])
def house_rules(request, campaign_id: int):
    """The campaign's house rules (C31). Any reader sees them; the organiser replaces the whole
    set (PUT) or changes some paths (PATCH): 200 with `version` one higher. A bad value or an
    unknown path is a 400 naming the path; nothing is saved then."""
    if request.method == "GET":
        return Response(_document(campaign_for(request.user, campaign_id)))
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    if request.method == "PUT":
        house_rules_save(campaign=campaign, actor=request.user, rules=_whole_set(request.data))
    else:
        changes = request.data.get("changes") if isinstance(request.data, dict) else None
        house_rules_save(campaign=campaign, actor=request.user, changes=changes)
    return Response(_document(campaign))


@extend_schema(
    operation_id="house_rules_preview",
    request=HouseRulesPreviewRequest,
    examples=[EXAMPLE],
    responses={200: HouseRulesPreviewSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["POST"])
def house_rules_preview_view(request, campaign_id: int):
    """What the change would do, saving nothing: every warband's team rating before and after
    (at list prices), kit no longer allowed, limits broken, and the expected income and the
    chance a downed figure dies, worked out exactly from the dice."""
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    data = request.data if isinstance(request.data, dict) else {}
    if "rules" in data:
        preview = house_rules_preview(campaign=campaign, rules=_whole_set(data))
    else:
        preview = house_rules_preview(campaign=campaign, changes=data.get("changes"))
    return Response(preview)


@extend_schema(
    operation_id="house_rules_versions",
    responses={200: HouseRulesVersionSerializer(many=True), 404: NOT_FOUND},
)
@api_view(["GET"])
def house_rules_versions(request, campaign_id: int):
    """Every saved version, newest first, with who saved it and when."""
    campaign = campaign_for(request.user, campaign_id)
    return Response(HouseRulesVersionSerializer(house_rules_history(campaign), many=True).data)
