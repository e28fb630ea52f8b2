"""Background jobs: sending tasks after commit, and the Job rows that carry their progress.

Two kinds of work leave the request:

* a warband's team rating (C11): marked `rating_stale` in the caller's transaction, then a task
  is sent once it commits. The flag is the durable record: the sweep redoes any warband still
  stale.
* a campaign's jobs, each a `Job` row created in the caller's transaction: "recalculate" (every
  warband, then the rankings: the organiser's button) and "rankings" (the Glicko-2 table after a
  game is confirmed, edited or withdrawn). The row is the durable record: the sweep sends a
  queued job again if its task never arrived.

If the broker cannot be reached when a task is sent, the work runs at once in the same process
instead (the request still succeeds, nothing waits for Redis). Everything here is idempotent, so
a task delivered twice, or run by the sweep as well, leaves the same rows.

A job runs in one worker at a time: `job_claim` takes it with one conditional UPDATE, and the
worker's progress writes keep its lease (`updated_at`) fresh. A job whose lease has expired
(its worker died) is taken over by the next delivery; one whose lease is fresh makes the
second delivery wait (JobBusy, the task retries later).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from functools import partial

import kombu.exceptions
import redis.exceptions
from django.conf import settings
from django.db import OperationalError, transaction
from django.db.models import Q
from django.utils import timezone

from campaign.models import Campaign, Job

logger = logging.getLogger(__name__)

RECALCULATE, RANKINGS = "recalculate", "rankings"
KINDS = {RECALCULATE: "Recalculating the campaign", RANKINGS: "Updating the rankings"}
# What a failed publish raises: kombu wraps the transport's errors, but not every path does.
BROKER_ERRORS = (kombu.exceptions.OperationalError, redis.exceptions.RedisError, OSError)
QUEUED_GRACE = timedelta(minutes=2)  # the sweep re-sends a job queued longer than this
KEEP_FINISHED = timedelta(days=7)


class JobBusy(Exception):
    """Another worker holds the job's lease; try again in `retry_in` seconds."""

    def __init__(self, retry_in: float):
        super().__init__(f"the job is running elsewhere; retry in {retry_in:.0f} s")
        self.retry_in = retry_in


def lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "FRONTIER_JOB_LEASE_SECONDS", 60))


# --- sending -----------------------------------------------------------------------------------


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


# --- the Job rows ------------------------------------------------------------------------------


def lock_campaign(campaign_id: int) -> None:
    """Serialise queueing and claiming a campaign's jobs (a row lock on PostgreSQL; SQLite
    serialises every write anyway)."""
    list(Campaign.objects.select_for_update().filter(pk=campaign_id).values_list("pk"))


def _fresh(now) -> Q:
    return Q(state=Job.State.RUNNING, updated_at__gte=now - lease())


def job_queue(*, kind: str, campaign_id: int) -> tuple[Job, bool]:
    """Queue a job of `kind` for a campaign, or return the one that makes it unnecessary.

    A job still waiting in the queue will see this change when it runs, so it is reused. A
    running recalculation is reused too (the button shows its progress); a running rankings
    rebuild is not, since it may have read the games before this change.
    """
    from campaign import tasks

    if kind not in KINDS:
        raise ValueError(f"unknown job kind {kind!r}")
    with transaction.atomic():
        lock_campaign(campaign_id)
        now = timezone.now()
        active = Q(state=Job.State.QUEUED)
        if kind == RECALCULATE:
            active |= _fresh(now)
        job = Job.objects.filter(active, kind=kind, campaign_id=campaign_id).order_by("pk").first()
        if job is not None:
            return job, False
        job = Job.objects.create(kind=kind, campaign_id=campaign_id, message="Waiting for a worker")
        send_on_commit(tasks.run_job, {"job_id": job.pk}, inline=partial(job_run, job_id=job.pk))
        return job, True


def job_claim(*, job_id: int) -> Job | None:
    """Take the job for this worker: None if it is finished (or gone), JobBusy if another worker
    holds a fresh lease. A job whose worker died (lease expired) starts again from the top."""
    with transaction.atomic():
        job = Job.objects.filter(pk=job_id).first()
        if job is None or job.state in (Job.State.DONE, Job.State.FAILED):
            return None
        if job.campaign_id is not None:
            lock_campaign(job.campaign_id)
        now = timezone.now()
        claimable = Q(state=Job.State.QUEUED) | Q(
            state=Job.State.RUNNING, updated_at__lt=now - lease()
        )
        taken = Job.objects.filter(claimable, pk=job_id).update(
            state=Job.State.RUNNING, done=0, message=KINDS.get(job.kind, job.kind), updated_at=now
        )
    if taken:
        job.refresh_from_db()
        return job
    job.refresh_from_db()
    if job.state in (Job.State.DONE, Job.State.FAILED):
        return None
    retry_in = (job.updated_at + lease() - timezone.now()).total_seconds()
    raise JobBusy(max(retry_in, 1.0))


def job_progress(
    job: Job, *, done: int, total: int | None = None, message: str | None = None
) -> None:
    """Write progress (and renew the lease); its own statement, visible to the page at once."""
    changes = {"done": done, "updated_at": timezone.now()}
    if total is not None:
        changes["total"] = job.total = total
    if message is not None:
        changes["message"] = job.message = message[:200]
    Job.objects.filter(pk=job.pk, state=Job.State.RUNNING).update(**changes)
    job.done = done


def job_finish(job: Job, *, message: str) -> None:
    now = timezone.now()
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.DONE, done=job.total, message=message[:200], updated_at=now
    )
    # Keep the latest finished job of each kind per campaign (the page shows it), no pile.
    Job.objects.filter(
        campaign_id=job.campaign_id, kind=job.kind, state__in=(Job.State.DONE, Job.State.FAILED)
    ).exclude(pk=job.pk).delete()


def job_run(*, job_id: int, chunk_size: int | None = None, after_chunk=None) -> Job | None:
    """Claim the job and do it; what the task and the inline fallback both call.

    A database error that may pass (a lock, a dropped connection) hands the job back to the
    queue and is raised for the task to retry; any other error marks the job failed.
    """
    from campaign.services.rankings import rankings_rebuild
    from campaign.services.ratings import campaign_recalculate

    job = job_claim(job_id=job_id)
    if job is None:
        return None
    try:
        if job.kind == RECALCULATE:
            options = {"after_chunk": after_chunk}
            if chunk_size:
                options["chunk_size"] = chunk_size
            message = campaign_recalculate(job=job, **options)
        else:
            players = rankings_rebuild(campaign_id=job.campaign_id)
            message = f"Rankings of {players} player(s) rebuilt"
    except OperationalError:
        Job.objects.filter(pk=job.pk).update(state=Job.State.QUEUED, message="Waiting to retry")
        raise
    except Exception as error:
        Job.objects.filter(pk=job.pk).update(
            state=Job.State.FAILED, message=f"Failed: {error}"[:200], updated_at=timezone.now()
        )
        raise
    job_finish(job, message=message)
    job.refresh_from_db()
    return job


# --- the sweep ---------------------------------------------------------------------------------


def jobs_sweep() -> dict[str, int]:
    """Redo what a lost message or a dead process left behind (celery beat runs this).

    Warbands still marked stale are recalculated here; queued jobs that waited too long and
    running jobs whose lease expired are sent again; finished jobs a week old are deleted.
    """
    from campaign import tasks
    from campaign.models import Warband
    from campaign.services.ratings import CHUNK_SIZE, warbands_recalculate

    stale = list(
        Warband.objects.filter(rating_stale=True).order_by("pk").values_list("pk", flat=True)
    )
    for start in range(0, len(stale), CHUNK_SIZE):
        warbands_recalculate(warband_ids=stale[start : start + CHUNK_SIZE])
    now = timezone.now()
    lost = Q(state=Job.State.QUEUED, updated_at__lt=now - QUEUED_GRACE) | Q(
        state=Job.State.RUNNING, updated_at__lt=now - lease()
    )
    resent = 0
    for job_id in Job.objects.filter(lost).values_list("pk", flat=True):
        send(tasks.run_job, {"job_id": job_id}, inline=partial(job_run, job_id=job_id))
        resent += 1
    finished = (Job.State.DONE, Job.State.FAILED)
    pruned, _ = Job.objects.filter(state__in=finished, updated_at__lt=now - KEEP_FINISHED).delete()
    return {"warbands": len(stale), "jobs": resent, "pruned": pruned}
