"""The game sessions' REST API: create a game, read a seat's view, post an action, poll.

No account is needed: a seat's secret token is the credential (a guest plays from a join link).
Every action carries the version it was chosen from; a stale one gets 409 and the fresh view.
A game across several browsers gives its creator one seat's token and, for every other human
seat, a single-use invite (`join_url`); `POST .../join/` spends one for a fresh seat token.
Anonymous clients are throttled (core.throttles): creating games and posting actions.
Errors: 400/403/404 with {"detail", "errors": [{"rule", "field", "message"}]} (core.api_errors).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    throttle_classes,
    throttle_scope,
)
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from chase import version_cache, view_cache
from chase.access import seat_for, session_for
from chase.errors import NoSuchSession, SeatRefused, SessionError, StaleVersion
from chase.games import kinds
from chase.models import GameSession, Seat, is_code
from chase.selectors import sessions as selectors
from chase.services import sessions as services
from chase.services.pace import seats_seen
from core.addresses import address_digest
from core.lazy_auth import LazyAuthenticationAPIView
from core.openapi import CONFLICT
from core.throttles import AnonScopedRateThrottle, ScopedThrottle

# --- serializers: parse and bound the input, describe the output ------------------------------


LEVEL_HELP = (
    "How well the computer plays its seats (every computer seat of the game, a seat handed "
    "over to it later included): easy (its usual play with a mistake now and then), normal "
    "(the default: its usual play) or hard (it plays each move out many times from what its "
    "seat can see, never what it may not)."
)


class SessionCreateSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=kinds(), help_text=", ".join(kinds()))
    mode = serializers.ChoiceField(choices=GameSession.Mode.values)
    options = serializers.DictField(
        required=False, default=dict, help_text="The game's options; unknown ones are a 400."
    )
    play_as = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=40,
        help_text="Solo and multi: your seat (default: the first human seat). In multi it is "
        "the only seat whose token you get. Ignored in hot-seat (you play every human seat).",
    )
    computer_seats = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        default=list,
        max_length=16,
        help_text="Hot-seat and multi: the roles the computer plays (the rest are people's; "
        "at least one must be). A role not in the game is a 400. Ignored in solo.",
    )
    pace = serializers.ChoiceField(
        choices=GameSession.Pace.values,
        required=False,
        help_text="live (default: no clock), daily (24 hours a move) or weekly; daily and "
        "weekly only in multi. Also accepted as options.pace.",
    )
    computer_level = serializers.ChoiceField(
        choices=GameSession.ComputerLevel.values,
        required=False,
        default=GameSession.ComputerLevel.NORMAL,
        help_text=LEVEL_HELP,
    )


class RematchSerializer(serializers.Serializer):
    seat = serializers.CharField(max_length=64, help_text="The token of a seat of the old game.")


class HandOverSerializer(serializers.Serializer):
    seat = serializers.CharField(max_length=64, help_text="Your seat's token (another seat).")
    role = serializers.CharField(max_length=40, help_text="The seat that missed its deadline.")


class AbandonSerializer(serializers.Serializer):
    seat = serializers.CharField(max_length=64, help_text="Your seat's token.")


class SessionJoinSerializer(serializers.Serializer):
    invite = serializers.CharField(max_length=64, help_text="The code at the end of a join_url.")


class JoinedSerializer(serializers.Serializer):
    role = serializers.CharField()
    token = serializers.CharField(help_text="The seat's fresh token: your credential from now.")


class ActionSerializer(serializers.Serializer):
    seat = serializers.CharField(max_length=64, help_text="The seat's token.")
    version = serializers.IntegerField(min_value=0, help_text="The version it was chosen from.")
    action = serializers.DictField(help_text="One of the view's legal_actions, as given.")


class SeatOutSerializer(serializers.Serializer):
    role = serializers.CharField()
    kind = serializers.CharField(help_text="human or computer")
    token = serializers.CharField(
        allow_null=True,
        help_text="Only for seats you hold: every human seat in hot-seat and solo, your own in "
        "multi and in a rematch. null for the others and for a computer seat.",
    )
    join_url = serializers.URLField(
        allow_null=True,
        help_text="A single-use invite link while the seat is free; null once it is taken "
        "(yours included) and for a computer seat.",
    )
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="Daily or weekly pace: when this seat must have moved (ISO 8601); null "
        "when it has no move waiting or the game is live.",
    )


class SessionCreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    mode = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    pace = serializers.CharField(help_text="live, daily or weekly")
    computer_level = serializers.ChoiceField(
        choices=GameSession.ComputerLevel.values, help_text="easy, normal or hard"
    )
    url = serializers.URLField(help_text="The table page.")
    seats = SeatOutSerializer(many=True)


class ViewSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    mode = serializers.CharField()
    version = serializers.IntegerField()
    status = serializers.CharField(help_text="waiting, playing or finished")
    winner = serializers.CharField(allow_null=True)
    role = serializers.CharField(allow_null=True, help_text="The seat's role; null: spectator.")
    pace = serializers.CharField(help_text="live, daily or weekly")
    computer_level = serializers.ChoiceField(
        choices=GameSession.ComputerLevel.values, help_text="easy, normal or hard"
    )
    abandoned = serializers.BooleanField(help_text="Ended after a seat missed its deadline.")
    seats = serializers.ListField(
        child=serializers.DictField(),
        help_text="[{role, kind, name, taken, deadline}]: deadline, in a daily or weekly game, "
        "when the seat must have moved (ISO 8601), null when it has no move waiting.",
    )
    view = serializers.DictField(help_text="The engine's view for this seat.")
    legal_actions = serializers.ListField(child=serializers.DictField())
    log = serializers.ListField(child=serializers.DictField())


class VersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = serializers.CharField()


SEAT_PARAMETER = OpenApiParameter("seat", str, description="The seat's token (absent: spectator)")
ERROR = OpenApiResponse(description="{detail, errors: [{rule, field, message}]}")


# --- views -------------------------------------------------------------------------------------


@extend_schema(
    operation_id="sessions_create",
    request=SessionCreateSerializer,
    responses={201: SessionCreatedSerializer, 400: ERROR},
    auth=[],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([ScopedThrottle])
@throttle_scope("session_create")
def sessions_create(request):
    """Start a game: `{kind, mode, options, play_as, computer_level}` → `{id, computer_level,
    seats: [{role, token, join_url}]}`.
    Hot-seat and solo: a token for every human seat. Multi: you sit at `play_as` (default the
    first human seat) and get its token only; every other human seat has its invite link."""
    serializer = SessionCreateSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    session = services.session_create(
        **serializer.validated_data,
        user=request.user,
        creator_sits=True,
        address=address_digest(request),
    )
    session.load_seats()  # read once, for the tokens and the links
    seats = session.seat_list()
    if session.mode == GameSession.Mode.MULTI:
        held = [s for s in seats if s.taken_at is not None and not s.is_computer]
    else:
        held = [s for s in seats if not s.is_computer]
    return Response(_created(request, session, held), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="sessions_join",
    request=SessionJoinSerializer,
    responses={200: JoinedSerializer, 400: ERROR, 404: ERROR, 409: CONFLICT},
    auth=[],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([AnonScopedRateThrottle])
@throttle_scope("session_action")
def session_join(request, session_id: int):
    """Take a free seat with its invite (the code in its join link), once: `{role, token}`
    with a fresh seat token. A spent or unknown invite is a 404 and hands out nothing."""
    serializer = SessionJoinSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    seat = services.seat_join(
        invite=serializer.validated_data["invite"],
        session_id=session_id,
        user=request.user,
        address=address_digest(request),
    )
    return Response({"role": seat.role, "token": seat.token})


@extend_schema(
    operation_id="sessions_rematch",
    request=RematchSerializer,
    responses={
        201: SessionCreatedSerializer,
        200: OpenApiResponse(SessionCreatedSerializer, description="The rematch already set up."),
        400: ERROR,
        403: ERROR,
        404: ERROR,
        409: CONFLICT,
    },
    auth=[],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([ScopedThrottle])
@throttle_scope("session_create")
def session_rematch(request, session_id: int):
    """The same game again once it is over (a player's seat token): same kind, mode, options
    and computer seats. 201, or 200 with the rematch another player (or an earlier click)
    already set up. You sit at your old role if it is still free and get its token; the other
    seats show neither a token nor an invite link: each is its old player's, who sits by
    asking for the rematch with their own seat token (issue 25, finding 8)."""
    serializer = RematchSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    token = serializer.validated_data["seat"]
    old = session_for(session_id, request.user, [token])
    seat = seat_for(old, token)
    if seat.is_computer:
        raise SeatRefused("The computer plays that seat.", field="seat")
    existed = GameSession.objects.filter(rematch_of=old).exists()
    session = services.session_rematch(session=old, user=request.user)
    mine = services.seat_rematch(
        rematch=session, old_seat=seat, user=request.user, address=address_digest(request)
    )
    code = status.HTTP_200_OK if existed else status.HTTP_201_CREATED
    session.refresh_from_db()
    return Response(_created(request, session, [mine] if mine else []), status=code)


def _created(request, session: GameSession, held: list[Seat]) -> dict:
    """The creation (or rematch) answer: tokens for the seats in `held` only; a join link for
    each free human seat (its single-use invite)."""
    tokens = {seat.pk: seat.token for seat in held}
    seats = [
        {
            "role": seat.role,
            "kind": seat.kind,
            "token": tokens.get(seat.pk),
            "join_url": request.build_absolute_uri(reverse("chase:join", args=[seat.open_invite]))
            if seat.open_invite
            else None,
            "deadline": selectors.iso(seat.deadline),
        }
        for seat in session.seat_list()
    ]
    return {
        "id": session.pk,
        "kind": session.kind,
        "mode": session.mode,
        "pace": session.pace,
        "computer_level": session.computer_level,
        "status": session.status,
        "version": session.version,
        "seats": seats,
        "url": request.build_absolute_uri(reverse("chase:table", args=[session.pk])),
    }


class SessionView(LazyAuthenticationAPIView):
    """A seat's view: `{version, status, winner, view, legal_actions, log}`. The first use of a
    token takes its seat (and may start a game waiting for players). Asking for a seat's view
    counts as being at the table (no turn alert for the next minute)."""

    # The seat's token is the credential: the caller's account is read only when the answer
    # is not in the cache (core.lazy_auth), so a view answered from it signs no one in.
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="sessions_view",
        parameters=[SEAT_PARAMETER],
        responses={200: ViewSerializer, 403: ERROR, 404: ERROR},
        auth=[],
    )
    def get(self, request, session_id: int):
        tokens = request.query_params.getlist("seat")
        found = None
        if len(tokens) == 1 and is_code(tokens[0]):
            # The body stored for this seat at this version (chase.view_cache): found only with
            # the seat's token, and only once the seat was taken; no query.
            found = view_cache.lookup(session_id, tokens[0])
            if found.body is not None:
                seats_seen(session_id=session_id, tokens=tokens, now=timezone.now())
                return HttpResponse(found.body, content_type="application/json")
        session = session_for(session_id, request.user, tokens)
        seat = None
        if "seat" in request.query_params:
            seat = seat_for(session, request.query_params["seat"])
            seats_seen(session_id=session.pk, tokens=[seat.token], now=timezone.now())
            if not seat.is_taken:
                services.seat_take(seat=seat, user=request.user, address=address_digest(request))
                session.refresh_from_db()
        payload = selectors.seat_payload(session, seat)
        if found is None or seat is None:
            return Response(payload)
        body = view_cache.store(session.pk, session.version, found.stamp, seat.token, payload)
        return HttpResponse(body, content_type="application/json")


@extend_schema(
    operation_id="sessions_act",
    request=ActionSerializer,
    responses={
        200: ViewSerializer,
        400: ERROR,
        403: ERROR,
        404: ERROR,
        409: OpenApiResponse(ViewSerializer, description="Stale version: the fresh view."),
    },
    auth=[],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([AnonScopedRateThrottle])
@throttle_scope("session_action")
def session_actions(request, session_id: int):
    """Post one of the seat's legal actions with the version it was chosen from."""
    serializer = ActionSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    token = data["seat"]
    if not is_code(token):
        raise SessionError("That is not a seat token.", field="seat")
    try:  # the game and the seat are read once, in the service (chase.services.sessions)
        session = services.session_act(
            session_id=session_id,
            token=token,
            version=data["version"],
            action=data["action"],
            user=request.user,
            address=address_digest(request),
            views=True,  # every seat's view stored before the move's event goes out
        )
    except StaleVersion as stale:
        session = session_for(session_id, request.user, [token])
        fresh = selectors.seat_payload(session, seat_for(session, token))
        body = {"detail": stale.message, **fresh}
        return Response(body, status=status.HTTP_409_CONFLICT)
    return HttpResponse(session.views[token], content_type="application/json")


@extend_schema(
    operation_id="sessions_hand_over",
    request=HandOverSerializer,
    responses={200: ViewSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: CONFLICT},
    auth=[],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([AnonScopedRateThrottle])
@throttle_scope("session_action")
def session_hand_over(request, session_id: int):
    """Daily or weekly pace: give a seat that missed its deadline (`role`) to the computer,
    from another seat of the game (`seat`, its token). Logged; the computer moves at once.
    Your seat's fresh view. A seat with time left is a 400; your own seat, a 403."""
    serializer = HandOverSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    seat = seat_for(session_for(session_id, request.user, [data["seat"]]), data["seat"])
    session = services.seat_hand_over(session_id=session_id, token=seat.token, role=data["role"])
    return Response(selectors.seat_payload(session, seat))


@extend_schema(
    operation_id="sessions_abandon",
    request=AbandonSerializer,
    responses={200: ViewSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: CONFLICT},
    auth=[],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([AnonScopedRateThrottle])
@throttle_scope("session_action")
def session_abandon(request, session_id: int):
    """Daily or weekly pace: end the game as abandoned (no winner) once another seat missed
    its deadline, from a seat of the game (`seat`, its token). Logged. Your seat's view."""
    serializer = AbandonSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    token = serializer.validated_data["seat"]
    seat = seat_for(session_for(session_id, request.user, [token]), token)
    session = services.session_abandon(session_id=session_id, token=seat.token)
    return Response(selectors.seat_payload(session, seat))


@extend_schema(
    operation_id="sessions_version",
    responses={200: VersionSerializer, 404: ERROR},
    auth=[],
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def session_version(request, session_id: int):
    """`{"version": n, "status": "..."}`: poll this (it is tiny), fetch the view when it moves."""
    known = version_cache.current(session_id)  # no query while nothing moved
    if known is None:
        raise NoSuchSession("There is no such game.")
    return Response({"version": known[0], "status": known[1]})


# --- the games: what each is and its options (clubs' scripts read what the lobby reads) -------


class ChoiceSerializer(serializers.Serializer):
    value = serializers.JSONField()
    label = serializers.CharField()


class OptionOutSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["int", "bool", "choice", "text", "list"])
    default = serializers.JSONField(help_text="The value when the option is left out")
    min = serializers.IntegerField(required=False, help_text="int: the least; list: its length")
    max = serializers.IntegerField(required=False, help_text="int: the most; list: its length")
    choices = ChoiceSerializer(
        many=True, required=False, help_text="choice: the values; list: each entry's values"
    )
    help = serializers.CharField()


class CanoeGameSerializer(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.CharField()
    roles_default = serializers.ListField(child=serializers.CharField())
    odds = serializers.BooleanField(help_text='Whether "What are my chances?" answers')
    options = OptionOutSerializer(many=True)


@extend_schema(operation_id="rules_canoe_games", responses={200: CanoeGameSerializer(many=True)})
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def canoe_games(request):
    """The registered canoe games: each one's kind (for `POST /api/sessions/`), title, seats with
    the default options, whether it has odds, and its options table (name, kind, default, the
    bounds or choices, a line of help), as the lobby builds its form from it."""
    return Response(selectors.canoe_games())
