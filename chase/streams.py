"""The canoe games' live streams (Server-Sent Events, core.streams): a program's
`GET /api/sessions/<id>/events/?seat=TOKEN` and the table page's `/events/play/<id>/` and the
lobby's `/events/play/`.

The same seat rules as `/view/` (chase.access): the game by its id (a private campaign's game
is a 404 to a stranger holding none of its seats), a seat only by its token; without `seat`, a
spectator. A program's events carry that seat's view, `seat_payload`, the one place that
decides what a seat is shown: never another seat's hidden cards. A page's events carry only
the version; the page then asks for its fragment as it always did (`?version=N`).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET
from rest_framework.exceptions import AuthenticationFailed

from chase import view_cache
from chase.access import held_tokens, seat_for, session_for
from chase.errors import SessionError
from chase.models import GameSession
from chase.selectors.sessions import seat_payload
from chase.services.pace import seats_seen
from chase.services.sessions import LOBBY_CHANNEL, game_channel
from core.api_errors import error_body
from core.domain_errors import DomainError, status_of
from core.streams import Event, Feed, PageFeed, inbox_channels, last_event_id, stream_response
from core.token_auth import CachedTokenAuthentication


class SeatFeed(Feed):
    """A seat's (or a spectator's) view of one game, each time it moves; ends once the game is
    over and its last state is sent."""

    def __init__(self, session_id: int, seat_id: int | None, last_id: int | None, token=""):
        super().__init__([game_channel(session_id)], last_id)
        self.session_id, self.seat_id, self.token = session_id, seat_id, token

    def tick(self) -> list[Event]:
        """A program watching its seat is at the table, as one reading `/view/` (no turn
        alert while it watches: chase.services.alerts); and a move whose message was missed
        is sent now (core.streams.Feed.tick)."""
        if self.token:
            seats_seen(session_id=self.session_id, tokens=[self.token], now=timezone.now())
        return self._current()

    def _current(self) -> list[Event]:
        # The body another reader of this view stored at this version (chase.view_cache): no
        # query at all. The stamp is read here, before the game, to store what is read next.
        found = view_cache.lookup(self.session_id, self.token)
        if found.version is not None:
            if self.last_id is not None and found.version <= self.last_id:
                self.done = found.status == GameSession.Status.FINISHED
                return []
            if found.body is not None:
                self.last_id = found.version
                self.done = found.status == GameSession.Status.FINISHED
                return [Event("view", id=found.version, raw=found.body)]
        session = GameSession.objects.prefetch_related("seats").get(pk=self.session_id)
        if self.last_id is not None and session.version <= self.last_id:
            self.done = session.is_finished
            return []
        seat = next((s for s in session.seat_list() if s.pk == self.seat_id), None)
        self.last_id = session.version
        self.done = session.is_finished
        payload = seat_payload(session, seat)
        if seat is None or seat.is_taken:  # an untaken seat's view is never stored
            body = view_cache.store(session.pk, session.version, found.stamp, self.token, payload)
            return [Event("view", id=session.version, raw=body)]
        return [Event("view", payload, id=session.version)]

    def opening(self) -> list[Event]:
        return self._current()

    def moved(self, messages: list[dict]) -> list[Event]:
        if self.last_id is not None and max(m["version"] for m in messages) <= self.last_id:
            return []  # heard already: read nothing
        return self._current()


def _api_error(error: Exception) -> HttpResponse:
    if isinstance(error, Http404):
        body = {"detail": "There is no such game.", "errors": []}
        body["errors"] = [{"rule": None, "field": None, "message": body["detail"]}]
        return JsonResponse(body, status=404)
    return JsonResponse(error_body(error), status=status_of(error))


@require_GET
def session_events(request, session_id: int):
    """`GET /api/sessions/<id>/events/?seat=TOKEN`: `text/event-stream` of the seat's view,
    `event: view`, `id: <version>`, each time the game moves (without `seat`: a spectator's).
    The current view comes at once unless `Last-Event-ID` (or `?last_event_id=`) is already
    at the current version; the stream ends after the game's last state. Auth as `/view/`: the
    seat token, and for a campaign's game a signed-in member (session or `Token` header)."""
    _token_user(request)
    tokens = request.GET.getlist("seat")
    try:
        session = session_for(session_id, request.user, tokens)
        seat = seat_for(session, request.GET["seat"]) if "seat" in request.GET else None
    except (Http404, DomainError) as error:
        return _api_error(error)
    last = last_event_id(request)
    if session.is_finished and last is not None and last >= session.version:
        return HttpResponse(status=204)  # nothing will come: EventSource stops reconnecting
    if seat is not None:
        seats_seen(session_id=session.pk, tokens=[seat.token], now=timezone.now())
    feed = SeatFeed(session.pk, seat.pk if seat else None, last, seat.token if seat else "")
    return stream_response(request, feed, api=True)


def _token_user(request) -> None:
    """DRF's `Authorization: Token <key>`, for this plain view as for the API's own."""
    if not request.headers.get("Authorization", "").startswith("Token "):
        return
    try:
        found = CachedTokenAuthentication().authenticate(request)
    except AuthenticationFailed:
        return  # not a token, or its account inactive: the request stays as it came
    if found is not None:
        request.user = found[0]


@require_GET
def table_events(request, session_id: int):
    """The table page's stream (`sse-connect` on the page): the game's version as it moves.
    While it is open the browser is at the table, as it was while it polled (no turn alert)."""
    tokens = held_tokens(request, session_id)
    try:
        session_for(session_id, request.user, tokens)
    except Http404:
        return HttpResponse("No such game.", status=404)

    def version() -> int:
        row = GameSession.objects.filter(pk=session_id).values_list("version", flat=True)
        found = row.first()
        if found is None:
            raise SessionError("There is no such game.")
        return found

    def seen() -> None:
        seats_seen(session_id=session_id, tokens=tokens, now=timezone.now())

    seen()
    channels = [game_channel(session_id), *inbox_channels(request)]
    feed = PageFeed(channels, last_event_id(request), version, tick=seen)
    return stream_response(request, feed)


@require_GET
def lobby_events(request):
    """The lobby's stream: a `version` event when the open games changed."""
    channels = [LOBBY_CHANNEL, *inbox_channels(request)]
    return stream_response(request, PageFeed(channels, last_event_id(request)))
