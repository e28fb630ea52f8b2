"""Corrections of a founded figure (C30): the owner or the organiser asks, the organiser
confirms an owner's where the campaign confirms reports. The same services as the roster page.

A stranger to a private campaign gets 404; a member who is neither the owner nor the organiser
(the opponent) 403. A field that cannot be corrected, or a value the rules refuse, is a 400
naming the field, and nothing is saved.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.response import Response

from campaign import services
from campaign.access import correction_for, figure_to_correct
from campaign.api.common import BAD_REQUEST, FORBIDDEN, NOT_FOUND
from campaign.models import Correction
from campaign.rules.corrections import FIELDS
from campaign.services.corrections import MAX_REASON


class CorrectionRequestSerializer(serializers.Serializer):
    changes = serializers.DictField(
        help_text=f"Field -> its right value; fields: {', '.join(FIELDS)}. Skills, injuries "
        "and kit are whole lists of keys (the injuries kept on the card, the items carried); "
        "the *_increase fields are 0 or 1 (C10); state is one of alive, dead, captive, "
        "missing (C30)."
    )
    reason = serializers.CharField(max_length=MAX_REASON, help_text="Why: shown to everyone.")


class CorrectionSerializer(serializers.ModelSerializer):
    by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    before = serializers.DictField(help_text="The values of the fields changed, before.")
    after = serializers.DictField(help_text="The same fields, after.")
    state = serializers.ChoiceField(
        choices=Correction.State.choices,
        help_text='"applied" (the figure has the new values) or "awaiting" the organiser.',
    )

    class Meta:
        model = Correction
        fields = ["id", "figure", "by", "reason", "before", "after", "state", "created_at"]
        read_only_fields = fields


@extend_schema(
    operation_id="figures_correct",
    request=CorrectionRequestSerializer,
    responses={201: CorrectionSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
)
@api_view(["POST"])
def figure_corrections(request, figure_id: int):
    """C30: correct a founded figure's reputation, attributes, skills, injuries, experience,
    kit or state (alive, dead, captive, missing). The organiser's applies at once (the team
    rating is recalculated); the owner's awaits the organiser when the campaign confirms
    reports, else applies."""
    figure = figure_to_correct(request.user, figure_id)
    serializer = CorrectionRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    correction = services.figure_correct(
        figure=figure,
        actor=request.user,
        changes=serializer.validated_data["changes"],
        reason=serializer.validated_data["reason"],
    )
    return Response(CorrectionSerializer(correction).data, status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="corrections_confirm",
    request=None,
    responses={
        200: CorrectionSerializer,
        400: BAD_REQUEST,
        403: FORBIDDEN,
        404: NOT_FOUND,
        409: BAD_REQUEST,
    },
)
@api_view(["POST"])
def correction_confirm(request, correction_id: int):
    """C30: the organiser confirms an owner's correction, which applies then. A correction
    applied already is a 400; one whose figure changed meanwhile a 409 (nothing applied)."""
    correction = correction_for(request.user, correction_id, confirm=True)
    correction = services.correction_confirm(correction=correction, actor=request.user)
    return Response(CorrectionSerializer(correction).data)
