"""The content version: every write to what the pages show changes it, in the same transaction;
nothing else does."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from campaign import selectors, services
from campaign.models import ContentVersion, Figure, LedgerEntry, Warband
from campaign.services.content import touches_content
from chase import services as chase_services

pytestmark = pytest.mark.django_db


def version():
    return selectors.content_version()


def test_a_service_write_changes_the_version(war_party):
    before = version()
    services.treasury_change(warband=war_party, amount=5, reason="Found a purse")
    assert version() > before


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(lambda w: Warband.objects.filter(pk=w.pk).update(name="Renamed"), id="update"),
        pytest.param(lambda w: w.figures.first().delete(), id="delete"),
        pytest.param(
            lambda w: LedgerEntry.objects.bulk_create(
                [LedgerEntry(warband=w, amount=1, before=0, after=1, reason="bulk")]
            ),
            id="bulk-create",
        ),
        pytest.param(lambda w: w.owner.save(), id="a-user"),
        pytest.param(
            lambda w: connection.cursor().execute(
                'UPDATE "campaign_figure" SET name = %s WHERE warband_id = %s', ["X", w.pk]
            ),
            id="raw-sql",
        ),
    ],
)
def test_any_write_to_what_the_pages_show_changes_the_version_even_without_a_service(
    war_party, write
):
    before = version()
    write(war_party)
    assert version() > before


def test_reads_and_writes_elsewhere_leave_the_version_alone(war_party):
    before = version()
    list(Figure.objects.filter(warband=war_party))
    chase_services.session_create(kind="race", mode="hotseat", options={})
    assert version() == before


def test_a_write_rolled_back_takes_its_change_of_version_with_it(war_party):
    before = version()
    with pytest.raises(RuntimeError), transaction.atomic():
        Warband.objects.filter(pk=war_party.pk).update(name="Never")
        raise RuntimeError
    assert version() == before
    assert Warband.objects.get(pk=war_party.pk).name != "Never"


def test_the_version_row_comes_back_at_the_next_write_if_it_was_lost(war_party):
    ContentVersion.objects.all().delete()
    assert version() == 0
    services.treasury_change(warband=war_party, amount=5, reason="Found a purse")
    assert version() > 0


@pytest.mark.parametrize(
    ("sql", "touches"),
    [
        ('INSERT INTO "campaign_figure" ("name") VALUES (%s)', True),
        ('UPDATE "campaign_warband" SET "name" = %s', True),
        ('DELETE FROM "campaign_ledgerentry" WHERE "id" = %s', True),
        ('UPDATE "auth_user" SET "last_login" = %s', True),
        ('SELECT "id" FROM "campaign_campaign" WHERE "id" = %s FOR UPDATE', True),
        ('SELECT "id" FROM "campaign_campaign" WHERE "id" = %s', False),
        ('UPDATE "campaign_contentversion" SET "number" = "number" + 1', False),
        ('UPDATE "chase_gamesession" SET "version" = %s', False),
        ('INSERT INTO "django_session" ("session_key") VALUES (%s)', False),
        ('INSERT INTO "new__campaign_figure" SELECT * FROM "campaign_figure"', False),
    ],
    ids=lambda value: value if isinstance(value, bool) else value.split('"')[1],
)
def test_which_statements_change_what_the_pages_show(sql, touches):
    assert touches_content(sql) is touches
