"""GET /api/inbox/: what waits for the caller (token or session)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from accounts.selectors import inbox_listed


class InboxItemSerializer(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField()
    since = serializers.DateTimeField()


@extend_schema(responses=InboxItemSerializer(many=True))
@api_view(["GET"])
def inbox(request):
    """Reports to confirm, post-game sequences to run, captives to settle, canoe games where it
    is your turn: each with the page that deals with it, oldest first."""
    return Response(InboxItemSerializer(inbox_listed(request), many=True).data)
