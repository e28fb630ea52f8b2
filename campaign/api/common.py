"""What every campaign API module shares: the error and detail bodies for the schema, the user
shape, the `?campaign=ID` filter and the id bound.

Every 400 has the body of core.api_errors: `{detail, errors: [{rule, field, message}]}`.
"""

from __future__ import annotations

from functools import cache

from django.db.models.manager import BaseManager
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


@cache
def _shared_serializer(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    return serializer_class()


def represent(serializer_class: type[serializers.Serializer], instance, *, many: bool = False):
    """`serializer_class(instance, many=many).data`, the same body, drawn by one instance of the
    serializer a process: making a serializer deep-copies its declared fields (DRF's
    `Serializer.get_fields`), nested ones included, a quarter of the CPU of a post-game state.
    For output serializers that read no context (no request): the shared instance is bound to
    no data and keeps nothing between calls (`to_representation` is DRF's public way to draw
    one object)."""
    serializer = _shared_serializer(serializer_class)
    if not many:
        return serializer.to_representation(instance)
    items = instance.all() if isinstance(instance, BaseManager) else instance
    return [serializer.to_representation(item) for item in items]


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class CampaignQuerySerializer(serializers.Serializer):
    """The `?campaign=ID` filter of the list endpoints (warbands, games)."""

    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)
