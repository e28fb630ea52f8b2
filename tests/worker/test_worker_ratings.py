"""The canoe ratings' update run by a real worker process on the real Redis (see conftest.py):
queued when a game finishes, it lands the ratings in the database."""

from __future__ import annotations

from chase.models import Rating
from chase.services.ratings import ratings_after_finish
from tests.chase.ratings_helpers import decided_race
from tests.conftest import TEST_REDIS_URL
from tests.factories import UserFactory
from tests.worker.celery_app import celery_broker
from tests.worker.conftest import wait_for


def test_a_finished_race_is_rated_by_the_worker(start_worker, queue):
    worker = start_worker()
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    session = decided_race([ann, bob], finishers=["canoe-2", "canoe-1"])

    with celery_broker(TEST_REDIS_URL, queue=queue):
        ratings_after_finish(session)  # outside a transaction: sent at once

    wait_for(lambda: Rating.objects.filter(kind="race").count() == 2, what="the ratings")
    assert "Task chase.ratings_update[" in worker.log.read_text()  # not a fallback here
    assert Rating.objects.get(user=bob).wins == 1
