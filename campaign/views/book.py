"""The campaign book: `/campaigns/<id>/book.pdf` answers the PDF when the kept book is current,
else 202 with Retry-After and a page that shows the book being made (HTMX polls its status,
which sends the browser to the PDF once it is ready; without JavaScript the page reloads)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect

from campaign.access import campaign_to_read
from campaign.services import book as books
from core.models import Job


def _pdf(campaign, book) -> HttpResponse:
    response = HttpResponse(bytes(book.pdf), content_type="application/pdf")
    name = slugify(campaign.name) or f"campaign-{campaign.id}"
    response["Content-Disposition"] = f'inline; filename="{name}-book.pdf"'
    response["Cache-Control"] = "private, no-cache"  # kept here, not in a browser's cache
    return response


def _making(request, campaign, job, status: int = 202) -> HttpResponse:
    template = "campaign/book.html#book-status" if request.htmx else "campaign/book.html"
    response = render(request, template, {"campaign": campaign, "job": job}, status=status)
    response["Retry-After"] = str(books.RETRY_AFTER)
    return response


@require_GET
def campaign_book(request, campaign_id: int):
    campaign = campaign_to_read(request, campaign_id)
    book, job = books.book_request(campaign_id=campaign.id)
    if book is not None:
        return _pdf(campaign, book)
    return _making(request, campaign, job)


@require_GET
def campaign_book_status(request, campaign_id: int):
    """What the progress page polls: the job's progress, or, once the book is current, the
    browser sent to it."""
    campaign = campaign_to_read(request, campaign_id)
    url = reverse("campaign-book", args=[campaign.id])
    if books.book_current(campaign.id, with_pdf=False) is not None:
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    job = books.book_latest_job(campaign.id)
    if job is None or job.state == Job.State.DONE:  # made for a version already stale: again
        job = books.book_queue(campaign_id=campaign.id)
        job.refresh_from_db()
    # A failed job is shown, not queued again at every poll: reloading the page asks anew.
    return _making(request, campaign, job, status=200)
