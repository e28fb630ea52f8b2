"""A canoe game's odds over the REST API: `GET /api/sessions/{id}/odds/` ("What are my
chances?"), worked out by chase.services.odds."""

from __future__ import annotations

from functools import partial

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes, throttle_scope
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from chase.access import seat_for, session_for
from chase.api.sessions import ERROR
from chase.services import odds as chase_odds
from core.throttles import AnonScopedRateThrottle


class OddsSerializer(serializers.Serializer):
    playouts = serializers.IntegerField(help_text="How many games were played out")
    margin = serializers.FloatField(help_text="± of a 95% interval, as a probability")
    win = serializers.DictField(
        child=serializers.FloatField(), help_text="Each role's (or side's) chance to win, 0-1"
    )


@extend_schema(
    operation_id="sessions_odds",
    parameters=[
        OpenApiParameter("seat", str, description="The asking seat's token: its odds now"),
        OpenApiParameter(
            "step", int, description="Without a seat, once the game is over: a replay step"
        ),
    ],
    responses={
        200: OddsSerializer,
        202: OpenApiResponse(description="Being worked out: ask again (Retry-After)."),
        400: ERROR,
        403: ERROR,
        404: ERROR,
        429: OpenApiResponse(description="Past your budget of odds worked out (Retry-After)."),
        503: OpenApiResponse(description="The odds queue is full: busy (Retry-After)."),
    },
    auth=[],
)
@api_view(["GET"])
@permission_classes([AllowAny])
@throttle_classes([AnonScopedRateThrottle])
@throttle_scope("session_action")
def session_odds(request, session_id: int):
    """ "What are my chances?": `{playouts, margin, win: {role: probability}}` from what the
    seat may see (hidden cards and the unrevealed course drawn afresh in each playout). Without
    a seat, for a finished game: the odds a spectator would have seen at replay step `step`.
    Each position is worked out once for everyone; a client's budget counts only answers worked
    out anew (429 past it), and a full odds queue answers 503 (chase.services.odds)."""
    session = session_for(session_id, request.user, request.query_params.getlist("seat"))
    if "seat" in request.query_params or "step" not in request.query_params:
        role, step = seat_for(session, request.query_params.get("seat")).role, None
    else:
        role, step = None, chase_odds.replay_step(session, request.query_params["step"])
    odds = chase_odds.odds_ask(
        session=session, role=role, step=step, spend=partial(chase_odds.odds_budget, request)
    )
    if odds is None:
        body = {"detail": "The odds are being worked out: ask again in a moment."}
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Retry-After": "1"})
    return Response(OddsSerializer(odds).data)  # the three fields of the contract
