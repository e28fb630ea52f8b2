"""The Redis cache makes one redis-py client per connection pool (core.redis_cache.ClientPerPool),
not one per call as Django's does, and its answers are Django's. If a Django upgrade changes
the client's insides, these say so."""

from __future__ import annotations

import pytest
import redis

from core.redis_cache import ResilientRedisCache
from tests.conftest import TEST_REDIS_URL

pytestmark = pytest.mark.redis


def test_one_client_serves_every_call(monkeypatch):
    made = []
    real = redis.Redis.__init__

    def counted(self, *args, **kwargs):
        made.append(kwargs.get("connection_pool"))
        real(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "__init__", counted)
    cache = ResilientRedisCache(TEST_REDIS_URL, {"KEY_PREFIX": "client-per-pool"})
    cache.set("a", 1)
    cache.set_many({"b": 2, "c": 3})
    assert cache.get("a") == 1
    assert cache.get_many(["a", "b", "c", "d"]) == {"a": 1, "b": 2, "c": 3}
    assert cache.add("a", 9) is False
    assert cache.incr("b") == 3
    assert cache.delete("a") is True
    assert cache.get("a", "gone") == "gone"
    cache.delete_many(["b", "c"])
    assert cache.get_many(["b", "c"]) == {}
    assert len(made) == 1  # Django's own client would have made one for each of the 11 calls
