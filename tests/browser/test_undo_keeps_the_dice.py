"""Undo on a phone (390 px, C22): the app's roll taken back and asked again shows the same
faces, and the undo stays in the log the opponent reads too."""

from __future__ import annotations

import pathlib

import pytest
from playwright.sync_api import expect

from campaign import services
from tests.browser.helpers import log_in
from tests.campaign.games_support import file_battle, sequence_of

SHOTS = pathlib.Path("/tmp/shots/dice")


@pytest.fixture
def sequence(transactional_db, club):
    campaign, war_party, patrol = club
    player, opponent = war_party.owner, patrol.owner
    game = file_battle(campaign, war_party, patrol, player)
    services.game_confirm(game=game, actor=opponent)
    return sequence_of(game, war_party)


def answered(page, position: int) -> None:
    expect(page.locator("#sequence")).to_have_attribute("data-position", str(position))


def test_an_undone_app_roll_comes_back_with_the_same_faces(new_page, sequence):
    page = new_page()
    log_in(page, "magua")
    page.goto(f"/postgames/{sequence.id}/")
    page.click("#roll")
    answered(page, 1)
    rolled = page.locator("#log li").first.inner_text()
    page.click("#undo")
    answered(page, 0)
    page.click("#roll")
    answered(page, 1)
    entries = page.locator("#log li")
    expect(entries).to_have_count(3)
    gone, undo, again = (entries.nth(i).inner_text() for i in range(3))
    assert again == rolled  # the same faces, the same result
    text = rolled.split(" ", 1)[1].rsplit(" app's dice", 1)[0]  # without step name and "how"
    # The roll taken back, struck through, then the undo after it (issue 33), then the roll again.
    assert text in gone and "taken back" in gone
    expect(entries.nth(0).locator("s")).to_have_text(text)
    assert f"undid: {text}" in undo and "taken back by magua" in undo
    page.locator("#log").scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "postgame-undo-log-390.png"), full_page=True)

    opponent = new_page()
    log_in(opponent, "harcourt")
    opponent.goto(f"/postgames/{sequence.id}/")
    expect(opponent.locator("#log li").nth(1)).to_contain_text("undid: ")
    expect(opponent.locator("#log li").nth(1)).to_contain_text("taken back by magua")


def test_an_undone_app_roll_cannot_be_typed_in_afresh(new_page, sequence):
    """Issue 33: Roll, Undo, type other faces: refused, the page says why; Roll gives them back."""
    page = new_page()
    log_in(page, "magua")
    page.goto(f"/postgames/{sequence.id}/")
    page.click("#roll")
    answered(page, 1)
    rolled = page.locator("#log li").first.inner_text()
    page.click("#undo")
    answered(page, 0)
    expect(page.locator("#made")).to_contain_text("the same roll comes back with the same faces")
    expect(page.locator("#no-typing")).to_be_visible()
    expect(page.locator("#use-dice")).to_have_count(0)
    expect(page.locator("#roll")).to_contain_text("again")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "postgame-after-undo-390.png"), full_page=True)
    page.click("#roll")
    answered(page, 1)
    assert page.locator("#log li").last.inner_text() == rolled
