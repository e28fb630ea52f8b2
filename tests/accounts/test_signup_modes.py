"""FRONTIER_SIGNUP: `open` (anyone signs up), `invite` (only with a campaign's invite code, from
its join link), `closed` (nobody: the admin makes accounts). The log-in page, the top bar and
the home page offer sign-up only when it is open."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse
from django.utils import timezone

from tests.core.settings_loader import load_base_settings
from tests.factories import CampaignFactory, UserFactory

pytestmark = pytest.mark.django_db

SIGNUP = "/accounts/signup/"
NEW = {"username": "newcomer", "email": "", "password1": "a-long-pass-phrase-9",
       "password2": "a-long-pass-phrase-9"}  # fmt: skip


def made() -> bool:
    return get_user_model().objects.filter(username="newcomer").exists()


@pytest.fixture
def campaign():
    return CampaignFactory(organiser=UserFactory(username="organiser"), name="Lake George")


def join_link(campaign) -> str:
    return reverse("join-link", args=[campaign.invite_code])


def test_open_anyone_signs_up_and_every_page_offers_it(client, settings):
    settings.FRONTIER_SIGNUP = "open"

    assert 'href="/accounts/signup/"' in client.get("/").content.decode()
    assert "New here?" in client.get("/accounts/login/").content.decode()
    response = client.post(SIGNUP, NEW)

    assert response.status_code == 302 and made()


def test_closed_nobody_signs_up_and_no_page_offers_it(client, settings, campaign):
    settings.FRONTIER_SIGNUP = "closed"

    page = client.get(SIGNUP)
    assert page.status_code == 403
    assert "does not take new accounts" in page.content.decode()
    assert client.post(SIGNUP, NEW).status_code == 403
    assert not made()
    for path in ("/", "/accounts/login/", join_link(campaign)):
        assert reverse("signup") not in client.get(path).content.decode(), path


def test_closed_even_a_join_links_invitation_makes_no_account(client, settings, campaign):
    settings.FRONTIER_SIGNUP = "closed"
    response = client.post(SIGNUP, {**NEW, "next": join_link(campaign)})
    assert response.status_code == 403 and not made()


def test_invite_without_a_code_makes_no_account(client, settings):
    settings.FRONTIER_SIGNUP = "invite"

    response = client.post(SIGNUP, NEW)

    assert response.status_code == 200 and not made()
    assert "This field is required" in response.content.decode()


def test_invite_with_a_wrong_code_makes_no_account(client, settings, campaign):
    settings.FRONTIER_SIGNUP = "invite"

    response = client.post(SIGNUP, {**NEW, "invite_code": "NOSUCHCODE"})

    assert not made()
    assert "No open campaign has this invite code" in response.content.decode()


def test_invite_a_closed_campaigns_code_makes_no_account(client, settings, campaign):
    settings.FRONTIER_SIGNUP = "invite"
    campaign.closed_at = timezone.now()
    campaign.save()

    client.post(SIGNUP, {**NEW, "invite_code": campaign.invite_code})

    assert not made()


def test_invite_the_join_link_fills_the_code_and_leads_back_to_the_join_form(
    client, settings, campaign
):
    settings.FRONTIER_SIGNUP = "invite"
    link = join_link(campaign)

    page = client.get(f"{SIGNUP}?next={link}").content.decode()
    assert f'value="{campaign.invite_code}"' in page
    response = client.post(SIGNUP, {**NEW, "invite_code": campaign.invite_code, "next": link})

    assert made()
    assert response.status_code == 302 and response["Location"] == link


def test_invite_a_code_typed_in_leads_to_its_join_form(client, settings, campaign):
    settings.FRONTIER_SIGNUP = "invite"

    response = client.post(SIGNUP, {**NEW, "invite_code": campaign.invite_code.lower()})

    assert made() and response["Location"] == join_link(campaign)


def test_invite_the_pages_offer_sign_up_only_to_whoever_holds_a_join_link(
    client, settings, campaign
):
    settings.FRONTIER_SIGNUP = "invite"
    link = join_link(campaign)

    login = client.get("/accounts/login/").content.decode()
    assert reverse("signup") not in login
    assert "by invitation" in login
    assert reverse("signup") not in client.get("/").content.decode()
    assert reverse("signup") in client.get(f"/accounts/login/?next={link}").content.decode()
    assert reverse("signup") in client.get(link).content.decode()


@pytest.mark.parametrize("value", ["Open", " invite ", "closed"])
def test_the_setting_reads_the_three_modes(monkeypatch, value):
    loaded = load_base_settings(monkeypatch, FRONTIER_SIGNUP=value)
    assert value.strip().lower() == loaded.FRONTIER_SIGNUP


def test_a_mistyped_mode_stops_the_server(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="FRONTIER_SIGNUP must be one of"):
        load_base_settings(monkeypatch, FRONTIER_SIGNUP="invitation")
