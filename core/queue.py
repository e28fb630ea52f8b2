"""Sending Celery tasks: after commit, and inline when the broker cannot be reached.

The one place that knows how work leaves a request. Services call `send_on_commit` (or `send`)
with a task function of their app's tasks module, or `send_by_name_on_commit` (`send_by_name`)
with the task's name when the tasks module imports them, and the service call that does the
same work in-process, for when Redis is down. Shared by the campaign's jobs and
mail and the canoe games' ratings and lab runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import kombu.exceptions
import redis.exceptions
from celery import current_app
from django.db import transaction

logger = logging.getLogger(__name__)

# What a failed publish raises: kombu wraps the transport's errors, but not every path does.
BROKER_ERRORS = (kombu.exceptions.OperationalError, redis.exceptions.RedisError, OSError)


def send(task, kwargs: dict, *, inline: Callable[[], object]) -> bool:
    """Send `task` now; if the broker cannot be reached, run `inline` here instead.

    Returns True when the task was sent. Without REDIS_URL, Celery runs the task in-process
    (eager) and its errors propagate, as in development they should. In the fallback, an error is
    logged, not raised: the change it follows is committed and the sweep will redo the work.
    """
    try:
        task.apply_async(kwargs=kwargs)
        return True
    except BROKER_ERRORS as error:
        logger.warning("Broker unreachable (%s): running %s inline.", error, task.name)
    try:
        inline()
    except Exception:
        logger.exception("%s failed inline; the sweep will run it again.", task.name)
    return False


def send_on_commit(task, kwargs: dict, *, inline: Callable[[], object]) -> None:
    """`send` once the current transaction commits (at once outside one); never on rollback."""
    transaction.on_commit(partial(send, task, kwargs, inline=inline))


def send_by_name(name: str, kwargs: dict, *, inline: Callable[[], object]) -> bool:
    """`send` for a task known by its name, so that a service never imports the tasks module
    (which imports the services: the tasks are thin and on top). The task is looked up in the
    Celery app's registry, so without REDIS_URL it still runs in-process (eager), which
    `app.send_task` would not; its app registers its tasks when ready."""
    return send(current_app.tasks[name], kwargs, inline=inline)


def send_by_name_on_commit(name: str, kwargs: dict, *, inline: Callable[[], object]) -> None:
    """`send_by_name` once the current transaction commits (at once outside one); never on
    rollback. The task is looked up when it is sent."""
    transaction.on_commit(partial(send_by_name, name, kwargs, inline=inline))
