"""E-mail about canoe games across browsers: turn alerts, the daily digest, deadline reminders.

Run by a periodic task (`chase.turn_alerts` on celery beat, every minute on a club server), by
a thread of the demo server's own process (`make run`: no beat; core.ticker), or by
`manage.py send_turn_alerts` (cron, or `--every 60`). Each run looks at
the seats whose player has a move waiting (chase.services.pace keeps `turn_since` and `deadline`)
and sends what is due, at most one alert and one reminder per turn:

- the player's profile choice (accounts.Profile.turn_alerts): as soon as it is their turn,
  after 10 minutes (the default), once a day (every waiting game in one mail), or never;
- none while a browser holding the seat polled the table in the last minute (at the table);
- a reminder REMIND_BEFORE a daily or weekly game's deadline (not with *never*).

A seat is marked before its mail goes and unmarked if the mail fails (the next run tries
again); a mail error is logged, never raised, so one bad address stops nobody else's mail.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
from collections import defaultdict

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts.mail import absolute
from accounts.models import Profile
from chase.games import get_engine, role_words
from chase.models import GameSession, Seat
from chase.services.pace import AT_TABLE, REMIND_BEFORE

logger = logging.getLogger(__name__)

DELAYS = {
    Profile.TurnAlerts.NOW: datetime.timedelta(0),
    Profile.TurnAlerts.LATER: datetime.timedelta(minutes=10),
}
DIGEST_EVERY = datetime.timedelta(hours=24)


def turn_alerts_send(*, now=None) -> dict[str, int]:
    """Send every turn alert, digest and reminder due at `now`; returns how many of each."""
    now = now or timezone.now()
    sent = {"alerts": 0, "digests": 0, "reminders": 0}
    digests: dict[int, list[Seat]] = defaultdict(list)
    for seat in _waiting_seats():
        choice = _choice(seat.user)
        if choice == Profile.TurnAlerts.NEVER or _at_table(seat, now):
            continue
        if _reminder_due(seat, now) and _send(seat, "reminded_at", now, _reminder, now):
            sent["reminders"] += 1
        if _told(seat.alerted_at, seat):
            continue
        if choice == Profile.TurnAlerts.DAILY:
            digests[seat.user_id].append(seat)
        elif now - seat.turn_since >= DELAYS[choice] and _send(
            seat, "alerted_at", now, _alert, now
        ):
            sent["alerts"] += 1
    for seats in digests.values():
        sent["digests"] += _digest(seats, now)
    return sent


def _waiting_seats():
    return (
        Seat.objects.filter(
            kind=Seat.Kind.HUMAN,
            turn_since__isnull=False,
            user__isnull=False,
            user__is_active=True,
            session__status=GameSession.Status.PLAYING,
            session__mode=GameSession.Mode.MULTI,
        )
        .exclude(user__email="")
        .select_related("session", "user", "user__profile")
        .order_by("user_id", "turn_since", "pk")
    )


def _choice(user) -> str:
    try:
        return user.profile.turn_alerts
    except Profile.DoesNotExist:
        return Profile.TurnAlerts.LATER


def _at_table(seat: Seat, now) -> bool:
    return seat.seen_at is not None and now - seat.seen_at < AT_TABLE


def _told(when, seat: Seat) -> bool:
    """Whether a mail marked `when` went out during this turn already."""
    return when is not None and when >= seat.turn_since


def _reminder_due(seat: Seat, now) -> bool:
    return (
        seat.deadline is not None
        and seat.deadline - REMIND_BEFORE <= now < seat.deadline
        and not _told(seat.reminded_at, seat)
    )


def _send(seat: Seat, mark: str, now, compose, *args) -> bool:
    """Mark the seat (only if nobody else did: two runs never both send), send, and unmark if
    the mail failed."""
    before = getattr(seat, mark)
    if not Seat.objects.filter(pk=seat.pk, **{mark: before}).update(**{mark: now}):
        return False
    subject, body = compose(seat, *args)
    if _mail(seat.user, subject, body):
        setattr(seat, mark, now)
        return True
    Seat.objects.filter(pk=seat.pk, **{mark: now}).update(**{mark: before})
    return False


def _digest(seats: list[Seat], now) -> int:
    """One mail with every waiting game of a player who chose *once a day*, if their last
    digest is a day old. Returns 1 when it went."""
    user = seats[0].user
    profile = user.profile
    last = profile.turn_digest_at
    if last is not None and now - last < DIGEST_EVERY:
        return 0
    if not Profile.objects.filter(pk=profile.pk, turn_digest_at=last).update(turn_digest_at=now):
        return 0
    games = [_game(seat) for seat in seats]
    context = {"name": str(profile), "games": games, "profile_url": absolute(reverse("profile"))}
    body = render_to_string("chase/email/turn_digest.txt", context)
    count = len(games)
    subject = f"Frontier: your turn in {count} canoe game{'s' if count != 1 else ''}"
    if not _mail(user, subject, body):
        Profile.objects.filter(pk=profile.pk, turn_digest_at=now).update(turn_digest_at=last)
        return 0
    Seat.objects.filter(pk__in=[s.pk for s in seats]).update(alerted_at=now)
    return 1


def _game(seat: Seat) -> dict:
    session = seat.session
    url = reverse("chase:table", args=[session.pk]) + f"?seat={seat.token}"
    return {
        "title": f"{get_engine(session.kind).title} #{session.pk}",
        "role": role_words(session.kind, session.options, seat.role),
        "url": absolute(url),  # straight to the seat, from any browser
        "since": seat.turn_since,
        "deadline": seat.deadline,
    }


def _alert(seat: Seat, now) -> tuple[str, str]:
    game = _game(seat)
    context = {"name": _name(seat.user), "game": game, "profile_url": absolute(reverse("profile"))}
    body = render_to_string("chase/email/turn_alert.txt", context)
    return f"Frontier: your turn in {game['title']}", body


def _reminder(seat: Seat, now) -> tuple[str, str]:
    game = _game(seat)
    minutes = max(1, int((seat.deadline - now).total_seconds() // 60))
    left = f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"
    context = {
        "name": _name(seat.user),
        "game": game,
        "left": left,
        "profile_url": absolute(reverse("profile")),
    }
    body = render_to_string("chase/email/deadline_reminder.txt", context)
    return f"Frontier: {left} left to move in {game['title']}", body


def _name(user) -> str:
    try:
        return str(user.profile)
    except Profile.DoesNotExist:
        return user.get_username()


def _mail(user, subject: str, body: str) -> bool:
    try:
        send_mail(subject, body, None, [user.email])
    except (smtplib.SMTPException, OSError) as error:
        logger.warning("Turn e-mail to user %s not sent: %s", user.pk, error)
        return False
    return True
