"""GET /api/warbands/{id}/ and /api/warbands/?campaign=ID: rosters, who may read them, and
their cost in queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from campaign import services
from campaign.models import EquipmentPiece, Warband
from tests.factories import CampaignFactory, FigureFactory, WarbandFactory, founded_war_party


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("person", ["player", "other_player", "organiser"])
def test_members_read_a_warband(request, war_party, person):
    response = signed_in(request.getfixturevalue(person)).get(f"/api/warbands/{war_party.id}/")
    assert response.status_code == 200
    body = response.json()
    assert set(body) >= {"id", "name", "faction", "treasury", "rating", "figures"}
    assert set(body["figures"][0]) >= {
        "id", "name", "profile", "status", "reputation", "movement", "melee", "shooting",
        "morale", "skills", "injuries", "equipment", "experience_start", "experience", "state",
    }  # fmt: skip


def test_a_stranger_cannot_see_a_warband_in_a_private_campaign(war_party, stranger):
    assert signed_in(stranger).get(f"/api/warbands/{war_party.id}/").status_code == 404


def test_a_stranger_reads_a_warband_in_a_public_campaign(war_party, campaign, stranger):
    services.campaign_update(campaign=campaign, is_public=True)
    response = signed_in(stranger).get(f"/api/warbands/{war_party.id}/")
    assert response.status_code == 200
    assert response.json()["name"] == "Magalakutway"


def test_a_warband_that_does_not_exist_is_404(player):
    assert signed_in(player).get("/api/warbands/424242/").status_code == 404


def test_a_roster_shows_injuries_and_what_is_in_storage(war_party, player):
    hero = war_party.figures.get(profile="indians_hero")
    hero.injuries = ["leg_wound"]
    hero.save()
    EquipmentPiece.objects.create(warband=war_party, key="musket", price=10)
    body = signed_in(player).get(f"/api/warbands/{war_party.id}/").json()
    assert body["figures"][0]["injuries"] == ["leg_wound"]
    assert body["figures"][0]["movement"] == "6/4"  # 7/4 less the leg wound (C7, C14)
    assert body["storage"] == [{"key": "musket", "name": "Musket", "price": 10}]


def test_a_player_lists_the_warbands_of_a_campaign(war_party, campaign, other_player):
    other = founded_war_party(campaign, other_player, name="Abenaki")
    response = signed_in(other_player).get(f"/api/warbands/?campaign={campaign.id}")
    assert response.status_code == 200
    assert [w["id"] for w in response.json()] == [other.id, war_party.id]  # by name
    assert len(response.json()[1]["figures"]) == 6


@pytest.mark.parametrize("query", ["", "?campaign=", "?campaign=ohio", "?campaign=-3"])
def test_the_warband_list_needs_a_campaign_id(campaign, player, query):
    response = signed_in(player).get(f"/api/warbands/{query}")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "campaign"


def test_a_stranger_cannot_list_the_warbands_of_a_private_campaign(war_party, stranger):
    response = signed_in(stranger).get(f"/api/warbands/?campaign={war_party.campaign_id}")
    assert response.status_code == 404


def _warband_with(figures: int, campaign, owner):
    warband = WarbandFactory(campaign=campaign, owner=owner, state=Warband.State.FOUNDED)
    for _ in range(figures):
        figure = FigureFactory(warband=warband, skills=["fierce"], injuries=["leg_wound"])
        EquipmentPiece.objects.create(warband=warband, figure=figure, key="bow", price=5)
        EquipmentPiece.objects.create(warband=warband, figure=figure, key="lance", price=4)
    EquipmentPiece.objects.create(warband=warband, key="musket", price=10)
    services.treasury_change(warband=warband, amount=200, reason="Starting budget (C2)")
    return warband


def _queries_to_read(client, warband) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/warbands/{warband.id}/")
    assert response.status_code == 200
    return len(queries)


def test_reading_a_roster_costs_the_same_queries_for_1_or_15_figures(campaign, player):
    client = signed_in(player)
    small = _warband_with(1, campaign, player)
    large = _warband_with(15, campaign, player)
    assert len(client.get(f"/api/warbands/{large.id}/").json()["figures"]) == 15
    assert _queries_to_read(client, large) == _queries_to_read(client, small) <= 8


def test_listing_warbands_costs_the_same_queries_for_1_or_3_warbands(player):
    client = signed_in(player)
    counts = []
    for warbands in (1, 3):
        campaign = CampaignFactory()
        services.campaign_join(campaign=campaign, user=player, invite_code=campaign.invite_code)
        for _ in range(warbands):
            _warband_with(5, campaign, player)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"/api/warbands/?campaign={campaign.id}")
        assert len(response.json()) == warbands
        counts.append(len(queries))
    assert counts[0] == counts[1]
