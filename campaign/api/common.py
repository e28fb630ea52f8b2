"""What every campaign API module shares: the error and detail bodies for the schema, the user
shape, the `?campaign=ID` filter and the id bound.

Every 400 has the body of core.api_errors: `{detail, errors: [{rule, field, message}]}`.
"""

from __future__ import annotations

from rest_framework import serializers

from core.openapi import (  # noqa: F401 - the shared bodies, named here as the apps always did
    BAD_REQUEST,
    CONFLICT,
    FORBIDDEN,
    NOT_FOUND,
    DetailSerializer,
    ErrorItemSerializer,
    ErrorSerializer,
)

MAX_ID = 2**63 - 1  # BigAutoField


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class CampaignQuerySerializer(serializers.Serializer):
    """The `?campaign=ID` filter of the list endpoints (warbands, games)."""

    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)
