"""core.events: a message is sent once its transaction commits, reaches this process's streams
without Redis and through Redis with it, and a lost Redis subscription ends the open streams
(their pages reconnect and poll) instead of leaving them open and silent."""

from __future__ import annotations

import time

import pytest
import redis
from django.db import transaction

from core import events, streams
from tests.conftest import TEST_REDIS_URL
from tests.hung_servers import own_redis


@pytest.fixture
def fresh_hub(monkeypatch):
    """A hub of this test's own (no reader thread left subscribed by another test)."""
    hub = events.Hub()
    monkeypatch.setattr(events, "hub", hub)
    monkeypatch.setattr(streams, "hub", hub)
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.2)
    return hub


def _listener(hub, *channels):
    listener = events.Listener(channels)
    hub.add(listener)
    return listener


def test_a_message_is_sent_when_its_transaction_commits(fresh_hub, transactional_db):
    listener = _listener(fresh_hub, "game:1")
    with transaction.atomic():
        events.publish("game:1", version=3)
        assert listener.poll() is None  # not before the commit
    assert listener.get(timeout=1) == {"channel": "game:1", "version": 3}


def test_a_rolled_back_write_sends_nothing(fresh_hub, transactional_db):
    listener = _listener(fresh_hub, "game:1")
    with pytest.raises(RuntimeError), transaction.atomic():
        events.publish("game:1", version=3)
        raise RuntimeError("the move failed")
    assert listener.get(timeout=0.2) is None


def test_a_listener_hears_only_its_channels(fresh_hub):
    table, other = _listener(fresh_hub, "game:1", "inbox:7"), _listener(fresh_hub, "game:2")
    events.send({"channel": "inbox:7", "version": 1})
    assert table.get(timeout=1)["channel"] == "inbox:7"
    assert other.poll() is None


@pytest.mark.parametrize(
    ("url", "prefix"),
    [("redis://127.0.0.1:6379/3", "frontier:3:events:"), ("redis://h:6379", "frontier:0:events:")],
)
def test_two_databases_of_one_redis_never_hear_each_other(url, prefix):
    assert events.channel_prefix(url) == prefix


@pytest.mark.redis
def test_a_message_published_in_redis_reaches_this_processs_listeners(fresh_hub, settings):
    settings.EVENTS_REDIS_URL = TEST_REDIS_URL
    listener = _listener(fresh_hub, "battle:5")  # starts the reader (a thread here)
    fresh_hub.wait_subscribed(timeout=5)
    assert fresh_hub.subscribed()
    events.send({"channel": "battle:5", "version": 9})  # as another process would
    assert listener.get(timeout=5) == {"channel": "battle:5", "version": 9}


def test_a_lost_subscription_ends_the_open_streams(fresh_hub):
    feed = streams.PageFeed(["game:1"], last_id=None)
    body = streams._sync_body(feed, streams.Slots().take(account=None, address=""))
    assert next(body).startswith(b"retry:")
    assert b"event: ready" in next(body)
    fresh_hub._lost(ConnectionError("Redis went away"))
    assert list(body) == []  # the stream ends: the page reconnects, then polls


def test_end_all_ends_every_open_stream_of_the_process(fresh_hub):
    feeds = [streams.PageFeed([f"game:{n}"], last_id=None) for n in (1, 2)]
    bodies = [streams._sync_body(f, streams.Slots().take(account=None, address="")) for f in feeds]
    for body in bodies:
        assert next(body).startswith(b"retry:")
        assert b"event: ready" in next(body)
    fresh_hub.end_all()
    assert [list(body) for body in bodies] == [[], []]  # no keep-alive, no tick: ended
    assert fresh_hub.open_count() == 0


class _HungPublisher:
    """A Redis client whose every publish times out, as one to a paused Redis does (after the
    client's 1 s): counts the tries."""

    def __init__(self):
        self.tries = 0

    def publish(self, channel, data):
        self.tries += 1
        raise redis.TimeoutError("Timeout reading from socket")


def test_after_a_failed_publish_the_process_sends_nothing_for_a_few_seconds(
    fresh_hub, settings, monkeypatch, caplog
):
    """With Redis hung, each publish waits out the client's timeout: every move made meanwhile
    would wait it too. One failure, then none tried for REST_SECONDS (the streams read
    their versions again at their keep-alive, so the pages still catch up); then tried again."""
    settings.EVENTS_REDIS_URL = "redis://127.0.0.1:6379/9"
    hung = _HungPublisher()
    monkeypatch.setattr(events, "publisher", lambda url: hung)
    for version in (1, 2, 3):
        events.send({"channel": "game:1", "version": version})  # a move each
    assert hung.tries == 1
    assert "Redis left alone for 5 s" in caplog.text
    monkeypatch.setattr(events, "_rest_until", 0.0)  # the seconds have passed
    events.send({"channel": "game:1", "version": 4})
    assert hung.tries == 2


class _HungClient(_HungPublisher):
    """The same for the open streams' counts (a pipeline of sorted-set commands)."""

    def pipeline(self):
        return self

    def __getattr__(self, name):  # zadd, expire, zrem...: queued
        return lambda *args, **kwargs: None

    def execute(self):
        self.tries += 1
        raise redis.TimeoutError("Timeout reading from socket")


def test_the_streams_counts_leave_a_failing_redis_alone_for_a_few_seconds(settings, monkeypatch):
    """Every open stream renews its count at each keep-alive, one after another in the event
    process's one thread for such calls: with Redis hung, 400 streams would each wait out a
    1 s timeout in turn. After one failure, none is tried for REST_SECONDS; the stream is served
    all the same (counted nowhere until Redis answers)."""
    settings.EVENTS_REDIS_URL = "redis://127.0.0.1:6379/9"
    hung = _HungClient()
    monkeypatch.setattr(streams, "publisher", lambda url: hung)
    counts = streams.Slots()
    slot = counts.take(account=7, address="a1")
    assert isinstance(slot, streams.Slot)  # served, though not counted
    assert hung.tries == 1
    for _ in range(3):
        counts.renew(slot)  # the keep-alives of the next seconds
    counts.release(slot)
    assert hung.tries == 1
    monkeypatch.setattr(events, "_rest_until", 0.0)  # the seconds have passed
    counts.renew(slot)
    assert hung.tries == 2


def test_a_hung_redis_ends_the_streams_until_it_answers_again(fresh_hub, settings, monkeypatch):
    """A paused Redis takes connections and never answers: nothing closes, nothing raises, and
    the subscription would only be silent, the streams with it (their pages never polling), for
    as long as it hangs. The reader pings a quiet subscription and counts Redis as lost when not
    even the pong comes back: the open streams end and new ones are refused (their pages poll);
    once Redis answers again the reader subscribes again and messages flow."""
    monkeypatch.setattr(events, "PING_SECONDS", 0.2)
    monkeypatch.setattr(events, "SILENT_SECONDS", 2.0)
    with own_redis() as (url, pause, resume):
        settings.EVENTS_REDIS_URL = url
        listener = _listener(fresh_hub, "game:1")  # starts the reader (a thread here)
        fresh_hub.wait_subscribed(timeout=5)
        assert fresh_hub.subscribed()
        time.sleep(2.5)  # quiet, but answering the pings: nothing lost
        assert fresh_hub.subscribed() and listener.poll() is None

        pause()
        assert listener.get(timeout=10) == events.END  # the stream ends: its page reconnects
        assert not fresh_hub.subscribed()  # and is refused while Redis hangs: it polls

        resume()
        deadline = time.monotonic() + 15
        while not fresh_hub.subscribed():
            assert time.monotonic() < deadline, "never subscribed again"
            time.sleep(0.05)
        again = _listener(fresh_hub, "game:1")
        events.send({"channel": "game:1", "version": 2})
        assert again.get(timeout=5) == {"channel": "game:1", "version": 2}
