"""The content version's one write: a statement that changes a campaign table (or a user)
bumps it first, in the same transaction, by a wrapper on the database connection.

Correct by construction: no service has to remember it. Any write through Django's connection
(a model's save, a queryset's update or delete, bulk_create, raw SQL) passes the wrapper, and
the bump commits or rolls back with the write itself. So a page fragment cached under a version
(campaign.selectors.content_version) is never served after a change it does not show.

Once a transaction has bumped, its later writes need not bump again (nobody outside it sees
either number before it commits), unless this connection read the version in between (then the
next write bumps again, so what was read and cached is not used after it). The bump comes before
the statement, and a `SELECT ... FOR UPDATE` on those tables bumps too: every transaction takes
the version row's lock before any row lock of the campaign tables, so two writers cannot each
hold a lock the other waits for.
"""

from __future__ import annotations

import re
import secrets

from django.db import transaction
from django.db.models import F

from campaign.models import ContentVersion, Job

VERSION_TABLE = ContentVersion._meta.db_table
# Rows no cached fragment shows: a job's progress (the league page's job panel and the progress
# bar are never cached), written every chunk of a recalculation.
UNSHOWN = {VERSION_TABLE, Job._meta.db_table}
# A statement that writes to (or locks rows of) a table the pages show: the campaign tables and
# the users. Only the statement's own table counts (not one it reads).
WRITE = re.compile(
    r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(campaign_\w+|auth_user)\b', re.IGNORECASE
)
LOCK = re.compile(r'\s*SELECT\b.*?\bFROM\s+"?(campaign_\w+|auth_user)\b.*\bFOR UPDATE', re.I | re.S)


def touches_content(sql: str) -> bool:
    head = sql.lstrip()[:6].upper()
    if head == "SELECT":
        found = LOCK.match(sql) if "FOR UPDATE" in sql else None
    elif head in ("INSERT", "UPDATE", "DELETE"):
        found = WRITE.match(sql)
    else:
        return False
    return found is not None and found.group(1) not in UNSHOWN


def watch_writes(execute, sql, params, many, context):
    """The connection's execute wrapper (installed by CampaignConfig.ready for every
    connection): bump the content version before a statement that changes what pages show."""
    connection = context["connection"]
    if isinstance(sql, str) and touches_content(sql) and _needs_bump(connection):
        content_bump(using=connection.alias)
        connection.content_version_read = False
        if connection.in_atomic_block:
            transaction.on_commit(_bumped, using=connection.alias)
    return execute(sql, params, many, context)


def _bumped() -> None:
    """Marks a transaction that has bumped: Django drops it with the transaction (or with the
    savepoint that bumped, when that is rolled back), so the mark lasts as long as the bump."""


def _needs_bump(connection) -> bool:
    if not _version_table(connection):
        return False
    if not connection.in_atomic_block or getattr(connection, "content_version_read", False):
        return True
    return not any(entry[1] is _bumped for entry in connection.run_on_commit)


def _version_table(connection) -> bool:
    """Whether the version's table exists: not yet while the migrations that come before its
    own run on a new database (asked again until it does, then remembered)."""
    if not getattr(connection, "content_version_ready", False):
        connection.content_version_ready = VERSION_TABLE in connection.introspection.table_names()
    return connection.content_version_ready


def content_bump(*, using: str = "default") -> None:
    """Change the content version (a new row, at a random number, if it is missing)."""
    versions = ContentVersion.objects.using(using)
    if versions.filter(pk=1).update(number=F("number") + 1):
        return
    versions.bulk_create(
        [ContentVersion(pk=1, number=secrets.randbelow(2**52))], ignore_conflicts=True
    )
