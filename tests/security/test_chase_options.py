"""Issue 9, finding 4 (canoe games): one anonymous request must not break /play/ for everyone.
Every string inside a game's options is printable text of at most 40 characters."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from chase.models import GameSession

pytestmark = pytest.mark.django_db

OK = {"canoe": "Swift Otter", "colony": "Virginia"}


def _post_raw(body: str):
    """The JSON as an attacker types it: escapes such as \\ud800 reach the server as they are."""
    return APIClient().post("/api/sessions/", body, content_type="application/json")


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("a\\ud800", "printable"),  # a lone surrogate
        ("a\\u0000b", "printable"),  # a NUL byte
        ("tab\\there", "printable"),
        ("H" * 41, "1 to 40"),
    ],
    ids=["lone-surrogate", "nul", "control-character", "41-characters"],
)
def test_finding_4_a_name_that_is_not_printable_text_is_a_400_naming_the_field(client, bad, words):
    names = json.dumps([OK, {"canoe": "CANOE", "colony": "Delaware"}]).replace("CANOE", bad)
    body = '{"kind": "race", "mode": "solo", "options": {"canoes": 2, "names": ' + names + "}}"

    response = _post_raw(body)

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "names[1]"
    assert words in error["message"]
    assert not GameSession.objects.exists()
    assert client.get("/play/").status_code == 200


def test_finding_4_a_surrogate_anywhere_in_the_options_is_refused_without_echoing_it(client):
    response = _post_raw('{"kind": "pelts", "mode": "solo", "options": {"a\\ud800": 1}}')

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "options"
    assert "\\ud800" not in response.content.decode()
    assert not GameSession.objects.exists()
