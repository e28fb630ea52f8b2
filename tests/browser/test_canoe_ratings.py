"""Ratings in real browsers (issue 23): two accounts play a race across two browsers to its
end; both see their new ratings on the end screen and on the leaderboard, and a player's page.
The first moves are clicked at the tables; the rest of the race is played through the services
(as the rematch test does) so that the test ends in seconds. Every die comes from a seed."""

from __future__ import annotations

import os
import pathlib
import random

import pytest
from playwright.sync_api import expect

from chase.engines.chance import RandomChance
from chase.models import GameSession, Rating
from chase.services import sessions as services
from tests.browser.helpers import log_in
from tests.chase.conftest import play_randomly
from tests.factories import UserFactory

SHOTS = pathlib.Path(os.environ.get("FRONTIER_SHOTS", "/tmp/shots/alerts"))


@pytest.fixture
def players(db, monkeypatch):
    rng = random.Random(23)
    monkeypatch.setattr(services, "new_chance", lambda: RandomChance(rng.randrange(2**32)))
    return UserFactory(username="ann"), UserFactory(username="bob")


def click_a_move(page) -> None:
    """Click this seat's first legal action and wait for the table to move on."""
    before = page.locator("#table").get_attribute("data-version")
    page.locator("#actions button").first.click()
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }",
        arg=before,
    )


def shown_rating(user) -> str:
    rating = Rating.objects.get(kind="race", user=user)
    return f"{rating.mu - 3 * rating.sigma:.1f}"


def test_two_accounts_race_to_the_end_and_see_their_new_ratings(new_page, players):
    ann_user, bob_user = players
    ann, bob = new_page(), new_page()
    log_in(ann, "ann")
    log_in(bob, "bob")
    ann.goto("/play/")
    ann.select_option("select[name=kind]", "race")
    ann.check("input[name=mode][value=multi]")
    ann.fill("input[name=race-canoes]", "2")
    ann.locator("input[name=race-canoes]").dispatch_event("change")  # redraws the seats
    expect(ann.locator(".seat-row")).to_have_count(2)
    ann.fill("input[name=race-leg_length]", "12")
    ann.click("#start")
    expect(ann.locator("#rated-note")).to_contain_text("Rated if every player who joins")
    SHOTS.mkdir(parents=True, exist_ok=True)
    bob.goto("/play/")
    listed = bob.locator(f"#open-{GameSession.objects.get().pk}")
    expect(listed.locator(".tag")).to_have_text("rated")
    listed.screenshot(path=str(SHOTS / "lobby-open-game-390.png"))
    bob.goto(ann.locator("input[data-role=canoe-2]").input_value())
    expect(bob.locator("#rated-note")).to_contain_text("Rated: every seat is a signed-in")

    clicked = 0
    for _ in range(2):  # a few moves by hand, whoever has one
        for page in (ann, bob):
            page.wait_for_timeout(2500)  # the other table's poll (every 2 s)
            if page.locator("#actions button").count():
                click_a_move(page)
                clicked += 1
    assert clicked >= 2
    session = play_randomly(GameSession.objects.get(), random.Random(23), steps=3000)
    assert session.status == GameSession.Status.FINISHED

    for page, user in ((ann, ann_user), (bob, bob_user)):
        expect(page.locator("#new-ratings")).to_be_visible(timeout=8000)
        for who in (ann_user, bob_user):
            mine = page.locator(f"#new-ratings li[data-player={who.username}] .rating")
            expect(mine).to_have_text(shown_rating(who))
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#new-ratings").screenshot(path=str(SHOTS / f"end-{user.username}-390.png"))
        page.click("#leaderboard-link")
        expect(page.locator("h1")).to_have_text("The Colonial Canoe Race: ratings")
        row = page.locator(f"#leaderboard tr[data-player={user.username}] td.rating")
        expect(row).to_have_text(shown_rating(user))

    ann.screenshot(path=str(SHOTS / "leaderboard-390.png"), full_page=True)
    ann.click("#leaderboard a[href='/players/bob/']")
    expect(ann.locator("h1")).to_have_text("bob")
    expect(ann.locator("#player-rivals")).to_contain_text("ann")
    ann.screenshot(path=str(SHOTS / "player-390.png"), full_page=True)
    ann.goto("/play/mine/")
    expect(ann.locator(f"#mine-finished #mine-game-{session.pk}")).to_be_visible()
    ann.screenshot(path=str(SHOTS / "mine-390.png"), full_page=True)


def test_a_solo_race_against_three_computer_canoes_ends_with_its_new_ratings(new_page, players):
    """Issue 33: a signed-in player's solo race was never rated ("being worked out" for ever)."""
    ann_user, _ = players
    ann = new_page()
    log_in(ann, "ann")
    ann.goto("/play/")
    ann.select_option("select[name=kind]", "race")
    ann.check("input[name=mode][value=solo]")
    ann.fill("input[name=race-canoes]", "4")
    # The change redraws the options: typing the leg length before the redraw lands loses it
    # to the redrawn form (a fresh clone's run once sent "1224").
    with ann.expect_response(lambda response: "race-canoes=4" in response.url):
        ann.locator("input[name=race-canoes]").dispatch_event("change")
    ann.fill("input[name=race-leg_length]", "12")
    ann.click("#start")
    expect(ann.locator("#rated-note")).to_contain_text("Rated: every seat is a signed-in")
    click_a_move(ann)

    session = play_randomly(GameSession.objects.get(), random.Random(33), steps=3000)
    assert session.status == GameSession.Status.FINISHED
    ann.reload()

    expect(ann.locator("#new-ratings")).to_be_visible(timeout=8000)
    expect(ann.locator("#table")).not_to_contain_text("being worked out")
    mine = ann.locator("#new-ratings li[data-player=ann] .rating")
    expect(mine).to_have_text(shown_rating(ann_user))
    expect(ann.locator("#new-ratings li[data-player=Computer]")).to_have_count(3)
    width = ann.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "solo-race-end-390.png"), full_page=True)
    ann.locator("#new-ratings").screenshot(path=str(SHOTS / "solo-race-new-ratings-390.png"))

    ann.click("#leaderboard-link")
    expect(ann.locator("#leaderboard tr[data-player=ann] td.rating")).to_have_text(
        shown_rating(ann_user)
    )
    expect(ann.locator("#leaderboard tr[data-player=Computer]")).to_have_count(1)
    expect(ann.locator("#what-counts")).to_contain_text("same address")
    ann.screenshot(path=str(SHOTS / "solo-leaderboard-390.png"), full_page=True)
