"""The campaign book: `/campaigns/<id>/book.pdf` is an A4 PDF with a cover, the league table,
each warband's roster cards, the chronicle and the ratings chart; made on the worker when asked
(202 and Retry-After meanwhile), kept until the campaign changes.

People: the demo's alice (organiser) and bob, and a stranger. The campaign is the demo's: four
warbands, one game played through both post-games.
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from campaign import book_pdf, services
from campaign.demo import load_demo
from campaign.models import CampaignBook, Warband
from campaign.services import book as books
from core.models import Job
from tests.factories import UserFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def demo(db):
    campaign = load_demo()
    ids = list(Warband.objects.filter(campaign=campaign).values_list("pk", flat=True))
    services.warbands_recalculate(warband_ids=ids)
    return campaign


@pytest.fixture
def alice(demo):
    return demo.organiser


@pytest.fixture
def ask(client, django_capture_on_commit_callbacks):
    """GET the book as a browser would: the first answer is 202 while the job is queued; its
    task runs once the request's transaction commits, and the next answer is the PDF."""

    def get(url):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.get(url)
        if response.status_code == 202:
            response = client.get(url)
        return response

    return get


def pages_of(response) -> list[str]:
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return [page.extract_text() for page in reader.pages]


def test_the_book_is_a_pdf_with_every_section_and_name(client, ask, alice, demo):
    client.force_login(alice)
    response = ask(reverse("campaign-book", args=[demo.id]))
    assert response.status_code == 200
    pages = pages_of(response)
    text = "\n".join(pages)
    # A4, a cover, the league, a page or more per warband, the chronicle, the chart.
    reader = PdfReader(io.BytesIO(response.content))
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (595, 842)
    warbands = list(Warband.objects.filter(campaign=demo).order_by("name"))
    assert len(pages) >= 1 + 1 + len(warbands) + 1 + 1
    assert "Ohio Valley 1757" in pages[0] and "The campaign book" in pages[0]
    assert "1 game played, on 3 May 2025" in pages[0]  # when the games were played
    for heading in (book_pdf.LEAGUE, book_pdf.ROSTERS, book_pdf.CHRONICLE, book_pdf.RATINGS):
        assert heading in text, heading
    for warband in warbands:
        assert warband.name in text
        for figure in warband.figures.all():
            assert figure.name in text, figure.name
    league = next(page for page in pages if book_pdf.LEAGUE in page)
    assert "Magalakutway" in league and "alice" in league
    chronicle = "\n".join(page for page in pages if book_pdf.CHRONICLE in page or "Game 1" in page)
    assert "Game 1: Magalakutway v The 44th Foot Patrol" in chronicle
    assert "Magalakutway (alice) beat The 44th Foot Patrol (bob)." in chronicle
    assert "Swift Otter" in chronicle  # what followed the game: the chronicle's statements
    ratings = pages[-1]
    assert book_pdf.RATINGS in ratings and "Magalakutway" in ratings


def test_the_book_is_kept_until_the_campaign_changes(client, ask, alice, demo):
    client.force_login(alice)
    url = reverse("campaign-book", args=[demo.id])
    first = ask(url)
    kept = CampaignBook.objects.get(campaign=demo)
    again = client.get(url)
    assert again.content == first.content
    assert CampaignBook.objects.get(campaign=demo).made_at == kept.made_at  # not made again
    services.campaign_update(campaign=demo, name="Ohio Valley 1758")
    changed = ask(url)
    assert "Ohio Valley 1758" in pages_of(changed)[0]
    assert CampaignBook.objects.get(campaign=demo).version != kept.version


def test_while_the_book_is_being_made_the_answer_is_202_with_retry_after(
    client, alice, demo, monkeypatch
):
    monkeypatch.setattr(
        "campaign.services.book.send_on_commit", lambda *args, **kwargs: None
    )  # a worker that has not got to it yet
    client.force_login(alice)
    response = client.get(reverse("campaign-book", args=[demo.id]))
    assert response.status_code == 202
    assert response["Retry-After"] == str(books.RETRY_AFTER)
    assert b"Waiting for a worker" in response.content
    job = Job.objects.get(kind=books.BOOK)
    # Asked again meanwhile: the same job, not a second one.
    assert client.get(reverse("campaign-book", args=[demo.id])).status_code == 202
    assert Job.objects.filter(kind=books.BOOK).count() == 1
    status = client.get(reverse("campaign-book-status", args=[demo.id]), **HTMX)
    assert status.status_code == 200 and b'id="book-status"' in status.content
    # The worker makes it: the page's poll sends the browser to the PDF.
    books.book_job_run(job_id=job.pk)
    status = client.get(reverse("campaign-book-status", args=[demo.id]), **HTMX)
    assert status["HX-Redirect"] == reverse("campaign-book", args=[demo.id])
    assert client.get(reverse("campaign-book", args=[demo.id])).status_code == 200


def test_making_the_book_does_not_make_it_stale(alice, demo):
    made = books.book_make(campaign_id=demo.id)
    assert books.book_current(demo.id) == made


def test_a_stranger_cannot_read_a_private_campaigns_book(client, demo):
    demo.is_public = False
    demo.save()
    client.force_login(UserFactory(username="stranger"))
    assert client.get(reverse("campaign-book", args=[demo.id])).status_code == 404
    assert client.get(reverse("campaign-book-status", args=[demo.id])).status_code == 404


def test_the_campaign_page_links_to_the_book(client, alice, demo):
    client.force_login(alice)
    response = client.get(reverse("campaign", args=[demo.id]))
    assert reverse("campaign-book", args=[demo.id]).encode() in response.content


def test_the_kept_book_counts_its_pages(alice, demo):
    made = books.book_make(campaign_id=demo.id)
    reader = PdfReader(io.BytesIO(bytes(made.pdf)))
    assert made.pages == len(reader.pages) and made.games == 1
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    assert outline == [book_pdf.LEAGUE, book_pdf.ROSTERS, book_pdf.CHRONICLE, book_pdf.RATINGS]


def test_names_print_as_typed_whatever_their_characters(alice, demo):
    services.campaign_update(campaign=demo, name="Fort <Duquesne> & Ça → 1758")
    made = books.book_make(campaign_id=demo.id)
    cover = PdfReader(io.BytesIO(bytes(made.pdf))).pages[0].extract_text()
    assert "Fort <Duquesne> & Ça → 1758" in " ".join(cover.split())  # the arrow's own font


def test_a_book_job_whose_message_was_lost_is_sent_again_by_the_sweep(alice, demo):
    job = Job.objects.create(kind=books.BOOK, scope=books.book_scope(demo.id), total=3)
    Job.objects.filter(pk=job.pk).update(updated_at=job.updated_at - services.jobs.QUEUED_GRACE * 2)
    assert books.book_current(demo.id) is None
    assert services.jobs_sweep()["jobs"] == 1
    assert books.book_current(demo.id) is not None
    job.refresh_from_db()
    assert job.state == Job.State.DONE


def test_a_book_that_fails_says_so_and_is_not_made_again_at_every_poll(
    client, alice, demo, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(contents):
        raise ValueError("the printer caught fire")

    monkeypatch.setattr("campaign.services.book.book_pdf", broken)
    client.force_login(alice)
    with pytest.raises(ValueError), django_capture_on_commit_callbacks(execute=True):
        client.get(reverse("campaign-book", args=[demo.id]))  # in-process, the error propagates
    status = client.get(reverse("campaign-book-status", args=[demo.id]), **HTMX)
    assert b"Failed" in status.content and b"the printer caught fire" in status.content
    assert b"hx-get" not in status.content  # the page stops polling
    client.get(reverse("campaign-book-status", args=[demo.id]), **HTMX)
    assert Job.objects.filter(kind=books.BOOK).count() == 1
