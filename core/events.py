"""Live events: a service says "this moved" once its transaction commits, and every open stream
of that channel hears it (Server-Sent Events: core.streams serves them).

    publish("game:12", version=7)      # inside the service's transaction; sent on commit

A channel is a plain name: `game:<id>` (a canoe game), `battle:<id>` (a battle sheet),
`postgame:<id>` (a post-game sequence), `inbox:<user id>` (the top bar's badge), `lobby` (the
canoe lobby's open games). A message is only `{"channel", "version"}`: never what changed, so a
message can give nothing away; each stream reads what its own reader may see when it hears one.

How a message travels:
- With Redis (EVENTS_REDIS_URL, by default REDIS_URL: a club server) the publishing process,
  a gunicorn worker or a Celery worker, PUBLISHes it; every event process (uvicorn, config/asgi.py)
  holds one subscription for all channels and hands each message to its own open streams.
- Without Redis (`make run`) the hub of this process hands it over at once: runserver serves
  the streams in its own threads, so the publisher and the streams share the process.

A publish that cannot reach Redis is logged and dropped, never raised: the move is saved, the
streams catch up at their next message (each carries the newest state), and a page whose
stream is gone polls.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
from collections.abc import Iterable
from urllib.parse import urlsplit

import redis
import redis.asyncio as aioredis
from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)


def channel_prefix(url: str | None = None) -> str:
    """Redis's channels are shared by all its numbered databases: the database's number is in
    the prefix, so two sites (or two test runs) on one Redis never hear each other."""
    url = url if url is not None else settings.EVENTS_REDIS_URL
    database = (urlsplit(url).path.strip("/") or "0") if url else "local"
    return f"frontier:{database}:events:"


def publish(channel: str, version: int) -> None:
    """Tell the streams of `channel` that it is now at `version`, once the current transaction
    commits (at once outside one). A rollback sends nothing."""
    message = {"channel": channel, "version": int(version)}
    transaction.on_commit(lambda: send(message))


def clock_version() -> int:
    """A version for a channel that has no counter of its own (an inbox, the lobby): the time
    in milliseconds, which only grows."""
    return time.time_ns() // 1_000_000


REST_SECONDS = 5.0  # after a call to the events' Redis fails, this process leaves it alone so long
_rest_until = 0.0  # time.monotonic() before which it is left alone


def resting() -> bool:
    """Whether the events' Redis failed this process a moment ago. With Redis hung each call
    waits out the client's 1 s timeout: every move would wait it to publish, and every stream's
    keep-alive to renew its count (one after another: they share the event process's one
    thread for such calls). After one failure, none is tried for REST_SECONDS."""
    return time.monotonic() < _rest_until


def failed(what: str, error: Exception) -> None:
    """A call to the events' Redis failed: logged, and Redis left alone for REST_SECONDS."""
    global _rest_until
    _rest_until = time.monotonic() + REST_SECONDS
    logger.warning("%s: %s; Redis left alone for %.0f s", what, error, REST_SECONDS)


def send(message: dict) -> None:
    """Publish `message`; a failure is logged and the write it tells of stands. What is not sent
    (Redis failed, or failed a moment ago: `resting`) is not lost for the pages: a quiet stream
    reads its version again at its keep-alive (core.streams.Feed.tick)."""
    url = settings.EVENTS_REDIS_URL
    if not url:
        hub.dispatch(message)
        return
    if resting():
        logger.info("live event not sent (%s): Redis failed a moment ago", message["channel"])
        return
    try:
        publisher(url).publish(channel_prefix(url) + message["channel"], json.dumps(message))
    except redis.RedisError as error:
        failed(f"live event not sent ({message['channel']})", error)


publishers_: dict[str, redis.Redis] = {}


def publisher(url: str) -> redis.Redis:
    """One client per process; it gives up within a second, never holding a request."""
    if url not in publishers_:
        publishers_[url] = redis.Redis.from_url(
            url, socket_connect_timeout=1, socket_timeout=1, health_check_interval=30
        )
    return publishers_[url]


# --- the hub: this process's open streams, by channel --------------------------------------------


END = {"channel": "", "version": -1, "end": True}  # to a listener: the stream must end
PING_SECONDS = 5.0  # a quiet subscription is pinged this often...
SILENT_SECONDS = 15.0  # ...and Redis counted as lost when nothing at all came for this long


class Listener:
    """One open stream's mailbox: its channels' messages, in order. Filled from any thread;
    read by a thread (`get`, runserver) or by the event loop that made it (`aget`, uvicorn)."""

    def __init__(self, channels: Iterable[str], loop: asyncio.AbstractEventLoop | None = None):
        self.channels = frozenset(channels)
        self.loop = loop
        self._queue: queue.Queue | asyncio.Queue = asyncio.Queue() if loop else queue.Queue()

    def put(self, message: dict) -> None:
        if self.loop is None:
            self._queue.put_nowait(message)
        elif not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._queue.put_nowait, message)

    def get(self, timeout: float) -> dict | None:
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def poll(self) -> dict | None:
        """A message already waiting, or None at once."""
        try:
            return self._queue.get_nowait()
        except (queue.Empty, asyncio.QueueEmpty):
            return None

    async def aget(self, timeout: float) -> dict | None:
        try:
            return await asyncio.wait_for(self._queue.get(), timeout)
        except TimeoutError:
            return None


class _Silence:
    """A reader's subscription as heard, on its clock: when something last came (a message, a
    confirmation, a pong) and when the last ping went."""

    def __init__(self):
        self.heard_at = self.pinged_at = time.monotonic()

    def heard(self) -> None:
        self.heard_at = time.monotonic()

    def check(self) -> None:
        """Nothing came: past SILENT_SECONDS of it, Redis is counted as lost."""
        if time.monotonic() - self.heard_at > SILENT_SECONDS:
            raise TimeoutError(f"Redis said nothing for {SILENT_SECONDS:.0f} s, not even a pong")

    def ping_due(self) -> bool:
        """Whether the quiet has lasted PING_SECONDS since anything came or went (then a ping
        goes, counted from now)."""
        now = time.monotonic()
        if now - max(self.heard_at, self.pinged_at) < PING_SECONDS:
            return False
        self.pinged_at = now
        return True


class Hub:
    """Channel → the listeners of this process. With Redis, one reader per process (a task in
    uvicorn's event loop, or a thread under a WSGI server) feeds it all channels' messages."""

    def __init__(self):
        self._lock = threading.Lock()
        self._listeners: dict[str, set[Listener]] = {}
        self._reader_started = False
        self._subscribed = threading.Event()  # the Redis reader's subscription is in place
        self._reader_task: asyncio.Task | None = None

    def add(self, listener: Listener) -> None:
        with self._lock:
            for channel in listener.channels:
                self._listeners.setdefault(channel, set()).add(listener)
        if settings.EVENTS_REDIS_URL:
            self._start_reader(listener.loop)

    def remove(self, listener: Listener) -> None:
        with self._lock:
            for channel in listener.channels:
                listeners = self._listeners.get(channel)
                if listeners is not None:
                    listeners.discard(listener)
                    if not listeners:
                        del self._listeners[channel]

    def dispatch(self, message: dict) -> None:
        with self._lock:
            listeners = list(self._listeners.get(message.get("channel"), ()))
        for listener in listeners:
            listener.put(message)

    def open_count(self) -> int:
        with self._lock:
            return len({id(each) for group in self._listeners.values() for each in group})

    # Redis → this hub. Subscribed before the stream reads its state (the reader is started
    # before a stream's first read, and a stream reads again on each message), so a message
    # published after that read is never missed; one published before it is only older.
    def _start_reader(self, loop: asyncio.AbstractEventLoop | None) -> None:
        with self._lock:
            if self._reader_started:
                return
            self._reader_started = True
        if loop is not None:
            # Held here: the event loop keeps only a weak reference to a task.
            self._reader_task = loop.create_task(self._read_async(self._subscribed))
        else:
            threading.Thread(target=self._read_sync, args=(self._subscribed,), daemon=True).start()

    def wait_subscribed(self, timeout: float = 2) -> None:
        """A thread's stream waits (briefly) for the reader's first subscription."""
        if settings.EVENTS_REDIS_URL:
            self._subscribed.wait(timeout)

    async def await_subscribed(self, timeout: float = 2) -> None:
        """The same in the event loop, without blocking it (the reader is a task of it)."""
        deadline = time.monotonic() + timeout
        while settings.EVENTS_REDIS_URL and not self._subscribed.is_set():
            if time.monotonic() > deadline:
                return
            await asyncio.sleep(0.01)

    def subscribed(self) -> bool:
        """Whether this process hears what is published (always, without Redis)."""
        return not settings.EVENTS_REDIS_URL or self._subscribed.is_set()

    def _lost(self, error: Exception) -> None:
        """Redis went away: every open stream of this process ends (its page reconnects, is
        refused while Redis is away, and polls), rather than staying open and silent."""
        was = self._subscribed.is_set()
        self._subscribed.clear()
        if was:
            logger.warning("live events: Redis subscription lost (%s); retrying", error)
        self.end_all()

    def end_all(self) -> None:
        """Every open stream of this process ends at once, rather than at its next keep-alive
        (a lost subscription, above; a test's live server before its database is closed)."""
        with self._lock:
            listeners = {each for group in self._listeners.values() for each in group}
        for listener in listeners:
            listener.put(END)

    def _handle(self, raw) -> None:
        if raw.get("type") != "pmessage":
            return
        try:
            message = json.loads(raw["data"])
        except (TypeError, ValueError):
            return
        self.dispatch(message)

    # A hung Redis (paused, a half-open connection) closes nothing and raises nothing: the
    # subscription would only be silent, and the streams with it, for as long as it hangs. So
    # the reader pings a quiet subscription every PING_SECONDS and counts Redis as lost when
    # nothing at all (not even the pong) came for SILENT_SECONDS: the streams end, and the pages
    # poll until it answers again. The subscription counts as in place once Redis confirms it.

    def _heard(self, raw: dict | None, ready: threading.Event, silence: _Silence) -> None:
        """One turn of a reader's loop: `raw` what came (None: nothing within PING_SECONDS)."""
        if raw is None:
            silence.check()
            return
        silence.heard()
        if raw.get("type") == "psubscribe":
            ready.set()
        self._handle(raw)

    async def _read_async(self, ready: threading.Event) -> None:
        url = settings.EVENTS_REDIS_URL
        while True:
            client = aioredis.Redis.from_url(
                url, socket_connect_timeout=2, socket_timeout=SILENT_SECONDS
            )
            try:
                pubsub = client.pubsub()
                await pubsub.psubscribe(channel_prefix(url) + "*")
                silence = _Silence()
                while True:
                    self._heard(await pubsub.get_message(timeout=PING_SECONDS), ready, silence)
                    if silence.ping_due():
                        await pubsub.ping()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - Redis went away: try again shortly
                self._lost(error)
                await asyncio.sleep(1)
            finally:
                await client.aclose()

    def _read_sync(self, ready: threading.Event) -> None:
        url = settings.EVENTS_REDIS_URL
        while True:
            client = redis.Redis.from_url(
                url, socket_connect_timeout=2, socket_timeout=SILENT_SECONDS
            )
            try:
                pubsub = client.pubsub()
                pubsub.psubscribe(channel_prefix(url) + "*")
                silence = _Silence()
                while True:
                    self._heard(pubsub.get_message(timeout=PING_SECONDS), ready, silence)
                    if silence.ping_due():
                        pubsub.ping()
            except Exception as error:  # noqa: BLE001 - Redis went away: try again shortly
                self._lost(error)
                time.sleep(1)
            finally:
                client.close()


hub = Hub()
