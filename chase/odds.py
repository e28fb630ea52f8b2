"""Win odds at the table: "what are my chances?", and each step of a finished game's replay.

The odds are worked out by `chase.engines.odds.win_odds` (CHASE_ODDS_PLAYOUTS, 1,000, playouts
with the computer at every seat, each from what the asking seat may see, with everything hidden
drawn afresh) in a background job when Redis is there, here and now otherwise. They are kept in
the cache under the game, its version (or the replay's step) and the seat's role: the same
position asked again is answered at once, and a move makes a new key. The seed comes from that
key too, so an answer never changes with who asks first.
"""

from __future__ import annotations

import logging
import zlib
from typing import Any

import kombu.exceptions
import redis.exceptions
from django.conf import settings
from django.core.cache import cache

from chase.engines.odds import win_odds
from chase.errors import SessionError
from chase.games import get_engine
from chase.models import GameSession
from chase.services import session_replay
from chase.tasks import odds_task

logger = logging.getLogger(__name__)

KEEP_SECONDS = 24 * 3600
ASKED_SECONDS = 60  # a position asked for is not sent to a worker again for this long
BROKER_ERRORS = (kombu.exceptions.OperationalError, redis.exceptions.RedisError, OSError)


def odds_key(session_id: int, version: int, role: str | None, step: int | None) -> str:
    where = f"step{step}" if step is not None else f"v{version}"
    return f"chase:odds:{session_id}:{where}:{role or 'spectator'}"


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


def odds_ask(*, session: GameSession, role: str | None, step: int | None = None) -> dict | None:
    """`{playouts, margin, win}` for `role` (None: a spectator) now, or at a replay step; None
    while a worker is still on it (it was just asked for)."""
    key = odds_key(session.pk, session.version, role, step)
    found = cache.get(key)
    if found is not None:
        return found
    kwargs = {"session_id": session.pk, "version": session.version, "role": role, "step": step}
    if settings.CELERY_TASK_ALWAYS_EAGER:  # no Redis: no worker either, so here and now
        return odds_compute(**kwargs)
    if cache.add(f"{key}:asked", True, ASKED_SECONDS):
        try:
            odds_task.apply_async(kwargs=kwargs)
        except BROKER_ERRORS as error:
            logger.warning("Broker unreachable (%s): the odds are worked out inline.", error)
            return odds_compute(**kwargs)
    return None


def odds_sides(engine, options: dict[str, Any]) -> list[str]:
    """Who the odds share out: the seats, or an engine's sides when its winner is a side (the
    abstract chase: the prey escape or the pursuers catch them)."""
    if hasattr(engine, "odds_sides"):
        return engine.odds_sides(options)
    return engine.roles(options)


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
    key = odds_key(session_id, version, role, step)
    odds = win_odds(
        engine,
        state,
        role,
        sides=odds_sides(engine, session.options),
        playouts=settings.CHASE_ODDS_PLAYOUTS,
        seed=zlib.crc32(key.encode()),
    )
    answer = odds.as_dict()
    cache.set(key, answer, KEEP_SECONDS)
    return answer
