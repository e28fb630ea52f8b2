"""The pages still work under the Content-Security-Policy (issue 9, finding 12): no inline
script or eval is blocked on the campaign page, the HTMX builder, the post-game page, the canoe
game table and the API docs, and what they do with JavaScript still happens."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from campaign import services
from tests.browser.helpers import log_in
from tests.campaign.games_support import file_battle, sequence_of

SHOTS = os.environ.get("FRONTIER_SHOTS")  # a folder: screenshots of each page, when set


def watch(page) -> list[str]:
    """Every CSP violation and console error the page reports."""
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(f"{page.url}: {message.text}") if message.type == "error" else None
        ),
    )
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => "
        "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))"
    )
    return problems


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_pages_run_under_the_csp_without_a_violation(new_page, club):  # noqa: F811
    campaign, war_party, patrol = club
    game = file_battle(campaign, war_party, patrol, campaign.organiser)  # confirmed at once
    postgame = sequence_of(game, war_party)
    draft = services.warband_create_draft(
        campaign=campaign, owner=war_party.owner, name="Rangers", faction="rangers"
    )
    page = new_page()
    problems = watch(page)
    log_in(page, "magua")

    page.goto(f"/campaigns/{campaign.id}/")
    expect(page.locator("#report-game")).to_be_visible()  # the games section, loaded by HTMX
    shot(page, "csp-campaign")

    page.goto(f"/warbands/{draft.id}/build/")
    page.fill("input[name=name]", "Captain Rogers")
    page.click("button:has-text('Add figure')")
    expect(page.locator("#figures")).to_contain_text("Captain Rogers")
    # frontier.js (was an inline hx-on handler) clears the name once the figure is added
    expect(page.locator("input[name=name]")).to_have_value("")
    shot(page, "csp-builder")

    page.goto(f"/postgames/{postgame.id}/")
    expect(page.locator("h1")).to_be_visible()
    shot(page, "csp-postgame")

    page.goto("/play/")
    page.check("input[name=mode][value=solo]")
    page.click("#start")
    expect(page.locator("#you")).to_have_text("the trappers")
    shot(page, "csp-chase-table")

    page.goto("/api/docs/")
    expect(page.locator(".swagger-ui .title").first).to_contain_text("Frontier API")
    shot(page, "csp-api-docs")

    assert [p for p in problems if "CSP" in p or "Content Security Policy" in p] == []
