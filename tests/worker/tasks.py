"""A test-only task the worker tests load with `celery worker -I tests.worker.tasks`.

It runs the real campaign recalculation, in chunks of two warbands with a pause after each, so
a test can kill the worker in the middle of it.
"""

from __future__ import annotations

import time

from celery import shared_task

from campaign.services import jobs


@shared_task(name="tests.slow_recalculation", bind=True, ignore_result=True)
def slow_recalculation(self, job_id: int, pause: float) -> None:
    try:
        jobs.job_run(job_id=job_id, chunk_size=2, after_chunk=lambda done, total: time.sleep(pause))
    except jobs.JobBusy as busy:
        raise self.retry(countdown=busy.retry_in, max_retries=None) from busy
