"""The canoe games' inbox source: games where it is the player's turn.

A seat taken while logged in belongs to that account (Seat.user), so these are the games the
account plays from any browser. Games idle for longer than IDLE_DAYS are left out: an abandoned
hot-seat game should not wait in the inbox for ever. Not sent by e-mail as an inbox kind: a
game across browsers mails its turns by the player's own delay instead (chase.services.alerts).
"""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone

from accounts.inbox import Item, Kind, source
from chase.games import get_engine
from chase.models import GameSession, Seat
from chase.selectors import sessions as selectors

IDLE_DAYS = 14
YOUR_TURN = Kind("your_turn", "Canoe games on your turn", email=False)


@source(YOUR_TURN)
def your_turn(user):
    """The player's seats with a move waiting: `turn_since` is set on every change of a game
    for each human seat that has a legal action, and cleared for one that has none
    (chase.services.pace), so no game's state is read here (it was, and every seat's legal
    actions worked out, at every page of a canoe player: issue 35)."""
    since = timezone.now() - datetime.timedelta(days=IDLE_DAYS)
    seats = (
        Seat.objects.filter(
            user=user,
            kind=Seat.Kind.HUMAN,
            turn_since__isnull=False,
            session__status=GameSession.Status.PLAYING,
            session__updated_at__gte=since,
        )
        .select_related("session")
        .only(
            "role",
            "position",
            "session",
            "session__kind",
            "session__options",
            "session__updated_at",
        )
        .order_by("session_id", "position")
    )
    told = set()
    for seat in seats:
        session = seat.session
        if session.id in told:
            continue
        told.add(session.id)
        yield Item(
            kind=YOUR_TURN.key,
            title=f"{get_engine(session.kind).title}: "
            f"{selectors.role_title(session, seat.role)} to move",
            url=reverse("chase:table", args=[session.id]),
            since=session.updated_at,
            action="Play",
        )
