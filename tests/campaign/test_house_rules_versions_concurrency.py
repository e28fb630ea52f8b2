"""Parallel saves of the house rules from one version (C31): exactly one is saved, every other
answers 409, and the change saved is whole. Real threads, each with its own database
connection; the campaign's row lock (PostgreSQL) or SQLite's one writer at a time queues them,
and each checks its version only once it holds the lock."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from campaign.models import HouseRules
from tests.campaign.games_support import signed_in

# Runs on SQLite too; the PostgreSQL pass of `make test` (-m db) is the one it is written for.
pytestmark = [pytest.mark.postgres, pytest.mark.db]

WRITERS = 10


def put_together(campaign, organiser, bodies: list[dict]) -> list[int]:
    """PUT every body at once from its own thread; the statuses, in the bodies' order."""
    barrier = threading.Barrier(len(bodies))
    statuses: list[int | None] = [None] * len(bodies)

    def put(index: int, body: dict):
        try:
            client = signed_in(organiser)
            barrier.wait(timeout=20)
            url = f"/api/campaigns/{campaign.id}/house-rules/"
            statuses[index] = client.put(url, body, format="json").status_code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=put, args=(i, b)) for i, b in enumerate(bodies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


@pytest.mark.django_db(transaction=True)
def test_parallel_puts_from_one_version_save_exactly_one(campaign, organiser):
    start = signed_in(organiser).get(f"/api/campaigns/{campaign.id}/house-rules/").json()
    bodies = []
    for n in range(WRITERS):  # each writer its own budget: whose survived is plain to see
        bodies.append({"version": start["version"], "rules": {**start["rules"], "budget": 300 + n}})

    statuses = put_together(campaign, organiser, bodies)

    assert sorted(statuses) == [200] + [409] * (WRITERS - 1)
    (row,) = HouseRules.objects.filter(campaign=campaign)
    assert row.version == 1
    winner = statuses.index(200)
    assert row.overrides == {"budget": 300 + winner}
