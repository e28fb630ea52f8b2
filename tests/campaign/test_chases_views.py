"""The campaign chase's pages (P14): the set-up with its rowers, the lobby's offer to members,
the chase's table and campaign page, filing it, and the game page's link to the chase's log."""

from __future__ import annotations

import pytest
from django.test import Client

from campaign.models import CampaignChase
from campaign.services import chases
from chase.models import GameSession
from tests.campaign.battle_support import fid
from tests.campaign.test_chases_services import finish, rowers
from tests.factories import UserFactory, member

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def chase(campaign, player, war_party, patrol):
    return chases.chase_start(campaign=campaign, actor=player, trappers=war_party.id,
                              indians=patrol.id, rowers=rowers(war_party, patrol))  # fmt: skip


def test_the_set_up_names_two_rowers_per_canoe_from_each_roster(
    campaign, browser, war_party, patrol
):
    page = browser.get(f"/campaigns/{campaign.id}/chases/new/").content.decode()
    assert page.count('name="rower-trapper-1-') == 2
    assert page.count('name="rower-indian-') == 4  # two Indian canoes by default
    query = {"play_as": "trapper", "mine": war_party.id, "opponent": patrol.id,
             "trapper_canoes": 2, "indian_canoes": 1}  # fmt: skip
    url = f"/campaigns/{campaign.id}/chases/new/"
    redrawn = browser.get(url, query, **HTMX).content.decode()
    assert redrawn.count('name="rower-trapper-') == 4
    assert redrawn.count('name="rower-indian-') == 2


def test_starting_a_chase_sits_the_player_at_its_table(campaign, browser, war_party, patrol):
    body = {"play_as": "trapper", "mine": war_party.id, "opponent": patrol.id, "mode": "solo",
            "river": "short", "trapper_canoes": 1, "indian_canoes": 1,
            "rower-trapper-1-1": fid(war_party, "Grey Wolf"),
            "rower-trapper-1-2": fid(war_party, "Swift Otter"),
            "rower-indian-1-1": fid(patrol, "Sgt. Pike"),
            "rower-indian-1-2": fid(patrol, "Pte. Abbott")}  # fmt: skip
    response = browser.post(f"/campaigns/{campaign.id}/chases/new/", body)
    chase = CampaignChase.objects.get()
    assert response["Location"] == f"/play/{chase.session_id}/"
    table = browser.get(f"/play/{chase.session_id}/").content.decode()
    assert 'id="you"' in table and "the trappers" in table
    assert "A campaign chase in Ohio Valley 1755" in table


def test_the_same_rower_twice_is_refused_with_a_message(campaign, browser, war_party, patrol):
    wolf = fid(war_party, "Grey Wolf")
    body = {"play_as": "trapper", "mine": war_party.id, "opponent": patrol.id, "mode": "solo",
            "river": "short", "trapper_canoes": 1, "indian_canoes": 1,
            "rower-trapper-1-1": wolf, "rower-trapper-1-2": wolf,
            "rower-indian-1-1": fid(patrol, "Sgt. Pike"),
            "rower-indian-1-2": fid(patrol, "Pte. Abbott")}  # fmt: skip
    response = browser.post(f"/campaigns/{campaign.id}/chases/new/", body)
    assert response.status_code == 400
    assert b"A figure rows in one canoe, in one seat." in response.content
    assert not GameSession.objects.exists()


def test_the_lobby_offers_a_chase_to_campaign_members(browser, campaign, war_party, patrol):
    assert b"/chases/offers/" in browser.get("/play/").content
    offer = browser.get("/chases/offers/", **HTMX).content.decode()
    assert f"/campaigns/{campaign.id}/chases/new/" in offer


def test_the_lobby_offers_nothing_to_a_stranger(client, stranger, war_party, patrol):
    client.force_login(stranger)
    assert b"chase-offer" not in client.get("/chases/offers/", **HTMX).content


def test_the_finished_chase_is_filed_from_its_table_and_the_game_links_its_log(
    chase, browser, stranger
):
    finish(chase, "trapper", {("indian", 0, 0): "wounded"})
    table = browser.get(f"/play/{chase.session_id}/").content.decode()
    assert 'id="file-chase"' in table
    page = browser.get(f"/chases/{chase.id}/").content.decode()
    assert 'data-fate="wounded"' in page and "wounded (down)" in page
    outsider = Client()
    outsider.force_login(stranger)
    assert outsider.post(f"/chases/{chase.id}/file/").status_code == 404  # a private campaign
    response = browser.post(f"/chases/{chase.id}/file/")
    chase.refresh_from_db()
    assert response["Location"] == f"/games/{chase.report_id}/"
    game = browser.get(f"/games/{chase.report_id}/").content.decode()
    assert f"/play/{chase.session_id}/replay/" in game


def test_a_member_of_neither_warband_may_not_file_it(chase, client, campaign):
    finish(chase, "trapper", {})
    client.force_login(member(campaign, UserFactory(username="third")))
    assert client.post(f"/chases/{chase.id}/file/").status_code == 403
