"""Point this process's Celery app at a real broker for a test, then back to in-process."""

from __future__ import annotations

from contextlib import contextmanager

from config.celery import app

KEYS = ("broker_url", "task_always_eager", "task_default_queue")


@contextmanager
def celery_broker(url: str, *, queue: str | None = None):
    """Send tasks to `url` (and `queue`) instead of running them in-process."""
    saved = {key: app.conf[key] for key in KEYS}
    app.conf.update(broker_url=url, task_always_eager=False)
    if queue:
        app.conf.task_default_queue = queue
    _drop_pools()
    try:
        yield app
    finally:
        app.conf.update(saved)
        _drop_pools()


def _drop_pools() -> None:
    """Forget the pooled connections and producers bound to the previous broker."""
    app._pool = None
    app.amqp._producer_pool = None
