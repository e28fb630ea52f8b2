"""Issue 34, section 2: a hung mail server starved the `celery` queue. Each turn-alert run took
30-40 s (the 10 s timeout for each due seat, every run again). Now the mail has a queue of its
own, and a run is bounded: at most TURN_ALERT_MAILS_PER_RUN mails, a back-off per player after
a failure, and a server that times out ends the run.

The hung server is the test's own: a socket that accepts and never says hello.
"""

from __future__ import annotations

import datetime
import smtplib
import time

import pytest
from django.core import mail

from accounts.mail import mail_backed_off
from chase.services.alerts import turn_alerts_send
from tests.chase.conftest import multi_game, seat
from tests.factories import UserFactory
from tests.hung_servers import black_hole

pytestmark = pytest.mark.django_db
BOUND = 5.0  # seconds: a hang detector, not a timing target


def waiting_players(count: int):
    """`count` games across browsers, each with a different player to move (the creator)."""
    games = []
    for n in range(count):
        mover = UserFactory(username=f"mover{n}", email=f"mover{n}@example.org")
        other = UserFactory(username=f"other{n}", email=f"other{n}@example.org")
        games.append((multi_game(mover, other), mover))
    return games


@pytest.fixture
def hung_smtp(settings):
    with black_hole() as (port, accepted):
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS, settings.EMAIL_TIMEOUT = False, 1
        yield accepted


def test_a_hung_mail_server_costs_a_run_one_timeout_and_backs_the_player_off(hung_smtp, clock):
    games = waiting_players(5)
    clock.advance(minutes=11)

    started = time.monotonic()
    assert turn_alerts_send() == {"alerts": 0, "digests": 0, "reminders": 0}
    seconds = time.monotonic() - started

    assert seconds < BOUND, f"a run took {seconds:.1f} s on a hung mail server"
    assert len(hung_smtp) == 1  # one mail tried, then the run ended: not one timeout per seat
    (first_game, first), others = games[0], games[1:]
    assert seat(first_game, "trapper").alerted_at is None  # unmarked: due again later
    assert mail_backed_off(first.pk, clock.now)
    assert not any(mail_backed_off(mover.pk, clock.now) for _, mover in others)

    # The next run skips the player backed off and tries the next one.
    clock.advance(seconds=30)
    turn_alerts_send()
    assert len(hung_smtp) == 2
    assert mail_backed_off(games[1][1].pk, clock.now)


def test_the_back_off_doubles_after_each_failure_then_the_mail_goes(clock, monkeypatch):
    game, mover = waiting_players(1)[0]
    clock.advance(minutes=11)
    tries = []

    def refuse(*args, **kwargs):
        tries.append(clock.now)
        raise smtplib.SMTPServerDisconnected("gone")

    monkeypatch.setattr("chase.services.alerts.send_mail", refuse)
    for _ in range(8):  # a run every 30 s for 4 minutes
        turn_alerts_send()
        clock.advance(seconds=30)
    gaps = [later - earlier for earlier, later in zip(tries, tries[1:], strict=False)]
    assert gaps == [datetime.timedelta(minutes=1), datetime.timedelta(minutes=2)]

    monkeypatch.setattr("chase.services.alerts.send_mail", mail.send_mail)
    clock.advance(minutes=4)
    assert turn_alerts_send()["alerts"] == 1
    assert not mail_backed_off(mover.pk, clock.now)  # a success forgets the failures
    assert mail.outbox[0].to == [mover.email]


def test_a_refused_recipient_backs_off_only_that_player(clock, monkeypatch):
    games = waiting_players(3)
    clock.advance(minutes=11)
    real = mail.send_mail

    def refuse_the_first(subject, body, sender, to):
        if to == [games[0][1].email]:
            raise smtplib.SMTPRecipientsRefused({to[0]: (550, b"no such mailbox")})
        return real(subject, body, sender, to)

    monkeypatch.setattr("chase.services.alerts.send_mail", refuse_the_first)
    assert turn_alerts_send()["alerts"] == 2  # the run goes on past a bad address
    assert mail_backed_off(games[0][1].pk, clock.now)


def test_a_run_tries_at_most_its_bound_and_the_rest_go_at_the_next(clock, settings):
    settings.TURN_ALERT_MAILS_PER_RUN = 3
    waiting_players(5)
    clock.advance(minutes=11)
    assert turn_alerts_send()["alerts"] == 3
    assert turn_alerts_send()["alerts"] == 2
    assert turn_alerts_send()["alerts"] == 0
    assert len(mail.outbox) == 5


def test_mail_has_a_queue_of_its_own(settings):
    routes = settings.CELERY_TASK_ROUTES
    assert routes["campaign.mail_inbox_item"] == {"queue": "mail"}
    assert routes["chase.turn_alerts"] == {"queue": "mail"}
    assert "chase.ratings_rebuild" not in routes  # the ratings stay on `celery`
