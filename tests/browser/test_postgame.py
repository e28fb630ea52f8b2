"""A whole game on a phone: the player reports it, the opponent confirms it, and the player runs
the post-game sequence to commit, once with the app's dice and once with dice typed in."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from campaign.models import Figure, LedgerEntry, PostGame, Warband
from tests.browser.helpers import log_in


def report_and_confirm(new_page, campaign, war_party, patrol):
    """The player files the report on the campaign page; the opponent confirms it from his
    roster page. Returns the player's page, on the game page."""
    page = new_page()
    log_in(page, "magua")
    page.goto(f"/campaigns/{campaign.id}/")
    page.click("#report-game")  # in the games section, loaded with HTMX
    expect(page.locator("h1")).to_have_text("Report a game")
    with page.expect_response(re.compile(r"/games/new/\?")):
        page.select_option("#id_warband_b", str(patrol.id))
    page.check("input[name=result][value=a]")
    page.fill("#id_played_on", "2025-05-01")
    ids = {f.name: f.id for f in Figure.objects.filter(warband__in=[war_party, patrol])}
    page.select_option(f"select[name=f{ids['Swift Otter']}_outcome]", "down")
    page.select_option(f"select[name=f{ids['Red Hawk']}_outcome]", "out_of_action")
    page.fill(f"input[name=f{ids['Running Elk']}_wounds_inflicted]", "2")
    # C29: a wound for each figure down or out; no scalp, as no patrol figure ended out.
    page.fill(f"input[name=f{ids['Lt. Harcourt']}_wounds_inflicted]", "1")
    page.fill(f"input[name=f{ids['Pte. Bell']}_wounds_inflicted]", "1")
    page.select_option(f"select[name=f{ids['Swift Otter']}_put_down_by]", str(ids["Sgt. Pike"]))
    page.click("#file-report")
    expect(page.locator("#game-status")).to_have_text("Waiting for the opponent")

    opponent = new_page()
    log_in(opponent, "harcourt")
    opponent.goto(f"/warbands/{patrol.id}/")
    opponent.click("text=Review and confirm")
    opponent.click("#confirm-game")
    expect(opponent.locator("#game-status")).to_have_text("Confirmed")

    page.reload()
    page.click("text=Post-game: injuries")
    expect(page.locator("h1")).to_have_text("Post-game: Magalakutway")
    return page


def answered(page, position: int) -> None:
    expect(page.locator("#sequence")).to_have_attribute("data-position", str(position))


def commit(page) -> None:
    expect(page.locator("#sequence")).to_have_attribute("data-step", "ready")
    page.click("#commit")
    expect(page.locator("#committed")).to_contain_text("Applied to the roster by magua")
    page.click("#see-roster")
    expect(page.locator("h1")).to_have_text("Magalakutway")


def test_a_player_runs_the_sequence_with_dice_typed_in(new_page, club):
    campaign, war_party, patrol = club
    page = report_and_confirm(new_page, campaign, war_party, patrol)
    expect(page.locator("#prompt-text")).to_have_text("Injury roll for Swift Otter (D66)")
    script = [[2, 2], [4, 5], [2], [3, 4], [6, 1], [2, 2]]  # as games_support
    for position, faces in enumerate(script, start=1):
        dice = page.locator("input.die")
        expect(dice).to_have_count(len(faces))
        for box, face in zip(dice.all(), faces, strict=True):
            box.fill(str(face))
        page.click("#use-dice")
        answered(page, position)
        if position == 1:  # each result in words with its effect
            expect(page.locator("#log")).to_contain_text(
                "Swift Otter: injury 22 Leg wound: movement 6/3 → 5/2"
            )
            expect(page.locator("#changes")).to_contain_text("Leg wound: movement 6/3 → 5/2")
    expect(page.locator("#preview-treasury")).to_have_text("£73 → £92")
    page.click("#done-trading")
    commit(page)

    otter = page.locator(".roster-card", has_text="Swift Otter")
    expect(otter).to_contain_text("5/2")  # C14: movement 6/3 → 5/2
    expect(otter).to_contain_text("Leg wound")
    expect(otter).to_contain_text("starting 11, now 12")  # C9: survived
    elk = page.locator(".roster-card", has_text="Running Elk")
    expect(elk).to_contain_text("starting 30, now 33")
    expect(page.locator("#treasury")).to_have_text("£92")
    expect(page.locator("#ledger")).to_contain_text("Income: 2D6 (won) 3+4 = 7")
    assert PostGame.objects.get(warband=war_party).answers[0]["typed"] is True


def test_a_player_runs_the_sequence_with_the_apps_dice(new_page, club):
    campaign, war_party, patrol = club
    page = report_and_confirm(new_page, campaign, war_party, patrol)
    sequence = page.locator("#sequence")
    position = 0
    while sequence.get_attribute("data-step") != "ready":
        if page.locator("#roll").count():
            page.click("#roll")
        elif page.locator("button.choice").count():
            page.locator("button.choice").first.click()
        else:
            page.click("#done-trading")
        position += 1
        answered(page, position)
        assert position < 40, "the sequence should end"
    commit(page)

    warband = Warband.objects.get(pk=war_party.pk)
    assert warband.games_played == 1
    assert all(not answer["typed"] for answer in PostGame.objects.get(warband=war_party).answers)
    expect(page.locator("#treasury")).to_have_text(f"£{warband.treasury}")
    bear = page.locator(".roster-card", has_text="Little Bear")
    expect(bear).to_contain_text("starting 11, now 12")  # took part, stood, survived (C9)
    income = LedgerEntry.objects.get(warband=warband, reason__contains="Income")
    expect(page.locator("#ledger")).to_contain_text(income.reason[:60])
