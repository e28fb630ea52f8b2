"""Fixing a warband through the API: PATCH (rename), DELETE (drafts only), POST .../retire/.

The owner and the organiser may; the opponent in the same campaign gets 403; a stranger to the
(private) campaign gets 404.
"""

import pytest

from campaign import services
from campaign.models import GameReport, Warband
from tests.campaign.games_support import file_battle, signed_in
from tests.factories import WarbandFactory

ALLOWED = [("player", 200), ("organiser", 200), ("other_player", 403), ("stranger", 404)]


@pytest.fixture
def draft(campaign, player):
    return WarbandFactory(campaign=campaign, owner=player, name="Half-built")


@pytest.mark.parametrize("who, status", ALLOWED)
def test_who_may_rename_a_warband(request, war_party, who, status):
    response = signed_in(request.getfixturevalue(who)).patch(
        f"/api/warbands/{war_party.id}/", {"name": "  Wolves of the Ohio "}, format="json"
    )
    assert response.status_code == status
    war_party.refresh_from_db()
    renamed = status == 200
    assert (war_party.name == "Wolves of the Ohio") is renamed
    if renamed:
        assert response.json()["name"] == "Wolves of the Ohio"


@pytest.mark.parametrize(
    "payload, field",
    [({}, "name"), ({"name": ""}, "name"), ({"name": "   "}, "name"), ({"name": "x" * 81}, "name")],
    ids=["missing", "empty", "only-spaces", "too-long"],
)
def test_a_rename_without_a_proper_name_is_a_400(war_party, player, payload, field):
    response = signed_in(player).patch(f"/api/warbands/{war_party.id}/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field
    war_party.refresh_from_db()
    assert war_party.name == "Magalakutway"


@pytest.mark.parametrize(
    "who, status",
    [("player", 204), ("organiser", 204), ("other_player", 403), ("stranger", 404)],
)
def test_who_may_delete_a_draft(request, draft, who, status):
    response = signed_in(request.getfixturevalue(who)).delete(f"/api/warbands/{draft.id}/")
    assert response.status_code == status
    assert Warband.objects.filter(pk=draft.id).exists() is (status != 204)


def test_a_founded_warband_is_not_deleted_but_told_to_retire(war_party, player):
    response = signed_in(player).delete(f"/api/warbands/{war_party.id}/")
    assert response.status_code == 400
    assert "Retire it instead" in response.json()["detail"]
    assert Warband.objects.filter(pk=war_party.id).exists()


@pytest.mark.parametrize("who, status", ALLOWED)
def test_who_may_retire_a_warband(request, war_party, who, status):
    response = signed_in(request.getfixturevalue(who)).post(f"/api/warbands/{war_party.id}/retire/")
    assert response.status_code == status
    war_party.refresh_from_db()
    assert (war_party.state == Warband.State.RETIRED) is (status == 200)
    if status == 200:
        assert response.json()["state"] == "retired"


def test_retiring_twice_or_a_draft_is_a_400(war_party, draft, player):
    client = signed_in(player)
    assert client.post(f"/api/warbands/{war_party.id}/retire/").status_code == 200
    again = client.post(f"/api/warbands/{war_party.id}/retire/")
    assert again.status_code == 400
    assert "retired already" in again.json()["detail"]
    drafted = client.post(f"/api/warbands/{draft.id}/retire/")
    assert drafted.status_code == 400
    assert "delete it instead" in drafted.json()["detail"]


def test_a_warband_with_a_report_waiting_is_not_retired(campaign, war_party, patrol, player):
    file_battle(campaign, war_party, patrol, player)
    response = signed_in(player).post(f"/api/warbands/{war_party.id}/retire/")
    assert response.status_code == 400
    assert "confirm or withdraw it first" in response.json()["detail"]
    assert GameReport.objects.filter(status=GameReport.Status.PENDING).count() == 1


def test_a_retired_warband_cannot_be_reported_in_a_new_game(campaign, war_party, patrol, player):
    services.warband_retire(warband=war_party)
    with pytest.raises(services.ReportError):
        file_battle(campaign, war_party, patrol, player)


def test_an_unknown_warband_is_a_404(player):
    assert signed_in(player).patch("/api/warbands/999999/", {"name": "x"}).status_code == 404
    assert signed_in(player).post("/api/warbands/999999/retire/").status_code == 404
