"""The table keeps working when the hall's Wi-Fi does not: kept pages open with no connection
(the service worker, core.pwa), and the writes made meanwhile wait in the outbox
(static/js/outbox.js) and reach the server once each, in order, when it returns."""

from __future__ import annotations

from playwright.sync_api import expect

from campaign import services
from campaign.models import Battle, PostGame, TableLog
from campaign.services import battles as battle_services
from tests.browser.helpers import htmx_ready, log_in
from tests.browser.test_csp import watch
from tests.campaign.games_support import file_battle, sequence_of

SHOTS = "/tmp/shots-offline"


def controlled(page) -> None:
    """The service worker has taken the page over (it fetches and keeps what follows)."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")


def kept(page, path: str, text: str) -> None:
    """The service worker's copy of `path` holds `text` (kept as it was last seen)."""
    page.wait_for_function(
        """async ([path, text]) => {
            const cache = await caches.open("frontier-pages");
            const found = await cache.match(new URL(path, location.origin).href);
            return Boolean(found) && (await found.text()).includes(text);
        }""",
        arg=[path, text],
    )


def waiting(page) -> int:
    return page.evaluate("() => window.frontierOutbox.count()")


def test_a_sheet_opened_before_opens_offline_as_last_seen_and_a_new_page_says_why_not(
    new_page, club
):
    campaign, war_party, patrol = club
    battle = battle_services.battle_start(
        campaign=campaign, actor=war_party.owner, warband_a=war_party.id, warband_b=patrol.id
    )
    page = new_page()
    problems = watch(page)
    log_in(page, "magua")
    controlled(page)
    page.goto(f"/battles/{battle.id}/")
    kept(page, f"/battles/{battle.id}/", 'id="sheet"')
    page.goto("/help/")
    kept(page, "/help/", "<h1")

    page.context.set_offline(True)
    page.goto(f"/battles/{battle.id}/")
    expect(page.locator("#offline-banner")).to_contain_text("Offline: as last seen at ")
    expect(page.locator("#turn")).to_have_text("Turn 1")
    expect(page.locator("h1")).to_contain_text("Magalakutway")
    page.screenshot(path=f"{SHOTS}/offline-sheet.png", full_page=True)
    page.goto("/help/")
    expect(page.locator("#offline-banner")).to_be_visible()
    page.goto(f"/warbands/{patrol.id}/")  # never opened on this phone
    expect(page.locator("#offline-page")).to_contain_text("not opened on this phone before")
    page.screenshot(path=f"{SHOTS}/offline-never-opened.png")

    page.context.set_offline(False)
    page.goto(f"/battles/{battle.id}/")
    expect(page.locator("#turn")).to_have_text("Turn 1")
    expect(page.locator("#offline-banner")).to_have_count(0)
    assert [p for p in problems if "Content Security Policy" in p] == []
