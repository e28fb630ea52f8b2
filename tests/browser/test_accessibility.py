"""Accessibility: axe-core finds no serious or critical violation on the main pages, nor a
moderate one about landmarks or the order of headings (MODERATE), at phone width (390 px) and on
a desktop (1280 px); and at either width nothing spills sideways (the page is never wider than
the screen, so a phone never scrolls a page left and right).

axe-core comes from a Python package (axe-playwright-python ships its axe.min.js) and is injected
by Playwright into the page under test: it is never served to users. To check another page add
one line to PAGES: an id, who is logged in (None: a visitor) and how to get there from the
`site` (the data below); `open` may also click through the page, e.g. to start a canoe game.
"""

from __future__ import annotations

import importlib.resources
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pytest
from playwright.sync_api import expect

from campaign import services
from campaign.services import battles as battle_services
from tests.browser.helpers import log_in
from tests.campaign.games_support import file_battle, sequence_of

IMPACTS = ("serious", "critical")  # what fails the test, with the rules of MODERATE
# Moderate findings that fail the test too (issue 33): landmarks a screen reader can tell apart
# and move between, headings in order, a page's content inside its landmarks.
MODERATE = (
    "heading-order",
    "landmark-unique",
    "landmark-one-main",
    "landmark-no-duplicate-banner",
    "landmark-no-duplicate-contentinfo",
    "landmark-no-duplicate-main",
    "landmark-banner-is-top-level",
    "landmark-contentinfo-is-top-level",
    "landmark-main-is-top-level",
    "landmark-complementary-is-top-level",
    "page-has-heading-one",
    "region",
)
WIDTHS = (390, 1280)
SHOTS = os.environ.get("FRONTIER_SHOTS")  # a folder: a screenshot of each page, when set


@cache
def axe_source() -> str:
    return (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_text()


@dataclass(frozen=True)
class Site:
    campaign: int
    war_party: int
    draft: int
    game: int
    postgame: int
    invite_code: str
    battle: int
    figure: int


def _goto(path: str) -> Callable:
    return lambda page, site: page.goto(path.format(site=site))


def _canoe_table(kind: str, mode: str = "solo") -> Callable:
    def open_table(page, site):
        page.goto(f"/play/?kind={kind}")
        page.check(f"input[name=mode][value={mode}]")
        page.click("#start")
        expect(page.locator("#table")).to_be_visible()
        expect(page.locator("#log li").first).to_be_visible()

    return open_table


def _replay(page, site):
    _canoe_table("pelts")(page, site)
    page.click("text=Replay")
    expect(page.locator("#replay")).to_be_visible()


def _finished_abstract_chase(page, site):
    """A road chase played out at random through the services (seeded), then its table."""
    import random

    from tests.chase.conftest import new_game, play_randomly

    session = new_game(kind="abstract", mode="hotseat", template="road")
    session = play_randomly(session, random.Random(4), 400)
    assert session.status == "finished"
    page.goto(f"/play/{session.pk}/")
    expect(page.locator("#participants")).to_be_visible()


# (id, logged in as, how to get there)
PAGES = [
    ("home", None, _goto("/")),
    ("login", None, _goto("/accounts/login/")),
    ("campaign", "magua", _goto("/campaigns/{site.campaign}/")),
    ("builder", "magua", _goto("/warbands/{site.draft}/build/")),
    ("roster", "magua", _goto("/warbands/{site.war_party}/")),
    ("game-report-form", "magua", _goto("/campaigns/{site.campaign}/games/new/")),
    ("game", "magua", _goto("/games/{site.game}/")),
    ("postgame", "magua", _goto("/postgames/{site.postgame}/")),
    ("league", "magua", _goto("/campaigns/{site.campaign}/league/")),
    ("chronicle", "magua", _goto("/campaigns/{site.campaign}/chronicle/")),
    ("canoe-lobby", None, _goto("/play/")),
    ("canoe-how-to-play", None, _goto("/play/how-to-play/pelts/")),
    ("help", None, _goto("/help/")),
    ("help-page", None, _goto("/help/house-rules/")),
    ("pelts-table", None, _canoe_table("pelts")),
    ("race-table", None, _canoe_table("race", "hotseat")),
    ("moosehead-table", None, _canoe_table("moosehead", "hotseat")),
    ("canoe-replay", None, _replay),
    ("signup", None, _goto("/accounts/signup/")),
    ("print-cards", "magua", _goto("/warbands/{site.war_party}/print/")),
    ("abstract-finished", None, _finished_abstract_chase),
    ("battles", "magua", _goto("/campaigns/{site.campaign}/battles/")),
    ("join-link", None, lambda page, site: page.goto(f"/join/{site.invite_code}/")),
    ("battle-sheet", "magua", _goto("/battles/{site.battle}/")),
    ("warband-new", "magua", _goto("/campaigns/{site.campaign}/warbands/new/")),
    ("correct-figure", "magua", _goto("/figures/{site.figure}/correct/")),
]


@pytest.fixture
def site(club):  # noqa: F811
    campaign, war_party, patrol = club
    game = file_battle(campaign, war_party, patrol, campaign.organiser)  # confirmed at once
    draft = services.warband_create_draft(
        campaign=campaign, owner=war_party.owner, name="Rangers", faction="rangers"
    )
    services.warband_add_figure(warband=draft, name="Captain Rogers", profile="rangers_hero")
    battle = battle_services.battle_start(
        campaign=campaign, actor=war_party.owner, warband_a=war_party.id, warband_b=patrol.id
    )
    return Site(
        campaign.id,
        war_party.id,
        draft.id,
        game.id,
        sequence_of(game, war_party).id,
        campaign.invite_code,
        battle.id,
        war_party.figures.first().id,
    )


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, and its moderate
    ones of MODERATE, one line each."""
    page.evaluate(axe_source())
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {node['target']}: {node['html'][:120]} "
        f"({node['failureSummary']})"
        for v in results["violations"]
        if v["impact"] in IMPACTS or v["id"] in MODERATE
        for node in v["nodes"]
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(("name", "user", "open_page"), PAGES, ids=[p[0] for p in PAGES])
def test_the_page_has_no_serious_accessibility_violation(
    new_page, site, name, user, open_page, width
):
    page = new_page(width, 900)
    if user:
        log_in(page, user)
    open_page(page, site)
    page.wait_for_load_state("networkidle")

    assert serious_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"a11y-{name}-{width}.png"), full_page=True)
