"""Benchmark the background jobs: a whole campaign recalculated, and the rankings rebuilt.

    .venv/bin/python bench/bench_ratings.py recalculation    # 100 and 1,000 warbands
    .venv/bin/python bench/bench_ratings.py rankings         # 1,000 and 10,000 games

Each size runs in a fresh throwaway database (SQLite in memory, as the test settings give),
built with bulk_create: warbands of 15 figures with two pieces of kit each, 20 club days on which
every warband plays once (so 20 games each), both sides' post-games committed with a result of
realistic size (the whole warband sheet, about 7 KB, as the game services store it). Prints
seconds and SQL queries, and the same for a tenth of the size, to show both grow linearly.
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

ROUNDS = 20  # games per warband: one per club day
FIGURES = 15


def build(warbands: int, *, figures: int = FIGURES, rounds: int = ROUNDS, postgames=True):
    """A campaign of `warbands` warbands, one player each, `rounds` games each: the same builder
    as the worker and ratings tests (tests/campaign_data.py), with full-size sheets."""
    from campaign.models import GameReport
    from tests.campaign_data import bulk_campaign

    campaign = bulk_campaign(
        warbands=warbands, figures=figures, rounds=rounds, postgames=postgames, full_sheets=True
    )
    return campaign, GameReport.objects.filter(campaign=campaign).count()


def measure(work):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        result = work()
        seconds = time.perf_counter() - start
    return result, seconds, len(queries)


def bench_recalculation() -> None:
    from campaign.models import RatingPoint, Warband
    from campaign.services import jobs
    from core.content_version import campaign_scope
    from core.models import Job

    for size in (100, 1000):
        campaign, games = build(size)
        job = Job.objects.create(kind=jobs.RECALCULATE, scope=campaign_scope(campaign.id))
        _, seconds, queries = measure(lambda job=job: jobs.job_run(job_id=job.id))
        points = RatingPoint.objects.filter(warband__campaign=campaign).count()
        stale = Warband.objects.filter(campaign=campaign, rating_stale=True).count()
        print(
            f"full recalculation, {size:5d} warbands x {FIGURES} figures x {ROUNDS} games "
            f"({games} games, {points} history points, rankings included): "
            f"{seconds:6.2f} s, {queries:4d} SQL queries ({queries / size:.3f} per warband)"
            f"{'' if not stale else f', {stale} STILL STALE'}",
            flush=True,
        )
        job2 = Job.objects.create(kind=jobs.RECALCULATE, scope=campaign_scope(campaign.id))
        _, again, queries2 = measure(lambda job=job2: jobs.job_run(job_id=job.id))
        print(
            f"  the same again (nothing changed):     {again:6.2f} s, {queries2:4d} SQL queries",
            flush=True,
        )


def bench_rankings() -> None:
    from campaign.services import rankings

    for games in (1000, 10000):
        players = games * 2 // ROUNDS
        campaign, built = build(players, figures=0, postgames=False)
        count, seconds, queries = measure(
            lambda campaign=campaign: rankings.rankings_rebuild(campaign_id=campaign.id)
        )
        print(
            f"rankings rebuild, {built:6d} games, {count:5d} players, {ROUNDS} rating periods: "
            f"{seconds:6.2f} s, {queries} SQL queries",
            flush=True,
        )


if __name__ == "__main__":
    from run import django_ready

    django_ready()
    for name in sys.argv[1:] or ["recalculation", "rankings"]:
        {"recalculation": bench_recalculation, "rankings": bench_rankings}[name]()
