"""The canoe games in a real browser: a solo game played to its end on a phone-sized screen,
and a game across two browsers that see only their own hands and each other's moves."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from chase.models import GameSession

MAX_CLICKS = 200


def _version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def _click_and_wait(page, button) -> None:
    """Click an action and wait for the table to come back at a newer version."""
    before = _version(page)
    button.click()
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }",
        arg=before,
    )


def _cards(page) -> set[str]:
    cards = page.locator("#hand [data-card]")
    return set(cards.evaluate_all("els => els.map(e => e.dataset.card)"))


def test_a_solo_game_against_the_computer_is_played_to_a_winner(page):
    page.goto("/play/")
    page.check("input[name=mode][value=solo]")
    page.fill("input[name=pelts-layout]", "straight, bend, straight")
    page.click("#start")
    expect(page.locator("#you")).to_have_text("the trappers")

    for _ in range(MAX_CLICKS):
        if page.locator("#winner").count():
            break
        # Paddle, shoot or reload when a card allows it; otherwise answer or end the phase.
        playing = page.locator("#hand button[name=action]:not(.secondary)")
        button = playing.first if playing.count() else page.locator("#actions button").first
        _click_and_wait(page, button)

    expect(page.locator("#winner")).to_contain_text("won the game")
    session = GameSession.objects.get()
    assert session.status == "finished"
    assert session.log.filter(by_computer=True).exists()  # the Indians answered at once
    expect(page.locator("#log")).to_contain_text("computer")


def test_two_browsers_see_only_their_own_hands_and_each_others_moves(new_page):
    trappers = new_page(390, 844)
    trappers.goto("/play/")
    trappers.check("input[name=mode][value=multi]")
    trappers.select_option("select[name=pelts-play_as]", "trapper")
    trappers.click("#start")
    expect(trappers.locator("#waiting")).to_be_visible()
    link = trappers.locator("input[data-role=indian]").input_value()

    indians = new_page(1200, 900)
    indians.goto(link)
    expect(indians.locator("#you")).to_have_text("the Indians")
    # The trappers' browser learns that the game started by polling.
    expect(trappers.locator("#to-move")).to_contain_text("The trappers", timeout=6000)

    session = GameSession.objects.get()
    hands = session.state["hands"]
    assert _cards(trappers) == set(hands["trapper"])
    assert _cards(indians) == set(hands["indian"])
    assert not _cards(indians) & set(hands["trapper"])
    expect(indians.locator("#actions")).to_have_count(0)  # not their move

    for _ in range(2):  # two whole turns, each side ending its phase
        _click_and_wait(trappers, trappers.get_by_role("button", name="End your phase"))
        expect(indians.get_by_role("button", name="End your phase")).to_be_visible(timeout=6000)
        expect(trappers.locator("#actions")).to_have_count(0)
        _click_and_wait(indians, indians.get_by_role("button", name="End your phase"))
        expect(trappers.get_by_role("button", name="End your phase")).to_be_visible(timeout=6000)

    session.refresh_from_db()
    assert session.log.filter(role="indian").count() == 2
    assert _cards(trappers) == set(session.state["hands"]["trapper"])
    assert not _cards(trappers) & set(session.state["hands"]["indian"])
    expect(trappers.locator("#log")).to_contain_text(re.compile("The Indians end their phase"))
