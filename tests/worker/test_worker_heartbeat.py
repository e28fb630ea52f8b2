"""A real worker process records its sign of life for /healthz (core.heartbeat): its name, the
queue it serves and its release, and removes it when stopped cleanly."""

from __future__ import annotations

import redis

from core import heartbeat
from frontier import __version__
from tests.conftest import TEST_REDIS_URL
from tests.worker.conftest import wait_for


def test_a_worker_records_its_queue_and_release_and_forgets_them_when_stopped(start_worker, queue):
    client = redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=2)

    def mine():
        return {n: e for n, e in heartbeat.workers_seen(client).items() if queue in e["queues"]}

    worker = start_worker()
    wait_for(lambda: mine(), what="the worker's heartbeat")
    ((name, entry),) = mine().items()
    assert name.startswith(f"{queue}-")
    assert entry["queues"] == [queue] and entry["version"] == __version__

    worker.stop()
    wait_for(lambda: not mine(), what="the heartbeat removed", timeout=15)
