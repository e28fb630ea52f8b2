"""Issue 34, section 2: a hung Redis (paused, not refused) held `POST /api/campaigns/{id}/
recalculate/` for 30.5 s and then answered gunicorn's HTML 500: the broker had only a connect
timeout, and a paused Redis accepts connections. Now the broker, the result store and the cache
all time out (settings.BROKER_TIMEOUT_SECONDS, REDIS_CACHE_OPTIONS), and what a request sends
falls back as for a Redis that refuses: every request answers within a few seconds.

The Redis here is the test's own `redis-server`, paused with SIGSTOP. The 5 s bound is the
contract (a hang detector), not a timing target: the answers take about 2-4 s.
"""

from __future__ import annotations

import time

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from core.models import Job
from core.queue import forget_broker_outage
from core.redis_cache import forget_outages
from tests.hung_servers import paused_redis
from tests.security.test_finding_1_redis_down import redis_settings
from tests.worker.celery_app import celery_broker

pytestmark = [pytest.mark.redis, pytest.mark.slow]
BOUND = 5.0  # seconds: "a few seconds", generous


@pytest.fixture
def hung_redis(settings):
    """The app as a club server runs it, its Redis paused: nothing answers on the socket."""
    with paused_redis() as url:
        forget_outages()
        forget_broker_outage()
        with celery_broker(url), override_settings(**redis_settings(url)):
            # A process's first request imports the URLs and views (seconds, Redis or not).
            Client(raise_request_exception=False).get("/accounts/login/")
            yield url
        forget_outages()
        forget_broker_outage()


def timed(call):
    """The answer and its seconds, each request meeting the hung Redis afresh (nothing this
    process learnt from the last one helps)."""
    forget_outages()
    forget_broker_outage()
    started = time.monotonic()
    response = call()
    return response, time.monotonic() - started


@pytest.mark.django_db(transaction=True)  # the job is sent once its transaction commits
def test_the_organisers_recalculation_answers_json_within_seconds(hung_redis, campaign, organiser):
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(organiser)
    response, seconds = timed(lambda: api.post(f"/api/campaigns/{campaign.id}/recalculate/"))
    assert response.status_code == 202, response.content[:300]
    assert response["Content-Type"] == "application/json"
    job = Job.objects.get(pk=response.json()["id"])
    # As with a Redis that refuses: the broker cannot take it, so it ran here (a small job).
    assert job.state == "done", job.message
    assert seconds < BOUND, f"the request waited {seconds:.1f} s on a hung Redis"


@pytest.mark.django_db(transaction=True)
def test_signing_in_and_the_pages_answer_within_seconds(hung_redis, campaign, player):
    client = Client(raise_request_exception=False)
    page, seconds = timed(lambda: client.get("/accounts/login/"))
    assert page.status_code == 200 and seconds < BOUND, seconds
    signed_in, seconds = timed(
        lambda: client.post(
            "/accounts/login/", {"username": "player", "password": "correct horse battery"}
        )
    )
    assert signed_in.status_code == 302 and seconds < BOUND, (signed_in.status_code, seconds)
    campaign_page, seconds = timed(lambda: client.get(f"/campaigns/{campaign.id}/"))
    assert campaign_page.status_code == 200 and seconds < BOUND, seconds
    assert campaign.name in campaign_page.content.decode()
