"""What every campaign API module shares: the error and detail bodies for the schema, the user
shape, the `?campaign=ID` filter and the id bound.

Every 400 has the body of core.api_errors: `{detail, errors: [{rule, field, message}]}`.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

MAX_ID = 2**63 - 1  # BigAutoField


class ErrorItemSerializer(serializers.Serializer):
    rule = serializers.CharField(allow_null=True, help_text="The ruling broken, e.g. C3.")
    field = serializers.CharField(allow_null=True, help_text="e.g. figures[0].equipment")
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """Every 400 (see core.api_errors); serializer errors also keep DRF's field dict."""

    detail = serializers.CharField()
    errors = ErrorItemSerializer(many=True)


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


BAD_REQUEST = OpenApiResponse(ErrorSerializer, description="Names each broken rule and field.")


NOT_FOUND = OpenApiResponse(DetailSerializer, description="No such thing, or not yours to see.")


FORBIDDEN = OpenApiResponse(DetailSerializer, description="Signed in, but not allowed.")


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class CampaignQuerySerializer(serializers.Serializer):
    """The `?campaign=ID` filter of the list endpoints (warbands, games)."""

    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)
