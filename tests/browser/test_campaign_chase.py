"""A campaign chase on a phone (P14): the player starts Pelts between his war party and the
opponent's patrol, names the rowers, plays the chase solo against the computer to its end and
files it as a game report; the opponent sees it waiting for confirmation, with the chase's log
linked from the game page. The cards come from a seeded source (tests/conftest.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from campaign.models import CampaignChase, Figure
from tests.browser.helpers import htmx_ready, log_in
from tests.browser.test_battle import settled
from tests.browser.test_chase import MAX_CLICKS, _click_and_wait
from tests.browser.test_csp import watch

SHOTS = "/tmp/shots-companion"


def test_a_campaign_chase_is_played_solo_and_filed_as_a_report(new_page, club):
    campaign, war_party, patrol = club
    page = new_page()
    problems = watch(page)
    log_in(page, "magua")

    page.goto("/play/")
    page.click(".chase-offer")  # the lobby's offer, loaded for a campaign member
    expect(page.locator("h1")).to_have_text("A campaign chase")
    htmx_ready(page)
    page.select_option("select[name=river]", "short")
    page.select_option("select[name=indian_canoes]", "1")
    expect(page.locator("select[name^=rower-indian]")).to_have_count(2)  # redrawn: one canoe
    settled(page)
    ids = {f.name: f.id for f in Figure.objects.filter(warband__in=[war_party, patrol])}
    page.select_option("select[name=rower-trapper-1-1]", str(ids["Running Elk"]))
    page.select_option("select[name=rower-trapper-1-2]", str(ids["Little Bear"]))
    page.select_option("select[name=rower-indian-1-1]", str(ids["Sgt. Pike"]))
    page.select_option("select[name=rower-indian-1-2]", str(ids["Pte. Dunn"]))
    page.screenshot(path=f"{SHOTS}/chase-1-setup.png", full_page=True)
    page.click("#start-chase")
    expect(page.locator("#you")).to_have_text("the trappers")
    expect(page.locator("#campaign-chase")).to_contain_text("Magalakutway (trappers)")

    for _ in range(MAX_CLICKS):
        if page.locator("#winner").count():
            break
        playing = page.locator("#hand button[name=action]:not(.secondary)")
        button = playing.first if playing.count() else page.locator("#actions button").first
        _click_and_wait(page, button)
    expect(page.locator("#winner")).to_contain_text("won the game")
    page.screenshot(path=f"{SHOTS}/chase-2-over.png")

    chase = CampaignChase.objects.get()
    page.click("#file-chase")
    expect(page.locator("#game-status")).to_have_text("Waiting for the opponent")
    chase.refresh_from_db()
    report = chase.report
    expected_winner = war_party if chase.session.winner == "trapper" else patrol
    assert report.winner == expected_winner
    canoes = chase.session.state["canoes"]
    lines = {line.figure.name: line for line in report.figures.select_related("figure")}
    assert set(lines) == {"Running Elk", "Little Bear", "Sgt. Pike", "Pte. Dunn"}
    for side, names in (("trapper", ["Running Elk", "Little Bear"]),
                        ("indian", ["Sgt. Pike", "Pte. Dunn"])):  # fmt: skip
        for seat, name in enumerate(names):
            fate = canoes[side][0]["rowers"][seat]
            assert lines[name].outcome == ("ok" if fate == "ok" else "down"), (name, fate)
    expect(page.locator("#chase-log")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/chase-3-report.png", full_page=True)

    opponent = new_page()
    log_in(opponent, "harcourt")
    opponent.goto(f"/games/{report.id}/")
    expect(opponent.locator("#confirm-game")).to_be_visible()
    opponent.click("#chase-log")
    expect(opponent.locator("h1")).to_contain_text("Pelts")
    assert [p for p in problems if "CSP" in p or "Content Security Policy" in p] == []
