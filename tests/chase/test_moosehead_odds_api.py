""" "What are my chances?" on a Moosehead trip: the API and the table's button answer, from the
start and from the middle of a trip (both answered 500 before the trip had win odds)."""

from __future__ import annotations

import random
import re

import pytest

from chase.models import GameSession
from tests.chase.conftest import new_game, play_randomly, seat

pytestmark = [pytest.mark.django_db, pytest.mark.odds_playouts(20)]

HTMX = {"HTTP_HX_REQUEST": "true"}
ROLES = {"canoe-1", "canoe-2", "canoe-3"}


def a_trip(actions: int) -> GameSession:
    session = new_game(kind="moosehead", players=3)
    return play_randomly(session, random.Random(8), actions)


@pytest.mark.slow  # playouts of a three-canoe trip
@pytest.mark.parametrize("actions", [0, 40], ids=["the-start", "mid-trip"])
def test_a_seat_gets_each_canoes_chance_from_the_api(api, actions):
    session = a_trip(actions)
    assert session.status == GameSession.Status.PLAYING
    token = seat(session, "canoe-2").token

    answer = api.get(f"/api/sessions/{session.pk}/odds/?seat={token}")

    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["playouts"] == 20
    assert set(body["win"]) == ROLES
    assert sum(body["win"].values()) == pytest.approx(1.0, abs=0.001)  # a trip has a winner
    assert 0 < body["margin"] < 0.25


@pytest.mark.slow
@pytest.mark.parametrize("actions", [0, 40], ids=["the-start", "mid-trip"])
def test_the_tables_button_shows_the_chances_with_the_playouts_and_the_margin(client, actions):
    created = client.post("/play/new/", {"kind": "moosehead", "mode": "hotseat"})
    assert created.status_code == 302
    session = play_randomly(GameSession.objects.latest("pk"), random.Random(8), actions)
    table = client.get(f"/play/{session.pk}/").content.decode()
    assert "What are my chances?" in table

    answer = client.get(f"/play/{session.pk}/odds/?role=canoe-1", **HTMX)

    assert answer.status_code == 200, answer.content.decode()[:2000]
    html = answer.content.decode()
    rows = re.findall(r'data-role="([^"]+)".*?class="odds-percent">(\d+)%', html, re.S)
    assert {role for role, _ in rows} == ROLES
    assert "From 20 games played out" in html
    assert "±" in html
