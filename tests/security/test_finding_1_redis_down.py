"""Finding 1 (issue 25): without Redis nobody could sign in. With REDIS_URL on a port where
nothing listens, the login form, POST /api/token/, the campaign, warband and league pages,
GET /api/warbands/{id}/ and an anonymous POST /api/sessions/ answered 500: the page cache, the
DRF throttles and the `cached_db` sessions called Redis with no fallback.

Here the app runs with every setting that REDIS_URL decides (read from the settings module
itself, so the test follows it) pointed at a closed port: the cache misses and says so once in
the log, throttles count per process, sessions live in the database and jobs run inline. No
Redis is needed, only a port nothing listens on.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import pathlib
import socket
from contextlib import nullcontext
from unittest import mock

import pytest
from django.contrib.sessions.models import Session
from django.test import Client, override_settings
from rest_framework.test import APIClient

from campaign.models import GameReport, PostGame, Warband
from chase.models import GameSession
from core.content_version import campaign_scope
from core.models import Job
from core.redis_cache import forget_outages
from tests.campaign.games_support import WAR_PARTY_SCRIPT, battle_payload, drive
from tests.worker.celery_app import celery_broker

BASE_SETTINGS = pathlib.Path(__file__).resolve().parents[2] / "config" / "settings" / "base.py"
PASSWORD = "correct horse battery"  # the factories' password


def _settings_module(redis_url: str | None) -> dict:
    """config/settings/base.py run afresh with REDIS_URL set (or not): its settings."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    if redis_url:
        env["REDIS_URL"] = redis_url
    with mock.patch.dict(os.environ, env, clear=True):
        spec = importlib.util.spec_from_file_location("frontier_settings_probe", BASE_SETTINGS)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return {name: getattr(module, name) for name in dir(module) if name.isupper()}


def redis_settings(redis_url: str) -> dict:
    """Every setting REDIS_URL changes (caches, sessions, the broker, eager tasks ...), as the
    settings module makes them for `redis_url`; the logging aside."""
    without, with_redis = _settings_module(None), _settings_module(redis_url)
    return {
        name: value
        for name, value in with_redis.items()
        if name != "LOGGING" and without.get(name) != value
    }


def closed_port() -> int:
    """A port nothing listens on: bound once by the system, then let go."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_down(settings):
    """The app as a club server runs it, with Redis unreachable."""
    settings.CHASE_ODDS_PLAYOUTS = 20
    url = f"redis://127.0.0.1:{closed_port()}/0"
    overrides = redis_settings(url)
    assert "redis" in str(overrides["CACHES"]["default"]).lower()  # the club setup, not locmem
    forget_outages()
    # The Celery app reads its settings once, at first use: read them before the override.
    with celery_broker(url), override_settings(**overrides):
        yield url
    forget_outages()


def signed_in_client(username: str) -> Client:
    client = Client(raise_request_exception=False)
    response = client.post("/accounts/login/", {"username": username, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:500]
    return client


@pytest.mark.django_db(transaction=True)  # jobs are sent once their transaction commits
def test_finding_1_a_sign_in_the_pages_a_report_a_post_game_and_a_canoe_game_work(
    redis_down, campaign, player, other_player, war_party, patrol, caplog
):
    caplog.set_level(logging.WARNING)
    # Sign in on the login page; the session is the database's.
    client = signed_in_client("player")
    assert Session.objects.filter(session_key=client.session.session_key).exists()
    for _ in range(2):  # the second reading would store the pages in the cache
        for url in (
            f"/campaigns/{campaign.id}/",
            f"/warbands/{war_party.id}/",
            f"/campaigns/{campaign.id}/league/",
            "/",
        ):
            assert client.get(url).status_code == 200, url

    # Sign in on the API and read a warband.
    api = unraising(APIClient())
    answer = api.post("/api/token/", {"username": "player", "password": PASSWORD}, format="json")
    assert answer.status_code == 200, answer.content
    api.credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
    warband = api.get(f"/api/warbands/{war_party.id}/")
    assert warband.status_code == 200 and warband.json()["name"] == "Magalakutway"

    # A game report: filed by the player (the opponent's mail is a job), confirmed by the
    # opponent on the game page (the rankings are a job): both run inline.
    filed = api.post("/api/games/", battle_payload(campaign, war_party, patrol), format="json")
    assert filed.status_code == 201, filed.content
    game = GameReport.objects.get(pk=filed.json()["id"])
    opponent = signed_in_client("other")
    assert opponent.get(f"/games/{game.id}/").status_code == 200
    assert opponent.post(f"/games/{game.id}/confirm/").status_code == 302
    game.refresh_from_db()
    assert game.status == "confirmed"
    jobs = Job.objects.filter(scope=campaign_scope(campaign.id))
    assert jobs.get(kind="rankings").state == "done"

    # The post-game: answered, then committed on its page; the rating is recalculated inline.
    sequence = drive(PostGame.objects.get(game=game, warband=war_party), player, WAR_PARTY_SCRIPT)
    assert client.get(f"/postgames/{sequence.id}/").status_code == 200
    committed = client.post(f"/postgames/{sequence.id}/commit/", HTTP_HX_REQUEST="true")
    assert committed.status_code == 200
    assert "Applied to the roster" in committed.content.decode()
    assert Warband.objects.get(pk=war_party.pk).rating_stale is False

    # A canoe game, anonymous: created, and its odds asked (worked out here, no worker).
    guest = unraising(APIClient())
    created = guest.post("/api/sessions/", {"kind": "pelts", "mode": "solo"}, format="json")
    assert created.status_code == 201, created.content
    token = next(s["token"] for s in created.json()["seats"] if s["token"])
    session_id = created.json()["id"]
    odds = guest.get(f"/api/sessions/{session_id}/odds/?seat={token}")
    assert odds.status_code == 200 and odds.json()["playouts"] == 20
    assert GameSession.objects.filter(pk=session_id).exists()

    # Signing out ends the session in the database.
    key = client.session.session_key
    assert client.post("/accounts/logout/").status_code == 302
    assert not Session.objects.filter(session_key=key).exists()
    assert "_auth_user_id" not in client.session

    # Said once in the log, not once per request.
    told = [r for r in caplog.records if "Redis" in r.getMessage() and "cache" in r.getMessage()]
    assert len(told) == 1, [r.getMessage() for r in told]
    assert "unreachable" in told[0].getMessage()


def test_finding_1_b_throttles_count_in_the_process_while_redis_is_down(redis_down, player):
    rates = {"token": "3/min", "session_create": "1000/min", "session_action": "1000/min"}
    rest = {**_rest_framework(), "DEFAULT_THROTTLE_RATES": rates}
    with override_settings(REST_FRAMEWORK=rest):
        client = unraising(APIClient())
        answers = [
            client.post(
                "/api/token/", {"username": "player", "password": PASSWORD}, format="json"
            ).status_code
            for _ in range(4)
        ]
    assert answers == [200, 200, 200, 429]


def _rest_framework() -> dict:
    from django.conf import settings

    return dict(settings.REST_FRAMEWORK)


def unraising(client):
    """A 500 is an answer to look at, not an exception in the test."""
    client.raise_request_exception = False
    return client


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("with_redis", [False, True], ids=["no-redis", "redis-down"])
def test_finding_1_c_a_mail_server_that_cannot_be_reached_fails_no_request(
    with_redis, campaign, player, other_player, war_party, patrol, caplog, settings
):
    """The report is filed and the opponent's mail is logged as not sent, whether the mail runs
    in-process (no Redis) or inline because the broker is down."""
    other_player.email = "other@club.example"
    other_player.save()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port()
    settings.EMAIL_USE_TLS, settings.EMAIL_TIMEOUT = False, 2
    down = f"redis://127.0.0.1:{closed_port()}/0"
    overrides = redis_settings(down) if with_redis else {}
    forget_outages()
    with celery_broker(down) if with_redis else nullcontext(), override_settings(**overrides):
        api = unraising(APIClient())
        api.force_authenticate(player)
        filed = api.post("/api/games/", battle_payload(campaign, war_party, patrol), format="json")
    forget_outages()
    assert filed.status_code == 201, filed.content
    assert GameReport.objects.filter(pk=filed.json()["id"]).exists()
    said = " ".join(r.getMessage() for r in caplog.records)
    if with_redis:  # sent inline as the broker is down, failed, logged for the sweep
        assert "campaign.mail_inbox_item failed inline" in said, said
    else:  # the in-process task logs it
        assert f"E-mail to user {other_player.pk} not sent" in said, said


@pytest.mark.redis
def test_finding_1_d_when_redis_is_back_what_it_kept_from_before_is_not_served(monkeypatch, caplog):
    """A session signed out while Redis was down must not come back from Redis' old copy."""
    import redis

    from core.redis_cache import ResilientRedisCache
    from tests.conftest import TEST_REDIS_URL

    forget_outages()
    redis.Redis.from_url(TEST_REDIS_URL).delete("sessions-test:1:alive", "sessions-test:1:again")
    params = {"KEY_PREFIX": "sessions-test", "OPTIONS": {"FALLBACK": "none", "RETRY_SECONDS": 0}}
    sessions = ResilientRedisCache(TEST_REDIS_URL, params)
    sessions.set("alive", {"user": 1})  # cached before the outage
    real = sessions._cache.get_client

    def unreachable(*args, **kwargs):
        raise redis.exceptions.ConnectionError("Connection refused.")

    monkeypatch.setattr(sessions._cache, "get_client", unreachable)
    assert sessions.get("alive") is None  # down: a miss, the database answers
    sessions.delete("alive")  # signed out meanwhile: Redis never heard of it
    monkeypatch.setattr(sessions._cache, "get_client", real)
    caplog.set_level(logging.WARNING)
    assert sessions.get("alive") is None  # back: the old copy was deleted first
    sessions.set("again", 2)
    assert sessions.get("again") == 2
    assert any("answers again" in r.getMessage() for r in caplog.records)
    redis.Redis.from_url(TEST_REDIS_URL).delete("sessions-test:1:alive", "sessions-test:1:again")
    forget_outages()
