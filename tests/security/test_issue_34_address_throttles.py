"""Issue 34, section 3: CPU a visitor could take by address.

- The login page had no per-address limit (axes locks a username and address pair): each guess
  costs a PBKDF2, one client burnt 59 CPU-s a minute. Now guesses are counted per address (the
  `login` rate), signed in or not, before the password is hashed.
- POST /api/token/ counted anonymous clients only: a client sending a token or a session was
  not counted. Now every client, by address.
- A signed-in client made accounts without limit (the `signup` rate counted anonymous clients
  only): 20 of 20 accepted. Now by address whatever the session.

The rates are lowered here to see the 429.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.security.test_finding_6_throttles import rates, sign_up

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"  # the factories' password


@pytest.fixture
def hashes(monkeypatch):
    """Every password hashed to be checked (a PBKDF2 on a club server), counted."""
    from django.contrib.auth import hashers

    checked = []
    real = hashers.check_password

    def counting(password, encoded, *args, **kwargs):
        checked.append(password)
        return real(password, encoded, *args, **kwargs)

    monkeypatch.setattr(hashers, "check_password", counting)
    monkeypatch.setattr("django.contrib.auth.base_user.check_password", counting)
    return checked


def guess(client, username="alice", password="wrong", **extra):
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def test_the_login_page_counts_guesses_per_address_across_usernames(hashes):
    for name in ("alice", "bob", "cara"):
        UserFactory(username=name)
    with rates(login="3/min"):
        client = Client()
        answers = [guess(client, name).status_code for name in ("alice", "bob", "cara")]
        hashed = len(hashes)
        refused = guess(client, "alice", PASSWORD)  # even the right password: not checked
        assert len(hashes) == hashed  # refused before any hashing
        elsewhere = guess(Client(), "alice", PASSWORD, REMOTE_ADDR="10.0.0.9")
    assert hashed >= 3 and answers == [200, 200, 200]  # wrong passwords: the form again
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Many sign-ins from your address" in refused.content.decode()
    assert elsewhere.status_code == 302


def test_a_signed_in_client_is_counted_on_the_login_page_too(hashes):
    UserFactory(username="alice")
    with rates(login="2/min"):
        client = Client()
        client.force_login(UserFactory(username="bob"))
        answers = [guess(client).status_code for _ in range(3)]
    assert answers == [200, 200, 429]


def test_the_login_page_itself_is_not_counted():
    with rates(login="1/min"):
        client = Client()
        assert [client.get("/accounts/login/").status_code for _ in range(3)] == [200] * 3
        assert guess(client).status_code == 200


def test_the_api_token_counts_a_client_that_sends_a_token_by_its_address(hashes):
    UserFactory(username="alice")
    with rates(token="2/min"):
        api = APIClient()
        api.force_authenticate(UserFactory(username="bob"))
        body = {"username": "alice", "password": "wrong"}
        answers = [api.post("/api/token/", body, format="json").status_code for _ in range(3)]
    assert answers == [400, 400, 429]


def test_a_signed_in_client_cannot_make_accounts_past_the_address_rate():
    with rates(signup="2/hour"):
        client = Client()
        client.force_login(UserFactory(username="keeper"))  # keeps its cookie throughout
        answers = [sign_up(client, f"sock{n}").status_code for n in range(4)]
    assert answers == [302, 302, 429, 429]
    names = set(get_user_model().objects.values_list("username", flat=True))
    assert names == {"keeper", "sock0", "sock1"}
