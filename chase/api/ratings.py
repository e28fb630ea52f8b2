"""The ratings' REST API: a game kind's leaderboard and a player's ratings (read-only, public).

`GET /api/canoe-games/ratings/?kind=race` and `GET /api/players/{username}/`; the displayed
`rating` is mu - 3 sigma (see docs/playing/ratings.md).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import (
    api_view,
    permission_classes,
    throttle_classes,
    throttle_scope,
)
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from chase.api.sessions import ERROR
from chase.games import kinds
from chase.selectors import ratings as selectors
from core.throttles import ScopedThrottle


class KindSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=kinds(), help_text=", ".join(kinds()))


class RatingSerializer(serializers.Serializer):
    rating = serializers.FloatField(help_text="The displayed rating: mu - 3 sigma.")
    mu = serializers.FloatField(help_text="openskill's estimate of the player's skill.")
    sigma = serializers.FloatField(help_text="How uncertain mu still is.")
    games = serializers.IntegerField(help_text="Rated games played at this kind.")
    wins = serializers.IntegerField(
        help_text="Rated games placed first in, alone or sharing it (a game everyone tied "
        "is no one's win)."
    )


class LeaderboardRowSerializer(RatingSerializer):
    player = serializers.CharField(help_text='The username, or "Computer".')


class RecentPlayerSerializer(serializers.Serializer):
    player = serializers.CharField()
    place = serializers.IntegerField()


class RecentSerializer(serializers.Serializer):
    session = serializers.IntegerField(help_text="The game's id.")
    kind = serializers.CharField()
    finished_at = serializers.DateTimeField()
    place = serializers.IntegerField(help_text="1 is first; players who tied share a place.")
    won = serializers.BooleanField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    players = RecentPlayerSerializer(many=True)


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    ratings = serializers.DictField(child=RatingSerializer(), help_text="By game kind.")
    recent = RecentSerializer(many=True, help_text="The latest rated games, newest first.")


@extend_schema(
    operation_id="canoe_games_ratings",
    parameters=[OpenApiParameter("kind", str, required=True, enum=kinds())],
    responses={200: LeaderboardRowSerializer(many=True), 400: ERROR},
    auth=[],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def canoe_ratings(request):
    """A game kind's leaderboard, the highest displayed rating (mu - 3 sigma) first: every
    account with a rated game of that kind, and the Computer."""
    serializer = KindSerializer(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    rows = selectors.leaderboard(serializer.validated_data["kind"])
    return Response([{"player": r.player, **selectors.rating_row(r)} for r in rows])


@extend_schema(
    operation_id="players_read",
    responses={200: PlayerSerializer, 404: ERROR},
    auth=[],
)
@api_view(["GET"])
@permission_classes([AllowAny])
@throttle_classes([ScopedThrottle])
@throttle_scope("players")
def player_detail(request, username: str):
    """A player's rating at each game kind they have played rated games of, and their latest
    rated games. Only a player with a rated game is found (and, signed in, yourself): any
    other name is the same 404 as a name nobody has. Throttled: `players` per address,
    `players_account` per account."""
    user = selectors.player_for(username, request.user)
    if user is None:
        raise NotFound("There is no player of that name.")
    ratings = selectors.player_ratings(user)
    recent = selectors.recent_places(user)
    return Response(
        {
            "username": user.get_username(),
            "display_name": selectors.display_name(user),
            "ratings": {kind: selectors.rating_row(r) for kind, r in ratings.items()},
            "recent": RecentSerializer(recent, many=True).data,
        }
    )
