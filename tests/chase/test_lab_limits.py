"""The balance lab's cost is bounded (issue 34): a run is never played in a web request on a
server, even with the broker down; lost runs are swept like the campaign's jobs; the waiting
runs are bounded; each run counts against one budget per account, page and API alike."""

from __future__ import annotations

import datetime

import pytest
from django.test import override_settings
from django.utils import timezone

from campaign.services.jobs import jobs_sweep
from chase.models import LabRun
from chase.services import lab
from core.models import Job
from core.queue import forget_broker_outage
from core.redis_cache import forget_outages
from tests.factories import UserFactory
from tests.security.test_finding_1_redis_down import closed_port, redis_settings
from tests.worker.celery_app import celery_broker

pytestmark = pytest.mark.django_db

API = "/api/canoe-games/balance/"
PAGE = "/play/lab/"
COMPARISON = {"kind": "race", "a_options": '{"canoes": 2}', "b_options": '{"canoes": 3}'}


@pytest.fixture
def member(client, api):
    """One account, signed in on the page (client) and the API (api)."""
    user = UserFactory(username="member")
    client.force_login(user)
    api.force_authenticate(user)
    return user


@pytest.fixture
def never_played(monkeypatch):
    """Playing a game of a run anywhere in this process fails the test."""

    def refuse(**kwargs):
        raise AssertionError("a lab run was played in the web request")

    monkeypatch.setattr(lab, "lab_step", refuse)
    monkeypatch.setattr(lab, "lab_run", refuse)


@pytest.fixture
def broker_down():
    """A club server (tasks not eager, Redis caches) whose Redis refuses every connection."""
    url = f"redis://127.0.0.1:{closed_port()}/0"
    forget_outages()
    forget_broker_outage()
    with celery_broker(url), override_settings(**redis_settings(url)):
        yield url
    forget_outages()
    forget_broker_outage()


@pytest.fixture
def worker(settings, monkeypatch):
    """A club server whose broker takes every run (recorded, not played)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(lab, "publish", lambda task, kwargs: sent.append(kwargs["job_id"]) or True)
    return sent


def rate(settings, **rates):
    chosen = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": chosen}


# --- never in a request --------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_the_api_queues_the_run_and_plays_nothing(
    broker_down, never_played, member, api
):
    api.raise_request_exception = False
    response = api.post(API, {"kind": "pelts", "games": 400}, format="json")
    assert response.status_code == 202, response.content
    job = response.json()["job"]
    assert job["state"] == "queued" and job["done"] == 0
    assert job["message"] == lab.UNSENT  # says why it waits, and that it will start
    assert LabRun.objects.get(job_id=job["id"]).tallies["games"] == 0


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_the_page_queues_both_runs_and_its_polls_play_nothing(
    broker_down, never_played, member, client
):
    client.raise_request_exception = False
    started = client.post(PAGE, {**COMPARISON, "games": 300})
    assert started.status_code == 302
    runs = LabRun.objects.select_related("job").order_by("pk")
    assert [r.job.message for r in runs] == [lab.UNSENT, lab.UNSENT]
    polled = client.get(f"/play/lab/progress/?a={runs[0].pk}&b={runs[1].pk}")
    assert polled.status_code == 200
    assert "cannot be reached just now" in polled.content.decode()
    assert all(r.tallies["games"] == 0 for r in LabRun.objects.all())


def test_the_sweep_sends_runs_the_broker_never_took_and_runs_whose_worker_died(worker):
    unsent = lab.lab_start(kind="pelts", options={}, games=20)
    Job.objects.filter(pk=unsent.job_id).update(message=lab.UNSENT)
    dead = lab.lab_start(kind="pelts", options={}, games=20)
    long_ago = timezone.now() - datetime.timedelta(minutes=10)
    Job.objects.filter(pk=dead.job_id).update(state=Job.State.RUNNING, updated_at=long_ago)
    alive = lab.lab_start(kind="pelts", options={}, games=20)
    Job.objects.filter(pk=alive.job_id).update(state=Job.State.RUNNING)
    worker.clear()
    swept = jobs_sweep()  # the periodic sweep: the campaign's jobs and the lab's runs
    assert sorted(worker) == [unsent.job_id, dead.job_id]
    assert swept["jobs"] == 2
    assert Job.objects.get(pk=unsent.job_id).message == lab.WAITING
    assert jobs_sweep()["jobs"] == 0  # sent: not again at the next sweep


def test_a_sweep_while_the_broker_is_still_down_leaves_the_runs_for_the_next(
    settings, monkeypatch, never_played
):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(lab, "publish", lambda task, kwargs: False)
    run = lab.lab_start(kind="pelts", options={}, games=20)
    assert jobs_sweep()["jobs"] == 0
    assert Job.objects.get(pk=run.job_id).message == lab.UNSENT


# --- the bound on waiting runs -------------------------------------------------------------------


def test_past_the_waiting_runs_bound_the_api_answers_503_with_retry_after(
    worker, member, api, settings
):
    settings.CHASE_LAB_QUEUE_MAX = 3
    for _ in range(3):
        assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 202
    full = api.post(API, {"kind": "pelts", "games": 10}, format="json")
    assert full.status_code == 503 and full["Retry-After"] == str(lab.BUSY_SECONDS)
    assert "many runs waiting" in full.json()["detail"]
    assert len(worker) == 3


def test_the_page_counts_its_two_runs_against_the_bound(worker, member, client, settings):
    settings.CHASE_LAB_QUEUE_MAX = 3
    assert client.post(PAGE, {**COMPARISON, "games": 10}).status_code == 302
    full = client.post(PAGE, {**COMPARISON, "games": 10})  # 2 waiting + 2 > 3
    assert full.status_code == 503 and "many runs waiting" in full.content.decode()
    assert LabRun.objects.count() == 2
    Job.objects.filter(kind=lab.LAB).update(state=Job.State.DONE)  # the worker got through them
    assert client.post(PAGE, {**COMPARISON, "games": 10}).status_code == 302


# --- one budget per account, per run -------------------------------------------------------------


def test_the_page_and_the_api_share_one_budget_counted_per_run(
    worker, member, client, api, settings
):
    rate(settings, lab_account="3/hour")
    assert client.post(PAGE, {**COMPARISON, "games": 10}).status_code == 302  # two runs
    assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 202
    over = api.post(API, {"kind": "pelts", "games": 10}, format="json")
    assert over.status_code == 429 and int(over["Retry-After"]) > 0
    assert LabRun.objects.count() == 3


def test_a_comparison_that_does_not_fit_the_budget_starts_neither_run(
    worker, member, client, api, settings
):
    rate(settings, lab_account="3/hour")
    assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 202
    assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 202
    over = client.post(PAGE, {**COMPARISON, "games": 10})  # two runs, one left
    assert over.status_code == 429 and "try again in" in over.content.decode()
    assert LabRun.objects.count() == 2
    # The one left is still there: an API run fits.
    assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 202


def test_another_account_has_its_own_budget(worker, member, api, settings):
    rate(settings, lab_account="1/hour")
    assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 202
    assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 429
    api.force_authenticate(UserFactory(username="another"))
    assert api.post(API, {"kind": "pelts", "games": 10}, format="json").status_code == 202
