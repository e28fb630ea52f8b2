"""The campaign's webhook through the API and the settings page: the organiser sets it; an
address that is not public https is refused (400 naming the field, or the form's error); nobody
else sees it (it holds the webhook's secret).

People: the organiser, a player, and the names each address resolves to (core.outbound's
resolver replaced: no test looks anything up)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from campaign.models import WebhookPost
from core import outbound

HOOK = "https://discord.example/api/webhooks/123/secret-token"


@pytest.fixture
def dns(monkeypatch):
    """discord.example is public; intranet.example is inside the club's network."""
    names = {"discord.example": ["162.159.128.233"], "intranet.example": ["192.168.1.5"]}
    monkeypatch.setattr(outbound, "resolve", lambda host, port: names[host])


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_organiser_sets_the_webhook_and_only_they_see_it(campaign, organiser, player, dns):
    url = f"/api/campaigns/{campaign.id}/"
    response = signed_in(organiser).patch(url, {"webhook_url": HOOK}, format="json")
    assert response.status_code == 200 and response.json()["webhook_url"] == HOOK
    assert signed_in(player).get(url).json()["webhook_url"] is None
    campaign.refresh_from_db()
    assert campaign.webhook_url == HOOK


def test_the_api_refuses_a_private_address_naming_the_field(campaign, organiser, dns):
    response = signed_in(organiser).patch(
        f"/api/campaigns/{campaign.id}/",
        {"webhook_url": "https://intranet.example/hook"},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert "webhook_url" in str(body) and "private" in str(body)
    campaign.refresh_from_db()
    assert campaign.webhook_url == ""


def test_a_player_may_not_set_the_webhook(campaign, player, dns):
    response = signed_in(player).patch(
        f"/api/campaigns/{campaign.id}/", {"webhook_url": HOOK}, format="json"
    )
    assert response.status_code == 403


def settings_form(campaign, **changes) -> dict:
    return {
        "name": campaign.name,
        "starting_treasury": campaign.starting_treasury,
        "currency": campaign.currency,
        "manual_dice": "on",
        "report_confirmation": "on",
        **changes,
    }


def test_the_settings_page_keeps_a_public_webhook(client, campaign, organiser, dns):
    client.force_login(organiser)
    url = reverse("campaign-settings", args=[campaign.id])
    assert b"Webhook for the chronicle" in client.get(url).content
    response = client.post(url, settings_form(campaign, webhook_url=HOOK))
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.webhook_url == HOOK


def test_the_settings_page_refuses_a_private_webhook_in_place(client, campaign, organiser, dns):
    client.force_login(organiser)
    url = reverse("campaign-settings", args=[campaign.id])
    response = client.post(url, settings_form(campaign, webhook_url="https://intranet.example/x"))
    assert response.status_code == 200
    assert b"a private address (192.168.1.5)" in response.content
    campaign.refresh_from_db()
    assert campaign.webhook_url == ""


def test_the_settings_page_tells_the_organiser_a_post_failed(client, battle, organiser):
    WebhookPost.objects.create(
        campaign=battle.campaign,
        game=battle,
        state=WebhookPost.State.FAILED,
        attempts=6,
        error="The webhook answered 502",
    )
    client.force_login(organiser)
    page = client.get(reverse("campaign-settings", args=[battle.campaign.id])).content.decode()
    assert "not sent</span> after 6 tries (The webhook answered 502)" in page


def test_saving_other_settings_does_not_look_the_kept_webhook_up_again(
    client, campaign, organiser, dns, monkeypatch
):
    """Kept as it was: checked before each post, not at every save (a resolver down for a
    moment does not stop the organiser renaming the campaign)."""
    campaign.webhook_url = HOOK
    campaign.save(update_fields=["webhook_url"])

    def down(host, port):
        raise OSError("no resolver")

    monkeypatch.setattr(outbound, "resolve", down)
    client.force_login(organiser)
    url = reverse("campaign-settings", args=[campaign.id])
    response = client.post(url, settings_form(campaign, name="Renamed", webhook_url=HOOK))
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert (campaign.name, campaign.webhook_url) == ("Renamed", HOOK)
