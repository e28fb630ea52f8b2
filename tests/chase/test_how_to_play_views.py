"""The "How to play" pages: one per registered game, its text the template the game's
registration names, linked from the lobby and from the game's table; and the lobby's help."""

from __future__ import annotations

import re

import pytest
from django.template.loader import get_template

from chase.games import game_for, kinds
from chase.models import GameSession

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", kinds())
def test_each_registered_game_has_a_how_to_play_page_of_its_own(kind, client):
    game = game_for(kind)
    assert get_template(game.how_to_play_template)  # the registration names a real template

    response = client.get(f"/play/how-to-play/{kind}/")

    html = response.content.decode()
    assert response.status_code == 200
    assert f"<h1>How to play {game.title}</h1>" in html
    assert len(re.findall(r"<h2>", html)) >= 3  # sections of rules, not a stub
    assert f'href="/play/?kind={kind}"' in html  # and a way to start one


@pytest.mark.parametrize("kind", kinds())
def test_the_lobby_links_each_games_how_to_play_page(kind, client):
    html = client.get("/play/").content.decode()

    assert f'href="/play/how-to-play/{kind}/"' in html


@pytest.mark.parametrize("kind", kinds())
def test_the_table_links_its_games_how_to_play_page(kind, client, seeded):
    seeded(4)
    response = client.post("/play/new/", {"kind": kind, "mode": "solo"})
    session = GameSession.objects.get()

    html = client.get(response.url).content.decode()

    assert f'href="/play/how-to-play/{session.kind}/" id="how-to-play"' in html


def test_an_unknown_game_has_no_how_to_play_page(client):
    assert client.get("/play/how-to-play/chess/").status_code == 404


def test_the_pelts_page_explains_the_colours_and_the_odd_cards_rule(client):
    html = client.get("/play/how-to-play/pelts/").content.decode()

    assert "The trappers play black cards" in html
    assert "moves only on odd cards" in html  # P5
    assert "rock, paper, scissors" in html  # P8


def test_the_race_page_explains_the_paddle_die_and_the_rapids(client):
    html = client.get("/play/how-to-play/race/").content.decode()

    assert "4 men roll a d12" in html  # R5
    assert "higher than the class" in html


@pytest.mark.parametrize("kind", kinds())
def test_every_lobby_option_has_a_line_of_help(kind, client):
    html = client.get("/play/", {"kind": kind}, HTTP_HX_REQUEST="true").content.decode()

    fields = re.findall(r'<div class="field[^"]*">(.*?)</div>', html, re.S)
    assert fields
    for field in fields:
        assert 'class="muted"' in field, field


def test_each_way_to_play_has_a_line_of_help(client):
    html = client.get("/play/").content.decode()

    assert "You against the computer, which answers at once." in html
    assert "One phone or computer passed round the table." in html
    assert "joining by an invite link." in html


def test_in_solo_the_computer_boxes_are_marked_to_be_hidden(client):
    html = client.get("/play/", {"kind": "race"}, HTTP_HX_REQUEST="true").content.decode()

    assert html.count('class="seat-computer not-solo"') == 4
    assert "Solo: the computer plays every seat but yours." in html


def test_the_race_names_are_placeholders_not_values(client):
    html = client.get("/play/", {"kind": "race"}, HTTP_HX_REQUEST="true").content.decode()

    assert 'placeholder="Virginia"' in html
    assert not re.search(r'name="race-names-1-colony"[^>]*value=', html)


def test_the_table_says_why_a_card_in_hand_cannot_be_played(client):
    client.post("/play/new/", {"kind": "pelts", "mode": "solo", "pelts-play_as": "trapper"})
    session = GameSession.objects.get()
    state = session.state
    held = set(state["hands"]["trapper"])
    for card in ("4S", "5S"):
        for pile in (state["draw"], state["discard"], state["hands"]["indian"]):
            if card in pile:
                pile.remove(card)
    state["hands"]["trapper"] = ["4S", "5S"]  # P5: an even card and an odd one
    state["draw"].extend(held)
    state["canoes"]["trapper"][0]["rowers"] = ["wounded", "ok"]
    session.save(update_fields=["state"])

    html = client.get(f"/play/{session.pk}/").content.decode()

    four = re.search(r'<li class="card black idle" data-card="4S">(.*?)</li>', html, re.S)
    assert four and "Only odd cards: a rower is wounded." in four.group(1)
    five = re.search(r'<li class="card black" data-card="5S">(.*?)</li>', html, re.S)
    assert five and "data-why-not" not in five.group(1) and "Move " in five.group(1)
