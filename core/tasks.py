"""Core's Celery tasks: thin wrappers, run by celery beat (config/settings CELERY_BEAT_SCHEDULE)."""

from __future__ import annotations

from celery import shared_task

from core.idempotency import idempotency_sweep


@shared_task(name="core.idempotency_sweep", ignore_result=True)
def idempotency_sweep_task() -> None:
    """Hourly: forget the answers kept for Idempotency-Key repeats once a day old."""
    idempotency_sweep()
