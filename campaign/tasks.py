"""Celery tasks: thin wrappers over the services, enqueued by them after commit.

The tasks are on top: this module imports the services, and the services send a task by its
name through `core.queue` (never importing this module), so the import runs one way
(tasks -> services). The app registers the tasks when it is ready (campaign.apps).

Every task is idempotent: a message delivered twice (a worker killed mid-job is delivered again,
acks_late) leaves the same rows. A transient database error (a lock, a lost connection) is
retried with a backoff; the results are rows, so no task keeps a Celery result.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from accounts import mail
from campaign.services import book, chronicle, jobs, notify, ratings, webhooks

logger = logging.getLogger(__name__)

RETRY = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 5,
    "ignore_result": True,
}


@shared_task(name=jobs.RECALCULATE_WARBANDS_TASK, **RETRY)
def recalculate_warbands_task(warband_ids: list[int]) -> None:
    """Team ratings (C11) and rating history of a few warbands, after a game or a change."""
    ratings.warbands_recalculate(warband_ids=warband_ids)


@shared_task(name=jobs.RUN_JOB_TASK, bind=True, **RETRY)
def run_job_task(self, job_id: int) -> None:
    """A campaign's job (recalculation or rankings), with progress on its Job row."""
    _run_unless_busy(self, jobs.job_run, job_id)


def _run_unless_busy(task, run, job_id: int) -> None:
    """Run a campaign's job (`run`: the service the task stands for); while the job is busy
    elsewhere, the task tries again later."""
    try:
        run(job_id=job_id)
    except jobs.JobBusy as busy:
        if task.request.is_eager:  # in-process there is no other worker to wait for
            return
        raise task.retry(countdown=busy.retry_in, max_retries=None) from busy


@shared_task(name=chronicle.SWINGS_TASK, **RETRY)
def chronicle_swings_task(chase_id: int) -> None:
    """A finished chase's swings of the odds, for its chronicle entry (a few seconds of play)."""
    chronicle.chase_swings_work_out(chase_id=chase_id)


@shared_task(name="campaign.sweep", ignore_result=True)
def sweep_task() -> None:
    """Periodic (celery beat): redo stale ratings and re-send jobs a lost message left queued."""
    jobs.jobs_sweep()


MAIL_RETRIES = 3  # a send error is tried again this many times, a minute apart, then logged


@shared_task(name=notify.MAIL_TASK, bind=True, **RETRY)
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


@shared_task(name=book.MAKE_BOOK_TASK, bind=True, **RETRY)
def make_book_task(self, job_id: int) -> None:
    """A campaign's book (its PDF), with progress on its Job row."""
    _run_unless_busy(self, book.book_job_run, job_id)


@shared_task(
    name=webhooks.WEBHOOK_TASK,
    bind=True,
    autoretry_for=(webhooks.WebhookRetry,),
    retry_backoff=5,  # 5, 10, 20, 40, 80 s (with jitter), then it is marked failed
    retry_backoff_max=300,
    retry_jitter=True,
    max_retries=webhooks.RETRIES,
    ignore_result=True,
)
def post_chronicle_entry_task(self, post_id: int) -> None:
    """One chronicle entry posted to its campaign's webhook. Without a worker (`make run`) it is
    tried once, so a hung host never holds up the request that committed the game; the sweep
    tries again."""
    in_process = settings.CELERY_TASK_ALWAYS_EAGER
    final = self.request.retries >= webhooks.RETRIES
    try:
        webhooks.webhook_post(post_id=post_id, final=final)
    except webhooks.WebhookRetry as error:
        if in_process:
            logger.warning("Webhook post %s not sent, the sweep will retry: %s", post_id, error)
            return
        raise
