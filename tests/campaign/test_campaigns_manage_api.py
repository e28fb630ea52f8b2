"""The organiser's campaign API: PATCH /api/campaigns/{id}/ (name, settings, closing it),
POST .../invite-code/ (a new code), DELETE .../members/{user}/ (the organiser removes a player,
or a player leaves). Others get 403; a stranger to the private campaign 404."""

import pytest

from campaign.models import Campaign, Membership, Warband
from tests.campaign.games_support import signed_in
from tests.factories import WarbandFactory

WHO = [("organiser", 200), ("player", 403), ("stranger", 404)]


@pytest.mark.parametrize("who, status", WHO)
def test_who_may_change_a_campaigns_name_and_settings(request, campaign, who, status):
    response = signed_in(request.getfixturevalue(who)).patch(
        f"/api/campaigns/{campaign.id}/",
        {"name": "Ohio Valley 1756", "starting_treasury": 250, "manual_dice": False},
        format="json",
    )
    assert response.status_code == status
    campaign.refresh_from_db()
    changed = status == 200
    assert (campaign.name == "Ohio Valley 1756") is changed
    assert (campaign.starting_treasury == 250) is changed
    if changed:
        assert response.json()["manual_dice"] is False


@pytest.mark.parametrize(
    "payload, field",
    [
        ({"name": ""}, "name"),
        ({"starting_treasury": -5}, "starting_treasury"),
        ({"starting_treasury": 100_001}, "starting_treasury"),
        ({"currency": "EURO"}, "currency"),
        ({"closed": "maybe"}, "closed"),
    ],
    ids=["empty-name", "negative-treasury", "huge-treasury", "long-currency", "closed-not-bool"],
)
def test_bad_settings_are_a_400_naming_the_field(campaign, organiser, payload, field):
    response = signed_in(organiser).patch(f"/api/campaigns/{campaign.id}/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field
    assert Campaign.objects.get(pk=campaign.id).starting_treasury == 200


def test_a_closed_campaign_is_read_only_until_the_organiser_opens_it(campaign, organiser, player):
    client = signed_in(organiser)
    closed = client.patch(f"/api/campaigns/{campaign.id}/", {"closed": True}, format="json")
    assert closed.status_code == 200
    assert closed.json()["closed_at"] is not None
    rename = client.patch(f"/api/campaigns/{campaign.id}/", {"name": "Later"}, format="json")
    assert rename.status_code == 400
    assert "is closed" in rename.json()["detail"]
    founding = signed_in(player).post(
        "/api/warbands/",
        {"campaign": campaign.id, "name": "Late", "faction": "indians", "figures": []},
        format="json",
    )
    assert founding.status_code == 400
    assert "is closed" in founding.json()["detail"]
    reopened = client.patch(f"/api/campaigns/{campaign.id}/", {"closed": False}, format="json")
    assert reopened.json()["closed_at"] is None


@pytest.mark.parametrize("who, status", WHO)
def test_who_may_get_a_new_invite_code(request, campaign, who, status):
    old = campaign.invite_code
    response = signed_in(request.getfixturevalue(who)).post(
        f"/api/campaigns/{campaign.id}/invite-code/"
    )
    assert response.status_code == status
    campaign.refresh_from_db()
    assert (campaign.invite_code != old) is (status == 200)
    if status == 200:
        assert response.json() == {"invite_code": campaign.invite_code}


def test_the_old_invite_code_stops_working(campaign, organiser, stranger):
    old = campaign.invite_code
    signed_in(organiser).post(f"/api/campaigns/{campaign.id}/invite-code/")
    response = signed_in(stranger).post(
        f"/api/campaigns/{campaign.id}/join/", {"invite_code": old}, format="json"
    )
    assert response.status_code == 400
    assert not Membership.objects.filter(campaign=campaign, user=stranger).exists()


@pytest.mark.parametrize(
    "who, status",
    [("organiser", 204), ("player", 204), ("other_player", 403), ("stranger", 404)],
    ids=["organiser-removes", "player-leaves", "another-player", "stranger"],
)
def test_who_may_take_a_player_out(request, campaign, player, war_party, who, status):
    response = signed_in(request.getfixturevalue(who)).delete(
        f"/api/campaigns/{campaign.id}/members/{player.id}/"
    )
    assert response.status_code == status
    gone = status == 204
    assert Membership.objects.filter(campaign=campaign, user=player).exists() is not gone
    war_party.refresh_from_db()
    assert (war_party.state == Warband.State.RETIRED) is gone


def test_leaving_retires_founded_warbands_and_deletes_drafts(campaign, player, war_party):
    draft = WarbandFactory(campaign=campaign, owner=player, name="Never finished")
    response = signed_in(player).delete(f"/api/campaigns/{campaign.id}/members/{player.id}/")
    assert response.status_code == 204
    assert not Warband.objects.filter(pk=draft.id).exists()
    war_party.refresh_from_db()
    assert war_party.state == Warband.State.RETIRED


def test_the_organiser_cannot_leave_their_own_campaign(campaign, organiser):
    response = signed_in(organiser).delete(f"/api/campaigns/{campaign.id}/members/{organiser.id}/")
    assert response.status_code == 400
    assert "close it instead" in response.json()["detail"]


def test_removing_someone_who_does_not_play_is_a_404(campaign, organiser, stranger):
    response = signed_in(organiser).delete(f"/api/campaigns/{campaign.id}/members/{stranger.id}/")
    assert response.status_code == 404


def test_a_non_member_of_a_public_campaign_gets_403_not_404(campaign, stranger, player):
    Campaign.objects.filter(pk=campaign.id).update(is_public=True)
    client = signed_in(stranger)
    assert client.patch(f"/api/campaigns/{campaign.id}/", {"name": "x"}).status_code == 403
    assert client.post(f"/api/campaigns/{campaign.id}/invite-code/").status_code == 403
    assert client.delete(f"/api/campaigns/{campaign.id}/members/{player.id}/").status_code == 403
