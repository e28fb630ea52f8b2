"""Celery tasks of the canoe games: thin wrappers, each importing its module in its body (so the
import runs one way: chase.odds -> chase.tasks) and a worker loads it only when it runs one."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="chase.win_odds", ignore_result=True)
def odds_task(session_id: int, version: int, role: str | None, step: int | None) -> None:
    """Work out and keep a seat's (or a replay step's) win odds; see chase.odds."""
    from chase.odds import odds_compute

    odds_compute(session_id=session_id, version=version, role=role, step=step)


@shared_task(name="chase.turn_alerts", ignore_result=True)
def turn_alerts_task() -> None:
    """Periodic (celery beat): canoe turn alerts, daily digests, deadline reminders."""
    from chase.alerts import turn_alerts_send

    turn_alerts_send()
