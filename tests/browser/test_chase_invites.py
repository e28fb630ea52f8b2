"""Invite links in real browsers (issue 9): the creator of a game across several browsers
shares a link, the second browser joins and they play; the link is then spent, and a third
browser opening it gets a 404 page and no hand. Then both press Rematch on their own tables."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from chase.models import GameSession
from tests.chase.conftest import play_randomly


def _end_phase(page) -> None:
    before = page.locator("#table").get_attribute("data-version")
    page.get_by_role("button", name="End your phase").click()
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }",
        arg=before,
    )


def test_an_invite_link_seats_one_browser_and_a_third_one_gets_nothing(new_page):
    owner = new_page()
    owner.goto("/play/")
    owner.check("input[name=mode][value=multi]")
    owner.select_option("select[name=pelts-play_as]", "trapper")
    owner.click("#start")
    expect(owner.locator("#waiting")).to_be_visible()
    link = owner.locator("input[data-role=indian]").input_value()
    assert "/play/join/" in link
    session = GameSession.objects.get()
    assert session.seats.get(role="indian").token not in link  # the link is not the credential

    opponent = new_page()
    opponent.goto(link)
    expect(opponent.locator("#you")).to_have_text("the Indians")
    expect(owner.locator("#to-move")).to_contain_text("The trappers", timeout=6000)
    expect(owner.locator("input[data-role=indian]")).to_have_count(0)  # no invite left to show
    _end_phase(owner)
    expect(opponent.get_by_role("button", name="End your phase")).to_be_visible(timeout=6000)

    stranger = new_page()
    response = stranger.goto(link)

    assert response.status == 404
    expect(stranger.locator("main")).to_contain_text("invite link has been used")
    stranger.goto(f"/play/{session.pk}/")
    expect(stranger.locator("#you")).to_have_count(0)
    expect(stranger.locator("#hand [data-card]")).to_have_count(0)
    expect(stranger.get_by_role("button", name="End your phase")).to_have_count(0)
    lobby = stranger.goto("/play/")
    assert lobby.status == 200
    expect(stranger.locator(f"#open-{session.pk}")).to_have_count(0)  # no free seat offered


def test_both_players_press_rematch_and_keep_their_seats_in_the_new_game(new_page):
    owner = new_page()
    owner.goto("/play/")
    owner.select_option("select[name=kind]", "race")
    owner.check("input[name=mode][value=multi]")
    owner.fill("input[name=race-canoes]", "2")
    owner.locator("input[name=race-canoes]").dispatch_event("change")  # redraws the seats
    expect(owner.locator(".seat-row")).to_have_count(2)
    owner.fill("input[name=race-leg_length]", "12")
    owner.click("#start")
    link = owner.locator("input[data-role=canoe-2]").input_value()
    opponent = new_page()
    opponent.goto(link)
    old = play_randomly(GameSession.objects.get(), random.Random(7), steps=600)
    assert old.status == "finished"

    owner.goto(f"/play/{old.pk}/")
    owner_was = owner.locator("#you").inner_text()
    owner.click("#rematch")
    expect(owner.locator("#waiting")).to_be_visible()
    expect(owner.locator("#you")).to_have_text(owner_was)  # canoe-1, as before
    # No invite link to the other seat: it waits for its old player (issue 25, finding 8)
    expect(owner.locator("input[data-role=canoe-2]")).to_have_count(0)
    opponent.goto(f"/play/{old.pk}/")
    opponent_was = opponent.locator("#you").inner_text()
    opponent.click("#rematch")

    expect(opponent.locator("#you")).to_have_text(opponent_was)  # canoe-2, as before
    assert owner_was != opponent_was
    new = GameSession.objects.get(rematch_of=old)
    assert new.status == "playing"
    expect(owner.locator("#waiting")).to_have_count(0, timeout=6000)
