"""PostgreSQL draws a transaction's content tokens at its commit (core.content_version): no
writer waits for another club's, a reader in another connection sees the new token only with
the committed data, a rollback leaves the token as it was, and a writer outside Django (a
hand-typed UPDATE in psql) still draws it. Real transactions on two connections."""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.conf import settings
from django.db import connection, connections, transaction

from campaign.models import Warband
from core.content_version import campaign_scope, read_tokens
from tests.factories import CampaignFactory, founded_war_party

pytestmark = [pytest.mark.postgres, pytest.mark.db]


@pytest.fixture
def two_clubs(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite lets one writer in at a time: there is nothing to wait for")
    return founded_war_party(CampaignFactory()), founded_war_party(CampaignFactory())


def token_seen_elsewhere(campaign_id: int) -> str:
    """The campaign's token as a new connection reads it (what another request would)."""
    db = settings.DATABASES["default"]
    with psycopg.connect(
        dbname=connection.settings_dict["NAME"], user=db["USER"] or None,
        host=db["HOST"] or None, port=db["PORT"] or None, autocommit=True,
    ) as other:  # fmt: skip
        scope = campaign_scope(campaign_id)
        row = other.execute("SELECT token FROM core_scopeversion WHERE scope = %s", [scope])
        found = row.fetchone()
    return found[0] if found else "-"


def hold_a_write(warband, entered: threading.Event, release: threading.Event, errors: list):
    """Rename `warband` in a transaction kept open until `release`."""
    try:
        with transaction.atomic():
            Warband.objects.filter(pk=warband.pk).update(name="Held open")
            entered.set()
            release.wait(timeout=30)
    except Exception as error:  # noqa: BLE001 (reported by the test)
        errors.append(error)
    finally:
        connections.close_all()


def test_two_clubs_write_at_once_without_waiting_for_each_other(two_clubs):
    first, second = two_clubs
    entered, release, errors = threading.Event(), threading.Event(), []
    holder = threading.Thread(target=hold_a_write, args=(first, entered, release, errors))
    holder.start()
    try:
        assert entered.wait(timeout=20)
        before = token_seen_elsewhere(first.campaign_id)
        with transaction.atomic():
            with connection.cursor() as cursor:
                # Until 2026-11-28 this write waited for the first club's whole transaction.
                cursor.execute("SET LOCAL lock_timeout = '2s'")
            Warband.objects.filter(pk=second.pk).update(name="Not kept waiting")
        assert Warband.objects.get(pk=second.pk).name == "Not kept waiting"
        assert token_seen_elsewhere(first.campaign_id) == before  # not committed yet
    finally:
        release.set()
        holder.join(timeout=30)
    assert errors == []
    assert token_seen_elsewhere(first.campaign_id) != before  # drawn at its commit


def test_a_rolled_back_write_leaves_the_token_and_a_commit_changes_it(two_clubs):
    warband, _ = two_clubs
    before = token_seen_elsewhere(warband.campaign_id)
    with pytest.raises(RuntimeError), transaction.atomic():
        Warband.objects.filter(pk=warband.pk).update(name="Never kept")
        raise RuntimeError
    assert token_seen_elsewhere(warband.campaign_id) == before
    with transaction.atomic():
        Warband.objects.filter(pk=warband.pk).update(name="Kept")
        assert token_seen_elsewhere(warband.campaign_id) == before  # not before the commit
    after = token_seen_elsewhere(warband.campaign_id)
    assert after != before
    assert (
        read_tokens([campaign_scope(warband.campaign_id)])[campaign_scope(warband.campaign_id)]
        == after
    )


def test_a_write_outside_django_draws_the_token_at_its_commit(two_clubs):
    warband, _ = two_clubs
    before = token_seen_elsewhere(warband.campaign_id)
    db = settings.DATABASES["default"]
    with psycopg.connect(
        dbname=connection.settings_dict["NAME"], user=db["USER"] or None,
        host=db["HOST"] or None, port=db["PORT"] or None,
    ) as psql:  # fmt: skip
        psql.execute(
            "UPDATE campaign_warband SET name = 'Typed by hand' WHERE id = %s", [warband.pk]
        )
        assert token_seen_elsewhere(warband.campaign_id) == before
    assert token_seen_elsewhere(warband.campaign_id) != before  # committed on leaving the block


def test_a_transaction_that_only_locks_commits_on_a_fresh_connection(two_clubs):
    """A row lock is noted as a write, but no trigger ran: nothing to draw, no error."""
    warband, _ = two_clubs
    connections.close_all()  # a new connection: its table of noted scopes not made yet
    before = token_seen_elsewhere(warband.campaign_id)
    with transaction.atomic():
        assert list(Warband.objects.select_for_update().filter(pk=warband.pk).values("id"))
    assert token_seen_elsewhere(warband.campaign_id) == before
