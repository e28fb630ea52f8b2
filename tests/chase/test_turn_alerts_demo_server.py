"""Turn alerts under the demo server (`make run`: runserver, Celery eager, no beat): a thread of
the serving process runs them (core.ticker), so the help's "within a minute" holds there too.

The ticker's thread is not started in tests; `tick()` runs its jobs once, with the clock the
tests inject, instead of waiting a minute."""

from __future__ import annotations

import threading

import pytest
from django.core import mail

from accounts.models import Profile
from chase.games import get_engine
from chase.services import sessions as services
from chase.services.alerts import turn_alerts_send
from core import ticker
from tests.chase.conftest import multi_game, seat


def choose(user, turn_alerts: str) -> None:
    Profile.objects.update_or_create(user=user, defaults={"turn_alerts": turn_alerts})


@pytest.mark.parametrize(
    "argv, environ, eager, expected",
    [
        (["manage.py", "runserver", "127.0.0.1:8000"], {"RUN_MAIN": "true"}, True, True),
        (["manage.py", "runserver", "--noreload"], {}, True, True),
        (["manage.py", "runserver", "127.0.0.1:8000"], {}, True, False),  # the reloader's parent
        (["manage.py", "runserver"], {"RUN_MAIN": "true"}, False, False),  # a broker: beat's job
        (["manage.py", "migrate"], {"RUN_MAIN": "true"}, True, False),
        (["gunicorn", "config.wsgi"], {}, True, False),
        (["pytest", "tests/"], {}, True, False),
        (["manage.py", "runserver"], {"RUN_MAIN": "true", "FRONTIER_IN_PROCESS_TICKER": "0"},
         True, False),
    ],
    ids=["runserver-child", "noreload", "reloader-parent", "with-a-broker", "migrate",
         "gunicorn", "tests", "turned-off"],
)  # fmt: skip
def test_only_the_demo_servers_serving_process_ticks(argv, environ, eager, expected):
    assert ticker.wanted(argv=argv, environ=environ, eager=eager) is expected


def test_the_turn_alerts_are_one_of_the_tickers_jobs():
    assert turn_alerts_send in ticker.JOBS  # registered by the canoe games' app at start


@pytest.mark.django_db(transaction=True)
def test_a_weekly_games_alert_goes_at_the_next_tick_after_the_opponents_move(
    owner, opponent, clock
):
    choose(owner, "now")
    choose(opponent, "now")
    session = multi_game(owner, opponent, pace="weekly")
    demo = ticker.Ticker(ticker.JOBS, seconds=20)
    demo.tick()
    assert [m.to for m in mail.outbox] == [["owner@example.org"]]  # the trappers move first

    clock.advance(hours=3)  # the owner moves until the opponent has a move; the opponent is away
    engine = get_engine(session.kind)
    while not engine.legal_actions(session.state, "indian"):
        action = engine.legal_actions(session.state, "trapper")[0]
        session = services.session_act(
            session_id=session.pk,
            token=seat(session, "trapper").token,
            version=session.version,
            action=action,
        )
    clock.advance(seconds=20)
    demo.tick()
    demo.tick()  # two ticks (or a tick and a cron run) never send twice

    assert [m.to for m in mail.outbox] == [["owner@example.org"], ["opponent@example.org"]]
    assert mail.outbox[1].subject.startswith("Frontier: your turn in")


@pytest.mark.django_db  # a tick closes this thread's database connection, as a request does
def test_a_failing_job_is_logged_and_the_others_still_run(caplog):
    ran = []

    def broken():
        raise RuntimeError("mail server away")

    ticker.Ticker([broken, lambda: ran.append(1)], seconds=20).tick()
    assert ran == [1]
    assert "In-process periodic job" in caplog.text


def test_the_thread_calls_the_jobs_every_few_seconds_until_stopped():
    ticked = threading.Event()
    calls = []

    def job():
        calls.append(1)
        if len(calls) == 2:
            ticked.set()

    running = ticker.Ticker([job], seconds=0.01)
    running.start()
    try:
        assert ticked.wait(timeout=5)
    finally:
        running.stop()
    assert len(calls) >= 2
