"""The API for game reports (and, in campaign.api.postgames, their post-game sequences).

    POST /api/games/                   file a report (201)
    GET  /api/games/?campaign=ID       the campaign's reports
    GET  /api/games/{id}/              a report and its sequences by warband
    PUT  /api/games/{id}/              replace a pending report
    POST /api/games/{id}/confirm/      the opponent (or organiser) confirms: sequences open
    POST /api/games/{id}/withdraw/     {keep_committed?}: the organiser's way out of a stuck game
    GET  /api/postgames/{id}/          {id, warband, step, prompt, log, preview, ...}
    POST /api/postgames/{id}/restart/  the organiser starts a stuck sequence again
    POST /api/postgames/{id}/advance/  {dice?: [faces], choice?: key}: answer the prompt
    POST /api/postgames/{id}/trade/    {action, ...}
    POST /api/postgames/{id}/undo/
    POST /api/postgames/{id}/commit/   once (C22): a second commit answers 200 and changes nothing
    POST /api/captives/{figure}/ransom/ {price}     the owner offers a ransom (C16)
    POST /api/captives/{figure}/ransom/accept/ {price?}  the captor accepts it: it is paid
    POST /api/captives/{figure}/sell/ {dice?}       the captor sells (an offer lapses)

Reading follows the campaign (a stranger gets 404 for a private one); only the warband's owner
and the organiser drive its sequence (403 for anyone else).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign import services
from campaign.access import campaign_for, game_for
from campaign.api.common import (
    BAD_REQUEST,
    CONFLICT,
    FORBIDDEN,
    MAX_ID,
    NOT_FOUND,
    CampaignQuerySerializer,
    UserSerializer,
    represent,
)
from campaign.errors import ReportError
from campaign.rules.postgame.sheet import OUTCOMES
from campaign.selectors import games
from campaign.selectors.games import PUBLIC_STEPS, postgame_step
from campaign.services.games import MAX_TALLY, GameLine

# --- serializers ----------------------------------------------------------------------------------


MAX_LINES = 40  # two warbands of at most 15 figures (C3), with room for a mistake to be named


class GameLineSerializer(serializers.Serializer):
    figure = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    took_part = serializers.BooleanField(default=True)
    outcome = serializers.ChoiceField(choices=OUTCOMES, default="ok")
    wounds_inflicted = serializers.IntegerField(min_value=0, max_value=MAX_TALLY, default=0)
    scalps = serializers.IntegerField(min_value=0, max_value=MAX_TALLY, default=0)
    put_down_by = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        allow_null=True,
        default=None,
        help_text="C17, optional: the enemy figure that put this one down or out of action.",
    )


class GameWriteSerializer(serializers.Serializer):
    """A report, as filed (POST /api/games/) or replaced while pending (PUT)."""

    campaign = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    warbands = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=2,
        max_length=2,
        help_text="The two warbands' ids: [a, b].",
    )
    winner = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, allow_null=True, help_text="a or b; null for a draw."
    )
    played_on = serializers.DateField()
    figures = GameLineSerializer(
        many=True,
        max_length=MAX_LINES,
        help_text="A line per figure of either warband; a figure left out did not take part.",
    )

    def report(self) -> dict:
        data = self.validated_data
        return {
            "warbands": list(data["warbands"]),
            "winner": data["winner"],
            "played_on": data["played_on"],
            "figures": [GameLine(**line) for line in data["figures"]],
        }


class GameFigureSerializer(serializers.Serializer):
    figure = serializers.IntegerField(source="figure_id")
    warband = serializers.IntegerField(source="figure.warband_id")
    name = serializers.CharField(source="figure.name")
    took_part = serializers.BooleanField()
    outcome = serializers.CharField()
    wounds_inflicted = serializers.IntegerField()
    scalps = serializers.IntegerField()
    put_down_by = serializers.IntegerField(source="put_down_by_id", allow_null=True)


class GamePostGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    warband = serializers.IntegerField(source="warband_id")
    step = serializers.SerializerMethodField()
    status = serializers.CharField()

    @extend_schema_field(serializers.ChoiceField(choices=PUBLIC_STEPS))
    def get_step(self, postgame) -> str:
        return postgame_step(postgame)


class GameSerializer(serializers.Serializer):
    """A report (from selectors.games.games_queryset: constant queries)."""

    id = serializers.IntegerField()
    campaign = serializers.IntegerField(source="campaign_id")
    warbands = serializers.SerializerMethodField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    played_on = serializers.DateField()
    status = serializers.ChoiceField(choices=["pending", "confirmed", "withdrawn"])
    filed_by = UserSerializer()
    confirmed_by = UserSerializer(allow_null=True)
    confirmed_at = serializers.DateTimeField(allow_null=True)
    ratings_before = serializers.SerializerMethodField()
    figures = GameFigureSerializer(source="figures.all", many=True)
    postgames = GamePostGameSerializer(source="postgames.all", many=True)
    created_at = serializers.DateTimeField()

    def get_warbands(self, game) -> list[int]:
        return [game.warband_a_id, game.warband_b_id]

    @extend_schema_field(
        serializers.ListField(child=serializers.IntegerField(allow_null=True), help_text="C9")
    )
    def get_ratings_before(self, game) -> list:
        """The team ratings (C11) of [a, b] when the report was confirmed; null before."""
        return [game.rating_a_before, game.rating_b_before]


# --- views ----------------------------------------------------------------------------------------


ANSWERS = {200: GameSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND}


def _game_response(game_id: int, user, code=status.HTTP_200_OK) -> Response:
    game = game_for(user, game_id)
    return Response(represent(GameSerializer, game), status=code)


class GamesView(APIView):
    @extend_schema(
        operation_id="games_list",
        parameters=[CampaignQuerySerializer],
        responses={200: GameSerializer(many=True), 400: BAD_REQUEST, 404: NOT_FOUND},
    )
    def get(self, request):
        """The reports of one campaign (`?campaign=ID`), newest first."""
        query = CampaignQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        campaign = campaign_for(request.user, query.validated_data["campaign"])
        return Response(represent(GameSerializer, games.campaign_games(campaign), many=True))

    @extend_schema(
        operation_id="games_create",
        request=GameWriteSerializer,
        responses={201: GameSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def post(self, request):
        """File a report. A player of either warband or the organiser; it is confirmed at once
        when the organiser files it or the campaign asks no confirmation."""
        serializer = GameWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        campaign = campaign_for(request.user, serializer.validated_data["campaign"], member=True)
        game = services.game_file(campaign=campaign, actor=request.user, **serializer.report())
        return _game_response(game.id, request.user, status.HTTP_201_CREATED)


class GameView(APIView):
    @extend_schema(operation_id="games_retrieve", responses={200: GameSerializer, 404: NOT_FOUND})
    def get(self, request, game_id: int):
        """A report, its figure lines and its post-game sequences by warband."""
        return _game_response(game_id, request.user)

    @extend_schema(
        operation_id="games_update",
        request=GameWriteSerializer,
        responses={200: GameSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def put(self, request, game_id: int):
        """Replace a pending report (the filer or the organiser). A confirmed one is not
        edited: the organiser may withdraw it while neither sequence is committed."""
        game = game_for(request.user, game_id, edit=True)
        serializer = GameWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        if serializer.validated_data["campaign"] != game.campaign_id:
            raise ReportError("A report stays in its campaign.", field="campaign")
        services.game_edit(game=game, actor=request.user, **serializer.report())
        return _game_response(game.id, request.user)


@extend_schema(operation_id="games_confirm", request=None, responses=ANSWERS)
@api_view(["POST"])
def game_confirm(request, game_id: int):
    """The opponent (or the organiser) confirms: the ratings before the game are stored and
    one post-game sequence per warband opens. Confirming again changes nothing."""
    game = game_for(request.user, game_id, confirm=True)
    services.game_confirm(game=game, actor=request.user)
    return _game_response(game.id, request.user)


class WithdrawSerializer(serializers.Serializer):
    keep_committed = serializers.BooleanField(
        default=False,
        help_text="The organiser's way out of a stuck post-game: withdraw a confirmed game even "
        "though one side committed. Its open sequence is discarded, the committed side's roster "
        "changes stand; written in the activity feed.",
    )


@extend_schema(
    operation_id="games_withdraw",
    request=WithdrawSerializer,
    responses=ANSWERS | {409: CONFLICT},
)
@api_view(["POST"])
def game_withdraw(request, game_id: int):
    """Pending: either player or the organiser. Confirmed: the organiser, while neither
    sequence is committed (both are discarded; 409 once one is). With `keep_committed` the
    organiser withdraws it all the same while a sequence is still open (a stuck one)."""
    game = game_for(request.user, game_id, withdraw=True)
    serializer = WithdrawSerializer(data=request.data or {})
    serializer.is_valid(raise_exception=True)
    if serializer.validated_data["keep_committed"]:
        services.game_withdraw_keeping_committed(game=game, actor=request.user)
    else:
        services.game_withdraw(game=game, actor=request.user)
    return _game_response(game.id, request.user)
