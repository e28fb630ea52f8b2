"""GET /healthz: 200 when every part is well, 503 naming the part that is not (core.health)."""

from __future__ import annotations

import json
import socket
import time

import pytest
import redis
from django.db import connection, connections
from django.db.migrations.recorder import MigrationRecorder

from core import heartbeat
from core.health import queue_names
from frontier import __version__
from tests.conftest import TEST_REDIS_URL

QUEUES = ["celery", "lab", "mail", "odds"]


def healthz(client):
    response = client.get("/healthz")
    assert response["Content-Type"] == "application/json"
    return response.status_code, response.json()


@pytest.fixture
def with_redis(settings):
    """/healthz reads the test Redis; the heartbeats start empty."""
    settings.REDIS_URL = TEST_REDIS_URL
    client = redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=2)
    client.delete(heartbeat.WORKERS_KEY, heartbeat.BEAT_KEY, *QUEUES)
    heartbeat._last_record.clear()
    yield client
    client.delete(heartbeat.WORKERS_KEY, heartbeat.BEAT_KEY, *QUEUES)


def alive(*, now=None, version=__version__):
    """A worker for each queue and beat, heard from just now."""
    now = time.time() if now is None else now
    heartbeat.worker_record(hostname="jobs@club", queues=["celery"], now=now)
    heartbeat.worker_record(hostname="odds@club", queues=["odds"], now=now)
    heartbeat.worker_record(hostname="lab@club", queues=["lab"], now=now)
    heartbeat.worker_record(hostname="mail@club", queues=["mail"], now=now)
    heartbeat.beat_record(now)


def test_the_queues_are_the_default_one_and_every_routed_one():
    assert set(QUEUES) <= set(queue_names())


@pytest.mark.django_db
def test_make_run_is_healthy_with_redis_workers_and_beat_not_used(client, settings):
    settings.REDIS_URL = None

    status, body = healthz(client)

    assert status == 200
    assert body["status"] == "ok" and body["failing"] == []
    assert body["version"] == __version__
    assert body["database"] == {"status": "ok"} and body["migrations"] == {"status": "ok"}
    for part in ("redis", "queues", "workers", "beat"):
        assert body[part] == {"status": "not used"}


@pytest.mark.redis
@pytest.mark.django_db
def test_a_server_with_its_workers_and_beat_alive_is_healthy(client, with_redis):
    alive()
    with_redis.rpush("odds", "a job", "another")

    status, body = healthz(client)

    assert status == 200, body
    assert body["queues"]["depth"]["odds"] == 2 and body["queues"]["depth"]["celery"] == 0
    assert body["workers"]["seen"]["odds@club"]["queues"] == ["odds"]
    assert body["workers"]["seen"]["odds@club"]["version"] == __version__
    assert body["beat"]["status"] == "ok" and body["beat"]["seen_seconds_ago"] <= 1


@pytest.mark.redis
@pytest.mark.django_db
def test_a_worker_silent_for_minutes_fails_the_workers(client, with_redis):
    alive()
    heartbeat.worker_record(hostname="lab@club", queues=["lab"], now=time.time() - 300)

    status, body = healthz(client)

    assert status == 503
    assert body["failing"] == ["workers"]
    assert "worker lab@club silent for 300 s" in body["workers"]["error"]
    assert "no worker heard from on queue lab" in body["workers"]["error"]


@pytest.mark.redis
@pytest.mark.django_db
def test_a_queue_no_worker_serves_fails_the_workers(client, with_redis):
    """The upgrade's trap: the old `celery worker` without -Q serves only `celery`."""
    heartbeat.worker_record(hostname="celery@club", queues=["celery"])
    heartbeat.beat_record()

    status, body = healthz(client)

    assert status == 503 and body["failing"] == ["workers"]
    assert "no worker heard from on queue odds" in body["workers"]["error"]


@pytest.mark.redis
@pytest.mark.django_db
def test_a_worker_on_an_older_release_is_named(client, with_redis):
    alive()
    heartbeat.worker_record(hostname="odds@club", queues=["odds"])
    raw = json.loads(with_redis.hget(heartbeat.WORKERS_KEY, "odds@club"))
    with_redis.hset(heartbeat.WORKERS_KEY, "odds@club", json.dumps({**raw, "version": "0.1.0"}))

    status, body = healthz(client)

    assert status == 503 and body["failing"] == ["workers"]
    assert (
        f"worker odds@club runs version 0.1.0, this server {__version__}"
        in body["workers"]["error"]
    )


@pytest.mark.redis
@pytest.mark.django_db
def test_beat_silent_fails_the_beat(client, with_redis):
    alive()
    heartbeat.beat_record(time.time() - 600)

    status, body = healthz(client)

    assert status == 503 and body["failing"] == ["beat"]
    assert body["beat"]["error"] == "beat silent for 600 s"


@pytest.mark.redis
@pytest.mark.django_db
def test_beat_never_heard_from_fails_the_beat(client, with_redis):
    alive()
    with_redis.delete(heartbeat.BEAT_KEY)

    status, body = healthz(client)

    assert status == 503 and body["failing"] == ["beat"]


@pytest.mark.django_db
def test_redis_refused_fails_redis_and_shows_no_password(client, settings):
    settings.REDIS_URL = "redis://:s3cret-word@127.0.0.1:1/0"

    status, body = healthz(client)

    assert status == 503
    assert body["failing"] == ["redis"]
    assert body["workers"]["status"] == "unknown" and body["beat"]["status"] == "unknown"
    assert "s3cret-word" not in json.dumps(body)


@pytest.mark.django_db
def test_a_redis_that_never_answers_is_reported_within_seconds(client, settings):
    """A server that accepts the connection and then says nothing (a paused Redis)."""
    mute = socket.socket()
    mute.bind(("127.0.0.1", 0))
    mute.listen(8)
    settings.REDIS_URL = f"redis://127.0.0.1:{mute.getsockname()[1]}/0"
    try:
        started = time.monotonic()
        status, body = healthz(client)
        elapsed = time.monotonic() - started
    finally:
        mute.close()

    assert status == 503 and body["failing"] == ["redis"]
    assert elapsed < 4


@pytest.mark.django_db
def test_the_database_down_fails_the_database(client, settings, monkeypatch):
    """The probe opens its own connection: pointed at a database that cannot be opened."""
    settings.REDIS_URL = None
    database = connections.settings["default"]
    if connection.vendor == "postgresql":
        monkeypatch.setitem(database, "PORT", "1")
    else:
        monkeypatch.setitem(database, "NAME", "/nonexistent-folder/frontier.sqlite3")

    status, body = healthz(client)

    assert status == 503
    assert body["failing"] == ["database"]
    assert body["migrations"]["status"] == "unknown"


@pytest.mark.django_db(transaction=True)
def test_an_unapplied_migration_fails_the_migrations(client, settings):
    settings.REDIS_URL = None
    recorder = MigrationRecorder(connection)
    last = max(name for app, name in recorder.applied_migrations() if app == "core")
    recorder.record_unapplied("core", last)
    try:
        status, body = healthz(client)
    finally:
        recorder.record_applied("core", last)

    assert status == 503
    assert body["failing"] == ["migrations"]
    assert body["migrations"]["unapplied"] == [f"core.{last}"]


@pytest.mark.django_db
def test_it_answers_get_only_and_is_never_cached(client, settings):
    settings.REDIS_URL = None
    assert client.post("/healthz").status_code == 405
    assert "no-cache" in client.get("/healthz")["Cache-Control"]
