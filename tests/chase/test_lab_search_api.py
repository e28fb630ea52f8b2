"""The lab proposes through POST /api/canoe-games/balance/ with `search` (issue 38): one run
that plays each value of an option and answers the value that evens a balance, queued and
bounded as any other lab run."""

from __future__ import annotations

import pytest

from chase.engines import lab as lab_rules
from chase.games import get_engine
from chase.models import LabRun
from chase.services import lab
from core.models import Job
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/api/canoe-games/balance/"
SEARCH = {"kind": "race", "search": "leg_length", "values": [12, 36], "even": "outside"}


@pytest.fixture
def club(api):
    api.force_authenticate(UserFactory(username="club"))
    return api


def test_a_search_answers_the_value_that_evens_the_balance_with_its_figures(club):
    response = club.post(URL, {**SEARCH, "games": 30, "seed": 4}, "json")
    assert response.status_code == 200
    body = response.json()
    proposal = body["proposal"]
    want = lab_rules.search(
        get_engine("race"), get_engine("race").clean_options({}), "leg_length", [12, 36],
        "outside", seed=4, games=30,
    )  # fmt: skip
    assert proposal["value"] == want["value"] and proposal["share"] == want["share"]
    assert proposal["interval"] == want["interval"] and proposal["close"] == want["close"]
    assert [row["value"] for row in proposal["candidates"]] == [12, 36]
    assert proposal["heading"] == "Leg length" and proposal["group"] == "outside"
    # the figures around it are the proposed value's games, as an ordinary run answers them
    assert body["options"]["leg_length"] == proposal["value"] and body["games"] == 30
    assert body["won_games"] == proposal["won_games"]


def test_a_search_is_one_run_of_all_its_games_on_the_lab_queue(club, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(lab, "publish", lambda task, kwargs: sent.append((task, kwargs)) or True)
    response = club.post(URL, {**SEARCH, "games": 40}, "json")
    assert response.status_code == 202
    job = response.json()["job"]
    assert job["total"] == 80 and sent == [(lab.LAB_TASK, {"job_id": job["id"]})]
    assert LabRun.objects.get().search_values == [12, 36]


def test_a_search_played_in_chunks_finds_what_one_played_at_once_finds(club):
    run = lab.lab_search_start(
        kind="pelts", options={}, search="indian_canoes", games=7, stepwise=True
    )
    steps = 0
    while not lab.lab_step(job_id=run.job_id, seconds=0):
        steps += 1
    assert steps > 1
    run.refresh_from_db()
    at_once = club.post(URL, {"kind": "pelts", "search": "indian_canoes", "games": 7}, "json")
    assert lab.lab_result(run)["proposal"] == at_once.json()["proposal"]
    assert run.job.done == 21  # 7 games for each of 1, 2 and 3 canoes


def test_a_search_counts_once_against_the_accounts_runs(club, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "lab_account": "1/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    assert club.post(URL, {**SEARCH, "games": 2}, "json").status_code == 200
    assert club.post(URL, {**SEARCH, "games": 2}, "json").status_code == 429


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"search": "names"}, "search", "Search one of this game's options: canoes"),
        ({"even": "middle"}, "even", "Even one of: inside, outside"),
        ({"values": [12, 99]}, "values", "leg_length"),
        ({"values": [24, 24]}, "values", "at least two values"),
        ({"values": None, "games": 2000}, "games", "at most 1,111 for each"),
    ],
    ids=["not a searchable option", "not a group", "a value out of range", "one value",
         "more games in all than a run"],
)  # fmt: skip
def test_a_bad_search_is_a_400_naming_what_is_wrong_and_runs_nothing(club, body, field, words):
    request = {**SEARCH, "games": 5, **body}
    if request["values"] is None:
        del request["values"]
    response = club.post(URL, request, "json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == [field]
    assert words in errors[0]["message"]
    assert not Job.objects.exists() and not LabRun.objects.exists()


def test_the_schema_describes_the_search_and_its_proposal(club):
    schema = club.get("/api/schema/?format=json").json()["components"]["schemas"]
    assert {"search", "even", "values", "games"} <= set(schema["Balance"]["properties"])
    assert "proposal" in schema["BalanceResult"]["properties"]


def test_the_searchs_job_counts_every_values_games_then_holds_the_proposal(club):
    run = lab.lab_search_start(
        kind="race", options={"canoes": 2}, search="hidden", even="inside", games=15,
        stepwise=True,
    )  # fmt: skip
    url = f"/api/jobs/{run.job_id}/"
    lab.lab_step(job_id=run.job_id, seconds=0)  # one chunk: ten games of the first value
    job = club.get(url).json()
    assert (job["state"], job["done"], job["total"], job["result"]) == ("running", 10, 30, None)
    lab.lab_run(job_id=run.job_id)
    result = club.get(url).json()["result"]
    assert [row["words"] for row in result["proposal"]["candidates"]] == ["no", "yes"]
    assert [row["games"] for row in result["proposal"]["candidates"]] == [15, 15]
    assert result["proposal"]["group"] == "inside"


@pytest.mark.parametrize(
    ("kind", "name", "values", "even", "described"),
    [
        ("pelts", "head_start", [0, 24], "trapper", (9, 0, 24)),
        ("race", "outside_extra", [-6, 6], "outside", (0, -12, 12)),
    ],
    ids=["P1-the-trappers-head-start", "R3-the-outside-starters-extra-inches"],
)
def test_the_starts_are_described_and_searched_like_any_other_option(
    club, kind, name, values, even, described
):
    games = club.get("/api/rules/canoe-games/").json()
    rows = next(game for game in games if game["kind"] == kind)["options"]
    row = next(row for row in rows if row["name"] == name)
    assert (row["kind"], row["default"], row["min"], row["max"]) == ("int", *described)
    body = {"kind": kind, "search": name, "values": values, "even": even, "games": 12, "seed": 2}
    response = club.post(URL, body, "json")
    assert response.status_code == 200
    proposal = response.json()["proposal"]
    engine = get_engine(kind)
    want = lab_rules.search(engine, engine.clean_options({}), name, values, even, seed=2, games=12)
    assert proposal["value"] == want["value"] and proposal["interval"] == want["interval"]
    assert [row["value"] for row in proposal["candidates"]] == values
    wrong = club.post(URL, {**body, "values": [values[0], 99]}, "json")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["field"] == "values"
    assert name in wrong.json()["errors"][0]["message"]
