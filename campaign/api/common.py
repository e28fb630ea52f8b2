"""What every campaign API module shares: the error responses for the schema (core.api_schema's),
the user shape, the `?campaign=ID` filter and the id bound.

Every 400 has the body of core.api_errors: `{detail, errors: [{rule, field, message}]}`.
"""

from __future__ import annotations

from rest_framework import serializers

# The error bodies and their responses are every app's (core.api_schema); the campaign's API
# modules take them from here with the rest.
from core.api_schema import BAD_REQUEST, FORBIDDEN, NOT_FOUND  # noqa: F401

MAX_ID = 2**63 - 1  # BigAutoField


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class CampaignQuerySerializer(serializers.Serializer):
    """The `?campaign=ID` filter of the list endpoints (warbands, games)."""

    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)
