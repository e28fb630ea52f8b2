"""Two requests with one Idempotency-Key at once (core.idempotency): the second waits for the
first and gets its answer, the write done once; if the first takes longer than
IDEMPOTENCY_WAIT_SECONDS, the second gets 409 "still being processed" and, asked again later,
the first's answer. Real threads, each with its own database connection; the first is held
inside its write until the second is waiting.

Written for PostgreSQL (the key's unique index makes the second wait, up to its lock_timeout);
the waiting test runs on SQLite too (one writer at a time queues them), the 409 only there."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.db import connection, connections
from django.test import Client

from campaign.models import Battle
from campaign.services import battles as services
from tests.campaign.battle_support import start
from tests.campaign.games_support import foot_patrol
from tests.factories import CampaignFactory, UserFactory, founded_war_party, member

pytestmark = [pytest.mark.postgres, pytest.mark.db]

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def sheet(transactional_db):
    player, opponent = UserFactory(username="player"), UserFactory(username="opponent")
    campaign = CampaignFactory()
    member(campaign, player)
    member(campaign, opponent)
    battle = start(campaign, founded_war_party(campaign, player), foot_patrol(campaign, opponent),
                   player)  # fmt: skip
    return battle, player


@pytest.fixture
def held_turn(monkeypatch):
    """The turn service, held after its write until `release` is set: `entered` says the first
    request is inside it."""
    real = services.battle_next_turn
    entered, release = threading.Event(), threading.Event()

    def held(**kwargs):
        battle = real(**kwargs)
        entered.set()
        release.wait(timeout=30)
        return battle

    monkeypatch.setattr(services, "battle_next_turn", held)
    yield entered, release
    release.set()


def post_in_thread(battle, player, key, answers: dict, name: str) -> threading.Thread:
    def post():
        try:
            client = Client()
            client.force_login(player)
            answers[name] = client.post(f"/battles/{battle.id}/turn/", HTTP_IDEMPOTENCY_KEY=key,
                                        **HTMX)  # fmt: skip
        finally:
            connections.close_all()

    thread = threading.Thread(target=post)
    thread.start()
    return thread


def test_a_second_request_with_the_key_waits_for_the_first_and_gets_its_answer(
    sheet, held_turn, settings
):
    settings.IDEMPOTENCY_WAIT_SECONDS = 20
    battle, player = sheet
    entered, release = held_turn
    key, answers = str(uuid.uuid4()), {}

    first = post_in_thread(battle, player, key, answers, "first")
    assert entered.wait(timeout=20)
    second = post_in_thread(battle, player, key, answers, "second")
    time.sleep(0.5)  # the second is waiting on the key (or, on SQLite, on the writer's lock)
    assert "second" not in answers
    release.set()
    first.join(timeout=30)
    second.join(timeout=30)

    assert answers["first"].status_code == answers["second"].status_code == 200
    assert answers["second"].content == answers["first"].content
    assert "Idempotent-Replayed" not in answers["first"]
    assert answers["second"]["Idempotent-Replayed"] == "true"
    assert Battle.objects.get(pk=battle.pk).turn == 2


def test_a_second_request_that_waited_too_long_is_409_and_later_gets_the_answer(
    sheet, held_turn, settings
):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite queues every writer for its own timeout, not the key's wait")
    settings.IDEMPOTENCY_WAIT_SECONDS = 0.3
    battle, player = sheet
    entered, release = held_turn
    key, answers = str(uuid.uuid4()), {}

    first = post_in_thread(battle, player, key, answers, "first")
    assert entered.wait(timeout=20)
    second = post_in_thread(battle, player, key, answers, "second")
    second.join(timeout=20)

    assert answers["second"].status_code == 409
    assert b"still being processed" in answers["second"].content
    assert answers["second"]["Retry-After"] == "1"

    release.set()
    first.join(timeout=30)
    later = post_in_thread(battle, player, key, answers, "later")
    later.join(timeout=30)
    assert answers["later"]["Idempotent-Replayed"] == "true"
    assert answers["later"].content == answers["first"].content
    assert Battle.objects.get(pk=battle.pk).turn == 2
