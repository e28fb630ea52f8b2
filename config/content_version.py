"""The content version: what cached pages are keyed by, changed by every write, by construction.

Every SQL statement goes through `notice_writes` (a database execute wrapper, installed on each
connection as it opens): an INSERT, UPDATE, DELETE or TRUNCATE of a content table (the tables of
the campaign, accounts and chase apps, and the users) draws a new token into the one
ContentVersion row, whichever service, admin action or shell line made the write. A service
cannot forget to invalidate a page, and a new table of these apps is covered as it is created.

Why it is correct:
- Inside a transaction the token changes in the same transaction, so it becomes visible to other
  connections together with the data, and disappears with it on a rollback. A reader that sees
  the new token sees the new data: it never caches old data under a new token. It may cache new
  data under the old token (read the token, then the data, while a write commits between): that
  key is dead as soon as the new token is read, so the page it holds is never stale for long.
- Once per transaction, before its first write (or row lock) of a content table: the later
  writes commit with the same token. Every writing transaction thus takes the version row's lock
  before any content row's (also before `select_for_update`), so all take them in one order and
  none deadlocks for it on PostgreSQL; writers of content wait for each other at the version row
  (SQLite already lets one writer in at a time). A rolled-back savepoint takes its token back
  with its writes, and the next write draws another.
- Nothing is cached while the connection holds a token not yet committed (`uncommitted_writes`,
  see config.page_cache): its transaction may still write more under that token.
- Outside a transaction (autocommit) every write draws one *after* the statement: drawn first, a
  reader could read the new token and still the old data, and cache that under the new token.
- A new random token, not a counter: after a rollback the next write never draws the token of
  the rolled-back transaction, which a page rendered inside it may have been cached under.

Reading costs one query (`content_version`), once per request until that request writes (a
write seen on this connection reads the token again).
"""

from __future__ import annotations

import functools
import re
import secrets

from django.apps import apps
from django.conf import settings
from django.db import connection, connections
from django.utils.translation import get_language

CONTENT_APPS = ("accounts", "campaign", "chase")
TABLE = "campaign_contentversion"
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
TRUNCATE = re.compile(r"^\s*TRUNCATE\b", re.IGNORECASE)
LOCKING_SELECT = re.compile(r'^\s*SELECT\b.*\bFROM\s+"?(\w+)"?.*\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b',
                            re.IGNORECASE | re.DOTALL)  # fmt: skip

# Migrations may write content tables before the version's own table exists: no token is drawn
# while they run, and one is drawn when they are done (see CampaignConfig.ready).
paused = False


@functools.cache
def content_tables() -> frozenset[str]:
    tables = {apps.get_model(settings.AUTH_USER_MODEL)._meta.db_table}
    for label in CONTENT_APPS:
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            tables.add(model._meta.db_table)
    tables.discard(TABLE)
    return frozenset(tables)


def writes_content(sql: str) -> bool:
    """Whether this statement changes (or, in a transaction, locks rows of) a content table."""
    if not isinstance(sql, str):
        return False
    if sql[:6].upper() == "SELECT" and " FOR " not in sql:
        return False  # most statements: a plain read, told apart cheaply
    match = WRITE.match(sql) or LOCKING_SELECT.match(sql)
    if match:
        return match.group(1) in content_tables()
    return bool(TRUNCATE.match(sql))


def bump(conn) -> None:
    """Draw a new token (the row is made again if a test's flush removed it)."""
    token = secrets.token_hex(16)
    with conn.cursor() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET token = %s WHERE id = 1", [token])  # noqa: S608
        if cursor.rowcount == 0:
            cursor.execute(f"INSERT INTO {TABLE} (id, token) VALUES (1, %s)", [token])  # noqa: S608
    conn.content_writes = getattr(conn, "content_writes", 0) + 1


def open_transaction(conn):
    """Which transaction the next statement belongs to, as other connections will see it, or
    None outside one. A test case's own blocks (never committed) are not one: inside them, the
    outermost block of a service is, as it would be on a live server."""
    for index, block in enumerate(conn.atomic_blocks):
        if not getattr(block, "_from_testcase", False):
            sid = conn.savepoint_ids[index - 1] if index else None
            return None if index and sid is None else (index, sid)
    return None


def uncommitted_writes(conn=connection) -> bool:
    """Whether this connection has drawn a token in the transaction still open.

    The token was drawn in the transaction open then, while its list of on-commit callbacks was
    the one it has now: Django makes a new list on commit, on rollback and on the rollback of a
    savepoint (which may have taken the token back), so a new list means "draw again"."""
    drawn = getattr(conn, "content_mark", None)
    if drawn is None:
        return False
    transaction, callbacks = drawn
    return callbacks is conn.run_on_commit and transaction == open_transaction(conn)


def notice_writes(execute, sql, params, many, context):
    """The execute wrapper: a new token with every write to a content table (see above)."""
    if paused or not writes_content(sql):
        return execute(sql, params, many, context)
    conn = context["connection"]
    transaction = open_transaction(conn)
    if transaction is None:
        if WRITE.match(sql) is None and not TRUNCATE.match(sql):
            return execute(sql, params, many, context)  # a locking read outside a transaction
        result = execute(sql, params, many, context)
        bump(conn)  # after the write: see above
        return result
    if not uncommitted_writes(conn):
        bump(conn)  # once per transaction, before its first write or lock: see above
        conn.content_mark = (transaction, conn.run_on_commit)
    return execute(sql, params, many, context)


def install(sender, connection, **kwargs) -> None:
    """On `connection_created`: every connection (a pool's too) notices its writes once."""
    if notice_writes not in connection.execute_wrappers:
        connection.execute_wrappers.append(notice_writes)


def read_token() -> str:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT token FROM {TABLE} WHERE id = 1")  # noqa: S608
        row = cursor.fetchone()
    # No row (a test flushed the tables): a key of its own, so nothing is served from the cache.
    return row[0] if row else f"none-{secrets.token_hex(8)}"


def content_version(request=None) -> str:
    """The current version with the language, to key a cached fragment by.

    Read once per request (kept on the connection from request_started to request_finished),
    and again after a write on this connection (the request's own). `request` is accepted for
    the callers' clarity; the request in progress is the one this thread serves."""
    writes = getattr(connection, "content_writes", 0)
    memo = getattr(connection, "content_version_memo", None)
    if memo is not None and memo[0] == writes:
        return memo[1]
    version = f"{read_token()}-{get_language()}"
    if getattr(connection, "content_version_in_request", False):
        connection.content_version_memo = (writes, version)
    return version


def request_started(**kwargs) -> None:
    connection.content_version_memo = None
    connection.content_version_in_request = True


def request_finished(**kwargs) -> None:
    connection.content_version_memo = None
    connection.content_version_in_request = False


def pause_for_migrations(**kwargs) -> None:
    global paused
    paused = True


def resume_after_migrations(using="default", **kwargs) -> None:
    """After `migrate`: what data migrations wrote counts as a write (one new token)."""
    global paused
    paused = False

    conn = connections[using]
    if TABLE in conn.introspection.table_names():
        bump(conn)
