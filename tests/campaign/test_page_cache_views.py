"""The pages' cached fragments: a write shows at once (the key is the content version), the
cache saves the reads, and what one person may see is never served to another."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains
from rest_framework.authtoken.models import Token

from campaign import services
from campaign.models import Figure, Warband
from tests.factories import WarbandFactory

pytestmark = pytest.mark.django_db


def signed_in(client, user):
    client.force_login(user)
    return client


def queries(client, url, **headers) -> tuple[object, int]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return response, len(captured)


def test_the_roster_shows_a_write_at_once_and_reads_nothing_more_while_nothing_changed(
    client, player, war_party
):
    url = reverse("warband", args=[war_party.id])
    signed_in(client, player)
    first, cold = queries(client, url)
    queries(client, url)  # asked twice: now it is kept
    again, warm = queries(client, url)
    assertContains(again, "Quiet Fox")
    assert warm < cold  # the figures, kit and ledger come from the cache
    services.treasury_change(warband=war_party, amount=7, reason="A pelt sold")
    assertContains(client.get(url), "A pelt sold")
    Figure.objects.filter(warband=war_party, name="Quiet Fox").update(name="Loud Fox")
    changed = client.get(url)
    assertContains(changed, "Loud Fox")
    assertNotContains(changed, "Quiet Fox")


def test_the_organisers_correction_form_is_never_cached_for_a_player(
    client, organiser, player, war_party
):
    url = reverse("warband", args=[war_party.id])
    assertContains(signed_in(client, organiser).get(url), "Correct the treasury")
    assertNotContains(signed_in(client, player).get(url), "Correct the treasury")


def test_only_the_owner_of_a_draft_is_offered_to_go_on_building(
    client, campaign, player, other_player
):
    draft = WarbandFactory(campaign=campaign, owner=player, state=Warband.State.DRAFT)
    url = reverse("warband", args=[draft.id])
    assertContains(signed_in(client, player).get(url), "Continue building")
    assertNotContains(signed_in(client, other_player).get(url), "Continue building")
    assertContains(signed_in(client, player).get(url), "Continue building")


def test_the_campaign_page_shows_a_new_member_and_a_new_warband_at_once(
    client, campaign, player, stranger, war_party
):
    url = reverse("campaign", args=[campaign.id])
    page = signed_in(client, player).get(url)
    assertContains(page, war_party.name)
    assertNotContains(page, "stranger")
    services.campaign_join(campaign=campaign, user=stranger, invite_code=campaign.invite_code)
    assertContains(client.get(url), "stranger")
    WarbandFactory(campaign=campaign, owner=stranger, name="Late Arrivals")
    assertContains(client.get(url), "Late Arrivals")


def test_the_campaign_page_keeps_its_invite_code_to_members(client, campaign, player, stranger):
    campaign.is_public = True
    campaign.save()
    url = reverse("campaign", args=[campaign.id])
    assertContains(signed_in(client, player).get(url), campaign.invite_code)
    assertNotContains(signed_in(client, stranger).get(url), campaign.invite_code)


def test_the_league_page_shows_a_changed_rating_at_once(client, player, campaign, war_party):
    url = reverse("campaign-league", args=[campaign.id])
    signed_in(client, player)
    assertContains(client.get(url), f'id="league-warband-{war_party.id}"')
    Warband.objects.filter(pk=war_party.pk).update(rating=987)
    assertContains(client.get(url), "987")
    assertContains(client.get(url, HTTP_HX_REQUEST="true"), "987")


def test_the_organisers_recalculate_button_is_never_cached_for_a_player(
    client, organiser, player, campaign, war_party
):
    url = reverse("campaign-league", args=[campaign.id])
    assertContains(signed_in(client, organiser).get(url), "Recalculate the campaign")
    assertNotContains(signed_in(client, player).get(url), "Recalculate the campaign")


def test_the_warband_api_shows_a_write_at_once(client, player, war_party):
    token = Token.objects.create(user=player)
    url = f"/api/warbands/{war_party.id}/"
    auth = {"HTTP_AUTHORIZATION": f"Token {token.key}"}
    first, cold = queries(client, url, **auth)
    queries(client, url, **auth)  # asked twice: now it is kept
    again, warm = queries(client, url, **auth)
    assert again.json() == first.json()
    assert warm < cold
    services.treasury_change(warband=war_party, amount=-3, reason="Lost a paddle")
    body = client.get(url, **auth).json()
    assert body["treasury"] == first.json()["treasury"] - 3
    assert body["ledger"][-1]["reason"] == "Lost a paddle"
