"""The campaign book: made by a worker when someone asks for it, kept until the campaign changes.

The book is kept under the campaign's content token (core.content_version: a new one is drawn by
every write to the campaign, its warbands, games, post-games, ratings...), read *before* the
campaign is: a write that lands while the book is being made leaves it under the old token, so
the next ask makes it again; never new pages under an old token, nor old ones under a new token.
Its own rows (the book, the job making it) are in the campaign's outputs' scope (`b:<id>`), not
the campaign's, so making the book does not make it stale.

Asking (`book_request`) answers the book when it is current, else queues a "book" job (one at a
time per campaign; the job row is its durable record: the sweep sends it again if its message was
lost) and answers that. Without a broker (`make run`) the job runs in-process at once.
"""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from campaign import access
from campaign.book_pdf import book_pdf
from campaign.models import Campaign, CampaignBook
from campaign.selectors.book import book_contents
from campaign.services.jobs import QUEUED_GRACE, job_claimed_run, job_progress, lease
from core.content_version import campaign_scope, scope_id, versions
from core.models import Job
from core.queue import send, send_on_commit

BOOK = "book"  # the job's kind
# The campaign's outputs (its book, its webhook posts): campaign.content_scopes draws it.
BOOK_SCOPE = access.BOOK_SCOPE
MAKE_BOOK_TASK = "campaign.make_book"
RETRY_AFTER = 2  # seconds a client waits before asking again while the book is being made
STEPS = ("Reading the campaign", "Drawing the pages", "Keeping the book")


def book_scope(campaign_id: int) -> str:
    return f"{BOOK_SCOPE}:{campaign_id}"


def book_job_campaign_id(job: Job) -> int | None:
    return scope_id(job.scope, BOOK_SCOPE)


def campaign_version(campaign_id: int) -> str:
    """The campaign's content token now (within a request, as the request first read it, until
    it writes)."""
    scope = campaign_scope(campaign_id)
    return versions([scope])[scope]


def book_current(campaign_id: int, *, with_pdf: bool = True) -> CampaignBook | None:
    """The kept book, if the campaign has not changed since it was made."""
    books = CampaignBook.objects.filter(
        campaign_id=campaign_id, version=campaign_version(campaign_id)
    )
    return (books if with_pdf else books.defer("pdf")).first()


def _active(now) -> Q:
    return Q(state=Job.State.QUEUED) | Q(state=Job.State.RUNNING, updated_at__gte=now - lease())


def book_job(campaign_id: int) -> Job | None:
    """The job making this campaign's book now, if one is queued or running."""
    jobs = Job.objects.filter(_active(timezone.now()), kind=BOOK, scope=book_scope(campaign_id))
    return jobs.order_by("pk").first()


def book_latest_job(campaign_id: int) -> Job | None:
    """The campaign's latest book job, whatever its state (a failed one is kept a week)."""
    jobs = Job.objects.filter(kind=BOOK, scope=book_scope(campaign_id))
    return jobs.order_by("-created_at", "-pk").first()


def book_queue(*, campaign_id: int) -> Job:
    """Queue the making of the book, or return the job already at it (one per campaign: a job
    making an older version finishes, and the next ask queues another)."""
    with transaction.atomic():
        Campaign.objects.lock(campaign_id)
        job = book_job(campaign_id)
        if job is not None:
            return job
        job = Job.objects.create(
            kind=BOOK,
            scope=book_scope(campaign_id),
            total=len(STEPS),
            message="Waiting for a worker",
        )
        send_on_commit(
            MAKE_BOOK_TASK, {"job_id": job.pk}, inline=partial(book_job_run, job_id=job.pk)
        )
    return job


def book_request(*, campaign_id: int) -> tuple[CampaignBook | None, Job | None]:
    """The book if it is current; else (None, the job making it), queued now if none was."""
    book = book_current(campaign_id)
    if book is not None:
        return book, None
    job = book_queue(campaign_id=campaign_id)
    book = book_current(campaign_id)  # without a broker the job has run already
    if book is not None:
        return book, None
    job.refresh_from_db()
    return None, job


def book_make(*, campaign_id: int, job: Job | None = None) -> CampaignBook:
    """Make the campaign's book and keep it (replacing the one before), under the version read
    before the campaign was."""
    version = campaign_version(campaign_id)
    if job is not None:
        job_progress(job, done=0, message=STEPS[0])
    campaign = Campaign.objects.select_related("organiser").get(pk=campaign_id)
    contents = book_contents(campaign)
    if job is not None:
        job_progress(job, done=1, message=STEPS[1])
    printed = book_pdf(contents)
    if job is not None:
        job_progress(job, done=2, message=STEPS[2])
    book, _ = CampaignBook.objects.update_or_create(
        campaign_id=campaign_id,
        defaults={
            "version": version,
            "pdf": printed.pdf,
            "pages": printed.pages,
            "games": contents.games,
        },
    )
    return book


def book_job_run(*, job_id: int) -> Job | None:
    """Claim a book job and make the book; what the task and the in-process fallback call
    (jobs.job_claimed_run: a passing database error hands it back, any other fails it)."""

    def work(job: Job) -> str:
        book = book_make(campaign_id=book_job_campaign_id(job), job=job)
        return f"The book is ready: {book.pages} pages"

    return job_claimed_run(job_id=job_id, work=work)


def book_jobs_sweep() -> int:
    """The book jobs a lost message or a dead worker left behind, sent again (the periodic
    sweep calls this through core.jobs)."""
    now = timezone.now()
    lost = Q(state=Job.State.QUEUED, updated_at__lt=now - QUEUED_GRACE) | Q(
        state=Job.State.RUNNING, updated_at__lt=now - lease()
    )
    ids = list(Job.objects.filter(lost, kind=BOOK).values_list("pk", flat=True))
    for job_id in ids:
        send(MAKE_BOOK_TASK, {"job_id": job_id}, inline=partial(book_job_run, job_id=job_id))
    return len(ids)


def book_jobs_delete(sender, instance, **kwargs) -> None:
    """A deleted campaign's book jobs go with it (post_delete); its book row by cascade."""
    Job.objects.filter(scope=book_scope(instance.pk)).delete()
