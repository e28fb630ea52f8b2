"""Two web servers, one database and one Redis: what a club server past one machine is (see
docs/club-server/scaling.md). Two gunicorn instances on two ports share the test's PostgreSQL
database and the test Redis (cache and sessions): a write through one is seen through the other
on the next request, and a canoe game played alternately through both stays consistent.

Needs PostgreSQL (DATABASE_URL) and Redis (TEST_REDIS_URL): it runs in the PostgreSQL pass.
The tests write with `transactional_db` (committed, so the servers see it; flushed afterwards).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.conftest import TEST_REDIS_URL

ROOT = Path(__file__).resolve().parents[1]
BOOT_SECONDS = 30

# One xdist process runs the module: the two servers start once.
pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.db, pytest.mark.slow,
              pytest.mark.xdist_group("two_instances")]  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base: str, method: str, path: str, body=None, token=None) -> tuple[int, dict, dict]:
    request = urllib.request.Request(base + path, method=method)
    if token:
        request.add_header("Authorization", f"Token {token}")
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, data=data, timeout=15) as response:  # noqa: S310
            return response.status, json.loads(response.read() or b"{}"), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}"), dict(error.headers)


@pytest.fixture(scope="module")
def database_url(django_db_setup):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("runs in the PostgreSQL pass (DATABASE_URL=postgres://...)")
    settings = connection.settings_dict
    password = f":{quote(settings['PASSWORD'])}" if settings["PASSWORD"] else ""
    return (
        f"postgres://{quote(settings['USER'])}{password}@{settings['HOST'] or '127.0.0.1'}"
        f":{settings['PORT'] or 5432}/{settings['NAME']}"
    )


@pytest.fixture(scope="module")
def servers(database_url):
    """Two gunicorn instances (one sync worker each) on the same database and Redis, started
    once for the module."""
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": TEST_REDIS_URL,
           "DJANGO_DEBUG": "1", "DJANGO_LOG_LEVEL": "ERROR"}  # fmt: skip
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the settings a club runs, not the tests'
    gunicorn = Path(sys.executable).parent / "gunicorn"
    ports = [free_port(), free_port()]
    processes = [
        subprocess.Popen(
            [
                str(gunicorn),
                "--workers",
                "1",
                "--bind",
                f"127.0.0.1:{port}",
                "--chdir",
                str(ROOT),
                "--log-level",
                "warning",
                "config.wsgi:application",
            ],
            env=env,
            cwd=ROOT,
        )  # fmt: skip
        for port in ports
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        deadline = time.monotonic() + BOOT_SECONDS
        for base, process in zip(bases, processes, strict=True):
            while True:
                assert process.poll() is None, "gunicorn exited at start"
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(base + "/api/rules/factions/", timeout=5)  # noqa: S310
                    break
                assert time.monotonic() < deadline, "gunicorn did not answer in time"
                time.sleep(0.2)
        yield bases
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


@pytest.fixture
def two_servers(servers, transactional_db):
    """The servers, and what the test writes committed (flushed afterwards)."""
    return servers


def token_of(user) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=user)[0].key


def test_a_write_through_one_instance_is_read_through_the_other(two_servers):
    from tests.factories import CampaignFactory, UserFactory, founded_war_party, member

    one, two = two_servers
    organiser = UserFactory(username="organiser")
    campaign = CampaignFactory(organiser=organiser, name="Ohio Valley 1755")
    player = member(campaign, UserFactory(username="player"))
    warband = founded_war_party(campaign, player)
    token = token_of(player)
    path = f"/api/warbands/{warband.id}/"
    for _ in range(3):  # cached in the shared Redis, through the second instance
        status, body, headers = call(two, "GET", path, token=token)
        assert status == 200 and body["name"] == warband.name
    assert headers["X-Frontier-Cache"] == "hit"
    status, _, _ = call(one, "PATCH", path, {"name": "The Otter Clan"}, token=token)
    assert status == 200
    status, body, headers = call(two, "GET", path, token=token)
    assert (status, body["name"], headers["X-Frontier-Cache"]) == (200, "The Otter Clan", "miss")


def test_a_canoe_game_played_through_both_instances_stays_consistent(two_servers):
    from chase.models import GameSession
    from tests.factories import UserFactory

    servers = two_servers
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    tokens = {ann.id: token_of(ann), ben.id: token_of(ben)}
    status, created, _ = call(
        servers[0], "POST", "/api/sessions/",
        {"kind": "race", "mode": "multi", "options": {"canoes": 2}}, token=tokens[ann.id],
    )  # fmt: skip
    assert status == 201, created
    session_id = created["id"]
    seats = {}
    for seat in created["seats"]:
        if seat.get("token"):
            seats[seat["role"]] = seat["token"]
        else:
            invite = seat["join_url"].rstrip("/").split("/")[-1]
            status, joined, _ = call(
                servers[1], "POST", f"/api/sessions/{session_id}/join/", {"invite": invite},
                token=tokens[ben.id],
            )  # fmt: skip
            assert status == 200, joined
            seats[joined["role"]] = joined["token"]
    version = None
    for turn in range(12):
        server = servers[turn % 2]  # each move through the other instance
        views = {
            role: call(server, "GET", f"/api/sessions/{session_id}/view/?seat={seat}")[1]
            for role, seat in seats.items()
        }
        versions = {view["version"] for view in views.values()}
        assert len(versions) == 1, views  # both seats see the same game
        (now,) = versions
        assert version is None or now > version  # the last move, made on the other instance
        version = now
        acting = [role for role, view in views.items() if view["legal_actions"]]
        if not acting:
            break
        role = acting[0]
        status, answer, _ = call(
            server, "POST", f"/api/sessions/{session_id}/actions/",
            {"seat": seats[role], "version": now, "action": views[role]["legal_actions"][0]},
        )  # fmt: skip
        assert status == 200, answer
        assert answer["version"] > now
        other = servers[(turn + 1) % 2]
        _, polled, _ = call(other, "GET", f"/api/sessions/{session_id}/version/")
        assert polled["version"] == answer["version"]  # seen at once through the other
    stored = GameSession.objects.get(pk=session_id)
    assert stored.version == version or stored.version > version
    assert stored.log.count() >= 1
