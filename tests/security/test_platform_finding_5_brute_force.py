"""Finding 5: no brute-force protection. Wrong passwords on the login page and on
POST /api/token/ lock the (username, address) pair out, even for the right password; a success
resets the count; anonymous token requests are throttled."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

PASSWORD = "correct horse battery"


@pytest.fixture
def known_player(player):
    player.set_password(PASSWORD)
    player.save()
    return player


def login(client, password):
    return client.post("/accounts/login/", {"username": "player", "password": password})


def token(client, password):
    return client.post("/api/token/", {"username": "player", "password": password}, format="json")


def test_finding_5_a_the_login_page_locks_out_after_repeated_wrong_passwords(client, known_player):
    answers = [login(client, "wrong").status_code for _ in range(5)]
    assert answers == [200, 200, 200, 200, 429]  # the fifth failure locks the pair out
    response = login(client, PASSWORD)
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "Too many failed sign-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session  # the right password did not get in


def test_finding_5_b_the_token_endpoint_locks_out_with_the_api_error_shape(known_player):
    client = APIClient()
    answers = [token(client, "wrong").status_code for _ in range(5)]
    assert answers == [400, 400, 400, 400, 429]
    response = token(client, PASSWORD)
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert response.json()["detail"].startswith("Too many failed sign-ins")
    assert "token" not in response.json()


def test_finding_5_c_a_success_resets_the_count_and_another_address_is_not_locked(
    client, known_player
):
    for _ in range(4):
        login(client, "wrong")
    assert login(client, PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        login(client, "wrong")
    assert login(client, PASSWORD).status_code == 302  # 8 failures, never 5 in a row
    client.logout()
    for _ in range(5):
        login(client, "wrong")
    assert login(client, PASSWORD).status_code == 429
    elsewhere = client.post(
        "/accounts/login/", {"username": "player", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9"
    )
    assert elsewhere.status_code == 302  # lockout is by username and address together


def test_finding_5_d_anonymous_token_requests_are_throttled(known_player):
    cache.clear()
    rates = {"token": "3/min"}
    with override_settings(REST_FRAMEWORK={**_rest_framework(), "DEFAULT_THROTTLE_RATES": rates}):
        client = APIClient()
        answers = [token(client, PASSWORD).status_code for _ in range(4)]
        assert answers == [200, 200, 200, 429]
        assert "detail" in token(client, PASSWORD).json()
    cache.clear()


def _rest_framework() -> dict:
    from django.conf import settings

    return dict(settings.REST_FRAMEWORK)
