"""Background jobs: queueing work after commit, and the Job rows that carry its progress.

Two kinds of work leave the request:

* a warband's team rating (C11): marked `rating_stale` in the caller's transaction, then a task
  is sent once it commits. The flag is the durable record: the sweep redoes any warband still
  stale.
* a campaign's jobs, each a `Job` row created in the caller's transaction: "recalculate" (every
  warband, then the rankings: the organiser's button) and "rankings" (the Glicko-2 table after a
  game is confirmed, edited or withdrawn). The row is the durable record: the sweep sends a
  queued job again if its task never arrived.

Tasks go out through core.queue: after commit, and run at once in this process if
the broker cannot be reached (the request still succeeds, nothing waits for Redis). Everything
here is idempotent, so a task delivered twice, or run by the sweep as well, leaves the same rows.

A job runs in one worker at a time: `job_claim` takes it with one conditional UPDATE, and the
worker's progress writes keep its lease (`updated_at`) fresh. A job whose lease has expired
(its worker died) is taken over by the next delivery; one whose lease is fresh makes the
second delivery wait (JobBusy, the task retries later).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import OperationalError, transaction
from django.db.models import Q
from django.utils import timezone

from campaign.models import Campaign, Warband
from campaign.services import notify, ratings
from campaign.services.campaigns import require_open
from campaign.services.rankings import rankings_rebuild
from campaign.services.webhooks import webhook_sweep
from core.content_version import CAMPAIGN_SCOPE, campaign_scope, scope_id
from core.jobs import kinds_sweep
from core.models import Job
from core.queue import send, send_on_commit

RECALCULATE, RANKINGS = "recalculate", "rankings"
# The tasks (campaign.tasks, which imports this module) are sent by name.
RECALCULATE_WARBANDS_TASK, RUN_JOB_TASK = "campaign.recalculate_warbands", "campaign.run_job"
KINDS = {RECALCULATE: "Recalculating the campaign", RANKINGS: "Updating the rankings"}
QUEUED_GRACE = timedelta(minutes=2)  # the sweep re-sends a job queued longer than this
KEEP_FINISHED = timedelta(days=7)


class JobBusy(Exception):
    """Another worker holds the job's lease; try again in `retry_in` seconds."""

    def __init__(self, retry_in: float):
        super().__init__(f"the job is running elsewhere; retry in {retry_in:.0f} s")
        self.retry_in = retry_in


def lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "FRONTIER_JOB_LEASE_SECONDS", 60))


# --- the seams the game reports call ----------------------------------------------------------


def ratings_queue_recalculation(*, warband_ids: Iterable[int]) -> None:
    """The team ratings (C11) of these warbands changed: recalculate them after commit.

    Marks them "being recalculated" in the caller's transaction (the flag survives a lost
    message; the sweep redoes stale warbands), then sends the task once it commits. With the
    broker down the recalculation runs at once, here.
    """
    ids = sorted(set(warband_ids))
    if not ids:
        return
    Warband.objects.filter(pk__in=ids).update(rating_stale=True)
    send_on_commit(
        RECALCULATE_WARBANDS_TASK,
        {"warband_ids": ids},
        # Looked up when the call is made, so a test may replace it.
        inline=partial(ratings.warbands_recalculate, warband_ids=ids),
    )


def rankings_queue_rebuild(*, campaign_id: int) -> Job:
    """A game of this campaign was confirmed, edited or withdrawn: rebuild its player rankings
    (Glicko-2, from scratch) after commit."""
    job, _ = job_queue(kind=RANKINGS, campaign_id=campaign_id)
    return job


def campaign_queue_recalculation(*, campaign_id: int) -> tuple[Job, bool]:
    """The organiser's button (and after a change to the rules data): every warband's rating and
    history, then the rankings. Returns the job, and False if one was already under way. A
    closed campaign's books are kept as they are: refused like every other write (finding 11)."""
    require_open(Campaign.objects.only("pk", "name").get(pk=campaign_id))
    return job_queue(kind=RECALCULATE, campaign_id=campaign_id)


# --- the Job rows ------------------------------------------------------------------------------


def job_campaign_id(job: Job) -> int | None:
    """The campaign a job works on: its scope's (`c:<id>`)."""
    return scope_id(job.scope, CAMPAIGN_SCOPE)


def campaign_jobs_delete(sender, instance, **kwargs) -> None:
    """A deleted campaign's jobs go with it, as the rows that named it did (post_delete)."""
    Job.objects.filter(scope=campaign_scope(instance.pk)).delete()


def _fresh(now) -> Q:
    return Q(state=Job.State.RUNNING, updated_at__gte=now - lease())


def job_queue(*, kind: str, campaign_id: int) -> tuple[Job, bool]:
    """Queue a job of `kind` for a campaign, or return the one that makes it unnecessary.

    A job still waiting in the queue will see this change when it runs, so it is reused. A
    running recalculation is reused too (the button shows its progress); a running rankings
    rebuild is not, since it may have read the games before this change.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown job kind {kind!r}")
    with transaction.atomic():
        Campaign.objects.lock(campaign_id)
        now = timezone.now()
        active = Q(state=Job.State.QUEUED)
        if kind == RECALCULATE:
            active |= _fresh(now)
        scope = campaign_scope(campaign_id)
        job = Job.objects.filter(active, kind=kind, scope=scope).order_by("pk").first()
        if job is not None:
            return job, False
        job = Job.objects.create(kind=kind, scope=scope, message="Waiting for a worker")
        send_on_commit(RUN_JOB_TASK, {"job_id": job.pk}, inline=partial(job_run, job_id=job.pk))
        return job, True


def job_claim(*, job_id: int) -> Job | None:
    """Take the job for this worker: None if it is finished (or gone), JobBusy if another worker
    holds a fresh lease. A job whose worker died (lease expired) starts again from the top."""
    with transaction.atomic():
        job = Job.objects.filter(pk=job_id).first()
        if job is None or job.state in (Job.State.DONE, Job.State.FAILED):
            return None
        if job_campaign_id(job) is not None:
            Campaign.objects.lock(job_campaign_id(job))
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
        scope=job.scope, kind=job.kind, state__in=(Job.State.DONE, Job.State.FAILED)
    ).exclude(pk=job.pk).delete()


def job_run(*, job_id: int, chunk_size: int | None = None, after_chunk=None) -> Job | None:
    """Claim a recalculation or rankings job and do it; what the task and the inline fallback
    both call (job_claimed_run says what an error does)."""

    def work(job: Job) -> str:
        if job.kind == RECALCULATE:
            options = {"after_chunk": after_chunk}
            if chunk_size:
                options["chunk_size"] = chunk_size
            return campaign_recalculate(job=job, **options)
        players = rankings_rebuild(campaign_id=job_campaign_id(job))
        return f"Rankings of {players} player(s) rebuilt"

    return job_claimed_run(job_id=job_id, work=work)


def job_claimed_run(*, job_id: int, work) -> Job | None:
    """Claim the job and run `work(job)`, which returns the finished job's message.

    A database error that may pass (a lock, a dropped connection) hands the job back to the
    queue and is raised for the task to retry; any other error marks the job failed.
    """
    job = job_claim(job_id=job_id)
    if job is None:
        return None
    try:
        message = work(job)
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


def campaign_recalculate(
    *,
    job: Job,
    chunk_size: int = ratings.CHUNK_SIZE,
    after_chunk: Callable[[int, int], None] | None = None,
) -> str:
    """Every warband of the job's campaign in chunks (one transaction each, progress after
    each), then the rankings. Idempotent: a second run, or a run taken over from a dead worker,
    starts from the top and leaves the same rows. Returns the message for the finished job."""
    warbands = Warband.objects.filter(campaign_id=job_campaign_id(job)).order_by("pk")
    ids = list(warbands.values_list("pk", flat=True))
    total = len(ids) + 1  # the rankings are the last step
    job_progress(job, done=0, total=total, message=f"Team ratings of {len(ids)} warband(s)")
    for start in range(0, len(ids), chunk_size):
        chunk = ids[start : start + chunk_size]
        ratings.warbands_recalculate(warband_ids=chunk)
        job_progress(job, done=start + len(chunk))
        if after_chunk is not None:
            after_chunk(start + len(chunk), total)
    job_progress(job, done=len(ids), message="Rankings")
    players = rankings_rebuild(campaign_id=job_campaign_id(job))
    return f"{len(ids)} warband(s) and {players} player ranking(s) recalculated"


# --- the sweep ---------------------------------------------------------------------------------


def jobs_sweep() -> dict[str, int]:
    """Redo what a lost message or a dead process left behind (celery beat runs this).

    Warbands still marked stale are recalculated here; queued jobs that waited too long and
    running jobs whose lease expired are sent again (the other apps' kinds by their own sweeps,
    core.jobs.kinds_sweep); e-mails that failed inline while Redis was down are sent again;
    finished jobs a week old are deleted; webhook posts a lost message left queued are sent.
    """
    stale = list(
        Warband.objects.filter(rating_stale=True).order_by("pk").values_list("pk", flat=True)
    )
    for start in range(0, len(stale), ratings.CHUNK_SIZE):
        ratings.warbands_recalculate(warband_ids=stale[start : start + ratings.CHUNK_SIZE])
    now = timezone.now()
    lost = Q(state=Job.State.QUEUED, updated_at__lt=now - QUEUED_GRACE) | Q(
        state=Job.State.RUNNING, updated_at__lt=now - lease()
    )
    resent = 0
    # The campaign's kinds here; the other apps' (the balance lab's runs) by their own sweeps.
    for job_id in Job.objects.filter(lost, kind__in=KINDS).values_list("pk", flat=True):
        send(RUN_JOB_TASK, {"job_id": job_id}, inline=partial(job_run, job_id=job_id))
        resent += 1
    resent += sum(kinds_sweep().values())
    finished = (Job.State.DONE, Job.State.FAILED)
    pruned, _ = Job.objects.filter(state__in=finished, updated_at__lt=now - KEEP_FINISHED).delete()
    mails = notify.unsent_mail_resend()  # e-mails that failed inline while Redis was down
    posts = webhook_sweep()  # chronicle entries whose webhook post a lost message left behind
    return {
        "warbands": len(stale),
        "jobs": resent,
        "pruned": pruned,
        "mails": mails,
        "webhook_posts": posts,
    }
