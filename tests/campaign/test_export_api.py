"""The organiser's export: GET /api/campaigns/{id}/export/ (JSON of everything) and the rosters
and league as CSV. Other members get 403, strangers to a private campaign 404."""

from __future__ import annotations

import csv
import io
import json

import pytest
from rest_framework.test import APIClient

from campaign.models import LedgerEntry
from tests.campaign.games_support import signed_in

PATHS = ["export/", "export/rosters.csv", "export/league.csv"]


def test_the_organiser_exports_every_ledger_line_figure_and_game(
    campaign, battle, organiser, war_party, patrol
):
    response = signed_in(organiser).get(f"/api/campaigns/{campaign.id}/export/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="ohio-valley-1755-')
    data = json.loads(response.content)
    assert (data["format"], data["version"]) == ("frontier.campaign", 1)
    assert data["campaign"]["name"] == "Ohio Valley 1755"
    assert data["campaign"]["organiser"] == "organiser"
    assert sorted(m["user"] for m in data["members"]) == ["organiser", "other", "player"]
    ledger = LedgerEntry.objects.filter(warband__campaign=campaign).order_by("pk")
    assert ledger.count() >= 2  # the starting treasury and the purchases of each warband
    assert [(e["id"], e["amount"], e["reason"]) for e in data["ledger"]] == [
        (e.id, e.amount, e.reason) for e in ledger
    ]
    assert {w["name"] for w in data["warbands"]} == {war_party.name, patrol.name}
    assert len(data["figures"]) == war_party.figures.count() + patrol.figures.count()
    assert [g["id"] for g in data["games"]] == [battle.id]
    assert len(data["postgames"]) == 2
    assert {row["warband"] for row in data["league"]} == {war_party.name, patrol.name}
    # by id: the two players joining (the campaign's feed shows joins), then the game
    assert [a["kind"] for a in data["activity"]] == ["member", "member", "report", "confirmation"]


def test_the_rosters_csv_has_a_line_per_figure(campaign, battle, organiser, war_party, patrol):
    response = signed_in(organiser).get(f"/api/campaigns/{campaign.id}/export/rosters.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == war_party.figures.count() + patrol.figures.count()
    hawk = next(r for r in rows if r["Figure"] == "Red Hawk")
    assert (hawk["Warband"], hawk["Player"], hawk["Faction"]) == (
        "Magalakutway",
        "player",
        "Indians",
    )


def test_the_rosters_csv_says_what_a_roster_card_says_in_words(campaign, organiser, war_party):
    elk = war_party.figures.get(name="Running Elk")
    elk.injuries = ["leg_wound"]
    elk.shooting_increase = 1
    elk.save()

    response = signed_in(organiser).get(f"/api/campaigns/{campaign.id}/export/rosters.csv")

    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    row = next(r for r in rows if r["Figure"] == "Running Elk")
    assert (row["Profile"], row["Status"], row["State"]) == ("Indian Chief", "Hero", "Active")
    assert row["Injuries"].startswith("Leg wound")
    # As the roster card: a Hero moves 7/4 (C7), a leg wound costs an inch each way (C14).
    assert (row["Movement"], row["Shooting"], row["Melee"], row["Morale"]) == ("6/3", "1", "0", "0")
    assert "Bow" in row["Equipment"].split("; ")
    # The stored keys stay, for a script that read the earlier columns.
    assert (row["Profile key"], row["Injury keys"], row["Status key"]) == (
        "indians_hero",
        "leg_wound",
        "hero",
    )
    assert "bow" in row["Equipment keys"].split("; ")
    assert not any("_" in heading for heading in rows[0])


def test_the_league_csv_has_a_line_per_founded_warband(campaign, battle, organiser):
    response = signed_in(organiser).get(f"/api/campaigns/{campaign.id}/export/league.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [r["Warband"] for r in rows] == ["Magalakutway", "The 44th Foot Patrol"]
    assert rows[0]["Played"] == "1" and rows[0]["Won"] == "1"
    assert rows[1]["Lost"] == "1"
    assert "Team rating" in rows[0] and "Ranking deviation" in rows[0]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("who", ["player", "other_player"])
def test_the_owner_and_the_opponent_may_not_export(campaign, battle, request, who, path):
    response = signed_in(request.getfixturevalue(who)).get(f"/api/campaigns/{campaign.id}/{path}")
    assert response.status_code == 403


@pytest.mark.parametrize("path", PATHS)
def test_a_stranger_gets_404_for_a_private_campaign(campaign, battle, stranger, path):
    response = signed_in(stranger).get(f"/api/campaigns/{campaign.id}/{path}")
    assert response.status_code == 404


def test_a_stranger_gets_403_for_a_public_campaign(campaign, stranger):
    campaign.is_public = True
    campaign.save()
    assert signed_in(stranger).get(f"/api/campaigns/{campaign.id}/export/").status_code == 403


def test_an_unknown_campaign_is_404_and_no_credentials_401(campaign, organiser):
    assert signed_in(organiser).get("/api/campaigns/999999/export/").status_code == 404
    assert APIClient().get(f"/api/campaigns/{campaign.id}/export/").status_code == 401


def test_only_get_is_allowed(campaign, organiser):
    response = signed_in(organiser).post(f"/api/campaigns/{campaign.id}/export/")
    assert response.status_code == 405


def test_the_campaign_page_offers_the_organiser_the_export_buttons(
    client, campaign, organiser, player
):
    client.force_login(organiser)
    page = client.get(f"/campaigns/{campaign.id}/").content.decode()
    assert f'href="/api/campaigns/{campaign.id}/export/"' in page
    assert f'href="/api/campaigns/{campaign.id}/export/rosters.csv"' in page
    client.force_login(player)
    assert "export/" not in client.get(f"/campaigns/{campaign.id}/").content.decode()
