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

import datetime
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

ROUNDS = 20  # games per warband: one per club day
FIGURES = 15


def sheet(warband_id: int, figures: int) -> dict:
    """A warband sheet shaped like the post-game rules' (WarbandSheet.to_dict())."""
    return {
        "id": warband_id, "name": f"Band {warband_id}", "faction": "indians", "treasury": 40,
        "figures": [
            {
                "id": warband_id * 100 + k, "name": f"Figure number {k}",
                "profile": "indians_trooper", "status": "trooper", "reputation": 3,
                "experience_start": 11, "experience": 14,
                "increases": {"melee": 0, "shooting": 1, "morale": 0}, "skills": ["tracker"],
                "injuries": [], "specialist": None, "state": "active", "held_by": None,
                "equipment": [{"key": "bow", "price": 5, "kit": False},
                              {"key": "tomahawk", "price": 2, "kit": False}],
                "rolls_since_gain": 1, "reputation_gained_as": None,
            }
            for k in range(figures)
        ],
        "storage": [{"key": "musket", "price": 10, "kit": False}],
        "games_played": 3,
    }  # fmt: skip


def build(warbands: int, *, figures: int = FIGURES, rounds: int = ROUNDS, postgames=True):
    """A campaign of `warbands` warbands, one player each, `rounds` games each."""
    from django.contrib.auth import get_user_model

    from campaign.models import (
        Campaign,
        EquipmentPiece,
        Figure,
        GameReport,
        PostGame,
        Warband,
    )

    User = get_user_model()
    stamp = f"{warbands}-{time.monotonic_ns()}"
    users = User.objects.bulk_create(User(username=f"p{stamp}-{n}") for n in range(warbands))
    campaign = Campaign.objects.create(name=f"Bench {stamp}", organiser=users[0])
    bands = Warband.objects.bulk_create(
        Warband(
            campaign=campaign,
            owner=user,
            name=f"Band {n:05d}",
            faction="indians",
            state=Warband.State.FOUNDED,
            treasury=n % 50,
            rating_stale=True,
        )  # fmt: skip
        for n, user in enumerate(users)
    )
    made = Figure.objects.bulk_create(
        (
            Figure(
                warband=band,
                name=f"F{k}",
                profile="indians_trooper",
                status="trooper",
                reputation=2,
                experience_start=11,
                experience=11 + k % 7,
                state=Figure.State.DEAD if k == 3 else Figure.State.ACTIVE,
            )  # fmt: skip
            for band in bands
            for k in range(figures)
        ),
        batch_size=2000,
    )
    EquipmentPiece.objects.bulk_create(
        (
            EquipmentPiece(warband_id=f.warband_id, figure=f, key=key, price=price)
            for f in made
            for key, price in (("bow", 5), ("tomahawk", 2))
        ),
        batch_size=2000,
    )
    chance = random.Random(1757)
    reports = []
    for day in range(rounds):
        order = bands[:]
        chance.shuffle(order)
        for a, b in zip(order[0::2], order[1::2], strict=False):
            outcome = chance.random()
            reports.append(
                GameReport(
                    campaign=campaign,
                    warband_a=a,
                    warband_b=b,
                    winner=None if outcome < 0.15 else (a if outcome < 0.6 else b),
                    played_on=datetime.date(1757, 5, 1) + datetime.timedelta(days=7 * day),
                    status=GameReport.Status.CONFIRMED,
                    filed_by=a.owner,
                )  # fmt: skip
            )
    reports = GameReport.objects.bulk_create(reports, batch_size=2000)
    if postgames:
        sheets = {band.pk: sheet(band.pk, figures) for band in bands}
        PostGame.objects.bulk_create(
            (
                PostGame(
                    game=report,
                    warband_id=side,
                    sheet=sheets[side],
                    report={},
                    status=PostGame.Status.COMMITTED,
                    result={
                        "warband": sheets[side],
                        "rating": 150 + report.pk % 60,
                        "rating_before": 150,
                        "changes": [],
                    },
                )  # fmt: skip
                for report in reports
                for side in (report.warband_a_id, report.warband_b_id)
            ),
            batch_size=500,
        )
    return campaign, len(reports)


def measure(work):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        result = work()
        seconds = time.perf_counter() - start
    return result, seconds, len(queries)


def bench_recalculation() -> None:
    from campaign.models import Job, RatingPoint, Warband
    from campaign.services import jobs

    for size in (100, 1000):
        campaign, games = build(size)
        job = Job.objects.create(kind=jobs.RECALCULATE, campaign=campaign)
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
        job2 = Job.objects.create(kind=jobs.RECALCULATE, campaign=campaign)
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
