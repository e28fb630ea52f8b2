"""Team ratings (C11), their history points, and the campaign recalculation job."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign import services
from campaign.models import Figure, GameReport, RatingPoint, Warband
from campaign.services.jobs import RECALCULATE
from core.models import Job
from tests.campaign_data import (
    bulk_campaign,
    expected_rating,
    figure,
    game,
    stored,
    warband,
)

# --- C11 on hand-built warbands ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "counts"),
    [
        pytest.param(Figure.State.ACTIVE, True, id="C11-active-counts"),
        pytest.param(Figure.State.MISSES_NEXT_GAME, True, id="C11-missing-a-game-counts"),
        pytest.param(Figure.State.CAPTURED, True, id="C11-captured-still-on-the-roster"),
        pytest.param(Figure.State.DEAD, False, id="C11-dead-counts-nothing"),
        pytest.param(Figure.State.SOLD, False, id="C11-sold-counts-nothing"),
        pytest.param(Figure.State.DEPARTED, False, id="C11-departed-counts-nothing"),
    ],
)
def test_a_figure_counts_its_level_and_kit_only_while_on_the_roster(campaign, state, counts):
    band = warband(campaign, name="Rangers", treasury=40)
    figure(band, level=30, kit=(10, 3), name="Hero")  # 30 + 13
    figure(band, level=14, state=state, kit=(5,), name="Subject")  # 14 + 5 if it counts
    stored(band, 10)  # storage counts whatever happens to the figures

    ratings = services.warbands_recalculate(warband_ids=[band.id])

    expected = 40 + 30 + 13 + 10 + (14 + 5 if counts else 0)
    assert ratings == {band.id: expected}
    band.refresh_from_db()
    assert (band.rating, band.rating_stale) == (expected, False)
    assert band.rating == expected_rating(band)


def test_a_specialist_counts_its_retainer_plus_the_experience_it_gained(campaign):
    band = warband(campaign, name="Voyageurs", treasury=0)
    figure(band, level=8 + 3, specialist="doctor", status="green", name="Doctor")  # C21, C11
    assert services.warbands_recalculate(warband_ids=[band.id]) == {band.id: 11}


def test_the_founded_war_party_recalculates_to_the_rating_it_was_founded_with(war_party):
    Warband.objects.filter(pk=war_party.pk).update(rating=0, rating_stale=True)
    assert services.warbands_recalculate(warband_ids=[war_party.id]) == {war_party.id: 200}


# --- history points ----------------------------------------------------------------------------


def test_each_rated_game_leaves_one_point_with_the_rating_its_post_game_committed(campaign):
    a, b = warband(campaign, name="A"), warband(campaign, name="B")
    first = game(a, b, winner=a, day=0, after=(120, 95))
    second = game(b, a, day=7, after=(101, 130))
    third = game(a, b, day=14, after=(None, 99))  # a has not committed yet: no point for a
    game(a, b, day=21, status=GameReport.Status.PENDING)  # not confirmed: nothing
    game(a, b, day=28, status=GameReport.Status.WITHDRAWN, after=(500, 500))

    services.warbands_recalculate(warband_ids=[a.id, b.id])

    points = RatingPoint.objects.order_by("warband__name", "game__played_on")
    assert [(p.warband.name, p.game_id, p.rating) for p in points] == [
        ("A", first.id, 120),
        ("A", second.id, 130),
        ("B", first.id, 95),
        ("B", second.id, 101),
        ("B", third.id, 99),
    ]


def test_a_result_without_its_rating_is_rated_from_its_sheet_by_the_rules(campaign):
    a, b = warband(campaign, name="A"), warband(campaign, name="B")
    report = game(a, b, after=(1, 1))
    sheet = {
        "id": a.id, "name": "A", "faction": "indians", "treasury": 20,
        "figures": [
            {"id": 1, "name": "x", "profile": "indians_trooper", "status": "trooper",
             "reputation": 2, "experience_start": 11, "experience": 13,
             "equipment": [{"key": "bow", "price": 5}]},
            {"id": 2, "name": "y", "profile": "indians_trooper", "status": "trooper",
             "reputation": 2, "experience_start": 11, "experience": 11, "state": "dead",
             "equipment": [{"key": "bow", "price": 5}]},
        ],
        "storage": [{"key": "musket", "price": 10}],
    }  # fmt: skip
    report.postgames.filter(warband=a).update(result={"warband": sheet})

    services.warbands_recalculate(warband_ids=[a.id])

    assert RatingPoint.objects.get(warband=a, game=report).rating == 20 + 13 + 5 + 10


def test_a_point_whose_game_was_withdrawn_is_removed_and_a_changed_one_updated(campaign):
    a, b = warband(campaign, name="A"), warband(campaign, name="B")
    kept, dropped = game(a, b, after=(120, 95)), game(a, b, day=1, after=(125, 90))
    services.warbands_recalculate(warband_ids=[a.id])
    kept_id = RatingPoint.objects.get(warband=a, game=kept).id

    dropped.status = GameReport.Status.WITHDRAWN
    dropped.save()
    kept.postgames.filter(warband=a).update(result={"rating": 121})
    services.warbands_recalculate(warband_ids=[a.id])

    assert list(RatingPoint.objects.filter(warband=a).values_list("id", "game", "rating")) == [
        (kept_id, kept.id, 121)
    ]


def _rows():
    return (
        sorted(Warband.objects.values_list("id", "rating", "rating_stale")),
        sorted(RatingPoint.objects.values_list("id", "warband", "game", "rating", "recorded_at")),
    )


def test_recalculating_twice_leaves_the_same_rows(campaign):
    a, b = warband(campaign, name="A", treasury=9), warband(campaign, name="B")
    figure(a, level=12, kit=(4,))
    game(a, b, winner=b, after=(25, 30))
    game(b, a, day=3, after=(33, 26))

    services.warbands_recalculate(warband_ids=[a.id, b.id])
    once = _rows()
    services.warbands_recalculate(warband_ids=[a.id, b.id])

    assert _rows() == once
    assert len(once[1]) == 4


# --- the campaign recalculation ----------------------------------------------------------------


def _run_recalculation(campaign, **options):
    job, created = services.campaign_queue_recalculation(campaign_id=campaign.id)
    assert created
    return services.job_run(job_id=job.id, **options)


def test_a_campaign_recalculation_rates_every_warband_and_reports_progress_by_chunk(organiser):
    campaign = bulk_campaign(warbands=12, figures=4, rounds=3, organiser=organiser)
    seen = []

    job = _run_recalculation(campaign, chunk_size=5, after_chunk=lambda d, t: seen.append((d, t)))

    assert seen == [(5, 13), (10, 13), (12, 13)]  # 12 warbands, then the rankings
    assert (job.state, job.done, job.total, job.percent) == (Job.State.DONE, 13, 13, 100)
    for band in Warband.objects.filter(campaign=campaign):
        assert (band.rating, band.rating_stale) == (expected_rating(band), False)
    assert RatingPoint.objects.filter(warband__campaign=campaign).count() == 12 * 3
    assert campaign.rankings.count() == 12


def test_a_campaign_recalculation_run_twice_leaves_the_same_rows(organiser):
    campaign = bulk_campaign(warbands=6, figures=3, rounds=2, organiser=organiser)
    _run_recalculation(campaign)
    rankings = sorted(campaign.rankings.values_list("id", "user", "rating", "deviation", "history"))
    once = _rows()

    _run_recalculation(campaign)

    assert _rows() == once
    assert sorted(
        campaign.rankings.values_list("id", "user", "rating", "deviation", "history")
    ) == (rankings)


def test_the_queries_per_warband_do_not_grow_with_the_campaign(organiser):
    counts = {}
    for size in (10, 20, 40):
        campaign = bulk_campaign(warbands=size, figures=3, rounds=2, organiser=organiser)
        job, _ = services.campaign_queue_recalculation(campaign_id=campaign.id)
        with CaptureQueriesContext(connection) as queries:
            services.job_run(job_id=job.id, chunk_size=10)
        counts[size] = len(queries)
    # Every chunk of 10 warbands costs the same few queries, whatever the campaign's size.
    per_chunk = counts[20] - counts[10]
    assert counts[40] - counts[20] == 2 * per_chunk
    assert per_chunk <= 12


def test_a_second_press_of_the_button_shows_the_job_already_under_way(campaign):
    first, created = services.campaign_queue_recalculation(campaign_id=campaign.id)
    again, created_again = services.campaign_queue_recalculation(campaign_id=campaign.id)
    assert created and not created_again
    assert again.id == first.id
    assert Job.objects.filter(kind=RECALCULATE).count() == 1


def test_a_job_whose_worker_holds_a_fresh_lease_is_not_run_twice(campaign):
    job, _ = services.campaign_queue_recalculation(campaign_id=campaign.id)
    Job.objects.filter(pk=job.pk).update(state=Job.State.RUNNING)  # another worker, alive

    with pytest.raises(services.JobBusy):
        services.job_run(job_id=job.id)


def test_a_job_whose_worker_died_is_taken_over_and_finished(campaign, settings):
    settings.FRONTIER_JOB_LEASE_SECONDS = 0  # every lease has expired
    band = warband(campaign, name="A", treasury=7)
    job, _ = services.campaign_queue_recalculation(campaign_id=campaign.id)
    Job.objects.filter(pk=job.pk).update(state=Job.State.RUNNING, done=1)

    finished = services.job_run(job_id=job.id)

    assert finished.state == Job.State.DONE
    band.refresh_from_db()
    assert band.rating == 7


def test_a_finished_job_delivered_again_does_nothing(campaign):
    job = _run_recalculation(campaign)
    assert services.job_run(job_id=job.id) is None


def test_a_failing_job_is_marked_failed_with_its_reason(campaign, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("the rules data is missing")

    monkeypatch.setattr("campaign.services.jobs.campaign_recalculate", broken)
    job, _ = services.campaign_queue_recalculation(campaign_id=campaign.id)
    with pytest.raises(RuntimeError):
        services.job_run(job_id=job.id)
    job.refresh_from_db()
    assert job.state == Job.State.FAILED
    assert "the rules data is missing" in job.message


# --- the sweep ---------------------------------------------------------------------------------


def test_the_sweep_recalculates_warbands_left_stale(campaign):
    band = warband(campaign, name="A", treasury=12)
    Warband.objects.filter(pk=band.pk).update(rating=0, rating_stale=True)

    assert services.jobs_sweep()["warbands"] == 1

    band.refresh_from_db()
    assert (band.rating, band.rating_stale) == (12, False)
