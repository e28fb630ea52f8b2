"""The canoe games' inbox source: games where it is the player's turn.

A seat taken while logged in belongs to that account (Seat.user), so these are the games the
account plays from any browser. Games idle for longer than IDLE_DAYS are left out: an abandoned
hot-seat game should not wait in the inbox for ever. Not sent by e-mail as an inbox kind: a
game across browsers mails its turns by the player's own delay instead (chase.services.alerts).
"""

from __future__ import annotations

import datetime

from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from accounts.inbox import Item, Kind, source
from chase.games import get_engine
from chase.models import GameSession, Seat
from chase.selectors import sessions as selectors
from core.compiled import CompiledQuery

IDLE_DAYS = 14
YOUR_TURN = Kind("your_turn", "Canoe games on your turn", email=False)


def _turns_waiting(user_id: int):
    """The playing games where a human seat of the user's has its turn clock set, with that
    seat's role, by game and seat."""
    return (
        GameSession.objects.filter(
            status=GameSession.Status.PLAYING,
            seats__user=user_id,
            seats__kind=Seat.Kind.HUMAN,
            seats__turn_since__isnull=False,
        )
        .annotate(seat_role=F("seats__role"), seat_position=F("seats__position"))
        .only("kind", "options", "updated_at")
        .order_by("id", "seat_position")
    )


_TURNS_WAITING = CompiledQuery(_turns_waiting)


@source(YOUR_TURN)
def your_turn(user):
    """The player's seats with a move waiting: `turn_since` is set on every change of a game
    for each human seat that has a legal action, and cleared for one that has none
    (chase.services.pace), so no game's state is read here (it was, and every seat's legal
    actions worked out, at every page of a canoe player: issue 35). The query's SQL is built
    once per process (core.compiled: it is read again after every move of the player's games);
    the games idle too long are left out here, as the clock is no part of a compiled query."""
    since = timezone.now() - datetime.timedelta(days=IDLE_DAYS)
    told = set()
    for session in _TURNS_WAITING.objects(user.pk):
        if session.id in told or session.updated_at < since:
            continue
        told.add(session.id)
        yield Item(
            kind=YOUR_TURN.key,
            title=f"{get_engine(session.kind).title}: "
            f"{selectors.role_title(session, session.seat_role)} to move",
            url=reverse("chase:table", args=[session.id]),
            since=session.updated_at,
            action="Play",
        )
