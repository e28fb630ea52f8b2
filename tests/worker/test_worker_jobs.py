"""Jobs run by a real worker process on the real Redis (see conftest.py).

Marked `redis`: they skip without Redis at TEST_REDIS_URL, and fail under
FRONTIER_REQUIRE_SERVICES=1.
"""

from __future__ import annotations

import time

from campaign import services
from campaign.models import Ranking, RatingPoint, Warband
from core.content_version import campaign_scope
from core.models import Job
from tests.campaign_data import bulk_campaign, expected_rating, figure, game, warband
from tests.conftest import TEST_REDIS_URL
from tests.worker.celery_app import celery_broker
from tests.worker.conftest import VISIBILITY_TIMEOUT, wait_for
from tests.worker.tasks import slow_recalculation


def _stale(*ids) -> bool:
    return Warband.objects.filter(pk__in=ids, rating_stale=True).exists()


def _job_state(job_id: int) -> str:
    return Job.objects.get(pk=job_id).state


def test_a_queued_recalculation_lands_in_the_database(start_worker, queue, campaign):
    worker = start_worker()
    a = warband(campaign, name="A", treasury=25)
    figure(a, level=19, kit=(10, 2))
    b = warband(campaign, name="B", treasury=5)
    game(a, b, winner=a, after=(61, 44))

    with celery_broker(TEST_REDIS_URL, queue=queue):
        services.ratings_queue_recalculation(warband_ids=[a.id, b.id])  # commits at once
        job = services.rankings_queue_rebuild(campaign_id=campaign.id)

    wait_for(lambda: not _stale(a.id, b.id), what="the ratings")
    wait_for(lambda: _job_state(job.id) == Job.State.DONE, what="the rankings")
    log = worker.log.read_text()  # the worker did it, not a fallback in this process
    assert "Task campaign.recalculate_warbands[" in log and "Task campaign.run_job[" in log
    a.refresh_from_db()
    assert a.rating == 25 + 19 + 12 == expected_rating(a)
    assert list(RatingPoint.objects.filter(warband=a).values_list("rating", flat=True)) == [61]
    assert Ranking.objects.filter(campaign=campaign).count() == 2


def _snapshot(campaign):
    return (
        sorted(Warband.objects.filter(campaign=campaign).values_list("id", "rating")),
        sorted(
            RatingPoint.objects.filter(warband__campaign=campaign).values_list(
                "id", "warband", "game", "rating", "recorded_at"
            )
        ),
        sorted(
            Ranking.objects.filter(campaign=campaign).values_list(
                "id", "user", "rating", "deviation", "volatility", "games", "history"
            )
        ),
    )


def test_a_job_run_twice_leaves_the_same_rows(start_worker, queue, organiser):
    start_worker()
    campaign = bulk_campaign(warbands=8, figures=4, rounds=3, organiser=organiser)
    with celery_broker(TEST_REDIS_URL, queue=queue):
        first, _ = services.campaign_queue_recalculation(campaign_id=campaign.id)
        wait_for(lambda: _job_state(first.id) == Job.State.DONE, what="the first run")
        once = _snapshot(campaign)

        second, created = services.campaign_queue_recalculation(campaign_id=campaign.id)
        assert created
        wait_for(lambda: _job_state(second.id) == Job.State.DONE, what="the second run")
        ids = [pk for pk, _ in once[0]]
        Warband.objects.filter(pk__in=ids).update(rating_stale=True)
        services.ratings_queue_recalculation(warband_ids=ids)  # and the per-warband task
        wait_for(lambda: not _stale(*ids), what="the warband task")

    assert _snapshot(campaign) == once
    assert len(once[1]) == 8 * 3 and len(once[2]) == 8


def test_a_worker_killed_mid_job_is_restarted_and_finishes_it(start_worker, queue, organiser):
    campaign = bulk_campaign(warbands=16, figures=4, rounds=2, organiser=organiser)
    job = Job.objects.create(kind="recalculate", scope=campaign_scope(campaign.id))
    first = start_worker()
    with celery_broker(TEST_REDIS_URL, queue=queue):
        slow_recalculation.apply_async(kwargs={"job_id": job.id, "pause": 0.4})

    wait_for(lambda: Job.objects.get(pk=job.pk).done >= 6, what="the job to get going")
    started = time.monotonic()
    first.kill()
    job.refresh_from_db()
    assert job.state == Job.State.RUNNING and 6 <= job.done < job.total == 17
    assert _stale(*Warband.objects.filter(campaign=campaign).values_list("pk", flat=True))

    # The message is still unacknowledged: once its visibility timeout has passed, the next
    # worker to start takes it back, and the job's expired lease lets it run again.
    time.sleep(max(0.0, VISIBILITY_TIMEOUT + 0.5 - (time.monotonic() - started)))
    start_worker()
    wait_for(lambda: _job_state(job.id) == Job.State.DONE, timeout=45, what="the restarted job")

    job.refresh_from_db()
    assert (job.done, job.total) == (17, 17)
    for band in Warband.objects.filter(campaign=campaign):
        assert (band.rating, band.rating_stale) == (expected_rating(band), False)
    assert RatingPoint.objects.filter(warband__campaign=campaign).count() == 16 * 2
    assert Ranking.objects.filter(campaign=campaign).count() == 16
