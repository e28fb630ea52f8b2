"""Suite-wide fixtures and the rules for tests that need a service.

Tests marked `postgres`, `redis` or `browser` skip with a reason when the service is missing,
unless FRONTIER_REQUIRE_SERVICES=1 (CI), which turns the skip into a failure.
"""

from __future__ import annotations

import itertools
import os
import shutil
from urllib.parse import urlsplit, urlunsplit

import pytest

REQUIRE_SERVICES = os.environ.get("FRONTIER_REQUIRE_SERVICES") == "1"
CHROMIUM = "/usr/bin/chromium"
DB_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


def missing_service(reason: str) -> None:
    """Skip, or fail under FRONTIER_REQUIRE_SERVICES=1."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (FRONTIER_REQUIRE_SERVICES=1 makes this a failure)", pytrace=False)
    pytest.skip(reason)


def _postgres_unreachable() -> str | None:
    """Why the configured PostgreSQL cannot be used, or None (also None for SQLite).

    Asked with psycopg directly: pytest-django blocks Django's connection outside tests.
    """
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] != "core.backends.postgresql":
        return None
    import psycopg

    try:
        psycopg.connect(
            host=db["HOST"] or None, port=db["PORT"] or None, user=db["USER"] or None,
            password=db["PASSWORD"] or None, dbname=db["NAME"], connect_timeout=3,
        ).close()  # fmt: skip
    except psycopg.Error as error:
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
        return f"PostgreSQL is not reachable at DATABASE_URL ({first_line})"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """Under pytest-xdist the workers collect, not the controller, and a worker that stops the
    run (below) is reported as a crash without the reason: so the controller asks first."""
    config = session.config
    if (
        REQUIRE_SERVICES
        and config.getoption("numprocesses", None)
        and not hasattr(config, "workerinput")
    ):
        reason = _postgres_unreachable()
        if reason:
            pytest.exit(
                f"{reason} (FRONTIER_REQUIRE_SERVICES=1 makes this a failure)", returncode=1
            )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark every test that touches the database `db` (so `make test` can rerun them on
    PostgreSQL), and skip them with a reason when the configured PostgreSQL is not there."""
    db_items = []
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") or fixtures & DB_FIXTURES:
            item.add_marker(pytest.mark.db)
            db_items.append(item)
    reason = _postgres_unreachable() if db_items else None
    if reason and REQUIRE_SERVICES:
        pytest.exit(f"{reason} (FRONTIER_REQUIRE_SERVICES=1 makes this a failure)", returncode=1)
    if reason:
        for item in db_items:
            item.add_marker(pytest.mark.skip(reason=reason))


def _test_redis_url() -> str:
    """The test Redis: TEST_REDIS_URL (db 15 by default), one database lower per pytest-xdist
    worker (gw0: 15, gw1: 14 ...), so that a worker's flush or queue never meets another's."""
    url = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1" ... under xdist
    if not worker.startswith("gw"):
        return url
    parts = urlsplit(url)
    database = int(parts.path.strip("/") or 0) - int(worker[2:])
    if database < 0:
        raise pytest.UsageError(f"{worker}: no Redis database left below {url} for it")
    return urlunsplit(parts._replace(path=f"/{database}"))


TEST_REDIS_URL = _test_redis_url()


def _redis_unreachable() -> str | None:
    import redis

    try:
        redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        return f"Redis is not reachable at {TEST_REDIS_URL} ({error})"
    return None


@pytest.fixture(autouse=True)
def _require_marked_services(request):
    if request.node.get_closest_marker("redis"):
        reason = _redis_unreachable()
        if reason:
            missing_service(reason)
    if request.node.get_closest_marker("browser") and not shutil.which(CHROMIUM):
        missing_service(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture(autouse=True)
def _seeded_randomness(monkeypatch):
    """No test depends on luck: where the app rolls its own dice (C12) or the canoe games draw
    a card or a die, the faces come from a fixed sequence of seeds, the same on every run. A
    test that needs particular faces types them in or scripts them."""
    from django.conf import settings

    if not settings.configured:  # the pure rules tests, run without Django
        return
    from campaign.rules.dice import Dice
    from campaign.services import dice
    from chase.engines.chance import RandomChance
    from chase.services import sessions as chase_services

    dice_seeds, chance_seeds = itertools.count(1755), itertools.count(1757)
    monkeypatch.setattr(dice, "app_dice", lambda: Dice(seed=next(dice_seeds)))
    # A post-game sequence's own dice (C22) come from its secret: fixed ones in tests.
    stream_secrets = itertools.count(1)
    monkeypatch.setattr(dice, "stream_secret", lambda: f"test-stream-{next(stream_secrets)}")
    monkeypatch.setattr(chase_services, "new_chance", lambda: RandomChance(next(chance_seeds)))


@pytest.fixture(autouse=True)
def _fresh_local_cache():
    """Each test starts with an empty local-memory cache: cached pages and odds are keyed by ids
    and versions that the next test's rows may have again (a Redis cache is not emptied here)."""
    from django.conf import settings

    if not settings.configured:
        return
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    for alias in settings.CACHES:
        if isinstance(caches[alias], LocMemCache):
            caches[alias].clear()


@pytest.fixture(autouse=True)
def _live_events_try_redis_again():
    """A test whose publish failed (a Redis paused or away) leaves the next one free to send."""
    from django.conf import settings

    if not settings.configured:
        return
    from core import events

    events._rest_until = 0.0


@pytest.fixture(autouse=True)
def _inbox_probes_hide_nothing(monkeypatch):
    """Wherever a test reads the inbox, every item a source counted under a probed scope yields
    is checked against that scope's probe (accounts.inbox.PROBES): a probe that says nothing
    waits while an item does fails the test. The probe's own query is taken out of the
    connection's log, so the tests that count queries count the app's."""
    from django.conf import settings

    if not settings.configured:
        yield
        return
    import functools

    from django.db import connection

    from accounts import inbox

    hidden: list[str] = []

    def checked(function, probe):
        @functools.wraps(function)
        def source(user):
            items = list(function(user))
            if items:
                log = connection.queries_log
                before = len(log)
                if not probe(user):
                    hidden.append(f"{function.__qualname__}: {items[0].title}")
                while len(log) > before:
                    log.pop()
            return items

        return source

    wrapped = {}
    for function, scope in inbox.COUNT_SCOPES.items():
        if scope in inbox.PROBES:
            wrapped[function] = checked(function, inbox.PROBES[scope])
    if wrapped:
        monkeypatch.setattr(inbox, "SOURCES", [wrapped.get(f, f) for f in inbox.SOURCES])
        monkeypatch.setattr(
            inbox, "COUNT_SCOPES", {wrapped.get(f, f): s for f, s in inbox.COUNT_SCOPES.items()}
        )
    yield
    assert not hidden, f"an inbox probe said nothing waits while these did: {hidden}"


@pytest.fixture(autouse=True)
def few_playouts(request):
    """`@pytest.mark.odds_playouts(n)`: the odds are worked out from n playouts, not a club's
    thousand (fast; each module keeps the number its expectations were written for)."""
    marker = request.node.get_closest_marker("odds_playouts")
    if marker:
        request.getfixturevalue("settings").CHASE_ODDS_PLAYOUTS = marker.args[0]


@pytest.fixture
def one_minute(monkeypatch):
    """The inbox badge's key holds the minute (an idle canoe game leaves the inbox on time): a
    test that compares two requests' cache answers or queries must not cross a minute, or it
    sees a miss (and the queries of a render) that no write made."""
    monkeypatch.setattr("accounts.context_processors.minute", lambda: 0)
    monkeypatch.setattr("accounts.selectors.minute", lambda: 0)  # the home page's list too
    monkeypatch.setattr("accounts.selectors.rename_window", lambda: 0)
