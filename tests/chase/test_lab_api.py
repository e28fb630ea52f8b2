"""POST /api/canoe-games/balance/ (the balance lab) and a lab run's GET /api/jobs/{id}/."""

from __future__ import annotations

import pytest

from chase.engines import lab as lab_rules
from chase.games import get_engine, kinds
from chase.models import LabRun
from chase.services import lab
from core.models import Job
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/api/canoe-games/balance/"


@pytest.fixture
def club(api):
    api.force_authenticate(UserFactory(username="club"))
    return api


def expected(kind, options, games, seed=0):
    """The same games played straight through the pure arithmetic."""
    engine = get_engine(kind)
    cleaned = engine.clean_options(options)
    tallies = lab_rules.empty_tallies(engine, cleaned)
    return lab_rules.result(
        lab_rules.play(engine, cleaned, seed=seed, start=0, count=games, tallies=tallies)
    )


def test_without_a_worker_the_run_is_played_at_once_and_answered_200(club):
    response = club.post(URL, {"kind": "race", "options": {"canoes": 2}, "games": 30}, "json")
    assert response.status_code == 200
    body = response.json()
    want = expected("race", {"canoes": 2}, 30)
    assert body["games"] == 30
    assert body["wins"] == want["wins"]
    assert set(body["wins"]) == {"inside", "outside", "none"}
    assert body["margin"] == want["margin"] and body["mean_length"] == want["mean_length"]
    assert body["length_unit"] == "turns" and body["options"]["canoes"] == 2


def test_the_same_body_gives_the_same_result(club):
    body = {"kind": "pelts", "options": {}, "games": 6, "seed": 3}
    first, again = club.post(URL, body, "json").json(), club.post(URL, body, "json").json()
    assert first["wins"] == again["wins"] and first["mean_length"] == again["mean_length"]
    assert first["wins"] == expected("pelts", {}, 6, seed=3)["wins"]


def test_with_a_worker_the_run_is_queued_and_answered_202(club, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(lab, "publish", lambda task, kwargs: sent.append(kwargs) or True)
    response = club.post(URL, {"kind": "pelts", "games": 40}, "json")
    assert response.status_code == 202
    job = response.json()["job"]
    assert job["kind"] == "balance" and job["state"] == "queued"
    assert job["done"] == 0 and job["total"] == 40 and job["result"] is None
    assert sent == [{"job_id": job["id"]}]


def test_the_job_shows_the_games_played_then_the_result(club):
    run = lab.lab_start(kind="race", options={"canoes": 2}, games=25, stepwise=True)
    url = f"/api/jobs/{run.job_id}/"
    assert club.get(url).json()["done"] == 0
    lab.lab_step(job_id=run.job_id, seconds=0)  # one chunk: ten games
    job = club.get(url).json()
    assert (job["state"], job["done"], job["total"], job["result"]) == ("running", 10, 25, None)
    lab.lab_run(job_id=run.job_id)
    job = club.get(url).json()
    assert job["state"] == "done" and job["percent"] == 100
    assert job["result"]["wins"] == expected("race", {"canoes": 2}, 25)["wins"]


def test_a_run_played_in_chunks_finds_what_one_played_at_once_finds(club):
    stepwise = lab.lab_start(kind="pelts", options={}, games=12, stepwise=True)
    while not lab.lab_step(job_id=stepwise.job_id, seconds=0):
        pass
    stepwise.refresh_from_db()
    at_once = club.post(URL, {"kind": "pelts", "games": 12}, "json").json()
    assert lab_rules.result(stepwise.tallies)["wins"] == at_once["wins"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"kind": "chess", "games": 5}, "kind", "There is no game 'chess'"),
        # a bad option is named as the field, as POST /api/sessions/ names it
        ({"kind": "race", "options": {"canoes": 9}, "games": 5}, "canoes", "canoes"),
        ({"kind": "race", "options": {"sails": 2}, "games": 5}, "sails", "sails"),
        ({"kind": "pelts", "options": {"quick_tests": "yes"}}, "quick_tests", "quick_tests"),
        ({"kind": "pelts", "games": 0}, "games", ""),
        ({"kind": "pelts", "games": 10_001}, "games", ""),
        ({"kind": "pelts", "games": "many"}, "games", ""),
    ],
    ids=["unknown kind", "option out of range", "unknown option", "bad option", "no games",
         "past the cap", "not a number"],
)  # fmt: skip
def test_bad_input_is_a_400_naming_what_is_wrong_and_runs_nothing(club, body, field, words):
    response = club.post(URL, body, "json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == [field]
    assert words in errors[0]["message"]
    assert not Job.objects.exists() and not LabRun.objects.exists()


def test_a_stranger_without_an_account_gets_401(api):
    assert api.post(URL, {"kind": "pelts", "games": 5}, "json").status_code == 401
    assert not Job.objects.exists()


def test_the_schema_describes_the_lab(club):
    schema = club.get("/api/schema/?format=json").json()
    operation = schema["paths"][URL]["post"]
    assert set(operation["responses"]) >= {"200", "202", "400"}
    job = schema["components"]["schemas"]["Job"]["properties"]
    assert "result" in job


def test_past_its_runs_an_account_waits(club, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "lab_account": "2/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    body = {"kind": "race", "options": {"canoes": 2}, "games": 2}
    assert [club.post(URL, body, "json").status_code for _ in range(3)] == [200, 200, 429]
    assert LabRun.objects.count() == 2


@pytest.mark.parametrize("kind", kinds())
def test_every_registered_game_runs_in_the_lab(club, kind):
    body = club.post(URL, {"kind": kind, "games": 3}, "json").json()
    assert body["games"] == 3
    assert sum(body["wins"].values()) == pytest.approx(1, abs=1e-3)  # shares of 4 places
    assert body["mean_length"] > 0


def test_any_signed_in_player_reads_a_lab_job_and_a_stranger_without_an_account_cannot(api):
    run = lab.lab_start(kind="race", options={"canoes": 2}, games=4)
    url = f"/api/jobs/{run.job_id}/"
    assert api.get(url).status_code == 401
    api.force_authenticate(UserFactory(username="another club"))
    job = api.get(url).json()
    assert job["campaign"] is None and job["result"]["games"] == 4
