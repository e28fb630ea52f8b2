"""A balance-lab run played by a real worker process on the real Redis (see conftest.py): the
API answers 202 with the job, the worker writes its progress and the result on it."""

from __future__ import annotations

from rest_framework.test import APIClient

from chase.engines import lab
from chase.games import get_engine
from core.models import Job
from tests.conftest import TEST_REDIS_URL
from tests.factories import UserFactory
from tests.worker.celery_app import celery_broker
from tests.worker.conftest import wait_for


def test_a_lab_run_is_queued_played_by_a_worker_and_its_result_read_on_the_job(
    start_worker, queue, settings
):
    worker = start_worker()
    api = APIClient()
    api.force_authenticate(UserFactory(username="club"))
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with celery_broker(TEST_REDIS_URL, queue=queue) as app:
        routes = app.conf.task_routes
        # This run's queue. Through update(), which makes Celery build its router again: a
        # router built earlier in the suite keeps the settings' `lab` queue otherwise.
        app.conf.update(task_routes={"chase.balance_lab": {"queue": queue}})
        try:
            body = {"kind": "race", "options": {"canoes": 2}, "games": 60}
            response = api.post("/api/canoe-games/balance/", body, format="json")
        finally:
            app.conf.update(task_routes=routes)
    assert response.status_code == 202
    job_id = response.json()["job"]["id"]

    wait_for(lambda: Job.objects.get(pk=job_id).state == Job.State.DONE, what="the lab run")
    assert "Task chase.balance_lab[" in worker.log.read_text()  # the worker played it
    job = api.get(f"/api/jobs/{job_id}/").json()
    assert job["done"] == job["total"] == 60
    engine = get_engine("race")
    options = engine.clean_options({"canoes": 2})
    want = lab.result(
        lab.play(
            engine, options, seed=0, start=0, count=60, tallies=lab.empty_tallies(engine, options)
        )
    )
    assert job["result"]["wins"] == want["wins"]
    assert job["result"]["mean_length"] == want["mean_length"]
