"""Finding 10 (issue 25): an unknown /api/ path answered Django's HTML CSRF page to an unsafe
method (`DELETE /api/warbands/null/` with a token): it is the API's JSON 404, whatever the method
and whether the client signs in with a token or a session cookie."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

UNKNOWN = ["/api/warbands/null/", "/api/no-such-thing/", "/api/sessions/x/odds/"]


@pytest.mark.parametrize("method", ["delete", "post", "put", "patch"])
def test_finding_10_a_an_unsafe_method_with_a_token_gets_the_json_404(player, method):
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player).key}")
    for path in UNKNOWN:
        response = getattr(client, method)(path, {}, format="json")
        assert response.status_code == 404, (path, response.content[:200])
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"detail": "Not found."}


def test_finding_10_b_a_signed_in_browser_without_a_csrf_token_gets_the_json_404(player):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    response = client.delete("/api/warbands/null/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


def test_finding_10_c_an_anonymous_unsafe_request_gets_the_json_404():
    response = Client(enforce_csrf_checks=True).post("/api/nothing/here/", {"a": "b"})
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}
