"""Win odds at the table: "what are my chances?", and each step of a finished game's replay.

The odds are worked out by `chase.engines.odds.win_odds` (CHASE_ODDS_PLAYOUTS, 1,000, playouts
with the computer at every seat, each from what the asking seat may see, with everything hidden
drawn afresh) in a background job when Redis is there, here and now otherwise. Their cost is
bounded (issue 25, finding 2):

- *Once per position.* An answer is kept under its position: a hash of the game's kind and
  options, the asking role and what that role sees (its view), never the request or the replay
  step that led there. Everyone who asks about the same position (the players at the same move,
  spectators at the same step, the same start of another game) shares it, and the seed comes
  from the same hash, so an answer never changes with who asks first.
- *A budget per client.* Only an answer worked out anew is counted (an answer kept, or one being
  worked out, costs nothing): `odds` per address, `odds_account` per signed-in account
  (core.throttles); past it, OddsThrottled (429 with Retry-After).
- *A queue of its own, bounded.* The jobs go to the Celery queue `odds` (CELERY_TASK_ROUTES), so
  they never wait in front of the ratings, the rankings and the e-mails; with
  CHASE_ODDS_QUEUE_MAX jobs waiting, OddsBusy (503 with Retry-After) instead of one more.
"""

from __future__ import annotations

import hashlib
import json
import logging
import zlib
from collections.abc import Callable
from functools import cache as memoize
from typing import Any

import kombu.exceptions
import redis
import redis.exceptions
from django.conf import settings
from django.core.cache import cache

from chase.engines.odds import win_odds
from chase.errors import SessionError
from chase.games import get_engine
from chase.models import GameSession
from chase.services.sessions import session_replay
from core.queue import task_named
from core.throttles import throttle_wait, wait_words

logger = logging.getLogger(__name__)

KEEP_SECONDS = 24 * 3600
ASKED_SECONDS = 60  # a position asked for is not sent to a worker again for this long
BUSY_SECONDS = 10  # Retry-After when the odds queue is full
QUEUE = "odds"  # the Celery queue of the odds jobs (settings.CELERY_TASK_ROUTES)
ODDS_TASK = "chase.win_odds"  # chase.tasks.odds_task, sent by name (core.queue)
BROKER_ERRORS = (kombu.exceptions.OperationalError, redis.exceptions.RedisError, OSError)


class OddsThrottled(SessionError):
    """This client has had its share of odds worked out for now."""

    status_code = 429

    def __init__(self, wait: int):
        super().__init__(
            f"You have asked for many chances in a short time: try again in {wait_words(wait)}."
        )
        self.retry_after = wait


class OddsBusy(SessionError):
    """The odds queue is full: nothing more is queued until it drains."""

    status_code = 503

    def __init__(self):
        super().__init__(
            "The server is busy working out other chances: try again in a few seconds."
        )
        self.retry_after = BUSY_SECONDS


def odds_budget(request) -> None:
    """Count one answer worked out anew for this client (address, or account when signed in)."""
    wait = throttle_wait(request, "odds")
    if wait:
        raise OddsThrottled(wait)


def position_key(session: GameSession, state: dict, role: str | None) -> str:
    """The position as `role` sees it: what the odds depend on, and all they depend on."""
    view = get_engine(session.kind).seat_view(state, role)
    seen = json.dumps(
        [session.kind, session.options, role, view], sort_keys=True, separators=(",", ":"),
        default=str,
    )  # fmt: skip
    return f"chase:odds:{hashlib.sha256(seen.encode()).hexdigest()}"


def _where_key(session_id: int, version: int, role: str | None, step: int | None) -> str:
    where = f"step{step}" if step is not None else f"v{version}"
    return f"chase:odds-at:{session_id}:{where}:{role or 'spectator'}"


def odds_key(
    session: GameSession, role: str | None, step: int | None, spend: Callable[[], None]
) -> str:
    """The position key of a game's version (or replay step) for `role`, remembered so that
    a replay is rebuilt once, not at every ask; rebuilding it is work, so it is `spend()`."""
    where = _where_key(session.pk, session.version, role, step)
    key = cache.get(where)
    if key is None:
        spend()
        state = session.state if step is None else session_replay(session)[step].state
        key = position_key(session, state, role)
        cache.set(where, key, KEEP_SECONDS)
    return key


@memoize
def _broker(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)


def odds_waiting() -> int:
    """Jobs waiting in the odds queue (those a worker holds are not counted). kombu's Redis
    transport keeps a queue as a list of its name (messages sent without a priority, as these
    are). 0 for a broker that is not Redis (the in-memory one of `make run`)."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return 0
    return _broker(url).llen(QUEUE)


def replay_step(session: GameSession, text: str | None) -> int:
    """The replay step a spectator asks the odds of: only once the game is over (while it is
    on, the odds of a position are its seats' to ask), and only a step the log has."""
    if not session.is_finished:
        raise SessionError(
            "The odds of each step are shown once the game is over; while it is on, ask as a "
            "seat (seat=TOKEN).",
            field="step",
        )
    last = session.log.count() - 1
    if text is None or not text.isdigit() or int(text) > last:
        raise SessionError(f"Give a step from 0 to {last}.", field="step")
    return int(text)


def odds_ask(
    *,
    session: GameSession,
    role: str | None,
    step: int | None = None,
    spend: Callable[[], None] | None = None,
) -> dict | None:
    """`{playouts, margin, win, certain}` for `role` (None: a spectator) now, or at a replay
    step (`certain`: why the outcome is already proven, "" when it is not); None
    while a worker is on it. `spend()` is called (once) only when something is to be worked out
    anew: the answer, or the replay step it is asked at (it raises OddsThrottled past the
    client's budget); OddsBusy when the queue is full."""
    spent = []

    def spend_once() -> None:
        if spend is not None and not spent:
            spend()
            spent.append(True)

    key = odds_key(session, role, step, spend_once)
    found = cache.get(key)
    if found is not None:
        return found
    if cache.get(f"{key}:asked"):
        return None  # being worked out: asking again costs nothing
    spend_once()
    kwargs = {"session_id": session.pk, "version": session.version, "role": role, "step": step}
    if settings.CELERY_TASK_ALWAYS_EAGER:  # no Redis: no worker either, so here and now
        return odds_compute(**kwargs)
    try:
        if odds_waiting() >= settings.CHASE_ODDS_QUEUE_MAX:
            raise OddsBusy()
        if cache.add(f"{key}:asked", True, ASKED_SECONDS):
            task_named(ODDS_TASK).apply_async(kwargs=kwargs)
    except BROKER_ERRORS as error:
        logger.warning("Broker unreachable (%s): the odds are worked out inline.", error)
        cache.delete(f"{key}:asked")
        return odds_compute(**kwargs)
    return None


def odds_compute(
    *, session_id: int, version: int, role: str | None, step: int | None
) -> dict[str, Any] | None:
    """Work the odds out and keep them. None when the game has moved on from `version` (the
    seat will ask again for the new position) or is gone."""
    session = GameSession.objects.filter(pk=session_id).first()
    if session is None or (step is None and session.version != version):
        return None
    engine = get_engine(session.kind)
    state = session.state if step is None else session_replay(session)[step].state
    key = position_key(session, state, role)
    odds = win_odds(
        engine,
        state,
        role,
        sides=engine.odds_sides(session.options),  # the seats, or the sides a game declares
        playouts=settings.CHASE_ODDS_PLAYOUTS,
        seed=zlib.crc32(key.encode()),
    )
    # `certain` (why the outcome is proven, or "") is for the table's words; the API's answer
    # keeps its three fields (chase.api.odds).
    answer = odds.as_dict() | {"certain": odds.certain}
    cache.set(key, answer, KEEP_SECONDS)
    return answer
