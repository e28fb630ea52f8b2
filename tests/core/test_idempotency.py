"""Idempotency-Key (core.idempotency): a write sent twice with one key is done once and both
get the same answer, through the API and the pages' forms alike; a key is one person's and one
request's; a server error keeps nothing; old answers are swept.

The writes: the battle sheet's "next turn" (a form; the turn moves on once per write) and the
table calculators' last-wound D6 rolled by the app (an API write: each roll logs a row and the
app's dice would give another face the second time)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaign.models import Battle, TableLog
from core.idempotency import idempotency_sweep
from core.models import IdempotentRequest
from tests.campaign.battle_support import start
from tests.campaign.games_support import foot_patrol
from tests.factories import CampaignFactory, UserFactory, founded_war_party, member

HTMX = {"HTTP_HX_REQUEST": "true"}
LAST_WOUND = "/api/tables/last-wound/"


def new_key() -> str:
    return str(uuid.uuid4())


@pytest.fixture
def player(db):
    return UserFactory(username="player")


@pytest.fixture
def opponent(db):
    return UserFactory(username="opponent")


@pytest.fixture
def battle(player, opponent):
    campaign = CampaignFactory(name="Ohio Valley 1755")
    member(campaign, player)
    member(campaign, opponent)
    war_party = founded_war_party(campaign, player)
    return start(campaign, war_party, foot_patrol(campaign, opponent), player)


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0]}")
    return client


def turn_of(battle) -> int:
    return Battle.objects.get(pk=battle.pk).turn


# --- the API ----------------------------------------------------------------------------------


def test_an_api_write_sent_twice_with_one_key_is_done_once_and_answered_alike(player):
    api, key = token_client(player), new_key()

    first = api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    again = api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    assert first.status_code == again.status_code == 200
    assert again.content == first.content  # the same face, the same log row
    assert again["Content-Type"] == first["Content-Type"] == "application/json"
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert TableLog.objects.count() == 1


def test_without_a_key_the_same_write_is_done_twice(player):
    api = token_client(player)
    api.post(LAST_WOUND, {}, format="json")
    api.post(LAST_WOUND, {}, format="json")
    assert TableLog.objects.count() == 2


def test_each_new_key_is_a_new_write(player):
    api = token_client(player)
    for _ in range(2):
        api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=new_key())
    assert TableLog.objects.count() == 2


def test_the_same_key_with_another_body_is_422_and_nothing_is_done(player):
    api, key = token_client(player), new_key()
    api.post(LAST_WOUND, {"dice": [3]}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    other = api.post(LAST_WOUND, {"dice": [6]}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    assert other.status_code == 422
    assert "first sent with another body" in other.json()["detail"]
    assert other.json()["errors"][0]["field"] == "Idempotency-Key"
    assert list(TableLog.objects.values_list("faces", flat=True)) == [[3]]


def test_the_same_key_on_another_path_is_422(player):
    api, key = token_client(player), new_key()
    api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    other = api.post("/api/tables/rally/", {}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    assert other.status_code == 422
    assert f"(POST {LAST_WOUND})" in other.json()["detail"]


def test_another_players_key_never_answers_with_mine(player, opponent):
    key = new_key()
    mine = token_client(player).post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    theirs = token_client(opponent).post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    assert theirs.status_code == 200 and "Idempotent-Replayed" not in theirs
    assert theirs.json()["log"] != mine.json()["log"]
    assert list(TableLog.objects.values_list("actor__username", flat=True)) == [
        "player",
        "opponent",
    ]


@pytest.mark.parametrize(
    "key",
    ["x" * 256, "", "two words", "caf\u00e9"],
    ids=["256-characters", "empty", "a-space", "not-ascii"],
)
def test_a_malformed_key_is_400_and_nothing_is_done(player, key):
    api = token_client(player)
    # Django's test client sends headers as str; a non-ASCII one as the server would see it.
    header = key.encode().decode("latin-1")
    response = api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=header)
    assert response.status_code == 400
    assert "Idempotency-Key must be 1 to 255 visible ASCII characters" in response.json()["detail"]
    assert TableLog.objects.count() == 0


def test_a_key_of_255_characters_is_taken(player):
    api, key = token_client(player), "k" * 255
    api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    again = api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert again["Idempotent-Replayed"] == "true"
    assert TableLog.objects.count() == 1


def test_a_token_that_is_not_valid_is_401_and_keeps_nothing(db):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=new_key())
    assert response.status_code == 401
    assert IdempotentRequest.objects.count() == 0


# --- the pages' forms ---------------------------------------------------------------------------


def test_a_form_sent_twice_with_one_key_is_done_once_and_answered_alike(battle, client, player):
    client.force_login(player)
    key = new_key()

    first = client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key, **HTMX)
    again = client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key, **HTMX)

    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert b'data-turn="2"' in again.content
    assert again["Idempotent-Replayed"] == "true"
    assert turn_of(battle) == 2  # not 3


def test_a_plain_form_post_replays_its_redirect(battle, client, player):
    client.force_login(player)
    key = new_key()

    first = client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key)
    again = client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key)

    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"] == f"/battles/{battle.id}/"
    assert turn_of(battle) == 2


def test_a_form_with_another_body_under_the_same_key_is_a_readable_422(battle, client, player):
    client.force_login(player)
    key = new_key()
    client.post(f"/battles/{battle.id}/order/", {"first": "1"}, HTTP_IDEMPOTENCY_KEY=key, **HTMX)

    other = client.post(
        f"/battles/{battle.id}/order/", {"first": "0"}, HTTP_IDEMPOTENCY_KEY=key, **HTMX
    )

    assert other.status_code == 422
    assert other["HX-Retarget"] == "#errors"
    assert b"first sent with another body" in other.content
    assert b'class="error-box"' in other.content


def test_a_guests_key_is_their_sessions(battle, client, player):
    """A guest is not signed in: their key is their browser session's, and another browser's
    same key runs for itself (here the view refuses both: the sheet needs a sign-in)."""
    key = new_key()
    client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key)
    kept = IdempotentRequest.objects.get(key=key)
    assert kept.owner == f"s:{client.session.session_key}"
    assert kept.status == 302  # the sign-in redirect, kept: the same request gets the same

    other_browser = type(client)()
    other_browser.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key)
    assert IdempotentRequest.objects.filter(key=key).count() == 2


def test_a_refusal_that_did_nothing_is_not_kept(battle, client):
    """403 (a member who plays neither side): a retry, once allowed, must run."""
    watcher = member(battle.campaign, UserFactory(username="watcher"))
    client.force_login(watcher)
    key = new_key()
    assert client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key).status_code == 403
    assert not IdempotentRequest.objects.filter(key=key).exists()


# --- server errors ------------------------------------------------------------------------------


def test_a_server_error_keeps_nothing_and_its_write_is_rolled_back(
    battle, client, player, monkeypatch
):
    from campaign.services import battles as services

    real = services.battle_next_turn

    def writes_then_fails(**kwargs):
        real(**kwargs)
        raise RuntimeError("the server broke after the write")

    monkeypatch.setattr(services, "battle_next_turn", writes_then_fails)
    client.force_login(player)
    client.raise_request_exception = False
    key = new_key()

    broken = client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key, **HTMX)

    assert broken.status_code == 500
    assert turn_of(battle) == 1  # the write went with the error
    assert not IdempotentRequest.objects.filter(key=key).exists()

    monkeypatch.setattr(services, "battle_next_turn", real)
    retried = client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key, **HTMX)
    assert retried.status_code == 200 and "Idempotent-Replayed" not in retried
    assert turn_of(battle) == 2


# --- the sweep ----------------------------------------------------------------------------------


def test_the_sweep_forgets_answers_a_day_old_and_keeps_younger_ones(player):
    api = token_client(player)
    old_key, young_key = new_key(), new_key()
    api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=old_key)
    api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=young_key)
    now = timezone.now()
    IdempotentRequest.objects.filter(key=old_key).update(created_at=now - timedelta(hours=25))
    IdempotentRequest.objects.filter(key=young_key).update(created_at=now - timedelta(hours=23))

    assert idempotency_sweep(now=now) == 1

    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == [young_key]
    again = api.post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=old_key)
    assert "Idempotent-Replayed" not in again  # forgotten: a new write
    assert TableLog.objects.count() == 3


def test_the_sweep_runs_hourly_on_beat_and_in_the_demo_servers_ticker(settings):
    from core import ticker

    schedule = settings.CELERY_BEAT_SCHEDULE["forget-idempotent-answers"]
    assert schedule["task"] == "core.idempotency_sweep"
    assert idempotency_sweep in ticker.JOBS


# --- the schema ---------------------------------------------------------------------------------


def test_the_schema_lists_the_header_and_its_answers_on_every_write_and_on_no_read():
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    writes = reads = 0
    for operations in paths.values():
        for method, operation in operations.items():
            headers = {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}
            if method in ("post", "put", "patch", "delete"):
                writes += 1
                assert "Idempotency-Key" in headers, operation["operationId"]
                assert {"409", "422"} <= set(operation["responses"]), operation["operationId"]
            else:
                reads += 1
                assert "Idempotency-Key" not in headers, operation["operationId"]
    assert writes > 20 and reads > 20


def test_an_api_client_with_neither_token_nor_session_keeps_nothing(db):
    response = APIClient().post(LAST_WOUND, {}, format="json", HTTP_IDEMPOTENCY_KEY=new_key())
    assert response.status_code in (401, 403)
    assert IdempotentRequest.objects.count() == 0
    assert "sessionid" not in response.cookies
