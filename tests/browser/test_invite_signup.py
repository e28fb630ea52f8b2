"""An invited friend on a phone (390 px): the join link names the campaign and its organiser,
sign-up carries the invite through, and they land on the join form with the code filled in."""

from __future__ import annotations

import os

from playwright.sync_api import expect

from campaign.models import Membership
from tests.factories import CampaignFactory, UserFactory

SHOTS = os.environ.get("FRONTIER_SHOTS")  # a folder: screenshots of each step, when set


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_an_invited_new_user_signs_up_from_the_join_link_and_lands_on_the_filled_form(
    page, transactional_db
):
    campaign = CampaignFactory(organiser=UserFactory(username="alice"), name="Ohio Valley 1757")
    page.goto(f"/join/{campaign.invite_code}/")
    expect(page.locator("h1")).to_have_text("Join Ohio Valley 1757")
    expect(page.locator("#invite")).to_contain_text("alice invites you to Ohio Valley 1757")
    expect(page.locator("#joining-means")).to_contain_text("you found your own warband")
    shot(page, "join-link-logged-out")

    page.click("#join-signup")
    expect(page.locator("#invite")).to_contain_text("Sign up to join Ohio Valley 1757")
    page.fill("#id_username", "carol")
    page.fill("#id_password1", "Wampum-belt-1757")
    page.fill("#id_password2", "Wampum-belt-1757")
    shot(page, "signup-invited")
    page.click("main button[type=submit]")

    expect(page).to_have_url(f"{page.url.split('/join/')[0]}/join/{campaign.invite_code}/")
    expect(page.locator("#id_invite_code")).to_have_value(campaign.invite_code)
    expect(page.locator("#join-form button[type=submit]")).to_be_in_viewport()
    shot(page, "join-form-filled")
    page.click("#join-form button[type=submit]")
    expect(page.locator(".flash")).to_contain_text("Welcome to Ohio Valley 1757.")
    assert Membership.objects.filter(campaign=campaign, user__username="carol").exists()


def test_the_log_in_page_s_sign_up_link_keeps_the_invite(page, transactional_db):
    campaign = CampaignFactory(organiser=UserFactory(username="alice"), name="Ohio Valley 1757")
    page.goto(f"/join/{campaign.invite_code}/")
    page.click("#join-login")
    expect(page.locator("#invite")).to_contain_text("Log in to join Ohio Valley 1757")
    page.click("main a:has-text('Sign up')")
    expect(page.locator("#invite")).to_contain_text("Sign up to join Ohio Valley 1757")
