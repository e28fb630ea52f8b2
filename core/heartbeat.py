"""The workers' and beat's signs of life, kept in Redis for `/healthz` (core.health).

A Celery worker records, at most every RECORD_EVERY seconds of Celery's own heartbeat (the
`heartbeat_sent` signal, every 2 s in the worker's main process, whatever its tasks are doing),
its name, the queues it consumes and the release it runs (`config.__version__`) in the hash
WORKERS_KEY; a worker stopped cleanly removes its entry. Beat records the time of its last tick
in BEAT_KEY (BeatScheduler, its scheduler by CELERY_BEAT_SCHEDULER). Straight to Redis, not
through the cache: while Redis is down the cache keeps to each process's memory, where the
health check of another process would not see it. The receivers are connected by
config/celery.py, before the worker builds its heart.
"""

from __future__ import annotations

import json
import logging
import time

import redis
from celery import current_app
from celery.beat import PersistentScheduler
from django.conf import settings

from frontier import __version__

logger = logging.getLogger(__name__)

WORKERS_KEY = "frontier:heartbeat:workers"
BEAT_KEY = "frontier:heartbeat:beat"
RECORD_EVERY = 10  # seconds between two records of one process
FORGET_AFTER = 24 * 3600  # a worker silent this long is dropped from the list (renamed, gone)

_clients: dict[str, redis.Redis] = {}
_last_record: dict[str, float] = {}


def redis_client(url: str | None = None) -> redis.Redis:
    """A Redis client for REDIS_URL that gives up within a second or two (never hangs a
    health check or a worker's heart)."""
    url = url or settings.REDIS_URL
    if url not in _clients:
        _clients[url] = redis.Redis.from_url(
            url, socket_connect_timeout=1, socket_timeout=1, retry_on_timeout=False
        )
    return _clients[url]


def _due(key: str, now: float) -> bool:
    if now - _last_record.get(key, 0.0) < RECORD_EVERY:
        return False
    _last_record[key] = now
    return True


def worker_record(*, hostname: str, queues: list[str], now: float | None = None) -> None:
    """Record that the worker `hostname`, consuming `queues`, is alive and on this release."""
    now = time.time() if now is None else now
    entry = {"at": now, "version": __version__, "queues": sorted(queues)}
    redis_client().hset(WORKERS_KEY, hostname, json.dumps(entry))


def worker_forget(hostname: str) -> None:
    redis_client().hdel(WORKERS_KEY, hostname)


def beat_record(now: float | None = None) -> None:
    redis_client().set(BEAT_KEY, json.dumps({"at": time.time() if now is None else now}))


def workers_seen(client: redis.Redis) -> dict[str, dict]:
    """Every worker that recorded a heartbeat in the last day: name -> {at, version, queues}."""
    now = time.time()
    seen = {}
    for name, raw in client.hgetall(WORKERS_KEY).items():
        entry = json.loads(raw)
        if now - entry.get("at", 0) > FORGET_AFTER:
            client.hdel(WORKERS_KEY, name)
            continue
        seen[name.decode() if isinstance(name, bytes) else name] = entry
    return seen


def beat_seen(client: redis.Redis) -> float | None:
    """When beat last ticked (a Unix time), or None if it never recorded one."""
    raw = client.get(BEAT_KEY)
    return json.loads(raw)["at"] if raw else None


def _consumed_queues() -> list[str]:
    return sorted(current_app.amqp.queues.consume_from or ["celery"])


# Celery's signal receivers (connected in config/celery.py). A Redis error here never stops the
# worker or beat: the health check will say they are silent.


def on_worker_ready(sender=None, **kwargs) -> None:
    _record_worker(getattr(sender, "hostname", None), force=True)


def on_heartbeat_sent(sender=None, **kwargs) -> None:
    _record_worker(getattr(getattr(sender, "eventer", None), "hostname", None))


def on_worker_shutdown(sender=None, **kwargs) -> None:
    hostname = getattr(sender, "hostname", None)
    if hostname and settings.REDIS_URL:
        try:
            worker_forget(hostname)
        except redis.RedisError as error:
            logger.warning("Could not remove the heartbeat of %s: %s", hostname, error)


def _record_worker(hostname: str | None, *, force: bool = False) -> None:
    if not hostname or not settings.REDIS_URL:
        return
    now = time.time()
    if not _due(f"worker:{hostname}", now) and not force:
        return
    try:
        worker_record(hostname=hostname, queues=_consumed_queues(), now=now)
    except redis.RedisError as error:
        logger.warning("Could not record the heartbeat of %s: %s", hostname, error)


class BeatScheduler(PersistentScheduler):
    """Celery's own scheduler (the schedule file, CELERY_BEAT_SCHEDULE_FILENAME) that also
    records each tick for the health check."""

    def tick(self, *args, **kwargs):
        now = time.time()
        if settings.REDIS_URL and _due("beat", now):
            try:
                beat_record(now)
            except redis.RedisError as error:
                logger.warning("Could not record beat's heartbeat: %s", error)
        return super().tick(*args, **kwargs)
