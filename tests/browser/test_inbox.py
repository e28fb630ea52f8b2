"""On a phone (390 px): the opponent learns of a report from the inbox and confirms it from
there; a player who forgot their password sets a new one from the link in the e-mail (Django's
locmem outbox, shared with the live server's thread)."""

from __future__ import annotations

import re

from django.core import mail
from playwright.sync_api import expect

from campaign.models import Figure, GameReport
from tests.browser.helpers import log_in
from tests.factories import UserFactory


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def file_report(page, campaign, war_party, patrol) -> None:
    page.goto(f"/campaigns/{campaign.id}/games/new/")
    with page.expect_response(re.compile(r"/games/new/\?")):
        page.select_option("#id_warband_b", str(patrol.id))
    page.check("input[name=result][value=a]")
    page.fill("#id_played_on", "2025-05-01")
    red_hawk = Figure.objects.get(warband=war_party, name="Red Hawk")
    page.select_option(f"select[name=f{red_hawk.id}_outcome]", "out_of_action")
    # C29: a figure out of action took at least one wound from the other side.
    bell = Figure.objects.get(warband=patrol, name="Pte. Bell")
    page.fill(f"input[name=f{bell.id}_wounds_inflicted]", "1")
    page.click("#file-report")
    expect(page.locator("#game-status")).to_have_text("Waiting for the opponent")


def test_the_opponent_sees_the_report_in_the_inbox_and_confirms_from_it(new_page, club):  # noqa: F811
    campaign, war_party, patrol = club
    player = new_page()
    log_in(player, "magua")
    expect(player.locator(".topbar .badge")).to_have_count(0)  # nothing waits yet
    file_report(player, campaign, war_party, patrol)

    opponent = new_page()
    log_in(opponent, "harcourt")
    expect(opponent.locator(".topbar .badge")).to_have_text("1")
    opponent.click(".topbar >> text=Inbox")
    item = opponent.locator(".inbox-item[data-kind=confirm_report]")
    expect(item).to_contain_text("Magalakutway v The 44th Foot Patrol")
    expect(item).to_contain_text("filed by magua")
    no_sideways_scroll(opponent)
    item.get_by_role("link", name="Review and confirm").click()
    opponent.click("#confirm-game")
    expect(opponent.locator("#game-status")).to_have_text("Confirmed")
    assert GameReport.objects.get().status == "confirmed"

    opponent.goto("/")
    expect(opponent.locator(".inbox-item")).to_have_count(1)
    expect(opponent.locator(".inbox-item[data-kind=run_postgame]")).to_contain_text(
        "The 44th Foot Patrol after"
    )
    opponent.click(".inbox-item >> text=Continue the post-game")
    expect(opponent.locator("h1")).to_have_text("Post-game: The 44th Foot Patrol")

    player.goto("/")
    expect(player.locator(".inbox-item[data-kind=run_postgame]")).to_contain_text("Magalakutway")
    expect(player.locator(".topbar .badge")).to_have_text("1")


def test_a_forgotten_password_is_reset_from_the_link_in_the_mail(page, db):
    UserFactory(username="montcalm", email="montcalm@club.example")
    page.goto("/accounts/login/")
    page.click("text=Forgot your password?")
    expect(page.locator("h1")).to_have_text("Forgot your password?")
    page.fill("#id_email", "montcalm@club.example")
    page.click("button:has-text('Send the link')")
    expect(page.locator("h1")).to_have_text("Check your e-mail")
    [message] = mail.outbox
    link = re.search(r"https?://\S+/accounts/password/reset/\S+/", message.body).group(0)
    page.goto(link)
    expect(page.locator("h1")).to_have_text("Choose a new password")
    no_sideways_scroll(page)
    page.fill("#id_new_password1", "Quebec-1759-plains")
    page.fill("#id_new_password2", "Quebec-1759-plains")
    page.click("button:has-text('Set the password')")
    expect(page.locator("h1")).to_have_text("Password set")
    page.click("main >> text=Log in")
    page.fill("#id_username", "montcalm")
    page.fill("#id_password", "Quebec-1759-plains")
    page.click("button:has-text('Log in')")
    expect(page.locator(".topbar")).to_contain_text("Log out montcalm")
    page.goto(link)
    expect(page.locator("h1")).to_have_text("This link no longer works")
