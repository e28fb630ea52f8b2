"""Finding 2 (issue 25): anyone could make the server burn CPU through the odds. Each new
`?step=N` of a finished game's odds was a new computation, unthrottled on the page; one client
queued 59 jobs in a second in front of the ratings and the e-mails. Now the odds of a position
are worked out once for everyone (keyed by what the asking seat sees, not by the request), a
client's budget counts the answers worked out anew (429 with Retry-After, on the page too), and
the jobs go to a bounded queue of their own (503 "busy" when it is full)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings
from rest_framework.test import APIClient

from chase.engines.chance import RandomChance
from chase.games import get_engine
from chase.models import GameSession
from chase.services import odds as chase_odds
from chase.services import sessions as services
from chase.tasks import odds_task
from config.celery import app
from tests.chase.conftest import new_game, seat
from tests.conftest import TEST_REDIS_URL
from tests.factories import UserFactory
from tests.worker.celery_app import celery_broker

pytestmark = [pytest.mark.django_db, pytest.mark.odds_playouts(20)]
HTMX = {"HTTP_HX_REQUEST": "true"}
UNLIMITED = "100000/min"


@pytest.fixture
def worked_out(monkeypatch):
    """The positions worked out, in order (each a call of the engines' win_odds)."""
    calls = []
    real = chase_odds.win_odds

    def counting(engine, state, role, **kwargs):
        calls.append((engine.title, role))
        return real(engine, state, role, **kwargs)

    monkeypatch.setattr(chase_odds, "win_odds", counting)
    return calls


def rates(**lowered) -> override_settings:
    every = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], UNLIMITED)
    every.update(lowered)
    return override_settings(
        REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": every}
    )


def finished_race() -> GameSession:
    session = new_game(kind="race", mode="solo", canoes=2, leg_length=12)
    mover = seat(session, "canoe-1")
    while session.status != GameSession.Status.FINISHED:
        action = get_engine("race").legal_actions(session.state, mover.role)[0]
        services.session_act(
            session_id=session.pk, token=mover.token, version=session.version, action=action
        )
        session.refresh_from_db()
    assert session.log.count() > 8
    return session


def odds_url(session, **params) -> str:
    return f"/api/sessions/{session.pk}/odds/?" + "&".join(f"{k}={v}" for k, v in params.items())


def test_finding_2_a_a_position_is_worked_out_once_for_everyone_who_asks(worked_out, monkeypatch):
    monkeypatch.setattr(services, "new_chance", lambda: RandomChance(1757))  # the same course
    first, second = (new_game(kind="race", mode="solo", canoes=2) for _ in range(2))
    assert first.pk != second.pk and first.state == second.state  # two games, one position
    api = APIClient()
    answers = [
        api.get(odds_url(game, seat=seat(game, "canoe-1").token)).json() for game in (first, second)
    ]
    answers.append(api.get(odds_url(first, seat=seat(first, "canoe-1").token)).json())
    assert answers[0] == answers[1] == answers[2]
    assert len(worked_out) == 1  # one computation, shared by both games' seats


def test_finding_2_b_the_page_has_a_budget_per_address_with_a_readable_429(worked_out):
    session = finished_race()
    client = Client()
    with rates(odds="3/min"):
        answers = [
            client.get(f"/play/{session.pk}/odds/?step={n}", **HTMX).status_code for n in range(4)
        ]
        again = client.get(f"/play/{session.pk}/odds/?step=1", **HTMX)  # kept: no charge
        page = client.get(f"/play/{session.pk}/odds/?step=5")
    assert answers == [200, 200, 200, 429]
    assert again.status_code == 200 and "The chances at step 1" in again.content.decode()
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    html = page.content.decode()
    assert "You have asked for many chances in a short time: try again in" in html
    assert "<title>Chances" in html  # a page a person reads, not a bare error
    assert len(worked_out) == 3


def test_finding_2_c_the_api_has_a_budget_per_address_and_per_account(worked_out):
    owner = UserFactory(username="owner")
    session = finished_race()
    with rates(odds="2/min", odds_account="4/min"):
        anonymous = APIClient()
        answers = [anonymous.get(odds_url(session, step=n)).status_code for n in range(3)]
        refused = anonymous.get(odds_url(session, step=9))
        signed_in = APIClient()
        signed_in.force_authenticate(owner)
        account = [signed_in.get(odds_url(session, step=n)).status_code for n in range(3, 8)]
    assert answers == [200, 200, 429]
    assert int(refused["Retry-After"]) > 0
    assert refused.json()["detail"].startswith("You have asked for many chances")
    assert account == [200, 200, 200, 200, 429]  # generous, not without end


def test_finding_2_d_odds_jobs_have_a_queue_of_their_own():
    assert app.amqp.router.route({}, odds_task.name)["queue"].name == "odds"
    assert app.amqp.router.route({}, "campaign.run_job")["queue"].name != "odds"


def test_finding_2_e_a_full_odds_queue_answers_busy_and_queues_nothing(
    settings, monkeypatch, worked_out
):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(odds_task, "apply_async", lambda kwargs: sent.append(kwargs))
    monkeypatch.setattr(chase_odds, "odds_waiting", lambda: settings.CHASE_ODDS_QUEUE_MAX)
    session = finished_race()
    busy = APIClient().get(odds_url(session, step=2))
    assert busy.status_code == 503 and int(busy["Retry-After"]) > 0
    assert "busy" in busy.json()["detail"]
    page = Client().get(f"/play/{session.pk}/odds/?step=2", **HTMX)
    assert page.status_code == 200  # the panel says so, and asks again by itself
    html = page.content.decode()
    assert "The server is busy working out other chances" in html
    assert 'hx-trigger="load delay:' in html
    assert Client().get(f"/play/{session.pk}/odds/?step=2").status_code == 503
    assert sent == [] and worked_out == []


@pytest.mark.redis
def test_finding_2_f_with_redis_the_queue_stops_at_its_bound(settings):
    import redis

    broker = redis.Redis.from_url(TEST_REDIS_URL)
    broker.delete("odds")
    session = finished_race()
    try:
        with celery_broker(TEST_REDIS_URL):  # first: the Celery app reads the settings once
            settings.CELERY_TASK_ALWAYS_EAGER = False
            settings.CELERY_BROKER_URL = TEST_REDIS_URL
            settings.CHASE_ODDS_QUEUE_MAX = 2
            answers = [APIClient().get(odds_url(session, step=n)).status_code for n in range(3)]
        assert answers == [202, 202, 503]
        assert broker.llen("odds") == 2  # nothing went to the default queue
    finally:
        broker.delete("odds")
