"""The table's "What are my chances?" and the replay's chances at each step."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from chase.models import GameSession
from tests.chase.conftest import play_randomly

pytestmark = [pytest.mark.django_db, pytest.mark.odds_playouts(40)]

HTMX = {"HTTP_HX_REQUEST": "true"}


def _start(client, **form) -> GameSession:
    response = client.post("/play/new/", {"kind": "pelts", "mode": "solo", **form})
    assert response.status_code == 302, response.content.decode()[:2000]
    return GameSession.objects.latest("pk")


def _percents(html: str) -> dict[str, int]:
    rows = re.findall(r'data-role="([^"]+)".*?class="odds-percent">(\d+)%', html, re.S)
    return {role: int(percent) for role, percent in rows}


def test_a_player_asks_for_their_chances_and_sees_each_sides_share(client):
    session = _start(client, **{"pelts-play_as": "trapper"})
    table = client.get(f"/play/{session.pk}/").content.decode()
    assert "What are my chances?" in table
    assert f'hx-get="/play/{session.pk}/odds/?role=trapper"' in table

    answer = client.get(f"/play/{session.pk}/odds/?role=trapper", **HTMX)

    html = answer.content.decode()
    assert answer.status_code == 200
    assert html.lstrip().startswith('<div class="odds panel"')
    shares = _percents(html)
    assert set(shares) == {"trapper", "indian"}
    assert 98 <= sum(shares.values()) <= 102
    assert "From 40 games played out" in html and "the trappers could see" in html


def test_without_htmx_the_chances_are_a_page_of_their_own(client):
    session = _start(client, **{"pelts-play_as": "indian"})
    page = client.get(f"/play/{session.pk}/odds/?role=indian").content.decode()
    assert "<title>Chances" in page and "Back to the table" in page
    assert set(_percents(page)) == {"trapper", "indian"}


def test_a_browser_gets_no_chances_for_a_seat_it_does_not_hold(client):
    session = _start(client, **{"pelts-play_as": "trapper"})
    stranger = Client().get(f"/play/{session.pk}/odds/?role=trapper")
    assert stranger.status_code == 403
    assert "You do not hold that seat" in stranger.content.decode()
    refused = client.get(f"/play/{session.pk}/odds/?role=indian", **HTMX)  # the computer's
    assert refused.status_code == 400  # swapped into #errors, as every refusal at the table
    assert "You do not hold that seat" in refused.content.decode()


def test_the_replay_of_a_finished_game_shows_the_chances_at_each_step(client):
    session = _start(client, **{"pelts-play_as": "trapper"})
    session = play_randomly(session, random.Random(4), steps=2000)
    assert session.status == GameSession.Status.FINISHED
    replay = client.get(f"/play/{session.pk}/replay/?step=3").content.decode()
    assert "The chances at this step" in replay
    assert f'hx-get="/play/{session.pk}/odds/?step=3"' in replay

    answer = client.get(f"/play/{session.pk}/odds/?step=3", **HTMX).content.decode()

    assert "The chances at step 3" in answer and "a spectator could see" in answer
    assert set(_percents(answer)) == {"trapper", "indian"}


def test_a_game_still_on_offers_no_chances_in_its_replay(client):
    session = _start(client, **{"pelts-play_as": "trapper"})
    replay = client.get(f"/play/{session.pk}/replay/?step=0").content.decode()
    assert "The chances at this step" not in replay
    assert client.get(f"/play/{session.pk}/odds/?step=0", **HTMX).status_code == 400
