"""Sending Celery tasks: after commit, and inline when the broker cannot be reached.

The one place that knows how work leaves a request. Services call `send_on_commit` (or `send`)
with a task's registered name and the service call that does the same work in-process, for when
Redis is down. A service never imports a tasks module: the tasks are thin and on top, importing
the services they run, so the import runs one way. Shared by the campaign's jobs and mail and the
canoe games' odds, ratings and lab runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import kombu.exceptions
import redis.exceptions
from celery import Task, current_app
from django.db import transaction

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


def send(task: str | Task, kwargs: dict, *, inline: Callable[[], object]) -> bool:
    """Send the task named `task` (or the task itself) now; if the broker cannot be reached,
    run `inline` here instead.

    Returns True when the task was sent. Without REDIS_URL, Celery runs the task in-process
    (eager) and its errors propagate, as in development they should. In the fallback, an error is
    logged, not raised: the change it follows is committed and the sweep will redo the work.
    """
    if isinstance(task, str):
        task = task_named(task)
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


def send_on_commit(task: str | Task, kwargs: dict, *, inline: Callable[[], object]) -> None:
    """`send` once the current transaction commits (at once outside one); never on rollback."""
    transaction.on_commit(partial(send, task, kwargs, inline=inline))
