"""Django's Redis cache, made to outlive Redis: while Redis cannot be reached, every request
still works (issue 25, finding 1).

`ResilientRedisCache` is Django's `RedisCache` until a call meets a connection error or a
timeout. Then, for that Redis in this process:

- it says so once in the log (a warning), and once more when Redis answers again;
- it leaves Redis alone for `RETRY_SECONDS` (no request waits for a dead server), then the next
  call tries again;
- meanwhile the cache falls back to this process's own memory (`FALLBACK: "local"`, the default:
  DRF's throttles and the password-reset limits count per process, a cached page or odds answer
  is kept per process, as without REDIS_URL) or misses altogether (`FALLBACK: "none"`: the
  sessions, whose copy must never live in one process's memory: a sign-out in another process
  would not reach it; `cached_db` then reads and writes the database only);
- the keys written while Redis was away are deleted from Redis when it answers again, before
  anything is read from it: the copy Redis kept from before (a session since signed out, a
  throttle's count) is not served as if nothing had happened. A process restarted during the
  outage forgets its list; `MAX_TIMEOUT` bounds how long such a copy can live (the sessions').

Every alias on the same Redis shares one outage, so the log says it once, not once per alias.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import redis.exceptions
from django.core.cache.backends import locmem
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger(__name__)

UNREACHABLE = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
FALLBACK_NAME = "redis-fallback:"
FORGOTTEN_KEYS = 10_000  # at most this many keys written during an outage are deleted after it


class Outage:
    """One Redis server as this process sees it: reachable, or down since when."""

    def __init__(self, where: str):
        self.where = where
        self.lock = threading.Lock()
        self.since: float | None = None  # time.time() of the first failure, None while up
        self.retry_at = 0.0  # time.monotonic(): not tried again before this
        self.written: set[str] = set()  # the keys written elsewhere meanwhile
        self.overflow = False

    def skip(self) -> bool:
        return self.since is not None and time.monotonic() < self.retry_at

    def went_down(self, error: BaseException, retry_seconds: float) -> None:
        with self.lock:
            first = self.since is None
            if first:
                self.since = time.time()
            self.retry_at = time.monotonic() + retry_seconds
        if first:
            logger.warning(
                "Redis cache at %s is unreachable (%s): until it answers, this process caches "
                "in its own memory, keeps sessions in the database alone and counts throttles "
                "itself; tried again every %s s.",
                self.where, error, retry_seconds,
            )  # fmt: skip

    def remember(self, keys: Iterable[str]) -> None:
        with self.lock:
            for key in keys:
                if len(self.written) >= FORGOTTEN_KEYS:
                    self.overflow = True
                    break
                self.written.add(key)

    def came_back(self, delete_many: Callable[[list[str]], Any]) -> None:
        """Delete from Redis what was written elsewhere during the outage (raises if Redis is
        still down), then count it as up again."""
        with self.lock:
            keys, overflow = sorted(self.written), self.overflow
        if keys:
            delete_many(keys)
        with self.lock:
            if self.since is None:
                return
            seconds = time.time() - self.since
            self.since, self.written, self.overflow = None, set(), False
        logger.warning(
            "Redis cache at %s answers again after %.0f s of outage; %d keys written meanwhile "
            "deleted from it%s.",
            self.where, seconds, len(keys),
            " (more were written than kept count of: they expire on their own)" if overflow else "",
        )  # fmt: skip


_outages: dict[str, Outage] = {}
_outages_lock = threading.Lock()


def outage_of(where: str) -> Outage:
    with _outages_lock:
        return _outages.setdefault(where, Outage(where))


def forget_outages() -> None:
    """For tests: every Redis counts as reachable again, and the fallbacks' memory is empty."""
    with _outages_lock:
        _outages.clear()
    for name, store in list(locmem._caches.items()):
        if name.startswith(FALLBACK_NAME):
            with locmem._locks[name]:
                store.clear()


class ClientPerPool(RedisCacheClient):
    """Django's Redis client, but with one redis-py `Redis` per connection pool, made at its
    first use: Django's makes a new one for every call (its response callbacks built afresh
    each time: about 70 µs of CPU here, some 5% of the web workers' at a club night, issue 35).
    A `Redis` is safe to share between threads (each call takes a connection from the pool)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.clients: dict[int, Any] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self.clients.get(id(pool))
        if client is None:
            client = self.clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ResilientRedisCache(RedisCache):
    """Django's RedisCache with a fallback while Redis is unreachable (see the module).

    OPTIONS of its own (the others go to redis-py's connection pool, as for RedisCache):
    `FALLBACK` "local" (default) or "none"; `FALLBACK_ENTRIES` the local fallback's size
    (default 5000); `RETRY_SECONDS` (default 5); `MAX_TIMEOUT` seconds an entry may live in
    Redis at most (default: no bound)."""

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        fallback = options.pop("FALLBACK", "local")
        entries = options.pop("FALLBACK_ENTRIES", 5000)
        self.retry_seconds = options.pop("RETRY_SECONDS", 5)
        self.max_timeout = options.pop("MAX_TIMEOUT", None)
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = ClientPerPool
        where = ",".join(self._servers)
        self.outage = outage_of(where)
        local = {
            "KEY_PREFIX": params.get("KEY_PREFIX", ""),
            "VERSION": params.get("VERSION", 1),
            "KEY_FUNCTION": params.get("KEY_FUNCTION"),
            "TIMEOUT": params.get("TIMEOUT", 300),
            "OPTIONS": {"MAX_ENTRIES": entries},
        }
        if fallback == "none":
            self.local = DummyCache(where, local)
        elif fallback == "local":
            # Named by server and prefix: every thread of the process shares one memory.
            self.local = LocMemCache(f"{FALLBACK_NAME}{where}:{local['KEY_PREFIX']}", local)
        else:
            raise ValueError(f'FALLBACK is "local" or "none", not {fallback!r}')

    def get_backend_timeout(self, timeout=DEFAULT_TIMEOUT):
        timeout = super().get_backend_timeout(timeout)
        if self.max_timeout is not None and (timeout is None or timeout > self.max_timeout):
            return self.max_timeout
        return timeout

    def _either(self, in_redis: Callable[[], Any], locally: Callable[[], Any], written=()):
        """`in_redis()` unless Redis is (found) unreachable, then `locally()`; the keys a write
        would have changed in Redis are remembered, to delete there once it is back."""
        if not self.outage.skip():
            try:
                if self.outage.since is not None:
                    self.outage.came_back(self._cache.delete_many)
                return in_redis()
            except UNREACHABLE as error:
                self.outage.went_down(error, self.retry_seconds)
        if written:
            self.outage.remember(written)
        return locally()

    def _key(self, key, version):
        return [self.make_and_validate_key(key, version=version)]

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).add(key, value, timeout, version),
            lambda: self.local.add(key, value, timeout, version),
            self._key(key, version),
        )

    def get(self, key, default=None, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).get(key, default, version),
            lambda: self.local.get(key, default, version),
        )

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).set(key, value, timeout, version),
            lambda: self.local.set(key, value, timeout, version),
            self._key(key, version),
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).touch(key, timeout, version),
            lambda: self.local.touch(key, timeout, version),
            self._key(key, version),
        )

    def delete(self, key, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).delete(key, version),
            lambda: self.local.delete(key, version),
            self._key(key, version),
        )

    def get_many(self, keys, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).get_many(keys, version),
            lambda: self.local.get_many(keys, version),
        )

    def has_key(self, key, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).has_key(key, version),
            lambda: self.local.has_key(key, version),
        )

    def incr(self, key, delta=1, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).incr(key, delta, version),
            lambda: self.local.incr(key, delta, version),
            self._key(key, version),
        )

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either(
            lambda: super(ResilientRedisCache, self).set_many(data, timeout, version),
            lambda: self.local.set_many(data, timeout, version),
            [self.make_and_validate_key(key, version=version) for key in data],
        )

    def delete_many(self, keys, version=None):
        keys = list(keys)
        return self._either(
            lambda: super(ResilientRedisCache, self).delete_many(keys, version),
            lambda: self.local.delete_many(keys, version),
            [self.make_and_validate_key(key, version=version) for key in keys],
        )

    def clear(self):
        return self._either(lambda: super(ResilientRedisCache, self).clear(), self.local.clear)
