"""The organiser's way out of a stuck post-game, on a phone (390 px): the patrol committed, the
war party's sequence meets a Multiple injuries that can never end, so its injury roll is refused
every time; the organiser opens the game page,
restarts it from the panel's dialog, and the campaign's feed says so."""

from __future__ import annotations

import pathlib

import pytest
from playwright.sync_api import expect

from campaign import services
from campaign.models import HouseRules
from campaign.rules.errors import RulesError
from tests.browser.helpers import htmx_ready, log_in
from tests.browser.test_accessibility import serious_violations
from tests.campaign.games_support import (
    FOOT_PATROL_SCRIPT,
    drive,
    file_battle,
    sequence_of,
)
from tests.campaign.test_postgame_release import ENDLESS

SHOTS = pathlib.Path("/tmp/shots/release")


@pytest.mark.django_db(transaction=True)
def test_the_organiser_restarts_a_stuck_post_game_from_the_game_page(new_page, club):
    campaign, war_party, patrol = club
    HouseRules.objects.create(campaign=campaign, version=1, overrides=ENDLESS)
    game = file_battle(campaign, war_party, patrol, war_party.owner)
    services.game_confirm(game=game, actor=patrol.owner)
    services.postgame_commit(
        postgame=drive(sequence_of(game, patrol), patrol.owner, FOOT_PATROL_SCRIPT),
        actor=patrol.owner,
    )
    with pytest.raises(RulesError, match="cannot go on"):
        drive(sequence_of(game, war_party), war_party.owner, [[2, 2]])

    page = new_page()
    log_in(page, "organiser")
    page.goto(f"/games/{game.id}/")
    htmx_ready(page)
    panel = page.locator("#release")
    expect(panel).to_have_attribute("open", "")
    expect(panel).to_contain_text("The organiser's way out")
    assert serious_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    panel.screenshot(path=str(SHOTS / "panel.png"))

    page.click(f"#restart-{war_party.id}")
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Restart Magalakutway's post-game?")
    page.screenshot(path=str(SHOTS / "dialog.png"))
    dialog.locator("button[type=submit]").click()
    expect(page.locator("body")).to_contain_text("Magalakutway's post-game starts again.")
    expect(page.locator("body")).to_contain_text("restarted by the organiser: 0 answers set aside")
    assert sequence_of(game, war_party).answers == []

    page.goto(f"/campaigns/{campaign.id}/")
    expect(page.locator("body")).to_contain_text("organiser restarted Magalakutway's post-game")
