"""Tasks are sent after commit, never on rollback, and a dead broker loses nothing."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from campaign import services, tasks
from campaign.models import Warband
from core.content_version import campaign_scope
from core.models import Job
from tests.campaign_data import figure, warband
from tests.factories import CampaignFactory
from tests.worker.celery_app import celery_broker

UNREACHABLE = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@pytest.fixture
def band(campaign):
    made = warband(campaign, name="Rogers' Irregulars", treasury=30)
    figure(made, level=11, kit=(10,))
    return made


@pytest.fixture
def sent(monkeypatch):
    """What would have gone to the broker: (task name, kwargs)."""
    calls = []

    def record(task):
        def apply_async(kwargs=None, **options):
            calls.append((task.name, kwargs))

        return apply_async

    for task in (tasks.recalculate_warbands_task, tasks.run_job_task):
        monkeypatch.setattr(task, "apply_async", record(task))
    return calls


def test_a_recalculation_is_sent_only_once_the_transaction_commits(
    band, sent, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks(execute=True)
    with capture as callbacks, transaction.atomic():
        services.ratings_queue_recalculation(warband_ids=[band.id, band.id])
        band.refresh_from_db()
        assert band.rating_stale  # "being recalculated" from the start
        assert sent == []
    assert len(callbacks) == 1
    assert sent == [("campaign.recalculate_warbands", {"warband_ids": [band.id]})]


def test_nothing_is_sent_when_the_transaction_rolls_back(
    band, sent, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks(execute=True)
    with capture as callbacks, pytest.raises(RuntimeError), transaction.atomic():
        services.ratings_queue_recalculation(warband_ids=[band.id])
        services.campaign_queue_recalculation(campaign_id=band.campaign_id)
        raise RuntimeError("the game report was invalid")
    assert callbacks == [] and sent == []
    band.refresh_from_db()
    assert not band.rating_stale
    assert not Job.objects.exists()


def test_without_a_broker_configured_the_task_runs_in_process(
    band, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.ratings_queue_recalculation(warband_ids=[band.id])
    band.refresh_from_db()
    assert (band.rating, band.rating_stale) == (30 + 11 + 10, False)


# --- Redis down --------------------------------------------------------------------------------


def test_with_redis_down_the_recalculation_runs_inline_and_nothing_is_lost(
    band, django_capture_on_commit_callbacks
):
    with celery_broker(UNREACHABLE), django_capture_on_commit_callbacks(execute=True):
        services.ratings_queue_recalculation(warband_ids=[band.id])
    band.refresh_from_db()
    assert (band.rating, band.rating_stale) == (51, False)


def test_with_redis_down_the_organisers_button_still_works_and_finishes_the_job(
    client, organiser, band, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    Warband.objects.filter(pk=band.pk).update(rating=0)
    with celery_broker(UNREACHABLE), django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("campaign-recalculate", args=[band.campaign_id]))
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == reverse("job", args=[job.id])
    assert job.state == Job.State.DONE
    band.refresh_from_db()
    assert band.rating == 51


def test_with_redis_down_and_the_inline_run_failing_the_warband_stays_marked_for_the_sweep(
    band, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(**kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr("campaign.services.ratings.warbands_recalculate", broken)
    with celery_broker(UNREACHABLE), django_capture_on_commit_callbacks(execute=True):
        services.ratings_queue_recalculation(warband_ids=[band.id])  # does not raise
    band.refresh_from_db()
    assert band.rating_stale
    monkeypatch.undo()

    services.jobs_sweep()

    band.refresh_from_db()
    assert (band.rating, band.rating_stale) == (51, False)


def test_the_sweep_sends_again_a_job_whose_message_was_lost(campaign, sent):
    job = Job.objects.create(kind="rankings", scope=campaign_scope(campaign.id))
    Job.objects.filter(pk=job.pk).update(updated_at=job.updated_at.replace(year=2000))

    assert services.jobs_sweep()["jobs"] == 1
    assert sent == [("campaign.run_job", {"job_id": job.id})]


def test_an_in_process_task_for_a_job_running_elsewhere_returns_without_waiting(campaign):
    job = Job.objects.create(
        kind="rankings", scope=campaign_scope(campaign.id), state=Job.State.RUNNING
    )
    tasks.run_job_task.apply(kwargs={"job_id": job.id}).get()
    job.refresh_from_db()
    assert job.state == Job.State.RUNNING


def test_a_deleted_campaigns_jobs_go_with_it(campaign, organiser):
    other = CampaignFactory(organiser=organiser)
    Job.objects.create(kind="rankings", scope=campaign_scope(campaign.id))
    kept = Job.objects.create(kind="rankings", scope=campaign_scope(other.id))
    campaign.delete()
    assert list(Job.objects.all()) == [kept]
