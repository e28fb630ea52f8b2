"""Celery tasks of the canoe games: thin wrappers on top of the services they run. The services
never import this module: they send a task by its name through core.queue, so the import runs
one way (chase.tasks -> chase.services)."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from chase.services.alerts import turn_alerts_send
from chase.services.lab import lab_run
from chase.services.odds import odds_compute
from chase.services.ratings import ratings_game_finished, ratings_rebuild

# The ratings' tasks: idempotent, so retried after a lost database connection.
RETRIED = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 5,
    "ignore_result": True,
}


@shared_task(name="chase.win_odds", ignore_result=True)
def odds_task(session_id: int, version: int, role: str | None, step: int | None) -> None:
    """Work out and keep a seat's (or a replay step's) win odds; see chase.services.odds."""
    odds_compute(session_id=session_id, version=version, role=role, step=step)


@shared_task(name="chase.ratings_rebuild", **RETRIED)
def ratings_task(kind: str) -> None:
    """Rebuild a game kind's ratings from its finished games, when their history changed (see
    chase.services.ratings.ratings_history_changed).
    Idempotent, so a message delivered twice, or retried after a lost connection, leaves the
    same rows."""
    ratings_rebuild(kind=kind)


@shared_task(name="chase.ratings_update", **RETRIED)
def ratings_update_task(session_id: int) -> None:
    """Apply one finished game to its kind's ratings; see chase.services.ratings. A message
    delivered twice finds the game's places in and changes nothing."""
    ratings_game_finished(session_id=session_id)


@shared_task(name="chase.turn_alerts", ignore_result=True)
def turn_alerts_task() -> None:
    """Periodic (celery beat): canoe turn alerts, daily digests, deadline reminders."""
    turn_alerts_send()


@shared_task(name="chase.balance_lab", ignore_result=True, acks_late=True)
def balance_task(job_id: int) -> None:
    """Play a balance-lab run to its end, writing its progress as it goes; see chase.services.lab.
    Delivered twice, it resumes at the next game: the counts are the same."""
    lab_run(job_id=job_id)
