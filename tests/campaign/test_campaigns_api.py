"""/api/campaigns/: starting, listing, reading and joining campaigns."""

import pytest
from rest_framework.test import APIClient

from campaign import services
from campaign.models import Campaign, Membership


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def rows() -> tuple[int, int]:
    return Campaign.objects.count(), Membership.objects.count()


def test_a_player_starts_a_campaign_and_organises_it(player):
    response = signed_in(player).post(
        "/api/campaigns/",
        {"name": "Lake George 1757", "starting_treasury": 250, "manual_dice": False},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    campaign = Campaign.objects.get(pk=body["id"])
    assert body["invite_code"] == campaign.invite_code
    assert body["name"] == "Lake George 1757"
    assert body["organiser"] == {"id": player.id, "username": "player"}
    assert body["starting_treasury"] == 250
    assert body["manual_dice"] is False
    assert body["currency"] == "£"
    assert body["is_public"] is False
    assert [m["username"] for m in body["members"]] == ["player"]
    assert body["warbands"] == []


@pytest.mark.parametrize("encoding", ["json", "multipart"])
def test_a_new_campaign_takes_the_default_settings(player, encoding):
    response = signed_in(player).post("/api/campaigns/", {"name": "Fort Duquesne"}, format=encoding)
    assert response.json()["starting_treasury"] == 200  # C2
    assert response.json()["manual_dice"] is True
    assert response.json()["report_confirmation"] is True


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        pytest.param({}, "name", id="no name"),
        pytest.param({"name": "   "}, "name", id="a blank name"),
        pytest.param({"name": "x" * 10_000}, "name", id="a 10 kB name"),
        pytest.param({"name": "x" * 101}, "name", id="a name one over the limit"),
        pytest.param({"name": ["Ohio"]}, "name", id="a list for a name"),
        pytest.param({"name": "C", "starting_treasury": -1}, "starting_treasury", id="debt"),
        pytest.param(
            {"name": "C", "starting_treasury": 100_001},
            "starting_treasury",
            id="a treasury over the limit",
        ),  # fmt: skip
        pytest.param(
            {"name": "C", "starting_treasury": 10**30}, "starting_treasury", id="a huge treasury"
        ),  # fmt: skip
        pytest.param(
            {"name": "C", "starting_treasury": "lots"},
            "starting_treasury",
            id="words for a treasury",
        ),  # fmt: skip
        pytest.param(
            {"name": "C", "starting_treasury": 2.5},
            "starting_treasury",
            id="a fraction of a treasury",
        ),  # fmt: skip
        pytest.param({"name": "C", "manual_dice": "perhaps"}, "manual_dice", id="not a yes/no"),
        pytest.param({"name": "C", "currency": "pounds"}, "currency", id="a long currency"),
    ],
)
def test_a_bad_campaign_is_refused_and_nothing_is_saved(player, payload, field):
    before = rows()
    response = signed_in(player).post("/api/campaigns/", payload, format="json")
    assert response.status_code == 400
    body = response.json()
    assert field in {e["field"] for e in body["errors"]}
    assert field in body  # DRF's own field dict is kept beside "errors"
    assert rows() == before


def test_a_player_lists_the_campaigns_they_may_read(campaign, player, organiser):
    services.campaign_create(organiser=organiser, name="Secret", is_public=False)
    services.campaign_create(organiser=organiser, name="Open to all", is_public=True)
    names = [c["name"] for c in signed_in(player).get("/api/campaigns/").json()]
    assert sorted(names) == ["Ohio Valley 1755", "Open to all"]


def test_a_stranger_lists_only_public_campaigns(campaign, stranger, organiser):
    services.campaign_create(organiser=organiser, name="Open to all", is_public=True)
    body = signed_in(stranger).get("/api/campaigns/").json()
    assert [c["name"] for c in body] == ["Open to all"]
    assert body[0]["invite_code"] is None


@pytest.mark.parametrize("person", ["organiser", "player"])
def test_members_see_the_campaign_and_its_invite_code(request, campaign, person):
    response = signed_in(request.getfixturevalue(person)).get(f"/api/campaigns/{campaign.id}/")
    assert response.status_code == 200
    assert response.json()["invite_code"] == campaign.invite_code


def test_the_campaign_lists_its_members_and_warbands(war_party, campaign, player):
    body = signed_in(player).get(f"/api/campaigns/{campaign.id}/").json()
    assert [m["username"] for m in body["members"]] == ["organiser", "player"]
    assert body["warbands"] == [{
        "id": war_party.id, "name": "Magalakutway", "faction": "indians", "state": "founded",
        "rating": 200, "owner": {"id": player.id, "username": "player"},
    }]  # fmt: skip


def test_a_stranger_cannot_see_a_private_campaign(campaign, stranger):
    response = signed_in(stranger).get(f"/api/campaigns/{campaign.id}/")
    assert response.status_code == 404
    assert campaign.invite_code not in response.content.decode()


def test_a_stranger_reads_a_public_campaign_without_its_invite_code(campaign, stranger):
    services.campaign_update(campaign=campaign, is_public=True)
    response = signed_in(stranger).get(f"/api/campaigns/{campaign.id}/")
    assert response.status_code == 200
    assert response.json()["name"] == "Ohio Valley 1755"
    assert response.json()["invite_code"] is None


@pytest.mark.parametrize("campaign_id", ["424242", "99999999999999999999999"])
def test_a_campaign_that_does_not_exist_is_404(player, campaign_id):
    assert signed_in(player).get(f"/api/campaigns/{campaign_id}/").status_code == 404


def test_a_campaign_id_that_is_not_a_number_is_404(player):
    assert signed_in(player).get("/api/campaigns/ohio/").status_code == 404


def test_a_stranger_joins_a_private_campaign_with_its_code(campaign, stranger):
    response = signed_in(stranger).post(
        f"/api/campaigns/{campaign.id}/join/",
        {"invite_code": campaign.invite_code.lower()},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["id"] == campaign.id
    assert response.json()["invite_code"] == campaign.invite_code
    assert campaign.memberships.filter(user=stranger).exists()


def test_joining_twice_is_harmless(campaign, player):
    client = signed_in(player)
    payload = {"invite_code": campaign.invite_code}
    assert client.post(f"/api/campaigns/{campaign.id}/join/", payload).status_code == 200
    assert campaign.memberships.filter(user=player).count() == 1


@pytest.mark.parametrize(
    "payload",
    [
        pytest.param({"invite_code": "WRONGCODE9"}, id="a wrong code"),
        pytest.param({"invite_code": "x" * 10_000}, id="a 10 kB code"),
        pytest.param({"invite_code": ""}, id="a blank code"),
        pytest.param({}, id="no code"),
        pytest.param({"invite_code": ["ABC"]}, id="a list for a code"),
    ],
)
def test_a_stranger_cannot_join_without_the_right_code(campaign, stranger, payload):
    before = rows()
    response = signed_in(stranger).post(
        f"/api/campaigns/{campaign.id}/join/", payload, format="json"
    )
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["invite_code"]
    assert rows() == before
    assert signed_in(stranger).get(f"/api/campaigns/{campaign.id}/").status_code == 404


def test_a_wrong_code_says_so(campaign, stranger):
    response = signed_in(stranger).post(
        f"/api/campaigns/{campaign.id}/join/", {"invite_code": "WRONGCODE9"}, format="json"
    )
    assert response.json()["detail"] == "That invite code does not match this campaign."


def test_joining_a_campaign_that_does_not_exist_answers_as_a_wrong_code_does(stranger):
    response = signed_in(stranger).post(
        "/api/campaigns/424242/join/", {"invite_code": "ABCDEFGHJK"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "That invite code does not match this campaign."
