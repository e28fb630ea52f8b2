"""Correcting a figure on a phone (390 px, C30): the organiser corrects an injury from the
roster card; the owner reads it in the campaign's activity feed and on the card."""

from __future__ import annotations

import pathlib

from playwright.sync_api import expect

from campaign.models import Correction
from tests.browser.helpers import log_in
from tests.browser.test_accessibility import serious_violations

SHOTS = pathlib.Path("/tmp/shots/dice")


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_organiser_corrects_an_injury_and_the_owner_sees_it(new_page, ohio_valley):
    war_party = ohio_valley["war_party"]
    otter = war_party.figures.get(name="Swift Otter")
    alice = new_page()
    log_in(alice, "alice")
    alice.goto(f"/warbands/{war_party.id}/")
    alice.locator(f"#figure-{otter.id} a:has-text('Correct')").click()
    expect(alice.locator("h1")).to_have_text("Correct Swift Otter")
    assert fits(alice)
    assert serious_violations(alice) == []
    alice.get_by_label('Leg wound: movement -1"').check()
    alice.fill("#id_reason", "The leg wound rolled after the Ohio game was never written down")
    shot(alice, "correct-form-390")
    alice.click("button:has-text('Save the correction')")
    card = alice.locator(f"#figure-{otter.id}")
    expect(card).to_contain_text("injuries none → Leg wound")
    expect(card).to_contain_text("Leg wound: movement -1")
    card.scroll_into_view_if_needed()
    assert serious_violations(alice) == []
    shot(alice, "roster-card-corrected-390")
    assert Correction.objects.get().state == "applied"

    bob = new_page()
    log_in(bob, "bob")
    bob.goto(f"/campaigns/{ohio_valley['campaign'].id}/")
    feed = bob.locator("ul.activity")
    expect(feed).to_contain_text(
        "alice corrected Swift Otter of Magalakutway: injuries none → Leg wound"
    )
    expect(feed).to_contain_text("never written down")
    feed.scroll_into_view_if_needed()
    assert fits(bob)
    shot(bob, "activity-feed-owner-390")
