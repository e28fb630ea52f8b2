"""The league API: the table, starting a recalculation (organiser only), a job's progress."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaign import services
from core.content_version import campaign_scope
from core.models import Job
from tests.campaign_data import game, warband
from tests.factories import UserFactory, member


@pytest.fixture
def api():
    def as_user(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return as_user


@pytest.fixture
def bands(campaign):
    ann = warband(
        campaign, member(campaign, UserFactory(username="ann")), name="Ann's", treasury=40
    )
    ben = warband(
        campaign, member(campaign, UserFactory(username="ben")), name="Ben's", treasury=60
    )
    game(ann, ben, winner=ann, after=(45, 58))
    game(ben, ann, day=1)
    services.warbands_recalculate(warband_ids=[ann.id, ben.id])
    services.rankings_rebuild(campaign_id=campaign.id)
    return ann, ben


def test_a_player_reads_the_league_table(api, player, campaign, bands):
    response = api(player).get(f"/api/campaigns/{campaign.id}/league/?sort=-rating")
    assert response.status_code == 200
    body = response.json()
    assert body["sort"] == "-rating"
    assert [row["name"] for row in body["rows"]] == ["Ben's", "Ann's"]
    ann = body["rows"][1]
    assert {k: ann[k] for k in ("player", "played", "won", "drawn", "lost", "rating")} == {
        "player": "ann", "played": 2, "won": 1, "drawn": 1, "lost": 0, "rating": 40,
    }  # fmt: skip
    assert ann["rating_stale"] is False
    assert ann["ranking"]["games"] == 2
    assert ann["ranking"]["rating"] > 1500 > body["rows"][0]["ranking"]["rating"]


def test_a_stranger_gets_404_for_a_private_league(api, stranger, campaign):
    assert api(stranger).get(f"/api/campaigns/{campaign.id}/league/").status_code == 404


def test_the_organiser_starts_a_recalculation_and_gets_its_job(api, organiser, campaign):
    response = api(organiser).post(f"/api/campaigns/{campaign.id}/recalculate/")
    assert response.status_code == 202
    job = Job.objects.get()
    assert response.json()["id"] == job.id
    assert response.json()["state"] == "queued"

    again = api(organiser).post(f"/api/campaigns/{campaign.id}/recalculate/")
    assert again.status_code == 202 and again.json()["id"] == job.id  # not a second job


@pytest.mark.parametrize(("who", "status"), [("player", 403), ("stranger", 404), (None, 401)])
def test_only_the_organiser_may_start_a_recalculation(api, campaign, request, who, status):
    user = request.getfixturevalue(who) if who else None
    assert api(user).post(f"/api/campaigns/{campaign.id}/recalculate/").status_code == status
    assert not Job.objects.exists()


def test_a_member_polls_a_jobs_progress(api, player, stranger, campaign):
    job = Job.objects.create(
        kind="recalculate", scope=campaign_scope(campaign.id), state=Job.State.RUNNING,
        done=3, total=4,
        message="Team ratings",
    )  # fmt: skip
    body = api(player).get(f"/api/jobs/{job.id}/").json()
    assert {k: body[k] for k in ("state", "done", "total", "percent", "kind")} == {
        "state": "running", "done": 3, "total": 4, "percent": 75, "kind": "recalculate",
    }  # fmt: skip
    assert api(stranger).get(f"/api/jobs/{job.id}/").status_code == 404
