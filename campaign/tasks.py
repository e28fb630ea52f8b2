"""Celery tasks: thin wrappers over the services, enqueued by them after commit.

campaign.services.jobs (which the package campaign.services runs first) still imports these
functions at its top to send them with `core.queue`, so the tasks import the campaign's services
in their bodies, until the jobs send by name; the mail is imported at the top.

Every task is idempotent: a message delivered twice (a worker killed mid-job is delivered again,
acks_late) leaves the same rows. A transient database error (a lock, a lost connection) is
retried with a backoff; the results are rows, so no task keeps a Celery result.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

from accounts import mail

logger = logging.getLogger(__name__)

RETRY = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 5,
    "ignore_result": True,
}


@shared_task(name="campaign.recalculate_warbands", **RETRY)
def recalculate_warbands_task(warband_ids: list[int]) -> None:
    """Team ratings (C11) and rating history of a few warbands, after a game or a change."""
    # campaign.services runs its jobs module first, which imports this one: the jobs' circle.
    from campaign.services.ratings import warbands_recalculate

    warbands_recalculate(warband_ids=warband_ids)


@shared_task(name="campaign.run_job", bind=True, **RETRY)
def run_job_task(self, job_id: int) -> None:
    """A campaign's job (recalculation or rankings), with progress on its Job row."""
    # The jobs import this module: a circle left to their rewrite (tests/test_architecture.py).
    from campaign.services.jobs import JobBusy, job_run

    try:
        job_run(job_id=job_id)
    except JobBusy as busy:
        if self.request.is_eager:  # in-process there is no other worker to wait for
            return
        raise self.retry(countdown=busy.retry_in, max_retries=None) from busy


@shared_task(name="campaign.sweep", ignore_result=True)
def sweep_task() -> None:
    """Periodic (celery beat): redo stale ratings and re-send jobs a lost message left queued."""
    # The jobs import this module: a circle left to their rewrite (tests/test_architecture.py).
    from campaign.services.jobs import jobs_sweep

    jobs_sweep()


MAIL_RETRIES = 3  # a send error is tried again this many times, a minute apart, then logged


@shared_task(name="campaign.mail_inbox_item", bind=True, **RETRY)
def mail_inbox_item_task(self, user_id: int, kind: str, title: str, url: str) -> None:
    """One e-mail about a new inbox item (accounts.mail decides whether the player wants it).
    Any send error (a mail server down, a header it refuses, a bug) is tried again later by a
    worker, a few times; in-process it is logged only: the change the mail tells of is
    committed already, and the request that made it must not fail (issue 25, finding 5)."""
    try:
        mail.inbox_item_mail(user_id=user_id, kind=kind, title=title, url=url)
    except Exception as error:  # noqa: BLE001 - whatever it is, the mail waits, the game stays
        if self.request.is_eager:
            logger.warning("E-mail to user %s not sent: %r", user_id, error)
            return
        logger.warning("E-mail to user %s not sent, will retry: %r", user_id, error)
        raise self.retry(exc=error, countdown=60, max_retries=MAIL_RETRIES) from error
