"""The content version's one write: every statement that changes a campaign table (or a user)
bumps it first, in its own transaction, by a wrapper on the database connection.

Correct by construction: no service has to remember it. Any write through Django's connection
(a model's save, a queryset's update or delete, bulk_create, raw SQL) passes the wrapper, and
the bump commits or rolls back with the write itself. So a page fragment cached under a version
(campaign.selectors.content_version) can never be served after a change it does not show. The
bump comes before the statement, and a `SELECT ... FOR UPDATE` on those tables bumps too: every
transaction takes the version row's lock before any row lock of the campaign tables, so two
writers cannot each hold a lock the other waits for.
"""

from __future__ import annotations

import re
import secrets

from django.db.models import F

from campaign.models import ContentVersion

VERSION_TABLE = ContentVersion._meta.db_table
# A statement that writes to (or locks rows of) a table the pages show: every campaign table but
# the version's own, and the users. Only the statement's own table counts (not one it reads).
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
    return found is not None and found.group(1) != VERSION_TABLE


def watch_writes(execute, sql, params, many, context):
    """The connection's execute wrapper (installed by CampaignConfig.ready for every
    connection): bump the content version before a statement that changes what pages show."""
    connection = context["connection"]
    if isinstance(sql, str) and touches_content(sql) and _version_table(connection):
        content_bump(using=connection.alias)
    return execute(sql, params, many, context)


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
