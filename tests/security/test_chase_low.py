"""Issue 9, low findings 9 and 10 (canoe games): odd input is a 400 or a 404, never a 500;
and finding 5's throttles on the anonymous session API."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from chase.models import GameSession
from tests.chase.conftest import seat
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _held_hot_seat_game(client: Client) -> GameSession:
    response = client.post("/play/new/", {"kind": "pelts", "mode": "hotseat"})
    assert response.status_code == 302
    return GameSession.objects.latest("pk")


def test_finding_9_an_action_nested_a_thousand_levels_is_a_400():
    player = Client()
    session = _held_hot_seat_game(player)
    post = {"role": "trapper", "version": session.version, "action": "[" * 1000 + "]" * 1000}

    response = player.post(f"/play/{session.pk}/act/", post)

    assert response.status_code == 400
    assert "could not be read" in response.content.decode()
    session.refresh_from_db()
    assert session.version == 0


def test_finding_10_nul_bytes_in_a_seat_an_invite_or_a_name_are_a_400_or_404():
    api = APIClient()
    api.post("/api/sessions/", {"kind": "pelts", "mode": "multi"}, format="json")
    session = GameSession.objects.get()

    assert api.get(f"/api/sessions/{session.pk}/view/?seat=a%00b").status_code == 400
    assert Client().get(f"/play/{session.pk}/?seat=a%00b").status_code == 400
    assert Client().get("/play/join/a%00b/").status_code == 404
    joined = api.post(f"/api/sessions/{session.pk}/join/", {"invite": "a\x00b"}, format="json")
    assert joined.status_code in (400, 404)
    acted = api.post(
        f"/api/sessions/{session.pk}/actions/",
        {"seat": "a\x00b", "version": 0, "action": {"type": "end"}},
        format="json",
    )
    assert acted.status_code == 400
    named = api.post(
        "/api/sessions/",
        {"kind": "race", "mode": "solo", "options": {"canoes": 2, "names": [
            {"canoe": "Heron\x00", "colony": "Ohio"}, {"canoe": "Otter", "colony": "Virginia"},
        ]}},
        format="json",
    )  # fmt: skip
    assert named.status_code == 400 and named.json()["errors"][0]["field"] == "names[0]"
    assert GameSession.objects.count() == 1


@pytest.fixture
def low_rates(settings):
    """Two new games and three actions a minute for anonymous clients, from a clean count."""
    rest = settings.REST_FRAMEWORK
    rates = {**rest["DEFAULT_THROTTLE_RATES"], "session_create": "2/min", "session_action": "3/min"}
    settings.REST_FRAMEWORK = {**rest, "DEFAULT_THROTTLE_RATES": rates}
    cache.clear()
    yield
    cache.clear()


def test_finding_5_anonymous_clients_are_throttled_creating_games_and_posting_actions(low_rates):
    api = APIClient()
    body = {"kind": "pelts", "mode": "hotseat", "options": {}}
    created = [api.post("/api/sessions/", body, format="json").status_code for _ in range(3)]
    session = GameSession.objects.latest("pk")
    post = {"seat": seat(session, "indian").token, "version": 0, "action": {"type": "end"}}
    url = f"/api/sessions/{session.pk}/actions/"
    acted = [api.post(url, post, format="json").status_code for _ in range(4)]

    assert created == [201, 201, 429]
    throttled = api.post("/api/sessions/", body, format="json")
    assert int(throttled["Retry-After"]) > 0 and throttled.json()["detail"]
    assert acted[:3] == [400, 400, 400] and acted[3] == 429  # not the Indians' turn, then 429
    assert GameSession.objects.count() == 2

    signed_in = APIClient()
    signed_in.force_authenticate(UserFactory())
    assert signed_in.post("/api/sessions/", body, format="json").status_code == 201
