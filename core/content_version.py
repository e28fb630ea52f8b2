"""Content versions by scope: what cached pages are keyed by, changed by every write to what they
show, by construction, and by nothing else.

A scope is what one cached part depends on: a campaign (`c:<id>`: its warbands, figures, games,
post-games, members...), an account (`u:<id>`: the user's row, profile and top bar), an inbox
(`i:<id>`: what the user's inbox badge counts), a canoe game (`g:<id>`). Each has a random
token in `ScopeVersion`; the one `ContentVersion` row is the token of everything (`all`), in
every key. A warband's pages are its campaign's: `w:<id>` asks, in the same query, which
campaign the warband is in and that campaign's token.

Who draws the tokens: the database. On every content table (the tables of the apps that register as
content, and the users; `content_tables`) a row trigger, installed after every `migrate`
(`install_triggers`), draws a new token for each scope the written row belongs to, old row and new
(`SCOPES`): a figure's campaign through its warband, a canoe game's players' inboxes through its
seats... On PostgreSQL the trigger notes the scopes in a table of the connection's own (`DIRTY`,
temporary) and the commit draws their tokens, in one statement, in the order of their names
(`FLUSH`, a deferred trigger); on SQLite it draws them at once. So a service, an admin edit, a shell
`update()` or a hand-typed SQL statement all count, and a new table of these apps is covered as it
is created: a table without an entry in `SCOPES` draws the `all` token (every cached part), until it
is given one.

Each app tells its tables' scopes when it is ready (`register_content`, from its
`content_scopes` module): the mechanism is core's, the tables are the apps'.

Why it is correct:
- The tokens change in the write's own transaction (at its statement, or on PostgreSQL at its
  commit, which runs the deferred trigger before the transaction ends): visible to other connections
  together with the data, gone with it on a rollback. A reader that sees the new token sees the new
  data: it never caches old data under a new token. It may cache new data under an old token (a
  write commits between its reads), a key nobody reads again once the new token is read.
- A new random token, not a counter: after a rollback the next write never draws the token of the
  rolled-back transaction. A scope never written has no row (its token "-", steady) until its first
  write, which makes one; a flushed database (no `all` row) caches nothing.
- Nothing is cached or read from the cache while the connection's transaction has written content
  not yet committed (`uncommitted_writes`, see core.page_cache).
- No new deadlock, and no writer waits for another club's: on PostgreSQL the scope rows are written
  only at a commit, after every other row the transaction locks (a Django transaction draws them
  after its deferred foreign-key checks, core.backends.postgresql; a writer outside Django by a
  deferred trigger, which may run before those), in the order of their names, so two
  commits that share scopes wait for each other in one order, never in a cycle, and a transaction
  holds them only for the moment of its commit; transactions that share no scope (two clubs' moves)
  never wait for each other at all. (Until 2026-11-28 every writer of content took the
  `ContentVersion` row's lock first and held it to its commit, so every club's writes, a canoe
  move's whole computation included, went one at a time.) On SQLite, where one writer is let in at a
  time anyway, every SQL statement goes through `notice_writes` (a database execute wrapper,
  installed on each connection as it opens), which once per transaction before its first write or
  row lock of a content table locks the `ContentVersion` row (without changing it).

Reading costs one query a request: the first read of a token reads, together, every scope the
request is likely to need (`hint`, from the URL and the signed-in user, see
core.page_cache.PageCacheMiddleware), and the request keeps them until it writes.
"""

from __future__ import annotations

import functools
import re
import secrets
from collections.abc import Iterable, Mapping

from django.apps import apps
from django.conf import settings
from django.db import connection, connections

TABLE = "core_contentversion"  # core.models.ContentVersion
SCOPE_TABLE = "core_scopeversion"  # core.models.ScopeVersion
# Core's bookkeeping that no page shows: the answers kept for Idempotency-Key repeats
# (core.idempotency). A write there must not draw the `all` token (every cached part).
NOT_CONTENT = ("core_idempotentrequest",)
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
TRUNCATE = re.compile(r"^\s*TRUNCATE\b", re.IGNORECASE)
LOCKING_SELECT = re.compile(r'^\s*SELECT\b.*\bFROM\s+"?(\w+)"?.*\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b',
                            re.IGNORECASE | re.DOTALL)  # fmt: skip
MISSING = "-"  # the token of a scope never written


CAMPAIGN_SCOPE = "c"  # the prefix of a campaign's scopes


def campaign_scope(campaign_id) -> str:
    return f"{CAMPAIGN_SCOPE}:{campaign_id}"


def user_scope(user_id) -> str:
    return f"u:{user_id}"


def inbox_scope(user_id) -> str:
    return f"i:{user_id}"


def game_scope(session_id) -> str:
    return f"g:{session_id}"


def scope_id(scope: str, prefix: str) -> int | None:
    """The id in a scope of this kind (`scope_id("c:12", "c")` is 12), or None."""
    head, _, tail = scope.partition(":")
    return int(tail) if head == prefix and tail.isdigit() else None


def warband_scope(warband_id) -> str:
    """Not a token: which campaign the warband is in (see read_tokens)."""
    return f"w:{warband_id}"


# --- which scopes a written row belongs to ------------------------------------------------------
# Each app tells, when it is ready (its `content_scopes` module), per table: (a SELECT of the
# scopes, with R for the row, old or new; on an UPDATE, only when one of these columns changed,
# or always when None). Rows are looked up as the trigger runs. Core knows no app's table.
Part = tuple[str, tuple[str, ...] | None]
SCOPES: dict[str, list[Part]] = {}
CONTENT_APPS: list[str] = []  # the apps whose every table is content
# A scope that points at another (`w:<id>`: the warband's campaign): prefix -> a SELECT of
# (pointer, target) for the ids in `{ids}` (see read_tokens).
POINTERS: dict[str, str] = {}


def register_content(label: str, scopes: Mapping[str, Iterable[Part]] | None = None) -> None:
    """From an app's ready(): every table of the app `label` is content (a write draws the
    tokens of its scopes, or `all` for a table without them), and `scopes` says which scopes a
    written row belongs to, per table. Parts of one table may come from several apps (a user's
    new name shows in their campaigns' pages); registering a part twice is once."""
    if label not in CONTENT_APPS:
        CONTENT_APPS.append(label)
    for table, parts in (scopes or {}).items():
        known = SCOPES.setdefault(table, [])
        known.extend(part for part in parts if part not in known)
    content_tables.cache_clear()


def register_pointer(prefix: str, select: str) -> None:
    """A scope `<prefix>:<id>` that stands for another: `select` gives (pointer, target) for the
    ids in its `{ids}` placeholder, read with the tokens (see read_tokens)."""
    POINTERS[prefix] = select


# Migrations may write content tables before the triggers fit the tables: the triggers are
# taken off while they run, and put back (and the `all` token drawn) when they are done.
paused = False


@functools.cache
def content_tables() -> frozenset[str]:
    tables = {apps.get_model(settings.AUTH_USER_MODEL)._meta.db_table}
    for label in CONTENT_APPS:
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            tables.add(model._meta.db_table)
    tables.discard(TABLE)
    tables.discard(SCOPE_TABLE)
    tables.difference_update(NOT_CONTENT)
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


# --- the triggers -------------------------------------------------------------------------------


def _changed(columns, vendor: str) -> str:
    differs = "IS DISTINCT FROM" if vendor == "postgresql" else "IS NOT"
    return " OR ".join(f'OLD."{c}" {differs} NEW."{c}"' for c in columns)


PG_TOKEN = "md5(random()::text || clock_timestamp()::text)"
# PostgreSQL: the scopes a transaction wrote, kept by its connection until the commit draws their
# tokens (see "Why it is correct"); made by the first write of each connection.
DIRTY = "pg_temp.frontier_dirty"
READY, FLUSH, FLUSH_NOW = "frontier_dirty_ready", "frontier_dirty_flush", "frontier_dirty_flush_now"
# Set (for its transaction) by a Django connection that will draw the tokens itself just before
# its commit (core.backends.postgresql), after the transaction's deferred checks: the trigger leaves
# them to it. A writer outside Django (psql) has the deferred trigger draw them at its commit.
AT_COMMIT = "frontier.flush"


def _draw(table: str, row: str, op: str, vendor: str) -> str:
    """The statement drawing new tokens for the scopes of `row` (NEW or OLD); on PostgreSQL,
    noting them for the commit to draw."""
    token = PG_TOKEN if vendor == "postgresql" else "lower(hex(randomblob(16)))"
    spec = SCOPES.get(table)
    if spec is None:  # not scoped yet: everything
        if vendor == "postgresql":
            return f"INSERT INTO {DIRTY} (scope) VALUES ('all') ON CONFLICT DO NOTHING"
        return f"UPDATE {TABLE} SET token = {token} WHERE id = 1"  # noqa: S608
    parts = []
    for select, columns in spec:
        select = select.replace("R.", f"{row}.")
        if op == "UPDATE" and columns:
            select = f"SELECT scope FROM ({select}) AS part WHERE {_changed(columns, vendor)}"
        parts.append(select)
    union = " UNION ".join(f"SELECT scope FROM ({p}) AS p{n}" for n, p in enumerate(parts))
    if vendor == "postgresql":
        return (
            f"INSERT INTO {DIRTY} (scope) SELECT scope FROM ({union}) AS s "  # noqa: S608
            "WHERE scope IS NOT NULL ON CONFLICT DO NOTHING"
        )
    return (
        f"INSERT INTO {SCOPE_TABLE} (scope, token) SELECT scope, {token} FROM ({union}) AS s "  # noqa: S608
        "WHERE scope IS NOT NULL ON CONFLICT (scope) DO UPDATE SET token = excluded.token"
    )


def trigger_sql(table: str, vendor: str) -> list[str]:
    """The statements that install the scope trigger(s) of one table."""
    name = f"frontier_scopes_{table}"
    if vendor == "postgresql":
        body = (
            f"PERFORM {READY}();\n"
            f"IF TG_OP = 'INSERT' THEN {_draw(table, 'NEW', 'INSERT', vendor)};\n"
            f"ELSIF TG_OP = 'DELETE' THEN {_draw(table, 'OLD', 'DELETE', vendor)};\n"
            f"ELSE {_draw(table, 'OLD', 'UPDATE', vendor)}; "
            f"{_draw(table, 'NEW', 'UPDATE', vendor)};\nEND IF;"
        )
        return [
            f"CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $f$\n"
            f"BEGIN\n{body}\nRETURN NULL;\nEND $f$",
            f'DROP TRIGGER IF EXISTS {name} ON "{table}"',
            f'CREATE TRIGGER {name} AFTER INSERT OR UPDATE OR DELETE ON "{table}" '
            f"FOR EACH ROW EXECUTE FUNCTION {name}()",
        ]
    statements = []
    for op, rows in (("INSERT", ["NEW"]), ("DELETE", ["OLD"]), ("UPDATE", ["OLD", "NEW"])):
        body = " ".join(f"{_draw(table, row, op, vendor)};" for row in rows)
        statements.append(
            f'CREATE TRIGGER IF NOT EXISTS {name}_{op.lower()} AFTER {op} ON "{table}" '
            f"FOR EACH ROW BEGIN {body} END"
        )
    return statements


def dirty_sql() -> list[str]:
    """PostgreSQL: the functions behind the scopes noted for the commit. `READY` makes the
    connection's table of noted scopes on its first write, with a deferred trigger that runs
    `FLUSH` at the commit (unless the Django connection does, `FLUSH_NOW`): the scopes' tokens
    drawn in the order of their names (so two commits never wait for each other's rows in a
    cycle), then `all`'s if a table without scopes was written; the noted scopes are then
    forgotten (a rollback forgets them too)."""
    return [
        f"""CREATE OR REPLACE FUNCTION {FLUSH_NOW}() RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
IF to_regclass('{DIRTY}') IS NULL THEN RETURN; END IF;  -- nothing written on this connection yet
IF NOT EXISTS (SELECT 1 FROM {DIRTY}) THEN RETURN; END IF;
INSERT INTO {SCOPE_TABLE} (scope, token)
    SELECT scope, {PG_TOKEN} FROM {DIRTY} WHERE scope <> 'all' ORDER BY scope
    ON CONFLICT (scope) DO UPDATE SET token = excluded.token;
IF EXISTS (SELECT 1 FROM {DIRTY} WHERE scope = 'all') THEN
    UPDATE {TABLE} SET token = {PG_TOKEN} WHERE id = 1;
END IF;
DELETE FROM {DIRTY};
END $f$""",  # noqa: S608
        f"""CREATE OR REPLACE FUNCTION {FLUSH}() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
IF coalesce(current_setting('{AT_COMMIT}', true), '') <> 'commit' THEN PERFORM {FLUSH_NOW}();
END IF;
RETURN NULL;
END $f$""",
        f"""CREATE OR REPLACE FUNCTION {READY}() RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
IF to_regclass('{DIRTY}') IS NULL THEN
    CREATE TEMPORARY TABLE frontier_dirty (scope text PRIMARY KEY);
    CREATE CONSTRAINT TRIGGER frontier_dirty_flush AFTER INSERT ON {DIRTY}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION {FLUSH}();
END IF;
END $f$""",
    ]


def remove_triggers(conn) -> None:
    with conn.cursor() as cursor:
        if conn.vendor == "postgresql":
            cursor.execute(
                "SELECT proname FROM pg_proc WHERE proname LIKE 'frontier\\_scopes\\_%%'"
            )
            for (name,) in cursor.fetchall():
                cursor.execute(f"DROP FUNCTION IF EXISTS {name}() CASCADE")
        elif conn.vendor == "sqlite":
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' "
                "AND name LIKE 'frontier_scopes_%'"
            )
            for (name,) in cursor.fetchall():
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")


def install_triggers(conn) -> None:
    """A scope trigger on every content table (again: what a migration changed is redone)."""
    if conn.vendor not in ("postgresql", "sqlite"):
        return
    remove_triggers(conn)
    existing = set(conn.introspection.table_names())
    with conn.cursor() as cursor:
        if conn.vendor == "postgresql":
            for statement in dirty_sql():
                cursor.execute(statement)
        for table in sorted(content_tables() & existing):
            for statement in trigger_sql(table, conn.vendor):
                cursor.execute(statement)


# --- the execute wrapper ------------------------------------------------------------------------


def bump(conn) -> None:
    """Draw a new `all` token (the row is made again if a test's flush removed it)."""
    token = secrets.token_hex(16)
    with conn.cursor() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET token = %s WHERE id = 1", [token])  # noqa: S608
        if cursor.rowcount == 0:
            cursor.execute(f"INSERT INTO {TABLE} (id, token) VALUES (1, %s)", [token])  # noqa: S608
    _wrote(conn)


def _wrote(conn) -> None:
    conn.content_writes = getattr(conn, "content_writes", 0) + 1


def take_turn(conn) -> None:
    """SQLite: lock the `all` row, unchanged: every writer of content takes this lock first
    (PostgreSQL needs no such lock: see "Why it is correct")."""
    with conn.cursor() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET token = token WHERE id = 1")  # noqa: S608


def leave_to_commit(conn) -> None:
    """PostgreSQL, before a write: inside a transaction of Django's, its tokens are drawn by the
    connection just before it commits (core.backends.postgresql), so the trigger is told to
    leave them (`AT_COMMIT`); in autocommit the deferred trigger draws them as the statement
    commits. Inside a test case's own transaction (never committed: its services' blocks stand
    for a live server's transactions, see open_transaction) they are drawn as each statement
    ends instead. Said once per transaction, and again after the rollback of a savepoint (which
    takes back what was said in it): Django gives the transaction a new list of on-commit
    callbacks then, as it gives each new transaction."""
    blocks = conn.atomic_blocks
    if not blocks or getattr(conn, "content_said", None) is conn.run_on_commit:
        return
    said = conn.run_on_commit
    with conn.cursor() as cursor:
        if getattr(blocks[0], "_from_testcase", False):
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        else:
            cursor.execute(f"SET LOCAL {AT_COMMIT} = 'commit'")
            conn.content_at_commit = True
    conn.content_said = said


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
    """Whether this connection has written content in the transaction still open.

    Marked in the transaction open then, while its list of on-commit callbacks was the one it
    has now: Django makes a new list on commit, on rollback and on the rollback of a savepoint
    (which may have taken the write back), so a new list means "not written yet"."""
    drawn = getattr(conn, "content_mark", None)
    if drawn is None:
        return False
    transaction, callbacks = drawn
    return callbacks is conn.run_on_commit and transaction == open_transaction(conn)


def notice_writes(execute, sql, params, many, context):
    """The execute wrapper: the writer's turn first, and every write noted (see above)."""
    if paused or not writes_content(sql):
        return execute(sql, params, many, context)
    conn = context["connection"]
    if TRUNCATE.match(sql):  # no row trigger sees it: everything
        result = execute(sql, params, many, context)
        bump(conn)
        return result
    if conn.vendor == "postgresql":
        leave_to_commit(conn)
    transaction = open_transaction(conn)
    if transaction is not None and not uncommitted_writes(conn):
        if conn.vendor != "postgresql":
            take_turn(conn)  # once per transaction, before its first write or lock: see above
        conn.content_mark = (transaction, conn.run_on_commit)
    result = execute(sql, params, many, context)
    if WRITE.match(sql):
        _wrote(conn)  # this request reads its tokens again
    return result


def install(sender, connection, **kwargs) -> None:
    """On `connection_created`: every connection (a pool's too) notices its writes once."""
    if notice_writes not in connection.execute_wrappers:
        connection.execute_wrappers.append(notice_writes)


# --- reading ------------------------------------------------------------------------------------


def hint(scopes: Iterable[str]) -> None:
    """Scopes this request will likely need: read with the first token it reads."""
    pending = getattr(connection, "content_hint", None)
    if pending is None:
        connection.content_hint = pending = set()
    pending.update(scopes)


def read_tokens(scopes: Iterable[str]) -> dict[str, str]:
    """The tokens of these scopes and `all`, in one query. A pointer's scope (a warband's
    `w:<id>`, see register_pointer) gives the scope it points at (None: no such row), and that
    scope's token, in the same query."""
    scopes = set(scopes)
    pointers = {
        prefix: sorted({i for s in scopes if (i := scope_id(s, prefix)) is not None})
        for prefix in POINTERS
    }
    pointed = {f"{prefix}:{i}" for prefix, ids in pointers.items() for i in ids}
    scopes = sorted(scopes - {"all"} - pointed)
    sql = f"SELECT 'all', token FROM {TABLE} WHERE id = 1"  # noqa: S608
    params: list = []
    if scopes:
        marks = ", ".join(["%s"] * len(scopes))
        sql += f" UNION ALL SELECT scope, token FROM {SCOPE_TABLE} WHERE scope IN ({marks})"  # noqa: S608
        params += scopes
    for n, (prefix, ids) in enumerate(pointers.items()):
        if ids:
            select = POINTERS[prefix].format(ids=", ".join(["%s"] * len(ids)))
            sql += (
                f" UNION ALL SELECT pointer, target FROM ({select}) AS p{n}"  # noqa: S608
                f" UNION ALL SELECT s.scope, s.token FROM {SCOPE_TABLE} s "
                f"JOIN ({select}) AS t{n} ON s.scope = t{n}.target"
            )
            params += [*ids, *ids]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = dict(cursor.fetchall())
    tokens = {scope: found.get(scope, MISSING) for scope in scopes}
    for pointer in pointed:
        place = tokens[pointer] = found.get(pointer)
        if place is not None:
            tokens[place] = found.get(place, MISSING)
    # No `all` row (a test flushed the tables): a key of its own, so nothing is served cached.
    tokens["all"] = found.get("all") or f"none-{secrets.token_hex(8)}"
    return tokens


def versions(scopes: Iterable[str]) -> dict[str, str]:
    """The tokens of these scopes (and `all`), read once per request until that request writes
    (kept on the connection from request_started to request_finished)."""
    scopes = set(scopes)
    writes = getattr(connection, "content_writes", 0)
    in_request = getattr(connection, "content_version_in_request", False)
    memo = getattr(connection, "content_version_memo", None)
    if not in_request:
        return read_tokens(scopes)
    if memo is None or memo[0] != writes:
        memo = (writes, {})
    known = memo[1]
    if not scopes <= known.keys() or "all" not in known:
        hinted = getattr(connection, "content_hint", None) or set()
        known.update(read_tokens((scopes | hinted) - known.keys()))
    connection.content_version_memo = memo
    return {scope: known[scope] for scope in scopes | {"all"}}


def request_started(**kwargs) -> None:
    connection.content_version_memo = None
    connection.content_hint = None
    connection.content_version_in_request = True


def request_finished(**kwargs) -> None:
    connection.content_version_memo = None
    connection.content_hint = None
    connection.content_version_in_request = False


def pause_for_migrations(using="default", **kwargs) -> None:
    global paused
    paused = True
    conn = connections[using]
    if conn.vendor in ("postgresql", "sqlite"):
        remove_triggers(conn)


def resume_after_migrations(using="default", **kwargs) -> None:
    """After `migrate` (and a test's flush): the triggers fit the tables again, and what the
    migrations wrote counts as a write of everything (a new `all` token)."""
    global paused
    paused = False

    conn = connections[using]
    tables = conn.introspection.table_names()
    if TABLE in tables and SCOPE_TABLE in tables:
        install_triggers(conn)
        bump(conn)
