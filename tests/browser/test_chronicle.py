"""The chronicle on a phone (390 px): a player opens it from the campaign page, reads the game's
entry, adds a line in place (HTMX, no reload) and takes it back; the page never scrolls
sideways, and a line that is not text is escaped."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.helpers import htmx_ready, log_in
from tests.campaign.games_support import file_battle


def test_a_player_adds_a_line_to_an_entry_and_takes_it_back_on_a_phone(page, club):
    campaign, war_party, patrol = club
    game = file_battle(campaign, war_party, patrol, campaign.organiser)  # confirmed at once
    log_in(page, "magua")
    page.goto(f"/campaigns/{campaign.id}/")
    page.click("#chronicle-link a")
    htmx_ready(page)
    entry = page.locator(f"#game-{game.id}")
    expect(entry.locator("h2")).to_have_text("Game 1: Magalakutway v The 44th Foot Patrol")
    expect(entry.locator(".side-won")).to_contain_text("Magalakutway")

    entry.locator("input[name=text]").fill("<i>Swift Otter</i> ran like the wind")
    entry.locator("button", has_text="Add my line").click()
    line = entry.locator(".player-line")
    expect(line.locator("blockquote")).to_have_text("<i>Swift Otter</i> ran like the wind")
    expect(line.locator("figcaption")).to_contain_text("— magua,")
    expect(entry.locator("input[name=text]")).to_have_value("")  # a fresh form came back
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    line.locator("button", has_text="Delete my line").click()
    expect(entry.locator(".player-line")).to_have_count(0)
    expect(entry.locator(".no-lines")).to_be_visible()
