"""The chronicle page and the players' lines under each entry.

People: the organiser, a player and another player (members), a stranger; the campaign is
private unless a test opens it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaign import services
from campaign.demo import load_demo
from campaign.models import ChronicleLine
from campaign.models.chronicle import LINE_MAX
from tests.campaign.games_support import file_battle

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(campaign, organiser, war_party, patrol):
    return file_battle(campaign, war_party, patrol, organiser)  # confirmed at once


def page(campaign):
    return reverse("campaign-chronicle", args=[campaign.id])


def add_url(game):
    return reverse("chronicle-line-add", args=[game.campaign_id, game.id])


def test_the_demo_chronicle_page_tells_the_played_game_and_links_its_records(client, db):
    campaign = load_demo()
    client.force_login(campaign.organiser)
    response = client.get(page(campaign))
    assertContains(response, "Game 1: Magalakutway v The 44th Foot Patrol")
    assertContains(response, "Swift Otter of Magalakutway went down: Leg wound.")
    assertContains(response, "Magalakutway bought a Musket for Swift Otter for £10.")
    assertContains(response, 'class="record-link" href="/postgames/')


def test_the_campaign_page_links_to_its_chronicle(client, campaign, organiser):
    client.force_login(organiser)
    assertContains(client.get(reverse("campaign", args=[campaign.id])), page(campaign))


def test_a_stranger_cannot_find_a_private_campaigns_chronicle(client, campaign, stranger, game):
    client.force_login(stranger)
    assert client.get(page(campaign)).status_code == 404
    assert client.post(add_url(game), {"text": "Hello"}).status_code == 404
    assert not ChronicleLine.objects.exists()


def test_a_player_adds_a_line_shown_with_their_name_and_escaped(client, player, game):
    client.force_login(player)
    response = client.post(add_url(game), {"text": "<b>Red Hawk</b> held the ford"}, **HTMX)
    assert response.status_code == 200
    assertContains(response, "&lt;b&gt;Red Hawk&lt;/b&gt; held the ford")
    assertContains(response, "— player,")
    assertNotContains(response, "<b>Red Hawk</b>")
    line = ChronicleLine.objects.get()
    assert (line.author, line.game, line.text) == (player, game, "<b>Red Hawk</b> held the ford")
    whole = client.get(page(game.campaign))
    assertContains(whole, "&lt;b&gt;Red Hawk&lt;/b&gt; held the ford")


def test_without_htmx_adding_a_line_comes_back_to_the_entry(client, player, game):
    client.force_login(player)
    response = client.post(add_url(game), {"text": "A fine day"})
    assert response.status_code == 302
    assert response["Location"] == page(game.campaign) + f"#game-{game.id}"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("   ", id="blank"),
        pytest.param("x" * (LINE_MAX + 1), id="too-long"),
        pytest.param("two\nlines", id="a-line-break"),
    ],
)
def test_a_line_that_is_empty_too_long_or_broken_is_refused_in_words(client, player, game, text):
    client.force_login(player)
    response = client.post(add_url(game), {"text": text}, **HTMX)
    assert response.status_code == 400
    assert "Your line:" in response.content.decode()  # the field, named in words
    assert not ChronicleLine.objects.exists()


def test_a_reader_of_a_public_campaign_who_does_not_play_cannot_add_a_line(
    client, campaign, stranger, game
):
    campaign.is_public = True
    campaign.save(update_fields=["is_public"])
    client.force_login(stranger)
    assert client.get(page(campaign)).status_code == 200
    assertNotContains(client.get(page(campaign)), "Add my line")
    assert client.post(add_url(game), {"text": "Hello"}).status_code == 403
    assert not ChronicleLine.objects.exists()


def test_only_its_author_deletes_a_line(client, player, other_player, game):
    line = services.chronicle_line_add(game=game, author=player, text="Ours was the day")
    url = reverse("chronicle-line-delete", args=[line.id])
    client.force_login(other_player)
    assertNotContains(client.get(page(game.campaign)), url)
    assert client.post(url, **HTMX).status_code == 403
    client.force_login(player)
    assertContains(client.get(page(game.campaign)), url)
    response = client.post(url, **HTMX)
    assert response.status_code == 200
    assertNotContains(response, "Ours was the day")
    assert not ChronicleLine.objects.exists()


def test_a_closed_campaign_takes_no_more_lines(client, campaign, organiser, player, game):
    services.campaign_close(campaign=campaign)
    client.force_login(player)
    assertNotContains(client.get(page(campaign)), "Add my line")
    response = client.post(add_url(game), {"text": "Late words"}, **HTMX)
    assert response.status_code == 400
    assert not ChronicleLine.objects.exists()


def test_a_pending_game_has_no_entry_and_takes_no_line(client, campaign, player, war_party, patrol):
    pending = file_battle(campaign, war_party, patrol, player)
    client.force_login(player)
    assertNotContains(client.get(page(campaign)), f'id="game-{pending.id}"')
    assert client.post(add_url(pending), {"text": "Too soon"}).status_code == 404


def test_the_chronicle_page_speaks_a_players_words(client, db):
    from tests.guide.test_players_words import developers_words

    campaign = load_demo()
    client.force_login(campaign.organiser)
    response = client.get(page(campaign))
    assert developers_words(response.content.decode()) == []
