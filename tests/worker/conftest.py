"""Real Celery worker processes on the test Redis, sharing a database with the test.

A worker is `celery -A config worker --pool=solo` in its own process, on a queue of its own
(one per test run), with REDIS_URL on the test Redis (TEST_REDIS_URL: db 15, one lower per
xdist process) and DATABASE_URL on a database both processes can open:

* PostgreSQL (the `make test` PostgreSQL pass): the test database itself.
* SQLite: pytest-django's test database lives in this process's memory, which no other process
  can open, so for these tests it is copied to a file (SQLite's backup API) and this process's
  connection is pointed at the file until the module is done.

The tests use `transactional_db`, so what they write is committed (and flushed afterwards) and
the worker sees it. Workers start with a 3 s visibility timeout and a 2 s job lease, so a job
whose worker was killed is delivered again within seconds. Everything is torn down at the end:
workers killed, the test Redis database flushed.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from urllib.parse import quote

import pytest

from tests.conftest import TEST_REDIS_URL

ROOT = pathlib.Path(__file__).resolve().parents[2]
VISIBILITY_TIMEOUT = 3
LEASE = 2
BOOT_TIMEOUT = 45


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items):
    """`redis` and `slow` (worker processes) on every test here, and a module's tests kept on
    one xdist process (its database copy and queue are made once per module)."""
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.redis)
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group(f"worker-{item.path.stem}"))


@pytest.fixture(scope="module")
def worker_database(django_db_setup, django_db_blocker, tmp_path_factory):
    """DATABASE_URL for a worker process (see the module's docstring)."""
    from django.db import connection

    settings = connection.settings_dict
    if connection.vendor == "postgresql":
        password = f":{quote(settings['PASSWORD'])}" if settings["PASSWORD"] else ""
        yield (
            f"postgres://{quote(settings['USER'])}{password}@{settings['HOST'] or '127.0.0.1'}"
            f":{settings['PORT'] or 5432}/{settings['NAME']}"
        )
        return
    if connection.vendor != "sqlite":
        pytest.skip(f"worker tests run on SQLite and PostgreSQL, not {connection.vendor}")
    path = tmp_path_factory.mktemp("worker") / "frontier.sqlite3"
    with django_db_blocker.unblock():
        connection.ensure_connection()
        memory, name = connection.connection, settings["NAME"]
        copy = sqlite3.connect(path)
        memory.backup(copy)
        copy.execute("PRAGMA journal_mode=WAL")  # readers and the writer do not block
        copy.close()
        connection.connection = None  # the in-memory database stays open, set aside
        settings["NAME"] = str(path)
    try:
        yield f"sqlite:///{path}"
    finally:
        with django_db_blocker.unblock():
            connection.close()
            settings["NAME"] = name
            connection.connection = memory


@pytest.fixture(scope="module")
def queue():
    """A queue of this run's own on the shared test Redis; flushed afterwards."""
    import redis

    name = f"frontier-test-{uuid.uuid4().hex[:10]}"
    yield name
    with contextlib.suppress(redis.RedisError):  # no Redis: the tests skipped (or failed)
        redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=2).flushdb()


class Worker:
    def __init__(self, database_url: str, queue: str, log: pathlib.Path):
        self.log = log
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_URL": database_url,
            "REDIS_URL": TEST_REDIS_URL,
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            "FRONTIER_JOB_LEASE_SECONDS": str(LEASE),
            "PYTHONPATH": str(ROOT),
        }
        command = [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
            "--concurrency=1", "-Q", queue, "-n", f"{queue}-{uuid.uuid4().hex[:6]}@%h",
            "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
            "-I", "tests.worker.tasks", f"--logfile={log}",
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self._wait_ready()

    def _text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + BOOT_TIMEOUT
        while time.monotonic() < deadline:
            if " ready." in self._text():
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        pytest.fail(f"the worker did not start:\n{self._text()[-3000:]}")

    def kill(self) -> None:
        """kill -9: no clean shutdown, the message it holds stays unacknowledged."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def start_worker(transactional_db, worker_database, queue, tmp_path):
    """Start a worker on this run's queue; every worker started is stopped after the test."""
    workers = []

    def start() -> Worker:
        worker = Worker(worker_database, queue, tmp_path / f"worker-{len(workers)}.log")
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()


def wait_for(condition, *, timeout: float = 30, what: str = "the worker") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")


@pytest.fixture
def organiser(transactional_db):
    from tests.factories import UserFactory

    return UserFactory(username="organiser")


@pytest.fixture
def campaign(organiser):
    from tests.factories import CampaignFactory

    return CampaignFactory(organiser=organiser, name="Fort William Henry 1757")
