"""The turn clock of games across browsers: whose turn it is since when, and their deadline.

After every change of a game (chase.services.sessions._commit) each human seat's clock is set again:
a seat that now has a legal action and had none starts a new turn at `now`; in a daily or
weekly game its deadline is then `now` plus the pace, and again after each of its moves while
the turn goes on (the pace is "24 hours a move"). One turn gets one alert (chase.services.alerts).
A seat without a move has no turn and no deadline. The alerts and reminders (chase.services.alerts)
and the table's "time left" read these columns; nothing here looks inside an engine's state
but through `legal_actions`.
"""

from __future__ import annotations

import datetime
import hashlib

from django.core.cache import cache

from chase.errors import SessionError
from chase.models import GameSession, Seat
from core.compiled import CompiledUpdate

PACE_TIME = {
    GameSession.Pace.LIVE: None,
    GameSession.Pace.DAILY: datetime.timedelta(hours=24),
    GameSession.Pace.WEEKLY: datetime.timedelta(days=7),
}
REMIND_BEFORE = datetime.timedelta(hours=2)  # the deadline reminder goes out this long before
AT_TABLE = datetime.timedelta(minutes=1)  # a browser that polled this recently is at the table


def clean_pace(pace, mode: str) -> str:
    """The pace asked for, checked: live by default; daily and weekly only across browsers."""
    if pace in (None, ""):
        return GameSession.Pace.LIVE
    if pace not in GameSession.Pace.values:
        raise SessionError(
            f"There is no pace {pace!r}: choose one of {', '.join(GameSession.Pace.values)}.",
            field="pace",
        )
    if pace != GameSession.Pace.LIVE and mode != GameSession.Mode.MULTI:
        raise SessionError(
            "A daily or weekly pace is for games across several browsers.", field="pace"
        )
    return pace


def seats_clock(session: GameSession, engine, state: dict, moved: set[str], now) -> None:
    """Set every human seat's turn start and deadline after a change of the game. `moved`:
    the roles whose player acted in it (their turn starts again if they still have a move)."""
    playing = session.status == GameSession.Status.PLAYING
    pace = PACE_TIME.get(session.pace)
    changed = []
    for seat in [s for s in session.seat_list() if not s.is_computer]:  # loaded once by a move
        waiting = playing and bool(engine.legal_actions(state, seat.role))
        if not waiting:
            since, deadline = None, None
        elif seat.turn_since is None:  # a new turn
            since, deadline = now, (now + pace if pace else None)
        elif seat.role in moved:  # the same turn goes on; a move earns a full day again
            since, deadline = seat.turn_since, (now + pace if pace else None)
        else:
            since, deadline = seat.turn_since, seat.deadline
        if (since, deadline) != (seat.turn_since, seat.deadline):
            seat.turn_since, seat.deadline = since, deadline
            changed.append(seat)
    # One UPDATE per new (turn start, deadline): at a move, the mover's turn ends and the next
    # player's begins, two plain UPDATEs, which cost a third of what Django's bulk_update (a
    # CASE per column) costs to build.
    clocks: dict[tuple, list[int]] = {}
    for seat in changed:
        clocks.setdefault((seat.turn_since, seat.deadline), []).append(seat.pk)
    for (since, deadline), ids in clocks.items():
        _CLOCK.run((since, deadline), (ids,))


# A seat's clock, set at every move: its SQL built once per process (core.compiled).
_CLOCK = CompiledUpdate(Seat, ("turn_since", "deadline"), ("id",))


def late_seats(session: GameSession, now) -> list[Seat]:
    """Human seats of a playing game whose deadline has passed."""
    if session.status != GameSession.Status.PLAYING:
        return []
    return [
        s
        for s in session.seat_list()
        if not s.is_computer and s.deadline is not None and s.deadline <= now
    ]


def seats_seen(*, session_id: int, tokens: list[str], now) -> int:
    """A browser holding these seats polled the table: they are at the table. One UPDATE, only
    of rows not marked in the last 20 seconds (a poll every 2 s writes a row a few times a
    minute at most); the cache spares even the query in between."""
    if not tokens:
        return 0
    key = "chase:seen:" + hashlib.sha256(f"{session_id}:{sorted(tokens)}".encode()).hexdigest()
    if not cache.add(key, 1, timeout=20):  # marked by a poll in the last 20 s: no query at all
        return 0
    fresh = now - datetime.timedelta(seconds=20)
    rows = Seat.objects.filter(session_id=session_id, token__in=tokens, kind=Seat.Kind.HUMAN)
    return rows.exclude(seen_at__gte=fresh).update(seen_at=now)


def time_left(deadline, now) -> str:
    """A deadline as the table says it: "23 h 05 min left", "6 days 4 h left", "late"."""
    if deadline is None:
        return ""
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return "missed the deadline"
    minutes = max(1, seconds // 60)
    days, hours = minutes // (24 * 60), minutes // 60 % 24
    if days:
        return f"{days} day{'s' if days != 1 else ''} {hours} h left"
    if minutes >= 60:
        return f"{minutes // 60} h {minutes % 60:02d} min left"
    return f"{minutes} min left"
