"""Finding 10: NUL characters in names and query parameters reached PostgreSQL, which cannot
store or compare text holding one: a 500. They answer 400 (or 404) on every database."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

NUL = "a\x00b"

PAGES = [
    ("get", "/campaigns/{campaign}/league/?sort=a%00b", None),
    ("get", "/campaigns/{campaign}/league/?warband=1%00", None),
    ("get", "/campaigns/join/?invite_code=a%00b", None),
    ("post", "/campaigns/join/", {"invite_code": NUL}),
    ("post", "/campaigns/new/", {"name": NUL, "starting_treasury": "200", "currency": "£"}),
    ("post", "/accounts/signup/", {"username": NUL, "password1": "x", "password2": "x"}),
    ("post", "/accounts/login/", {"username": NUL, "password": "x"}),
    ("get", "/campaigns/{campaign}/a%00b/", None),
]
API = [
    ("get", "/api/games/?campaign=1%00", None),
    ("get", "/api/campaigns/{campaign}/league/?sort=a%00b", None),
    ("post", "/api/campaigns/", {"name": NUL, "starting_treasury": 200}),
    ("post", "/api/campaigns/{campaign}/join/", {"invite_code": NUL}),
    ("post", "/api/token/", {"username": NUL, "password": "x"}),
    ("post", "/api/token/?next=a%00b", {"username": "player", "password": "x"}),
]


@pytest.mark.parametrize(("method", "path", "data"), PAGES, ids=[p[1] for p in PAGES])
def test_finding_10_a_nul_in_a_page_request_is_a_400_or_404(campaign, player, method, path, data):
    client = Client(raise_request_exception=False)
    if "accounts" not in path:
        client.force_login(player)
    response = getattr(client, method)(path.format(campaign=campaign.id), data)
    assert response.status_code in (400, 404)


@pytest.mark.parametrize(("method", "path", "data"), API, ids=[p[1] for p in API])
def test_finding_10_b_a_nul_in_an_api_request_is_a_json_400_or_404(
    campaign, player, method, path, data
):
    client = APIClient()
    client.raise_request_exception = False
    if "token" not in path:
        client.force_authenticate(player)
    kwargs = {"format": "json"} if method == "post" else {}
    response = getattr(client, method)(path.format(campaign=campaign.id), data, **kwargs)
    assert response.status_code in (400, 404)
    assert "detail" in response.json()
