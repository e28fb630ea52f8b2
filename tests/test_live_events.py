"""A club server's live streams end to end: two gunicorn instances take the moves, two event
processes (uvicorn, config/asgi.py) serve the streams, one Redis carries the messages between
them (core.events), one PostgreSQL database (docs/club-server/README.md, "Live pages").

Every move, made through either gunicorn, reaches every stream on either event process once:
in order, none missed, none twice. gunicorn itself never holds a stream.

Needs PostgreSQL (DATABASE_URL) and Redis (TEST_REDIS_URL): it runs in the PostgreSQL pass.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import TEST_REDIS_URL
from tests.test_two_instances import call, database_url, free_port, token_of  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
BOOT_SECONDS = 30
WAIT_SECONDS = 15

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.db, pytest.mark.slow,
              pytest.mark.xdist_group("live_events")]  # fmt: skip


def _boot(command: list[str], port: int, env: dict) -> subprocess.Popen:
    process = subprocess.Popen(command, env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + BOOT_SECONDS
    while True:
        assert process.poll() is None, f"{command[0]} exited at start"
        with contextlib.suppress(OSError):
            urllib.request.urlopen(base + "/api/rules/factions/", timeout=5)  # noqa: S310
            return process
        assert time.monotonic() < deadline, f"{command[0]} did not answer in time"
        time.sleep(0.2)


@pytest.fixture(scope="module")
def club(database_url):  # noqa: F811 - the fixture imported above
    """Two gunicorn instances (one sync worker each) and two event processes, on the same
    database and Redis. {"web": [base, base], "events": [base, base]}"""
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": TEST_REDIS_URL,
           "DJANGO_DEBUG": "1", "DJANGO_LOG_LEVEL": "ERROR"}  # fmt: skip
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the settings a club runs, not the tests'
    bin_dir = Path(sys.executable).parent
    ports = {"web": [free_port(), free_port()], "events": [free_port(), free_port()]}
    processes = []
    try:
        for port in ports["web"]:
            processes.append(_boot([str(bin_dir / "gunicorn"), "--workers", "1", "--bind",
                                    f"127.0.0.1:{port}", "--log-level", "warning",
                                    "config.wsgi:application"], port, env))  # fmt: skip
        for port in ports["events"]:
            processes.append(_boot([str(bin_dir / "uvicorn"), "config.asgi:application",
                                    "--host", "127.0.0.1", "--port", str(port),
                                    "--log-level", "warning", "--timeout-graceful-shutdown",
                                    "2"], port, env))  # fmt: skip
        yield {kind: [f"http://127.0.0.1:{p}" for p in found] for kind, found in ports.items()}
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


class Reader(threading.Thread):
    """Reads one stream in the background: its events as {id, event, data}, in order."""

    def __init__(self, url: str, last_id: int | None = None):
        super().__init__(daemon=True)
        self.request = urllib.request.Request(url)
        if last_id is not None:
            self.request.add_header("Last-Event-ID", str(last_id))
        self.events: list[dict] = []
        self.status = None
        self.content_type = None
        self.start()

    def run(self):
        with urllib.request.urlopen(self.request, timeout=60) as response:  # noqa: S310
            self.status, self.content_type = response.status, response.headers["Content-Type"]
            fields: dict[str, str] = {}
            for raw in response:
                line = raw.decode().rstrip("\n")
                if line == "":
                    if "data" in fields:
                        self.events.append({"id": int(fields["id"]), "event": fields["event"],
                                            "data": json.loads(fields["data"])})  # fmt: skip
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(": ")
                    fields[name] = value

    def wait_for(self, version: int) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while not any(e["id"] >= version for e in self.events):
            assert time.monotonic() < deadline, f"version {version} never came: {self.ids()}"
            time.sleep(0.05)

    def ids(self) -> list[int]:
        return [e["id"] for e in self.events]


@pytest.fixture
def live_club(club, transactional_db):
    return club


def test_every_move_reaches_every_stream_once(live_club):
    from tests.factories import UserFactory

    web, events = live_club["web"], live_club["events"]
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    status, created, _ = call(
        web[0], "POST", "/api/sessions/",
        {"kind": "race", "mode": "multi", "options": {"canoes": 2}}, token=token_of(ann),
    )  # fmt: skip
    assert status == 201, created
    game = created["id"]
    seats = {s["role"]: s["token"] for s in created["seats"] if s["token"]}
    invite = next(s for s in created["seats"] if s["join_url"])["join_url"].rstrip("/")
    status, joined, _ = call(web[1], "POST", f"/api/sessions/{game}/join/",
                             {"invite": invite.split("/")[-1]}, token=token_of(ben))  # fmt: skip
    assert status == 200, joined
    seats[joined["role"]] = joined["token"]
    _, view, _ = call(web[0], "GET", f"/api/sessions/{game}/version/")
    start = view["version"]

    readers = {  # each seat on one event process, a spectator on the other
        role: Reader(f"{events[i % 2]}/api/sessions/{game}/events/?seat={token}", last_id=start)
        for i, (role, token) in enumerate(sorted(seats.items()))
    }
    readers["spectator"] = Reader(f"{events[1]}/api/sessions/{game}/events/", last_id=start)
    time.sleep(1)  # subscribed
    assert {r.status for r in readers.values()} == {200}
    assert {r.content_type for r in readers.values()} == {"text/event-stream"}

    versions = []
    for turn in range(10):
        server = web[turn % 2]  # each move through the other gunicorn
        bodies = {role: call(server, "GET", f"/api/sessions/{game}/view/?seat={token}")[1]
                  for role, token in seats.items()}  # fmt: skip
        acting = [role for role, body in bodies.items() if body["legal_actions"]]
        if not acting:
            break
        role = acting[0]
        status, answer, _ = call(server, "POST", f"/api/sessions/{game}/actions/",
                                 {"seat": seats[role], "version": bodies[role]["version"],
                                  "action": bodies[role]["legal_actions"][0]})  # fmt: skip
        assert status == 200, answer
        versions.append(answer["version"])
        for reader in readers.values():
            reader.wait_for(answer["version"])  # pushed, never polled

    assert len(versions) >= 5
    for name, reader in readers.items():
        assert reader.ids() == versions, name  # every move once, in order
        for event in reader.events:
            assert event["data"]["version"] == event["id"]
            assert event["data"]["role"] == (None if name == "spectator" else name)

    status, health, _ = call(web[0], "GET", "/healthz")
    assert health["streams"]["open"] >= 3  # counted in Redis, across both event processes


def test_gunicorn_never_holds_a_stream(live_club):
    from tests.factories import UserFactory

    web = live_club["web"]
    status, created, _ = call(
        web[0], "POST", "/api/sessions/",
        {"kind": "race", "mode": "solo", "options": {"canoes": 2}},
        token=token_of(UserFactory(username="cat")),
    )  # fmt: skip
    started = time.monotonic()
    status, body, headers = call(web[0], "GET", f"/api/sessions/{created['id']}/events/")
    assert status == 503 and "event process" in body["detail"]
    assert time.monotonic() - started < 5


def _solo_race(club, username: str) -> dict:
    """A solo race of two canoes made through the first web instance's API."""
    from tests.factories import UserFactory

    status, created, _ = call(
        club["web"][0], "POST", "/api/sessions/",
        {"kind": "race", "mode": "solo", "options": {"canoes": 2}},
        token=token_of(UserFactory(username=username)),
    )  # fmt: skip
    assert status == 201, created
    return created


def _one(sql: str):
    """The first column of the first row `sql` reads, on the tests' own connection."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()[0]


def test_open_streams_hold_no_database_connection_each(live_club):
    """The event process reads the database only when something moved, and lets the connection
    go after: 400 open streams once held 400 PostgreSQL connections and the database refused
    everyone else ("too many clients", the 50-club night in docs/speed.md)."""
    events = live_club["events"]
    created = _solo_race(live_club, "dot")

    def connections_now() -> int:
        return _one("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")

    before = connections_now()
    readers = [Reader(f"{events[0]}/api/sessions/{created['id']}/events/") for _ in range(15)]
    deadline = time.monotonic() + WAIT_SECONDS
    while not all(reader.events for reader in readers):  # each has read the game once
        assert time.monotonic() < deadline, [len(reader.events) for reader in readers]
        time.sleep(0.1)
    assert {reader.status for reader in readers} == {200}
    assert connections_now() - before <= 3  # 15 streams open, not 15 connections


def test_opening_streams_makes_no_database_connection_each(live_club):
    """A stream's opening checks (its seat, its game) borrow a connection from the event
    process's pool (config.asgi): before, each opening connected afresh, a new PostgreSQL
    backend (tens of milliseconds of the database's CPU and of the opening's wait), and a club
    night's tables open and reopen their streams all night."""
    events = live_club["events"]
    created = _solo_race(live_club, "eve")

    def sessions_made() -> int:  # every connection made to the database, by anyone
        _one("SELECT pg_stat_force_next_flush()")
        return _one("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")

    before = sessions_made()
    for _ in range(12):  # one after the other: each opened, read, then the next
        reader = Reader(f"{events[0]}/api/sessions/{created['id']}/events/")
        deadline = time.monotonic() + WAIT_SECONDS
        while not reader.events:
            assert time.monotonic() < deadline, reader.status
            time.sleep(0.05)
    time.sleep(1.5)  # a backend's count reaches the statistics when it ends, or within a second
    assert sessions_made() - before <= 4  # the pool's at most; 12 openings, not 12 connections


def test_a_move_reaches_an_open_stream_while_redis_hangs(database_url, transactional_db):  # noqa: F811
    """Redis hangs (paused: it takes connections and never answers) while a seat's stream is
    open. The event process's subscription hears nothing and has no error to end the stream on,
    and the mover's message is never delivered (its publish gives up after a second): before,
    the stream stayed open and silent until Redis came back, and a page on it never fell back to
    polling. Now the stream reads its game again at its next keep-alive (1 s here, 15 s by
    default) and sends the move; and once Redis has not even answered a ping for 15 s, the
    event process ends its streams and refuses new ones, so the pages poll."""
    from tests.factories import UserFactory
    from tests.hung_servers import own_redis

    with own_redis() as (redis_url, pause, _):
        env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url,
               "DJANGO_DEBUG": "1", "DJANGO_LOG_LEVEL": "CRITICAL",
               "EVENTS_KEEP_ALIVE_SECONDS": "1"}  # fmt: skip
        env.pop("DJANGO_SETTINGS_MODULE", None)
        bin_dir = Path(sys.executable).parent
        web_port, events_port = free_port(), free_port()
        processes = []
        try:
            processes.append(_boot([str(bin_dir / "gunicorn"), "--workers", "1", "--bind",
                                    f"127.0.0.1:{web_port}", "--log-level", "critical",
                                    "config.wsgi:application"], web_port, env))  # fmt: skip
            processes.append(_boot([str(bin_dir / "uvicorn"), "config.asgi:application",
                                    "--host", "127.0.0.1", "--port", str(events_port),
                                    "--log-level", "critical", "--timeout-graceful-shutdown",
                                    "1"], events_port, env))  # fmt: skip
            web, events = f"http://127.0.0.1:{web_port}", f"http://127.0.0.1:{events_port}"
            ann = UserFactory(username="ann")
            status, created, _ = call(web, "POST", "/api/sessions/",
                                      {"kind": "race", "mode": "solo", "options": {"canoes": 2}},
                                      token=token_of(ann))  # fmt: skip
            assert status == 201, created
            game, seat = created["id"], next(s["token"] for s in created["seats"] if s["token"])
            reader = Reader(f"{events}/api/sessions/{game}/events/?seat={seat}")
            reader.wait_for(created["version"])  # open, subscribed, the current view read

            pause()
            status, view, _ = call(web, "GET", f"/api/sessions/{game}/view/?seat={seat}")
            assert status == 200, view
            status, moved, _ = call(web, "POST", f"/api/sessions/{game}/actions/",
                                    {"seat": seat, "version": view["version"],
                                     "action": view["legal_actions"][0]})  # fmt: skip
            assert status == 200, moved  # the move stands, Redis or not

            reader.wait_for(moved["version"])
            assert reader.ids()[-1] >= moved["version"]
            assert reader.events[-1]["data"]["role"] == "canoe-1"

            # Then the event process counts Redis as lost (not even a pong for 15 s): the
            # stream ends, and a new one ends at once with nothing in it (a page polls).
            reader.join(timeout=40)
            assert not reader.is_alive(), "the stream stayed open on a hung Redis"
            again = Reader(f"{events}/api/sessions/{game}/events/?seat={seat}")
            again.join(timeout=15)
            assert not again.is_alive() and again.events == []
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(timeout=30)
