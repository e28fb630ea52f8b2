"""The balance lab's REST API: `POST /api/canoe-games/balance/` plays computer games of one
game and options (chase.services.lab) and answers who wins how often. The run's progress and its
result are read at `GET /api/jobs/{id}/` (core.job_api), as every job's are.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.response import Response

from chase.games import kinds
from chase.services import lab
from core.job_api import JobSerializer
from core.openapi import BAD_REQUEST


class BalanceSerializer(serializers.Serializer):
    kind = serializers.CharField(max_length=20, help_text=", ".join(kinds()))
    options = serializers.DictField(
        required=False, default=dict, help_text="The game's options (as a new game takes them)"
    )
    games = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=lab.MAX_GAMES,
        help_text=f"How many computer games (default {lab.DEFAULT_GAMES:,}); for a search, "
        f"how many for each value (default {lab.DEFAULT_SEARCH_GAMES:,}, at most "
        f"{lab.MAX_GAMES:,} in all)",
    )
    label = serializers.CharField(required=False, default="", max_length=lab.MAX_NAME)
    seed = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=2**31 - 1,
        help_text="Game i plays with a seed made of this and i: the same body, the same result",
    )  # fmt: skip
    search = serializers.CharField(
        required=False, default="", max_length=40,
        help_text="The lab proposes: an option (a number, yes/no or a choice) whose values "
        "are tried, each with `games` games, to find the one that evens `even`",
    )  # fmt: skip
    even = serializers.CharField(
        required=False, default="", max_length=40,
        help_text="With `search`: the group whose share of the games won is brought closest "
        "to 50% (a `wins` key: the race's inside or outside, a role or side; default the "
        "first)",
    )  # fmt: skip
    values = serializers.ListField(
        child=serializers.JSONField(), required=False, allow_empty=False,
        help_text="With `search`: the values to try (default the option's own: its choices, "
        "or its range, at most 9 values spread over it)",
    )  # fmt: skip


class CandidateSerializer(serializers.Serializer):
    value = serializers.JSONField()
    words = serializers.CharField()
    games = serializers.IntegerField()
    won_games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="Games the group won")
    share = serializers.FloatField(help_text="The group's share of the games won")
    interval = serializers.ListField(child=serializers.FloatField(), help_text="Its 95% interval")


class ProposalSerializer(serializers.Serializer):
    option = serializers.CharField()
    heading = serializers.CharField(help_text="The option in words")
    group = serializers.CharField(help_text="The group evened")
    value = serializers.JSONField(help_text="The value proposed: its share is closest to 50%")
    words = serializers.CharField(help_text="The value in words")
    share = serializers.FloatField()
    interval = serializers.ListField(child=serializers.FloatField())
    games = serializers.IntegerField()
    won_games = serializers.IntegerField()
    candidates = CandidateSerializer(many=True, help_text="Every value tried, in order")
    close = serializers.ListField(
        child=serializers.JSONField(),
        help_text="Other values whose interval overlaps the proposal's: these games cannot "
        "tell them apart (play more to choose)",
    )
    even = serializers.ListField(
        child=serializers.JSONField(), help_text="The values whose interval holds 50%"
    )


class BalanceResultSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.DictField(
        child=serializers.FloatField(),
        help_text="Share of all games won by each role or side (the race: by the track its "
        'winner started on, "inside" or "outside"); "none": games nobody won',
    )
    intervals = serializers.DictField(
        child=serializers.ListField(child=serializers.FloatField()),
        help_text="Each share's 95% interval (Wilson), [low, high]",
    )
    margin = serializers.FloatField(help_text="The largest half-width of those intervals")
    mean_length = serializers.FloatField(help_text="Mean length of a game, in `length_unit`")
    length_unit = serializers.CharField()
    seats = serializers.DictField(child=serializers.FloatField(), help_text="Wins per seat")
    won_games = serializers.IntegerField(help_text="Games someone won")
    won = serializers.DictField(
        child=serializers.FloatField(),
        help_text="Each role's or group's share of the games someone won (the race's split)",
    )
    won_intervals = serializers.DictField(
        child=serializers.ListField(child=serializers.FloatField()),
        help_text="Their 95% intervals (Wilson)",
    )
    kind = serializers.CharField()
    label = serializers.CharField()
    options = serializers.DictField(help_text="The options played, complete")
    proposal = ProposalSerializer(
        required=False,
        help_text="A search's answer (the figures above are then the proposed value's games)",
    )


class BalanceQueuedSerializer(serializers.Serializer):
    job = JobSerializer(help_text="Poll GET /api/jobs/{job.id}/ for progress and result")


@extend_schema(
    operation_id="canoe_games_balance",
    request=BalanceSerializer,
    responses={
        200: BalanceResultSerializer,
        202: OpenApiResponse(BalanceQueuedSerializer, description="Queued for a worker"),
        400: BAD_REQUEST,
        429: OpenApiResponse(description="Past your runs for now (Retry-After)."),
        503: OpenApiResponse(description="The lab queue is full: try later (Retry-After)."),
    },
)
@api_view(["POST"])
def canoe_games_balance(request):
    """The balance lab: play `games` computer games and answer who wins how often. On a club
    server, 202 with the job (a worker of the `lab` queue plays it; while the queue cannot be
    reached the job waits, its message says so, and it starts once it can); with eager tasks
    (`make run`, no worker) they are played now: 200 with the result. With `search`, the lab
    proposes: it plays `games` games for each value of that option and answers the value that
    brings `even`'s share of the games won closest to 50% (`proposal`). Each run (a search is
    one) counts against the account's lab budget, shared with the page (429), and the waiting
    runs are bounded (503)."""
    data = BalanceSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = dict(data.validated_data)
    search, even, values = fields.pop("search"), fields.pop("even"), fields.pop("values", None)
    if search:
        fields.setdefault("games", lab.DEFAULT_SEARCH_GAMES)
    lab.lab_room(1)
    lab.lab_budget(request, 1)  # a search is one run, no more games than one (MAX_GAMES)
    if search:
        run = lab.lab_search_start(
            **fields, search=search, even=even, values=values, user=request.user
        )
    else:
        run = lab.lab_start(**fields, user=request.user)
    result = lab.lab_result(run)
    if result is not None:
        return Response(result)
    return Response({"job": JobSerializer(run.job).data}, status=status.HTTP_202_ACCEPTED)
