"""Turn alerts by e-mail for games across browsers: after the player's chosen delay, once per
turn, never while they are at the table; the daily digest; the deadline reminder."""

from __future__ import annotations

import io
import smtplib

import pytest
from django.core import mail
from django.core.management import call_command

from accounts.models import Profile
from chase.games import get_engine
from chase.services import pace
from chase.services import sessions as services
from chase.services.alerts import turn_alerts_send
from chase.tasks import turn_alerts_task
from tests.chase.conftest import multi_game, seat
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def choose(user, turn_alerts: str) -> None:
    Profile.objects.update_or_create(user=user, defaults={"turn_alerts": turn_alerts})


def test_the_alert_goes_once_after_ten_minutes_with_a_link_to_the_seat(owner, opponent, clock):
    session = multi_game(owner, opponent)  # the trappers (owner) move first
    clock.advance(minutes=9)
    assert turn_alerts_send()["alerts"] == 0

    clock.advance(minutes=2)
    assert turn_alerts_send()["alerts"] == 1
    clock.advance(hours=5)
    assert turn_alerts_send()["alerts"] == 0  # one mail per turn

    [message] = mail.outbox
    assert message.to == ["owner@example.org"]
    assert message.subject == f"Frontier: your turn in Pelts, Paddling and Powder #{session.pk}"
    token = seat(session, "trapper").token
    assert f"/play/{session.pk}/?seat={token}" in message.body
    assert "you play the trappers" in message.body


def test_no_alert_while_the_player_is_at_the_table(owner, opponent, clock):
    session = multi_game(owner, opponent)
    clock.advance(minutes=10)
    trapper = seat(session, "trapper")
    pace.seats_seen(session_id=session.pk, tokens=[trapper.token], now=clock.now)

    clock.advance(seconds=50)
    assert turn_alerts_send() == {"alerts": 0, "digests": 0, "reminders": 0}

    clock.advance(seconds=20)  # the tab was closed 70 s ago
    assert turn_alerts_send()["alerts"] == 1
    assert len(mail.outbox) == 1


def test_the_table_poll_marks_the_player_at_the_table(client, owner, opponent, clock):
    session = multi_game(owner, opponent)
    client.force_login(owner)
    client.get(f"/play/{session.pk}/?seat={seat(session, 'trapper').token}")
    clock.advance(minutes=15)

    client.get(f"/play/{session.pk}/?version={session.version}", headers={"HX-Request": "true"})

    assert seat(session, "trapper").seen_at == clock.now
    assert turn_alerts_send()["alerts"] == 0


def test_as_soon_as_it_is_my_turn_sends_at_once_and_a_new_turn_alerts_again(owner, opponent, clock):
    choose(owner, "now")
    choose(opponent, "now")
    session = multi_game(owner, opponent)
    assert turn_alerts_send()["alerts"] == 1
    engine = get_engine(session.kind)

    clock.advance(minutes=1)  # the trappers play until the Indians have a move
    while not engine.legal_actions(session.state, "indian"):
        action = engine.legal_actions(session.state, "trapper")[0]
        session = services.session_act(
            session_id=session.pk,
            token=seat(session, "trapper").token,
            version=session.version,
            action=action,
        )
    turn_alerts_send()

    assert [m.to for m in mail.outbox] == [["owner@example.org"], ["opponent@example.org"]]


def test_never_sends_nothing_not_even_a_reminder(owner, opponent, clock):
    choose(owner, "never")
    multi_game(owner, opponent, pace="daily")

    for hours in (1, 22, 1):
        clock.advance(hours=hours)
        assert turn_alerts_send() == {"alerts": 0, "digests": 0, "reminders": 0}
    assert mail.outbox == []


def test_the_daily_digest_gathers_every_waiting_game_in_one_mail(owner, opponent, clock):
    choose(owner, "daily")
    first = multi_game(owner, opponent)
    second = multi_game(owner, opponent, kind="race", canoes=2)
    waiting = [s for s in second.seats.all() if s.user_id == owner.pk]
    assert waiting[0].turn_since is not None  # the race: both canoes move at once

    assert turn_alerts_send()["digests"] == 1
    clock.advance(hours=3)
    third = multi_game(owner, opponent)
    assert turn_alerts_send()["digests"] == 0  # one a day

    [digest] = mail.outbox
    assert digest.subject == "Frontier: your turn in 2 canoe games"
    assert f"/play/{first.pk}/?seat=" in digest.body and f"/play/{second.pk}/?seat=" in digest.body
    clock.advance(hours=22)
    assert turn_alerts_send()["digests"] == 1
    assert f"/play/{third.pk}/?seat=" in mail.outbox[1].body
    assert f"/play/{first.pk}/" not in mail.outbox[1].body  # that turn was told already


def test_the_reminder_goes_once_two_hours_before_the_deadline(owner, opponent, clock):
    choose(owner, "10min")
    session = multi_game(owner, opponent, pace="daily")
    clock.advance(minutes=11)
    assert turn_alerts_send() == {"alerts": 1, "digests": 0, "reminders": 0}

    clock.advance(hours=21)
    assert turn_alerts_send()["reminders"] == 0
    clock.advance(minutes=50)  # 1 h 59 min left
    assert turn_alerts_send()["reminders"] == 1
    clock.advance(minutes=30)
    assert turn_alerts_send()["reminders"] == 0

    reminder = mail.outbox[-1]
    assert reminder.subject == (
        f"Frontier: 1 h 59 min left to move in Pelts, Paddling and Powder #{session.pk}"
    )
    assert "hand your seat to the computer" in reminder.body


def test_a_mail_server_error_is_logged_and_the_alert_is_tried_again(
    owner, opponent, clock, monkeypatch
):
    session = multi_game(owner, opponent)
    clock.advance(minutes=11)

    def refuse(*args, **kwargs):
        raise smtplib.SMTPServerDisconnected("gone")

    monkeypatch.setattr("chase.services.alerts.send_mail", refuse)
    assert turn_alerts_send()["alerts"] == 0
    assert seat(session, "trapper").alerted_at is None
    monkeypatch.undo()
    clock.advance(minutes=1)
    assert turn_alerts_send()["alerts"] == 1


def test_guests_and_players_without_an_address_get_no_mail(owner, clock):
    nobody = UserFactory(username="nobody", email="")
    multi_game(nobody, owner)  # the trappers: an account without an address
    clock.advance(hours=1)

    assert turn_alerts_send()["alerts"] == 0
    assert mail.outbox == []


def test_beat_runs_the_alerts_every_minute_by_the_task(owner, opponent, clock, settings):
    entry = settings.CELERY_BEAT_SCHEDULE["canoe-turn-alerts"]
    assert (entry["task"], entry["schedule"]) == ("chase.turn_alerts", 60)
    assert turn_alerts_task.name == "chase.turn_alerts"
    multi_game(owner, opponent)
    clock.advance(minutes=10)

    turn_alerts_task.delay()  # in-process in tests, as under `make run`

    assert len(mail.outbox) == 1


def test_the_command_sends_what_is_due_and_says_how_much(owner, opponent, clock):
    multi_game(owner, opponent)
    clock.advance(minutes=10)
    out = io.StringIO()

    call_command("send_turn_alerts", stdout=out)

    assert out.getvalue() == "1 alert(s), 0 digest(s), 0 reminder(s) sent.\n"
    assert len(mail.outbox) == 1
