"""Playwright in Debian's headless Chromium against Django's live server.

Never a downloaded browser: Chromium is launched from /usr/bin/chromium. Without it the tests
skip with a reason, or fail under FRONTIER_REQUIRE_SERVICES=1 (see tests/conftest.py).
"""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

from core import events
from tests.campaign.games_support import foot_patrol
from tests.conftest import CHROMIUM, missing_service
from tests.factories import CampaignFactory, UserFactory, founded_war_party, member

# Playwright's sync API runs an event loop in this thread; the live server's ORM work happens in
# its own thread, and the test's own ORM calls are synchronous, so this is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


HERE = pathlib.Path(__file__).parent
# How long an action or an `expect` waits: the same for both, with room for a run on two xdist
# processes beside other work (Playwright's own 5 s for `expect` timed out there once, on the API
# docs, while its 1.6 MB of script loaded).
TIMEOUT_MS = 15_000


def pytest_collection_modifyitems(items):
    # A conftest hook sees the whole session's items: mark only the tests in this folder. Each
    # takes seconds (a live server and a browser): `slow` too.
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    if not shutil.which(CHROMIUM):
        missing_service(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(chromium, live_server):
    """Open pages in fresh browser contexts (one per person); closed after the test."""
    contexts = []

    def open_page(width: int = 390, height: int = 844, service_workers: str = "allow"):
        """`service_workers="block"` for a test that intercepts the page's requests: once the
        app's service worker controls a page, its fetches go through the worker, which a route
        does not see."""
        context = chromium.new_context(
            viewport={"width": width, "height": height},
            base_url=live_server.url,
            service_workers=service_workers,
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
    # The live server's streams end now, while the test's database is still there: a stream
    # only learns that its page has gone when it next writes, and its keep-alive's tick
    # would touch the database after the test had closed it (a traceback at teardown).
    events.hub.end_all()


@pytest.fixture
def page(new_page):
    return new_page()


# --- the clubs the tests play in ---------------------------------------------------------------


@pytest.fixture
def club(db):
    """Lake George 1757: magua's war party and harcourt's foot patrol; the organiser plays
    neither. (campaign, war_party, patrol)"""
    organiser = UserFactory(username="organiser")
    campaign = CampaignFactory(organiser=organiser, name="Lake George 1757")
    player = member(campaign, UserFactory(username="magua"))
    opponent = member(campaign, UserFactory(username="harcourt"))
    war_party = founded_war_party(campaign, player)
    patrol = foot_patrol(campaign, opponent)
    return campaign, war_party, patrol


@pytest.fixture
def ohio_valley(transactional_db):
    """Ohio Valley 1757, organised by alice: bob's war party. {campaign, alice, bob, war_party}"""
    alice = UserFactory(username="alice")
    campaign = CampaignFactory(organiser=alice, name="Ohio Valley 1757")
    bob = member(campaign, UserFactory(username="bob"))
    war_party = founded_war_party(campaign, bob)
    return {"campaign": campaign, "alice": alice, "bob": bob, "war_party": war_party}
