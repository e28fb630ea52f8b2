"""The abstract chase in real browsers on 390 px phones: a game master sets up the road chase in
the lobby across several browsers, two players join by their invite links, the computer holds
the dragoons, and the five rounds are played to the end: the players roll and keep their
cards, act on them, the game master tells what each attack does and starts each round."""

from __future__ import annotations

import os
import random
import re

import pytest
from playwright.sync_api import expect

from chase.engines.chance import RandomChance
from chase.models import GameSession
from chase.services import sessions as services

SHOTS = os.environ.get("FRONTIER_SHOTS")  # a folder: screenshots of the table, when set
MAX_TURNS = 400  # one click each; five rounds take about eighty
NO_HARM = ("hit", "unhurt", "recovers")  # the game master keeps everyone in the chase


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def seeded(monkeypatch):
    rng = random.Random(16)
    monkeypatch.setattr(services, "new_chance", lambda: RandomChance(rng.randrange(2**32)))


def _click(page, button) -> None:
    version = page.locator("#table").get_attribute("data-version")
    button.click()
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && t.dataset.version !== v }",
        arg=version,
    )


def _player_move(page) -> bool:
    """A player's obvious choice: roll, keep the best card that is no club, attack, or end."""
    page.reload()
    keeps = page.locator("#hand button")
    if keeps.count():
        cards = page.locator("#hand .card")
        plain = [i for i in range(cards.count()) if "Clubs" not in cards.nth(i).inner_text()]
        _click(page, cards.nth(plain[0] if plain else 0).locator("button"))
        return True
    buttons = page.locator("#actions button")
    if not buttons.count():
        return False
    attack = page.locator("#actions button", has_text=re.compile("^(Roll|Face|Attack)"))
    _click(page, attack.first if attack.count() else buttons.last)
    return True


def _game_master_move(page) -> bool:
    page.reload()
    if page.locator("#pending").count():
        shot(page, "abstract-gm-decides")
    controls = page.locator("#gm-controls .actions button")
    if not controls.count():
        return False
    results = [controls.nth(i).get_attribute("data-result") for i in range(controls.count())]
    gentle = [i for i, result in enumerate(results) if result in NO_HARM]
    _click(page, controls.nth(gentle[0]) if gentle else controls.first)
    return True


def test_a_standard_chase_of_five_rounds_is_run_to_the_end_on_phones(new_page, seeded):
    gm = new_page()  # 390 x 844
    gm.goto("/play/")
    gm.select_option("select[name=kind]", "abstract")
    expect(gm.locator("select[name=abstract-template]")).to_be_visible()
    gm.check("input[name=mode][value=multi]")
    gm.select_option("select[name=abstract-template]", "road")
    expect(gm.locator(".seat-row")).to_have_count(4)  # the game master and three riders
    gm.select_option("select[name=abstract-play_as]", "gm")
    gm.check("input[name=abstract-computer_seats][value=p3]")
    gm.click("#start")
    expect(gm.locator("#you")).to_have_text("the game master")

    players = []
    for role in ("p1", "p2"):
        link = gm.locator(f"input[data-role={role}]").input_value()
        player = new_page()
        player.goto(link)
        players.append(player)
    expect(players[0].locator("#you")).to_have_text("Lachance (courier)")
    expect(players[1].locator("#you")).to_have_text("Captain Fraser (dragoons)")
    expect(gm.locator("#round")).to_have_text("Round 1 of 5", timeout=6000)
    shot(gm, "abstract-gm-round-1")

    hidden_checked = False
    for _ in range(MAX_TURNS):
        if GameSession.objects.get().status == "finished":
            break
        moved = _game_master_move(gm)
        for player in players:
            moved = _player_move(player) or moved
            if not hidden_checked and player.locator("#hand .card").count() > 1:
                # A card drawn but not yet revealed: the other player sees no face of it.
                other = players[1] if player is players[0] else players[0]
                other.reload()
                codes = player.locator("#hand .card").evaluate_all(
                    "cards => cards.map(c => c.dataset.card)"
                )
                html = other.content()
                assert not any(f'data-card="{code}"' in html for code in codes)
                shot(player, "abstract-player-keeps-a-card")
                hidden_checked = True
        assert moved, "nobody had anything to do in a chase that is not over"
    else:
        raise AssertionError(f"the chase did not end in {MAX_TURNS} turns")

    session = GameSession.objects.get()
    assert session.state["round"] == 5
    assert session.winner == "courier"  # nobody was stopped: the prey escapes
    assert session.log.filter(by_computer=True, role="p3").exists()
    gm.reload()
    expect(gm.locator("#winner")).to_contain_text("The courier won")
    expect(gm.locator("#round")).to_have_text("Round 5 of 5")
    expect(gm.locator("#results")).to_contain_text("Lachance")
    expect(gm.locator("#results")).to_contain_text("escaped")
    expect(gm.locator("#log")).to_contain_text(re.compile(r"Lachance rolls d8 \d+ and wild d6"))
    assert gm.evaluate("document.documentElement.scrollWidth") <= 390  # nothing spills sideways
    shot(gm, "abstract-gm-end")
    players[0].reload()
    expect(players[0].locator("#winner")).to_be_visible()
    expect(players[0].get_by_role("button", name="Rematch")).to_be_visible()


@pytest.mark.parametrize("where", ["start", "mid-game"])
def test_a_rider_asks_for_their_chances_on_a_phone(page, seeded, settings, where):
    settings.CHASE_ODDS_PLAYOUTS = 200
    session = services.session_create(
        kind="abstract", mode="solo", options={"template": "road"}, user=None, play_as="p1"
    )
    token = session.seats.get(role="p1").token
    page.goto(f"/play/{session.pk}/?seat={token}")
    if where == "mid-game":  # the courier plays on until round 2 starts
        while session.state["round"] < 2:
            assert _player_move(page), "the courier had nothing to do"
            session.refresh_from_db()
    page.goto(f"/play/{session.pk}/")

    page.click("#chances")

    odds = page.locator("#odds")
    expect(odds.locator(".odds-rows li")).to_have_count(2, timeout=20_000)
    expect(odds.locator(".odds-rows li").first).to_contain_text("The courier, escaping")
    expect(odds).to_contain_text("the dragoons if they stop every one of them")
    expect(odds).to_contain_text("From 200 games played out")
    expect(odds).to_contain_text("±")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing spills
    odds.scroll_into_view_if_needed()
    shot(page, f"abstract-odds-{where}")
