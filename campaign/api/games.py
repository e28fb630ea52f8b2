"""The API for game reports and post-game sequences: the same services as the pages.

    POST /api/games/                   file a report (201)
    GET  /api/games/?campaign=ID       the campaign's reports
    GET  /api/games/{id}/              a report and its sequences by warband
    PUT  /api/games/{id}/              replace a pending report
    POST /api/games/{id}/confirm/      the opponent (or organiser) confirms: sequences open
    POST /api/games/{id}/withdraw/
    GET  /api/postgames/{id}/          {id, warband, step, prompt, log, preview, ...}
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

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign import services
from campaign.access import campaign_for
from campaign.api.games_serializers import (
    AdvanceSerializer,
    FigureStateSerializer,
    GameSerializer,
    GameWriteSerializer,
    PositionSerializer,
    PostGameSerializer,
    RansomAcceptSerializer,
    RansomSerializer,
    SellCaptiveSerializer,
    TradeSerializer,
)
from campaign.api.serializers import CampaignQuerySerializer
from campaign.api.views import BAD_REQUEST, FORBIDDEN, NOT_FOUND
from campaign.selectors import games
from campaign.services.games import GameError

ANSWERS = {200: PostGameSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND}


def _game_response(game_id: int, user, code=status.HTTP_200_OK) -> Response:
    game = games.game_for(user, game_id)
    return Response(GameSerializer(game).data, status=code)


def _postgame_response(postgame_id: int, user) -> Response:
    postgame = games.postgame_for(user, postgame_id)
    return Response(PostGameSerializer(games.postgame_state(postgame)).data)


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
        return Response(GameSerializer(games.campaign_games(campaign), many=True).data)

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
        game = games.game_for(request.user, game_id, edit=True)
        serializer = GameWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        if serializer.validated_data["campaign"] != game.campaign_id:
            raise GameError("A report stays in its campaign.", field="campaign")
        services.game_edit(game=game, actor=request.user, **serializer.report())
        return _game_response(game.id, request.user)


@extend_schema(
    operation_id="games_confirm", request=None, responses=ANSWERS | {200: GameSerializer}
)
@api_view(["POST"])
def game_confirm(request, game_id: int):
    """The opponent (or the organiser) confirms: the ratings before the game are stored and
    one post-game sequence per warband opens. Confirming again changes nothing."""
    game = games.game_for(request.user, game_id, confirm=True)
    services.game_confirm(game=game, actor=request.user)
    return _game_response(game.id, request.user)


@extend_schema(
    operation_id="games_withdraw", request=None, responses=ANSWERS | {200: GameSerializer}
)
@api_view(["POST"])
def game_withdraw(request, game_id: int):
    """Pending: either player or the organiser. Confirmed: the organiser, while neither
    sequence is committed (both are discarded)."""
    game = games.game_for(request.user, game_id, withdraw=True)
    services.game_withdraw(game=game, actor=request.user)
    return _game_response(game.id, request.user)


@extend_schema(
    operation_id="postgames_retrieve", responses={200: PostGameSerializer, 404: NOT_FOUND}
)
@api_view(["GET"])
def postgame_detail(request, postgame_id: int):
    """The sequence: its step, what it waits for, every roll and choice so far, and the roster
    as it would be after commit."""
    return _postgame_response(postgame_id, request.user)


@extend_schema(operation_id="postgames_advance", request=AdvanceSerializer, responses=ANSWERS)
@api_view(["POST"])
def postgame_advance(request, postgame_id: int):
    """Answer the prompt: `dice` typed in (checked against the roll: a bad face is a 400 and
    nothing changes), a `choice` among the options, or neither for the app to roll."""
    postgame = games.postgame_for(request.user, postgame_id, drive=True)
    serializer = AdvanceSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    services.postgame_answer(postgame=postgame, actor=request.user, **serializer.validated_data)
    return _postgame_response(postgame_id, request.user)


@extend_schema(operation_id="postgames_trade", request=TradeSerializer, responses=ANSWERS)
@api_view(["POST"])
def postgame_trade(request, postgame_id: int):
    """One trading action while the step is `trading`; {"action": "done"} ends trading."""
    postgame = games.postgame_for(request.user, postgame_id, drive=True)
    serializer = TradeSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    services.postgame_trade(
        postgame=postgame, actor=request.user, action=serializer.action_dict(),
        position=serializer.validated_data.get("position"),
    )  # fmt: skip
    return _postgame_response(postgame_id, request.user)


@extend_schema(operation_id="postgames_undo", request=PositionSerializer, responses=ANSWERS)
@api_view(["POST"])
def postgame_undo(request, postgame_id: int):
    """Drop the last answer (C22)."""
    postgame = games.postgame_for(request.user, postgame_id, drive=True)
    serializer = PositionSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    services.postgame_undo(postgame=postgame, actor=request.user, **serializer.validated_data)
    return _postgame_response(postgame_id, request.user)


@extend_schema(operation_id="postgames_commit", request=None, responses=ANSWERS)
@api_view(["POST"])
def postgame_commit(request, postgame_id: int):
    """Apply the sequence to the roster in one transaction, once (C22). A second commit (a
    retry, a double click) answers 200 with the committed sequence and changes nothing."""
    postgame = games.postgame_for(request.user, postgame_id, drive=True)
    services.postgame_commit(postgame=postgame, actor=request.user)
    return _postgame_response(postgame_id, request.user)


CAPTIVE_ANSWERS = ANSWERS | {200: FigureStateSerializer}


@extend_schema(operation_id="captives_ransom", request=RansomSerializer, responses=CAPTIVE_ANSWERS)
@api_view(["POST"])
def captive_ransom(request, figure_id: int):
    """C16: the captive's owner (or the organiser) offers a ransom, at least 1 and within the
    treasury. Nothing is paid until the captor's owner accepts; a new offer replaces the last."""
    figure = games.figure_for_captive(request.user, figure_id)
    serializer = RansomSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    figure = services.captive_ransom_offer(
        figure=figure, actor=request.user, **serializer.validated_data
    )
    return Response(FigureStateSerializer(figure).data)


@extend_schema(
    operation_id="captives_ransom_accept",
    request=RansomAcceptSerializer,
    responses=CAPTIVE_ANSWERS | {409: BAD_REQUEST},
)
@api_view(["POST"])
def captive_ransom_accept(request, figure_id: int):
    """C16: the captor's owner (or the organiser) accepts the owner's offer: the price moves
    between the treasuries and the figure returns without its equipment. Send the `price` you
    read to be sure the offer did not change meanwhile (409 if it did)."""
    figure = games.figure_for_captive(request.user, figure_id)
    serializer = RansomAcceptSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    figure = services.captive_ransom_accept(
        figure=figure, actor=request.user, price=serializer.validated_data.get("price")
    )
    return Response(FigureStateSerializer(figure).data)


@extend_schema(
    operation_id="captives_sell", request=SellCaptiveSerializer, responses=CAPTIVE_ANSWERS
)
@api_view(["POST"])
def captive_sell(request, figure_id: int):
    """C16: not ransomed, the captor sells the captive for D6 × 5; it leaves its owner's roster."""
    figure = games.figure_for_captive(request.user, figure_id)
    serializer = SellCaptiveSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    figure = services.captive_sell(figure=figure, actor=request.user, **serializer.validated_data)
    return Response(FigureStateSerializer(figure).data)
