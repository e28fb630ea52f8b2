"""GET /api/inbox/: the caller's inbox as [{kind, title, url, since}], by token or session."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.campaign.games_support import signed_in


def test_the_opponent_reads_the_report_to_confirm_with_a_token(pending, other_player):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=other_player).key}")
    response = client.get("/api/inbox/")
    assert response.status_code == 200
    [item] = response.json()
    assert set(item) == {"kind", "title", "url", "since"}
    assert item["kind"] == "confirm_report"
    assert item["url"] == f"/games/{pending.id}/"
    assert item["since"].startswith(str(pending.created_at.year))


def test_a_session_works_as_well(client, pending, other_player):
    client.force_login(other_player)
    assert [i["kind"] for i in client.get("/api/inbox/").json()] == ["confirm_report"]


@pytest.mark.parametrize("who", ["player", "organiser", "stranger"])
def test_the_owner_the_organiser_and_a_stranger_have_nothing_waiting(pending, request, who):
    response = signed_in(request.getfixturevalue(who)).get("/api/inbox/")
    assert response.status_code == 200
    assert response.json() == []


def test_without_credentials_it_is_401(pending):
    assert APIClient().get("/api/inbox/").status_code == 401


def test_a_bad_token_is_401(pending):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.get("/api/inbox/").status_code == 401


def test_only_get_is_allowed(pending, other_player):
    response = signed_in(other_player).post("/api/inbox/", {"kind": "x"}, format="json")
    assert response.status_code == 405
