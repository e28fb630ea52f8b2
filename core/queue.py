"""Sending Celery tasks: after commit, and inline when the broker cannot be reached.

The one place that knows how work leaves a request. Services call `send_on_commit` (or `send`)
with a task's registered name and the service call that does the same work in-process, for when
Redis is down. A service never imports a tasks module: the tasks are thin and on top, importing
the services they run, so the import runs one way. Shared by the campaign's jobs and mail and the
canoe games' odds, ratings and lab runs.

A broker that refuses or never answers (a hung Redis) fails a publish within the broker's
timeouts (settings.BROKER_TIMEOUT_SECONDS); then this process leaves the broker alone for
BROKER_RETRY_SECONDS, as it does when the cache has just found the same Redis unreachable
(core.redis_cache), so a request pays the timeout at most once in a while, not at every send.
Heavy work (the balance lab) is never run in a request: it uses `publish`, which only sends,
and the job waits for the sweep when the broker cannot be reached.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from functools import partial

import kombu.exceptions
import redis.exceptions
from celery import Task, current_app
from django.db import transaction

from core.redis_cache import outage_of

logger = logging.getLogger(__name__)

# What a failed publish raises: kombu wraps the transport's errors, but not every path does.
BROKER_ERRORS = (kombu.exceptions.OperationalError, redis.exceptions.RedisError, OSError)


def task_named(name: str) -> Task:
    """The Celery task registered under `name`, the task itself: its `apply_async` runs it
    in-process without REDIS_URL (eager), as `app.send_task` would not. A task is registered
    when its module is imported; the first time a process asks for one it has not seen, the
    apps' tasks modules are imported, as a worker does when it starts."""
    if name not in current_app.tasks:
        current_app.autodiscover_tasks(force=True)
    return current_app.tasks[name]


BROKER_RETRY_SECONDS = 5  # after a failed publish, the broker is not tried again for this long
_down_until: dict[str, float] = {}  # broker URL -> time.monotonic() before which it is not tried
_down_lock = threading.Lock()


def broker_down() -> bool:
    """Whether this process found the broker unreachable in the last BROKER_RETRY_SECONDS, or
    the cache on the same Redis is in an outage: either way a publish would only wait."""
    url = current_app.conf.broker_url or ""
    if time.monotonic() < _down_until.get(url, 0.0):
        return True
    return url.startswith(("redis://", "rediss://")) and outage_of(url).skip()


def forget_broker_outage() -> None:
    """For tests: the broker counts as reachable again."""
    with _down_lock:
        _down_until.clear()


def publish(task: str | Task, kwargs: dict) -> bool:
    """Send the task now. False, logged, when the broker cannot be reached (refused, hung) or
    was found so a moment ago: nothing runs here then, the caller's row waits for the sweep.
    Without REDIS_URL, Celery runs the task in-process (eager), errors propagating."""
    if isinstance(task, str):
        task = task_named(task)
    if not task.app.conf.task_always_eager and broker_down():
        logger.info("Broker known to be unreachable: %s not sent.", task.name)
        return False
    try:
        task.apply_async(kwargs=kwargs)
        return True
    except BROKER_ERRORS as error:
        with _down_lock:
            _down_until[task.app.conf.broker_url or ""] = time.monotonic() + BROKER_RETRY_SECONDS
        logger.warning("Broker unreachable (%s): %s not sent.", error, task.name)
    return False


def send(task: str | Task, kwargs: dict, *, inline: Callable[[], object]) -> bool:
    """Send the task named `task` (or the task itself) now; if the broker cannot be reached,
    run `inline` here instead (light work only: ratings, rankings, a mail).

    Returns True when the task was sent. Without REDIS_URL, Celery runs the task in-process
    (eager) and its errors propagate, as in development they should. In the fallback, an error is
    logged, not raised: the change it follows is committed and the sweep will redo the work.
    """
    if isinstance(task, str):
        task = task_named(task)
    if publish(task, kwargs):
        return True
    logger.warning("Running %s inline instead.", task.name)
    try:
        inline()
    except Exception:
        logger.exception("%s failed inline; the sweep will run it again.", task.name)
    return False


def send_on_commit(task: str | Task, kwargs: dict, *, inline: Callable[[], object]) -> None:
    """`send` once the current transaction commits (at once outside one); never on rollback."""
    transaction.on_commit(partial(send, task, kwargs, inline=inline))
