"""House rules on a phone (390 px, C31): the organiser changes the musket price and the injury
table, sees the preview worked out from the dice, saves; a player's builder shows the new
price."""

from __future__ import annotations

import pathlib

import pytest
from playwright.sync_api import expect

from campaign import services
from campaign.models import HouseRules
from tests.browser.helpers import log_in
from tests.browser.test_accessibility import serious_violations
from tests.factories import WarbandFactory

SHOTS = pathlib.Path("/tmp/shots/houserules")
MUSKET = "factions.rangers.equipment.musket.price"


@pytest.fixture
def valley_and_rangers(ohio_valley):
    """The Ohio Valley, where bob has Rogers' Rangers besides his war party."""
    campaign, bob = ohio_valley["campaign"], ohio_valley["bob"]
    rangers = WarbandFactory(
        campaign=campaign, owner=bob, name="Rogers' Rangers", faction="rangers"
    )
    services.warband_add_figure(warband=rangers, name="Rogers", profile="rangers_hero")
    return {**ohio_valley, "rangers": rangers}


def shot(page, name, **kwargs):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), **kwargs)


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_organiser_changes_the_musket_and_the_injury_table_and_bob_pays_it(
    new_page, valley_and_rangers
):
    campaign = valley_and_rangers["campaign"]
    alice = new_page()
    log_in(alice, "alice")
    alice.goto(f"/campaigns/{campaign.id}/")
    alice.click("#house-rules-link")
    expect(alice.locator("h1")).to_have_text("House rules")
    assert fits(alice)

    alice.fill(f"input[name='{MUSKET}']", "12")
    # A kinder injury table: Dead on 11-12 only, Multiple injuries from 13.
    alice.fill("input[name='injuries.table.dead.high']", "12")
    alice.fill("input[name='injuries.table.multiple_injuries.low']", "13")
    alice.click("#preview-button")
    preview = alice.locator("#preview")
    expect(preview).to_contain_text("What this change would do")
    expect(preview).to_contain_text("Rangers equipment: Musket, price")  # the path in words
    # 14.0% with the seed's table (5/36 Dead + 2/36 Multiple x a second Blind eye); 5.8% with
    # Dead on 11-12 (2/36) and Multiple on 13-21 (5/36): C13-C15, exact.
    expect(alice.locator("#death-chance")).to_contain_text("14.0%")
    expect(alice.locator("#death-chance")).to_contain_text("5.8%")
    expect(preview).to_contain_text("Magalakutway")
    expect(preview).to_contain_text("Rogers' Rangers")
    assert not HouseRules.objects.exists()  # a preview saves nothing
    assert fits(alice)
    assert serious_violations(alice) == []
    preview.scroll_into_view_if_needed()
    shot(alice, "preview")
    preview.screenshot(path=str(SHOTS / "preview-panel.png"))

    alice.click("#save-button")
    expect(alice.locator("body")).to_contain_text("House rules version 1 saved.")
    expect(alice.locator("#history")).to_contain_text("Version 1 · alice")
    row = alice.locator(".hr-row", has=alice.locator(f"input[name='{MUSKET}']"))
    expect(row).to_contain_text("seed: 10")
    alice.locator("#table-rangers-equipment").screenshot(path=str(SHOTS / "musket-row.png"))
    alice.locator("#table-injury-table").screenshot(path=str(SHOTS / "injury-table.png"))

    bob = new_page()
    log_in(bob, "bob")
    bob.goto(f"/warbands/{valley_and_rangers['rangers'].id}/build/")
    expect(bob.locator("article.figure-row", has_text="Rogers")).to_contain_text("Musket (12)")
    assert fits(bob)
    shot(bob, "builder")


def test_a_member_reads_the_house_rules_without_changing_them(new_page, valley_and_rangers):
    bob = new_page()
    log_in(bob, "bob")
    bob.goto(f"/campaigns/{valley_and_rangers['campaign'].id}/house-rules/")
    expect(bob.locator(f"input[name='{MUSKET}']")).to_have_attribute("readonly", "")
    expect(bob.locator("#save-button")).to_have_count(0)
    assert fits(bob)
    assert serious_violations(bob) == []
