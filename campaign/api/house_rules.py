"""The house-rules API (C31): read the campaign's rules, replace or change them (the organiser),
and preview a change without saving it.

    GET   /api/campaigns/{id}/house-rules/          {version, rules, changed: [paths]}
    PUT   /api/campaigns/{id}/house-rules/          {version, rules} → the new document
    PATCH /api/campaigns/{id}/house-rules/          {version, changes: {path: value}} → the same
    POST  /api/campaigns/{id}/house-rules/preview/  as PATCH (or {"rules": …}); saves nothing
    GET   /api/campaigns/{id}/house-rules/versions/ every saved version, who and when

A path is the rules' keys joined by dots: `factions.rangers.equipment.musket.price`.

PUT and PATCH carry the `version` they started from (or an `If-Match: "24"` header): a save
from a version that is no longer the latest answers 409 with the current document, so two
organisers editing at once never lose a change silently. Without one they answer 400.
"""

from __future__ import annotations

from typing import Annotated

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from pydantic import BaseModel, Field
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from campaign.access import campaign_for
from campaign.api.common import BAD_REQUEST, FORBIDDEN, NOT_FOUND, UserSerializer
from campaign.errors import HouseRulesConflict
from campaign.rules.book import HouseRulesError
from campaign.rules.book_schema import MAX_ERRORS, MAX_PATH, MAX_VALUES, Rules
from campaign.selectors.house_rules import (
    house_rules_history,
    house_rules_version,
    rulebook_for,
)
from campaign.services.house_rules import (
    house_rules_preview,
    house_rules_proposed,
    house_rules_save,
)
from core.api_errors import error_body

# --- serializers ----------------------------------------------------------------------------------


# The documents themselves are described by the declared rulebook (campaign.rules.book_schema):
# drf-spectacular turns these pydantic models into the OpenAPI schema, every table typed.

PATH = Annotated[str, Field(pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)*$", max_length=MAX_PATH)]


class HouseRules(BaseModel):
    """The campaign's house rules: GET's answer, and PUT's and PATCH's."""

    version: int = Field(description="0 while the campaign plays the seed's rules.")
    rules: Rules
    changed: list[str] = Field(description="Paths that differ from the seed's rules.")


VERSION_HELP = (
    "The version the change started from, as GET gave it. A save from an older version "
    "answers 409 with the current document; nothing is saved."
)


class HouseRulesReplace(BaseModel):
    """PUT: the whole set, as GET gives it (the bare `rules` object is taken too)."""

    version: int = Field(ge=0, description=VERSION_HELP)
    rules: Rules
    changed: list[str] | None = None


class HouseRulesChanges(BaseModel):
    version: int = Field(ge=0, description=VERSION_HELP)
    changes: Annotated[
        dict[PATH, int | bool | str | None], Field(min_length=1, max_length=MAX_VALUES)
    ] = Field(description='{path: value}, e.g. {"factions.rangers.equipment.musket.price": 12}')


class HouseRulesPreviewRequest(BaseModel):
    """Some changes, as PATCH takes them, or the whole set, as PUT takes it."""

    changes: Annotated[dict[PATH, int | bool | str | None], Field(max_length=MAX_VALUES)] | None = (
        None
    )
    rules: Rules | None = None


class HouseRulesConflictBody(BaseModel):
    """A 409: someone saved another version since the one the change started from."""

    detail: str
    errors: list[dict]
    version: int = Field(description="The version saved now.")
    rules: Rules = Field(description="The whole set saved now, as GET gives it.")
    changed: list[str]


CONFLICT = OpenApiResponse(
    HouseRulesConflictBody,
    description="Someone saved another version since the one you started from: nothing was "
    "saved. The body holds the current version and document.",
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    location=OpenApiParameter.HEADER,
    required=False,
    description='The version started from, as the ETag of GET gives it ("24"); the body\'s '
    "`version` wins when both are sent.",
)


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
    """PUT takes the whole set, bare or as GET gives it ({version, rules, changed}); a bare set
    may carry `version` beside its tables."""
    if isinstance(data, dict) and isinstance(data.get("rules"), dict):
        return data["rules"]
    if isinstance(data, dict):
        return {key: value for key, value in data.items() if key != "version"}
    return None


def _etag(version: int) -> str:
    return f'"{version}"'


def _started(request) -> int | None:
    """The version a PUT or PATCH started from: the body's `version`, else If-Match."""
    data = request.data if isinstance(request.data, dict) else {}
    if "version" in data:
        value = data["version"]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HouseRulesError(
                "version must be the whole number GET gave (0 for the seed's rules).",
                field="version",
            )
        return value
    header = request.headers.get("If-Match", "").strip().removeprefix("W/").strip('"')
    return int(header) if header.isascii() and header.isdigit() else None


def _missing_version(campaign, **proposed) -> HouseRulesError:
    """A PUT or PATCH without the version it started from: 400 naming `version`, after any
    problem of the rules themselves, so one answer tells the client everything to fix."""
    found, count = [], 0
    try:
        house_rules_proposed(campaign=campaign, **proposed)
    except HouseRulesError as error:
        found = [(p.field, p.message) for p in error.problems if p.field]  # not "… and N more"
        count = getattr(error, "count", len(found))
    missing = (
        "version",
        "version is required: send the version you started from, as GET gave it, so a "
        "change saved meanwhile by someone else is not overwritten.",
    )
    found.insert(min(len(found), MAX_ERRORS - 1), missing)  # listed even when many are cut
    return HouseRulesError.of(found, count=count + 1)


def _conflict(campaign, error: HouseRulesConflict) -> Response:
    body = {**error_body(error), **_document(campaign)}
    return Response(body, status=409, headers={"ETag": _etag(body["version"])})


# --- views ----------------------------------------------------------------------------------------

EXAMPLE = OpenApiExample(
    "A dearer musket", value={"changes": {"factions.rangers.equipment.musket.price": 12}}
)


@extend_schema(methods=["GET"], operation_id="house_rules_read", responses={200: HouseRules})
@extend_schema(
    methods=["PUT"],
    operation_id="house_rules_replace",
    request=HouseRulesReplace,
    parameters=[IF_MATCH],
    responses={200: HouseRules, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
)
@extend_schema(
    methods=["PATCH"],
    operation_id="house_rules_change",
    request=HouseRulesChanges,
    parameters=[IF_MATCH],
    examples=[EXAMPLE],
    responses={200: HouseRules, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
)
@api_view(["GET", "PUT", "PATCH"])
def house_rules(request, campaign_id: int):
    """The campaign's house rules (C31). Any reader sees them; the organiser replaces the whole
    set (PUT) or changes some paths (PATCH) from the `version` GET gave: 200 with `version` one
    higher. A bad value or an unknown path is a 400 naming the path, a missing `version` a 400
    naming it, and a version that is no longer the latest a 409 with the current document;
    nothing is saved then."""
    if request.method == "GET":
        body = _document(campaign_for(request.user, campaign_id))
        return Response(body, headers={"ETag": _etag(body["version"])})
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    if request.method == "PUT":
        proposed = {"rules": _whole_set(request.data)}
    else:
        data = request.data if isinstance(request.data, dict) else {}
        proposed = {"changes": data.get("changes")}
    started = _started(request)
    if started is None:
        raise _missing_version(campaign, **proposed)
    try:
        house_rules_save(campaign=campaign, actor=request.user, version=started, **proposed)
    except HouseRulesConflict as error:
        return _conflict(campaign, error)
    body = _document(campaign)
    return Response(body, headers={"ETag": _etag(body["version"])})


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
