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

A run is bounded, so a slow or hung mail server never holds the `mail` queue (issue 34):

- at most TURN_ALERT_MAILS_PER_RUN mails are tried per run; the rest are due at the next;
- a player whose mail failed is not tried again before a back-off (accounts.mail: a minute,
  doubled at each failure in a row, up to an hour);
- an error that is the server's (a timeout, a refused or dropped connection) ends the run: the
  next seat would only wait as long again. A run costs at most one EMAIL_TIMEOUT on a hung
  server, not one per due seat.
"""

from __future__ import annotations

import datetime
import logging
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts.mail import (
    absolute,
    mail_backed_off,
    mail_delivered,
    mail_failed,
    server_fault,
)
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


@dataclass
class MailRun:
    """One run's mail: how many more may be tried, and whether the server failed us."""

    now: datetime.datetime
    left: int
    server_down: bool = False
    deferred: int = 0  # due, but left for a later run (the bound, a back-off, the server)

    def may_send(self, user) -> bool:
        if self.server_down or self.left <= 0 or mail_backed_off(user.pk, self.now):
            self.deferred += 1
            return False
        return True

    def mail(self, user, subject: str, body: str) -> bool:
        self.left -= 1
        try:
            send_mail(subject, body, None, [user.email])
        except Exception as error:  # noqa: BLE001 - whatever it is, the game goes on
            until = mail_failed(user.pk, self.now)
            self.server_down = server_fault(error)
            logger.warning(
                "Turn e-mail to user %s not sent (%r): tried again after %s%s.",
                user.pk, error, until.isoformat(timespec="seconds"),
                "; the mail server failed, the rest of this run waits" if self.server_down else "",
            )  # fmt: skip
            return False
        mail_delivered(user.pk)
        return True


def turn_alerts_send(*, now=None) -> dict[str, int]:
    """Send every turn alert, digest and reminder due at `now` (at most
    TURN_ALERT_MAILS_PER_RUN, see the module); returns how many of each went."""
    now = now or timezone.now()
    run = MailRun(now=now, left=settings.TURN_ALERT_MAILS_PER_RUN)
    sent = {"alerts": 0, "digests": 0, "reminders": 0}
    digests: dict[int, list[Seat]] = defaultdict(list)
    for seat in _waiting_seats():
        choice = _choice(seat.user)
        if choice == Profile.TurnAlerts.NEVER or _at_table(seat, now):
            continue
        if _reminder_due(seat, now) and _send(run, seat, "reminded_at", _reminder, now):
            sent["reminders"] += 1
        if _told(seat.alerted_at, seat):
            continue
        if choice == Profile.TurnAlerts.DAILY:
            digests[seat.user_id].append(seat)
        elif now - seat.turn_since >= DELAYS[choice] and _send(
            run, seat, "alerted_at", _alert, now
        ):
            sent["alerts"] += 1
    for seats in digests.values():
        sent["digests"] += _digest(run, seats)
    if run.deferred:
        logger.info("Turn e-mail: %d due left for a later run.", run.deferred)
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


def _send(run: MailRun, seat: Seat, mark: str, compose, *args) -> bool:
    """Mark the seat (only if nobody else did: two runs never both send), send, and unmark if
    the mail failed."""
    if not run.may_send(seat.user):
        return False
    now = run.now
    before = getattr(seat, mark)
    if not Seat.objects.filter(pk=seat.pk, **{mark: before}).update(**{mark: now}):
        return False
    subject, body = compose(seat, *args)
    if run.mail(seat.user, subject, body):
        setattr(seat, mark, now)
        return True
    Seat.objects.filter(pk=seat.pk, **{mark: now}).update(**{mark: before})
    return False


def _digest(run: MailRun, seats: list[Seat]) -> int:
    """One mail with every waiting game of a player who chose *once a day*, if their last
    digest is a day old. Returns 1 when it went."""
    now = run.now
    user = seats[0].user
    profile = user.profile
    last = profile.turn_digest_at
    if last is not None and now - last < DIGEST_EVERY:
        return 0
    if not run.may_send(user):
        return 0
    if not Profile.objects.filter(pk=profile.pk, turn_digest_at=last).update(turn_digest_at=now):
        return 0
    games = [_game(seat) for seat in seats]
    context = {"name": str(profile), "games": games, "profile_url": absolute(reverse("profile"))}
    body = render_to_string("chase/email/turn_digest.txt", context)
    count = len(games)
    subject = f"Frontier: your turn in {count} canoe game{'s' if count != 1 else ''}"
    if not run.mail(user, subject, body):
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
