"""Captives (C16): Red Hawk is captured in Magalakutway's sequence (injury 62). Once it is
committed he shows on both warbands' pages, to be ransomed by his owner or sold by his captor."""

from __future__ import annotations

from campaign.models import Figure, LedgerEntry, RollRecord, Warband
from campaign.selectors.games import captor_of, warband_sheet
from tests.campaign.games_support import (
    WAR_PARTY_INCOME,
    signed_in,
)


def treasuries(*warbands) -> list[int]:
    return [Warband.objects.get(pk=w.pk).treasury for w in warbands]


def test_a_captured_figure_is_held_by_the_opponent(red_hawk, war_party, patrol):
    assert red_hawk.state == "captured"
    assert captor_of(red_hawk) == patrol
    assert warband_sheet(war_party).figure(red_hawk.id).held_by == "The 44th Foot Patrol"


def test_the_captive_shows_on_both_warbands_pages(client, red_hawk, war_party, patrol, player):
    client.force_login(player)
    own = client.get(f"/warbands/{war_party.id}/games/", HTTP_HX_REQUEST="true")
    assert "is held by" in own.content.decode()
    assert "Offer the ransom" in own.content.decode()
    theirs = client.get(f"/warbands/{patrol.id}/games/", HTTP_HX_REQUEST="true")
    assert "is held captive here" in theirs.content.decode()
    assert "Sell the captive" not in theirs.content.decode()  # not the player's to sell


def test_the_owner_ransoms_the_captive_back_without_his_equipment(
    red_hawk, war_party, patrol, player, other_player
):
    response = signed_in(player).post(
        f"/api/captives/{red_hawk.id}/ransom/", {"price": 15}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["state"] == "captured"  # an offer, until the captor accepts
    assert response.json()["ransom_offer"] == 15
    assert treasuries(war_party, patrol) == [73 + WAR_PARTY_INCOME, 53]
    response = signed_in(other_player).post(
        f"/api/captives/{red_hawk.id}/ransom/accept/", {"price": 15}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["state"] == "active"
    assert response.json()["ransom_offer"] is None
    red_hawk.refresh_from_db()
    assert red_hawk.state == "active"
    assert not red_hawk.equipment.exists()
    assert treasuries(war_party, patrol) == [73 + WAR_PARTY_INCOME - 15, 53 + 15]
    paid = LedgerEntry.objects.get(warband=war_party, reason__startswith="Ransom")
    received = LedgerEntry.objects.get(warband=patrol, reason__startswith="Ransom")
    assert (paid.amount, received.amount) == (-15, 15)
    assert paid.reason == "Ransom for Red Hawk paid to The 44th Foot Patrol"


def test_a_ransom_beyond_the_treasury_is_400_and_moves_nothing(red_hawk, war_party, patrol, player):
    response = signed_in(player).post(
        f"/api/captives/{red_hawk.id}/ransom/", {"price": 500}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "The ransom is £500: the treasury holds £92."
    assert treasuries(war_party, patrol) == [92, 53]
    assert Figure.objects.get(pk=red_hawk.pk).state == "captured"


def test_the_captor_sells_an_unransomed_captive_for_a_d6_times_five(
    red_hawk, war_party, patrol, other_player
):
    response = signed_in(other_player).post(
        f"/api/captives/{red_hawk.id}/sell/", {"dice": [4]}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["state"] == "sold"
    assert treasuries(war_party, patrol) == [92, 53 + 20]
    sale = LedgerEntry.objects.get(warband=patrol, reason__startswith="Sold")
    assert sale.reason == "Sold the captive Red Hawk of Magalakutway: 4 × 5"
    roll = RollRecord.objects.get(purpose="captive_sale")
    assert (roll.warband, roll.faces, roll.typed_in) == (patrol, [4], True)
    red_hawk.refresh_from_db()
    assert not red_hawk.on_roster and not red_hawk.equipment.exists()


def test_the_app_rolls_the_sale_when_no_die_is_typed(red_hawk, patrol, other_player):
    signed_in(other_player).post(f"/api/captives/{red_hawk.id}/sell/", {}, format="json")
    sale = LedgerEntry.objects.get(warband=patrol, reason__startswith="Sold")
    assert sale.amount in (5, 10, 15, 20, 25, 30)
    assert RollRecord.objects.get(purpose="captive_sale").typed_in is False


def test_only_the_owner_ransoms_and_only_the_captor_sells(red_hawk, player, other_player):
    assert signed_in(other_player).post(
        f"/api/captives/{red_hawk.id}/ransom/", {"price": 1}, format="json"
    ).status_code == 403  # fmt: skip
    assert signed_in(player).post(
        f"/api/captives/{red_hawk.id}/sell/", {"dice": [6]}, format="json"
    ).status_code == 403  # fmt: skip
    assert Figure.objects.get(pk=red_hawk.pk).state == "captured"


def test_a_captive_is_settled_once(red_hawk, player, other_player):
    signed_in(player).post(f"/api/captives/{red_hawk.id}/ransom/", {"price": 5}, format="json")
    signed_in(other_player).post(f"/api/captives/{red_hawk.id}/ransom/accept/", format="json")
    response = signed_in(other_player).post(
        f"/api/captives/{red_hawk.id}/sell/", {"dice": [6]}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "Red Hawk is not held captive."


def test_a_captive_cannot_take_part_in_the_next_game(
    campaign, organiser, red_hawk, war_party, patrol
):
    from tests.campaign.games_support import battle_payload

    payload = battle_payload(campaign, war_party, patrol)
    payload["figures"].append({"figure": red_hawk.id, "took_part": True})
    response = signed_in(organiser).post("/api/games/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Red Hawk is held captive and cannot take part."


def test_the_pages_settle_a_captive(client, red_hawk, war_party, patrol, other_player):
    client.force_login(other_player)
    response = client.post(f"/figures/{red_hawk.id}/sell/", {"die": "2"})
    assert response.status_code == 302
    assert response.url == f"/warbands/{patrol.id}/"
    assert treasuries(patrol) == [53 + 10]
