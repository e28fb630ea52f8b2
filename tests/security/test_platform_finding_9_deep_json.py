"""Finding 9: deeply nested JSON on any API endpoint raised RecursionError (a 500). It is a
400 in the API's usual error shape."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

DEEP_LIST = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000
DEEPISH = '{"name": ' + "[" * 200 + "]" * 200 + "}"  # parses, but no request nests like that


@pytest.mark.parametrize("body", [DEEP_LIST, DEEP_OBJECT, DEEPISH], ids=["list", "object", "200"])
@pytest.mark.parametrize(
    "path", ["/api/campaigns/", "/api/games/", "/api/campaigns/1/join/", "/api/token/"]
)
def test_finding_9_deeply_nested_json_is_a_400_not_a_500(player, campaign, path, body):
    client = APIClient()
    client.raise_request_exception = False
    if path != "/api/token/":
        client.force_authenticate(player)
    response = client.post(path, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("JSON parse error")
    assert response.json()["errors"][0]["field"] is None
