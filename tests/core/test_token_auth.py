"""The API's token sign-in kept in each process's memory under the account's version
(core.token_auth.CachedTokenAuthentication): the same answers as DRF's TokenAuthentication, no query
of the token once it is known, and a deleted token or a deactivated account refused at the
very next request, however the change was made (a service, a queryset's update, hand SQL)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _token_queries(client: APIClient) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        status = client.get("/api/inbox/").status_code
    return status, [q["sql"] for q in queries if "authtoken_token" in q["sql"]]


def test_a_known_token_is_not_read_again():
    key = Token.objects.create(user=UserFactory()).key
    client = _client(key)
    assert _token_queries(client)[0] == 200  # first sight: its account is read and noted
    status, read = _token_queries(client)  # second: read and kept under the account's version
    assert status == 200 and len(read) == 1
    for _ in range(3):
        assert _token_queries(client) == (200, [])


def test_the_signed_in_account_is_the_tokens():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    for user in (alice, bob, alice, bob):
        client = _client(Token.objects.get_or_create(user=user)[0].key)
        response = client.get("/api/inbox/")
        assert response.status_code == 200
        assert response.wsgi_request.user == user


def test_a_deleted_token_is_refused_at_the_next_request():
    token = Token.objects.create(user=UserFactory())
    client = _client(token.key)
    for _ in range(3):
        assert client.get("/api/inbox/").status_code == 200
    Token.objects.filter(pk=token.pk).delete()
    response = client.get("/api/inbox/")
    assert response.status_code == 401
    assert response.json()["detail"] == "Invalid token."


def test_a_new_token_works_and_the_old_one_no_more():
    user = UserFactory()
    old = Token.objects.create(user=user).key
    client = _client(old)
    for _ in range(2):
        assert client.get("/api/inbox/").status_code == 200
    Token.objects.filter(user=user).delete()
    new = Token.objects.create(user=user).key
    assert client.get("/api/inbox/").status_code == 401
    assert _client(new).get("/api/inbox/").status_code == 200


def test_an_account_made_inactive_by_an_update_is_refused_at_once():
    user = UserFactory()
    client = _client(Token.objects.create(user=user).key)
    for _ in range(3):
        assert client.get("/api/inbox/").status_code == 200
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)  # no signal, no save()
    response = client.get("/api/inbox/")
    assert response.status_code == 401
    assert response.json()["detail"] == "User inactive or deleted."


def test_a_token_deleted_by_hand_sql_is_refused():
    token = Token.objects.create(user=UserFactory())
    client = _client(token.key)
    for _ in range(3):
        assert client.get("/api/inbox/").status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM authtoken_token WHERE key = %s", [token.key])
    assert client.get("/api/inbox/").status_code == 401


def test_a_key_that_is_no_token_is_refused_every_time():
    for _ in range(2):
        response = _client("0" * 40).get("/api/inbox/")
        assert response.status_code == 401
        assert response.json()["detail"] == "Invalid token."
        assert response["WWW-Authenticate"] == "Token"


def test_a_token_given_to_another_account_signs_in_that_account():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    token = Token.objects.create(user=alice)
    client = _client(token.key)
    for _ in range(3):
        assert client.get("/api/inbox/").wsgi_request.user == alice
    Token.objects.filter(pk=token.pk).update(user=bob)  # as the admin may
    for _ in range(3):
        response = client.get("/api/inbox/")
        assert response.status_code == 200 and response.wsgi_request.user == bob
    get_user_model().objects.filter(pk=bob.pk).update(is_active=False)
    assert client.get("/api/inbox/").status_code == 401  # kept under bob's scope now
