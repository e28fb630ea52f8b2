"""Server-Sent Events answers: one stream per open page or program, fed by core.events.

A view checks who asks (as the page or the API it streams for would), builds a `Feed` (what
that reader may see of which channels) and returns `stream_response(request, feed)`:

    id: 7
    event: view
    data: {"version": 7, ...}

Every event of a versioned channel has `id: <version>`; on reconnecting, the browser (or a
program) sends the last one back (`Last-Event-ID`, or `?last_event_id=` where a client cannot
set the header) and the feed sends the current state at once if it is newer: nothing is missed,
nothing is sent twice. A comment every KEEP_ALIVE seconds keeps proxies from closing an idle
stream and tells the server that a reader left.

The same view serves both servers. Under uvicorn (config/asgi.py) the answer streams from an
async iterator and waits on this process's hub in its event loop, reading the database in a
thread only when a message comes: no thread per stream. Under a WSGI server it streams from a
plain generator in the request's thread: that is what runserver does (`make run`, its threads
and the in-process hub); gunicorn's sync workers never do it (EVENTS_IN_WEB is off when Redis
is configured): a stream sent to one is answered 503 and the page polls instead.

Bounds: at most EVENTS_PER_ACCOUNT open streams per signed-in account and EVENTS_PER_ADDRESS
per client address (the loopback address is not counted: a development server sees everyone
there); past them, a 429 with the reason. With Redis the open streams are counted there, across
every event process, each entry expiring unless its stream renews it, so a killed process
leaves no count behind; /healthz reports the total (`open_streams`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections, connections
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse

from core.addresses import address_digest
from core.domain_errors import DomainError
from core.events import END, Listener, channel_prefix, failed, hub, publisher, resting

logger = logging.getLogger(__name__)

KEEP_ALIVE = float(settings.EVENTS_KEEP_ALIVE_SECONDS)  # seconds between two comments, if quiet
RETRY_MS = 2000  # how soon a browser reconnects after a stream ends
SLOT_SECONDS = 60  # an open stream's count lives this long unless renewed (every KEEP_ALIVE)


@dataclass
class Event:
    """`data` is encoded as JSON, unless `raw` is given: the JSON already encoded (one line, as
    a compact encoder writes it), sent as it is."""

    name: str
    data: dict | None = None
    id: int | None = None
    raw: bytes | None = None

    def encode(self) -> bytes:
        lines = [] if self.id is None else [f"id: {self.id}"]
        lines.append(f"event: {self.name}")
        if self.raw is None:
            lines.append("data: " + json.dumps(self.data, separators=(",", ":")))
            return ("\n".join(lines) + "\n\n").encode()
        return ("\n".join(lines) + "\ndata: ").encode() + self.raw + b"\n\n"


@dataclass
class Feed:
    """What one stream shows: its channels, and the events for the reader as they move. A
    subclass reads the database in `opening` and `moved` (called in a thread under uvicorn) and
    sets `done` when nothing more can come (the game is over): the stream then ends."""

    channels: list[str]
    last_id: int | None = None
    done: bool = field(default=False, init=False)

    def opening(self) -> list[Event]:
        raise NotImplementedError

    def moved(self, messages: list[dict]) -> list[Event]:
        raise NotImplementedError

    def tick(self) -> list[Event]:
        """Every KEEP_ALIVE seconds of quiet while the stream is open (the reader is still
        there): what a missed message would have sent, if anything moved past `last_id`. A
        message is missed when its sender could not reach Redis (a hung or restarting Redis:
        core.events.send gives up within a second and the move stands), so a page is behind
        by at most KEEP_ALIVE seconds, never until the next move (at a game's end, never)."""
        return []


def inbox_channels(request) -> list[str]:
    """The signed-in reader's inbox badge rides on every page's stream."""
    return [f"inbox:{request.user.pk}"] if request.user.is_authenticated else []


class PageFeed(Feed):
    """A page's stream: `version` when its channel moved past what the page shows (the page
    then fetches its fragment), `ready` at once when it did not (so a page behind a buffering
    proxy learns its stream is not getting through), `inbox` when the badge may have changed.
    `read_version` reads the page's version, which is then each event's id; without it (the
    lobby, the post-game: their messages carry the time) the events have no id. `tick` runs
    every KEEP_ALIVE seconds of quiet while the page is open, and then reads the version again:
    a move whose message was missed is told then."""

    def __init__(self, channels: list[str], last_id: int | None, read_version=None, tick=None):
        super().__init__(channels, last_id)
        self.read_version, self.on_tick = read_version, tick

    def tick(self) -> list[Event]:
        if self.on_tick is not None:
            self.on_tick()
        if self.read_version is None or self.last_id is None:
            return []  # the lobby, the post-game: their messages carry the time, not a version
        try:
            version = self.read_version()
        except DomainError:  # the game is gone: the page's next fetch says so
            self.done = True
            return []
        return [] if version is None else self._newer(version)

    def _newer(self, version: int) -> list[Event]:
        """`version` as an event if it is past what the page was told (it is told it then)."""
        if self.last_id is not None and version <= self.last_id:
            return []
        self.last_id = version
        return [Event("version", {"version": version}, id=version)]

    def opening(self) -> list[Event]:
        version = self.read_version() if self.read_version else None
        if version is None:
            return [Event("ready", {"version": self.last_id or 0})]
        behind = self.last_id is None or self.last_id < version
        self.last_id = max(version, self.last_id or 0)
        return [Event("version" if behind else "ready", {"version": version}, id=version)]

    def moved(self, messages: list[dict]) -> list[Event]:
        events = []
        inbox = [m for m in messages if m["channel"].startswith("inbox:")]
        if inbox:
            events.append(Event("inbox", {"version": max(m["version"] for m in inbox)}))
        others = [m for m in messages if not m["channel"].startswith("inbox:")]
        newest = max((m["version"] for m in others), default=None)
        if newest is None:
            return events
        if self.read_version is None:
            events.append(Event("version", {"version": newest}))
        else:
            events += self._newer(newest)
        return events


def last_event_id(request) -> int | None:
    """The client's Last-Event-ID header, else `?last_event_id=` (a page names the version it
    was drawn at); None for neither, or for anything that is not a whole number."""
    raw = request.headers.get("Last-Event-ID") or request.GET.get("last_event_id")
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


def stream_response(request, feed: Feed, *, api: bool = False) -> HttpResponse:
    """The stream's answer, or why there is none: 503 from a web process that does not serve
    streams, 429 past a bound."""
    asgi = isinstance(request, ASGIRequest)
    if not asgi and not settings.EVENTS_IN_WEB:
        return refusal(
            "Live streams are served by the event process (see the club-server docs): this "
            "page polls instead.",
            status=503,
            api=api,
        )
    account = request.user.pk if request.user.is_authenticated else None
    slot = slots().take(account=account, address=address_digest(request))
    if isinstance(slot, str):
        return refusal(slot, status=429, api=api)
    body = _async_body(feed, slot) if asgi else _sync_body(feed, slot)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on as it comes
    # Given back when the answer closes, even if its body never started (released once).
    response._resource_closers.append(slot.release)
    return response


def refusal(reason: str, *, status: int, api: bool) -> HttpResponse:
    if api:
        body = {"detail": reason, "errors": [{"rule": None, "field": None, "message": reason}]}
        response = JsonResponse(body, status=status)
    else:
        response = HttpResponse(reason, status=status, content_type="text/plain; charset=utf-8")
    if status in (429, 503):
        response["Retry-After"] = "30"
    return response


def _drain(first: dict, more) -> list[dict]:
    """The message heard and any queued behind it: read once, sent once."""
    messages = [first]
    while (message := more()) is not None:
        messages.append(message)
    return messages


def _sync_body(feed: Feed, slot: Slot):
    listener = Listener(feed.channels)
    hub.add(listener)  # before the first read: nothing published after it is missed
    hub.wait_subscribed()
    ends = time.monotonic() + settings.EVENTS_STREAM_SECONDS
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        if not hub.subscribed():
            return  # Redis is away: nothing would come; the page reconnects, then polls
        for event in feed.opening():
            yield event.encode()
        while not feed.done and time.monotonic() < ends:
            message = listener.get(KEEP_ALIVE)
            if message is None:
                slot.renew()
                for event in feed.tick():
                    yield event.encode()
                yield b": keep-alive\n\n"
                continue
            messages = _drain(message, listener.poll)
            if END in messages:
                return
            for event in feed.moved(messages):
                yield event.encode()
    finally:
        hub.remove(listener)
        slot.release()


def _released(read):
    """A read in the request's own thread (asgiref's thread-sensitive context), its database
    connection closed after it: the view's checks at a stream's opening.

    That thread's connection would otherwise stay open for the stream's whole life: 400 open
    streams (50 clubs' tables) held 400 PostgreSQL connections and the database refused
    everyone else ("too many clients", bench/club_night.py)."""

    def run(*args):
        try:
            return read(*args)
        finally:
            connections.close_all()

    return sync_to_async(run)


READ_THREADS = 3  # the threads of an event process that read for its streams, each one connection
_readers = ThreadPoolExecutor(max_workers=READ_THREADS, thread_name_prefix="stream-read")


def _pooled(read):
    """A stream's read when something moved (or at its keep-alive), in one of READ_THREADS
    threads shared by every stream of the process. Each keeps its database connection between
    reads, as a web worker does between requests (checked, and closed when too old or broken,
    before and after each read): a read no longer connects afresh (1.5 ms of CPU here and a
    new PostgreSQL backend each time), and the process holds at most READ_THREADS connections
    however many streams are open."""

    def run(*args):
        close_old_connections()
        try:
            return read(*args)
        finally:
            close_old_connections()

    return sync_to_async(run, thread_sensitive=False, executor=_readers)


async def _async_body(feed: Feed, slot: Slot):
    listener = Listener(feed.channels, asyncio.get_running_loop())
    hub.add(listener)
    await _released(lambda: None)()  # the connection the view and its checks opened
    await hub.await_subscribed()
    ends = time.monotonic() + settings.EVENTS_STREAM_SECONDS
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        if not hub.subscribed():
            return  # Redis is away: nothing would come; the page reconnects, then polls
        for event in await _pooled(feed.opening)():
            yield event.encode()
        while not feed.done and time.monotonic() < ends:
            message = await listener.aget(KEEP_ALIVE)
            if message is None:
                await sync_to_async(slot.renew)()
                for event in await _pooled(feed.tick)():
                    yield event.encode()
                yield b": keep-alive\n\n"
                continue
            messages = _drain(message, listener.poll)
            if END in messages:
                return
            for event in await _pooled(feed.moved)(messages):
                yield event.encode()
    finally:
        hub.remove(listener)
        slot.release()


# --- the bounds: open streams per account and per address ----------------------------------------


class Slot:
    """One open stream's place in the counts; `renew` keeps it, `release` gives it back."""

    def __init__(self, counter: Slots, keys: list[str], name: str):
        self.counter, self.keys, self.name = counter, keys, name
        self.released = False

    def renew(self) -> None:
        self.counter.renew(self)

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.counter.release(self)


class Slots:
    """The open streams, counted per key (`all`, `account:<id>`, `address:<digest>`): in this
    process's memory, or in Redis (sorted sets of slot names by expiry) across every process."""

    def __init__(self):
        self._lock = threading.Lock()
        self._open: dict[str, set[str]] = {}

    def take(self, *, account: int | None, address: str) -> Slot | str:
        keys, bounds = ["all"], {}
        if account is not None:
            keys.append(f"account:{account}")
            bounds[keys[-1]] = (settings.EVENTS_PER_ACCOUNT, "this account")
        if address:
            keys.append(f"address:{address}")
            bounds[keys[-1]] = (settings.EVENTS_PER_ADDRESS, "this address")
        slot = Slot(self, keys, secrets.token_hex(8))
        if self._redis() is not None and resting():
            return slot  # counted nowhere, but served: Redis failed a moment ago
        try:
            counts = self._add(slot)
        except redis.RedisError as error:  # counted nowhere, but served: Redis comes back
            failed("open streams not counted", error)
            return slot
        for key, (bound, who) in bounds.items():
            if counts[key] > bound:
                self.release(slot)
                return (
                    f"Too many live pages open from {who} ({bound} at most): close some tabs. "
                    "This one checks for changes every few seconds instead."
                )
        return slot

    def _redis(self) -> redis.Redis | None:
        url = settings.EVENTS_REDIS_URL
        if not url:
            return None
        return publisher(url)

    def _key(self, key: str) -> str:
        return channel_prefix().replace(":events:", ":streams:") + key

    def _add(self, slot: Slot) -> dict[str, int]:
        client = self._redis()
        if client is None:
            with self._lock:
                for key in slot.keys:
                    self._open.setdefault(key, set()).add(slot.name)
                return {key: len(self._open[key]) for key in slot.keys}
        now = time.time()
        pipe = client.pipeline()
        for key in slot.keys:
            pipe.zremrangebyscore(self._key(key), "-inf", now)
            pipe.zadd(self._key(key), {slot.name: now + SLOT_SECONDS})
            pipe.expire(self._key(key), SLOT_SECONDS * 2)
            pipe.zcard(self._key(key))
        answers = pipe.execute()
        return {key: answers[4 * i + 3] for i, key in enumerate(slot.keys)}

    def renew(self, slot: Slot) -> None:
        client = self._redis()
        if client is None or resting():
            return  # (if resting: its count expires unless a later renewal comes in time)
        try:
            pipe = client.pipeline()
            for key in slot.keys:
                pipe.zadd(self._key(key), {slot.name: time.time() + SLOT_SECONDS})
                pipe.expire(self._key(key), SLOT_SECONDS * 2)
            pipe.execute()
        except redis.RedisError as error:
            failed("open stream not renewed", error)

    def release(self, slot: Slot) -> None:
        client = self._redis()
        if client is None:
            with self._lock:
                for key in slot.keys:
                    self._open.get(key, set()).discard(slot.name)
            return
        if resting():
            return  # its count expires within SLOT_SECONDS
        try:
            pipe = client.pipeline()
            for key in slot.keys:
                pipe.zrem(self._key(key), slot.name)
            pipe.execute()
        except redis.RedisError as error:
            failed("open stream not released (it expires)", error)

    def open_count(self) -> int:
        """Every open stream: this process's (without Redis) or every event process's."""
        client = self._redis()
        if client is None:
            with self._lock:
                return len(self._open.get("all", ()))
        key = self._key("all")
        client.zremrangebyscore(key, "-inf", time.time())
        return client.zcard(key)


_slots = Slots()


def slots() -> Slots:
    return _slots
