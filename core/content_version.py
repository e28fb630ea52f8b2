"""Content versions by scope: what cached pages are keyed by, changed by every write to what they
show, by construction, and by nothing else.

A scope is what one cached part depends on: a campaign (`c:<id>`: its warbands, figures, games,
post-games, members...), an account (`u:<id>`: the user's row, profile and top bar), an inbox
(`i:<id>`: what the user's inbox badge counts), a canoe game (`g:<id>`). Each has a random
token in `ScopeVersion`; the one `ContentVersion` row is the token of everything (`all`), in
every key. A warband's pages are its campaign's: `w:<id>` asks, in the same query, which
campaign the warband is in and that campaign's token.

Who draws the tokens: the database. On every content table (the tables of the campaign,
accounts and chase apps, and the users; `content_tables`) a row trigger, installed after every
`migrate` (`install_triggers`), draws a new token for each scope the written row belongs to,
old row and new (`SCOPES`): a figure's campaign through its warband, a canoe game's players'
inboxes through its seats... So a service, an admin edit, a shell `update()` or a hand-typed SQL
statement all count, and a new table of these apps is covered as it is created: a table without
an entry in `SCOPES` draws the `all` token (every cached part), until it is given one.

Why it is correct:
- The trigger runs inside the writing statement, so the tokens change in the write's own
  transaction: visible to other connections together with the data, gone with it on a
  rollback. A reader that sees the new token sees the new data: it never caches old data under
  a new token. It may cache new data under an old token (a write commits between its reads),
  a key nobody reads again once the new token is read.
- A new random token, not a counter: after a rollback the next write never draws the token of
  the rolled-back transaction. A scope never written has no row (its token "-", steady) until
  its first write, which makes one; a flushed database (no `all` row) caches nothing.
- Nothing is cached or read from the cache while the connection's transaction has written
  content not yet committed (`uncommitted_writes`, see core.page_cache).
- No new deadlock: every SQL statement goes through `notice_writes` (a database execute
  wrapper, installed on each connection as it opens), which, once per transaction before its
  first write or row lock of a content table, locks the `ContentVersion` row (without changing
  it). Writers of content thus take that lock first, in one order, and the scope rows the
  triggers write after it are never waited for in a cycle (SQLite lets one writer in anyway).

Reading costs one query a request: the first read of a token reads, together, every scope the
request is likely to need (`hint`, from the URL and the signed-in user, see
core.page_cache.PageCacheMiddleware), and the request keeps them until it writes.
"""

from __future__ import annotations

import functools
import re
import secrets
from collections.abc import Iterable

from django.apps import apps
from django.conf import settings
from django.db import connection, connections

CONTENT_APPS = ("accounts", "campaign", "chase", "core")  # core: the jobs (campaign_job)
TABLE = "campaign_contentversion"
SCOPE_TABLE = "campaign_scopeversion"
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
TRUNCATE = re.compile(r"^\s*TRUNCATE\b", re.IGNORECASE)
LOCKING_SELECT = re.compile(r'^\s*SELECT\b.*\bFROM\s+"?(\w+)"?.*\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b',
                            re.IGNORECASE | re.DOTALL)  # fmt: skip
MISSING = "-"  # the token of a scope never written


def campaign_scope(campaign_id) -> str:
    return f"c:{campaign_id}"


def user_scope(user_id) -> str:
    return f"u:{user_id}"


def inbox_scope(user_id) -> str:
    return f"i:{user_id}"


def game_scope(session_id) -> str:
    return f"g:{session_id}"


def warband_scope(warband_id) -> str:
    """Not a token: which campaign the warband is in (see read_tokens)."""
    return f"w:{warband_id}"


# --- which scopes a written row belongs to ------------------------------------------------------
# Per table: (a SELECT of the scopes, with R for the row, old or new; on an UPDATE, only when one
# of these columns changed, or always when None). Rows are looked up as the trigger runs.
_BY_WARBAND = "SELECT 'c:' || campaign_id AS scope FROM campaign_warband WHERE id = R.warband_id"
_CAMPAIGN = ("SELECT 'c:' || R.campaign_id AS scope", None)
_OWNER = "SELECT 'i:' || owner_id AS scope FROM campaign_warband WHERE id = R.{}"
_USERS_CAMPAIGNS = (
    "SELECT 'c:' || id AS scope FROM campaign_campaign WHERE organiser_id = R.{0} "
    "UNION SELECT 'c:' || campaign_id FROM campaign_membership WHERE user_id = R.{0} "
    "UNION SELECT 'c:' || campaign_id FROM campaign_warband WHERE owner_id = R.{0}"
)
_CAPTIVE = ("state", "ransom_offer")
SCOPES: dict[str, list[tuple[str, tuple[str, ...] | None]]] = {
    "campaign_campaign": [
        ("SELECT 'c:' || R.id AS scope", None),
        ("SELECT 'u:' || R.organiser_id AS scope", ("organiser_id",)),
    ],
    "campaign_membership": [
        _CAMPAIGN,
        ("SELECT 'u:' || R.user_id AS scope UNION SELECT 'i:' || R.user_id", None),
    ],
    "campaign_warband": [
        _CAMPAIGN,
        ("SELECT 'i:' || R.owner_id AS scope", ("owner_id",)),
    ],
    "campaign_figure": [
        (_BY_WARBAND, None),
        # The inbox counts captives: the owner's, and those of their campaigns with an offer.
        (
            "SELECT 'i:' || w.owner_id AS scope FROM campaign_warband w WHERE w.campaign_id = "
            "(SELECT campaign_id FROM campaign_warband WHERE id = R.warband_id)",
            _CAPTIVE,
        ),
    ],
    "campaign_equipmentpiece": [(_BY_WARBAND, None)],
    "campaign_ledgerentry": [(_BY_WARBAND, None)],
    "campaign_rollrecord": [(_BY_WARBAND, None)],
    "campaign_ratingpoint": [(_BY_WARBAND, None)],
    "campaign_postgame": [(_BY_WARBAND, None), (_OWNER.format("warband_id"), None)],
    "campaign_gamereport": [
        _CAMPAIGN,
        (f"{_OWNER.format('warband_a_id')} UNION {_OWNER.format('warband_b_id')}", None),
    ],
    "campaign_gamefigure": [
        (
            "SELECT 'c:' || campaign_id AS scope FROM campaign_gamereport WHERE id = R.report_id",
            None,
        )
    ],
    "campaign_battlefigure": [
        ("SELECT 'c:' || campaign_id AS scope FROM campaign_battle WHERE id = R.battle_id", None)
    ],
    # A correction: its figure's campaign, and the organiser's inbox (one awaiting: C30).
    "campaign_correction": [
        (
            "SELECT 'c:' || w.campaign_id AS scope FROM campaign_figure f "
            "JOIN campaign_warband w ON w.id = f.warband_id WHERE f.id = R.figure_id "
            "UNION SELECT 'i:' || c.organiser_id FROM campaign_figure f "
            "JOIN campaign_warband w ON w.id = f.warband_id "
            "JOIN campaign_campaign c ON c.id = w.campaign_id WHERE f.id = R.figure_id",
            None,
        )
    ],
    "campaign_houserules": [_CAMPAIGN],  # C31: a campaign's rule book, every page of it
    "campaign_activity": [_CAMPAIGN],
    "campaign_battle": [_CAMPAIGN],
    "campaign_tablelog": [_CAMPAIGN],
    "campaign_campaignchase": [_CAMPAIGN],
    "campaign_ranking": [_CAMPAIGN],
    "campaign_job": [_CAMPAIGN],
    # A move: its game, and the inbox badges of its players ("your turn").
    "chase_gamesession": [
        ("SELECT 'g:' || R.id AS scope", None),
        ("SELECT 'i:' || user_id AS scope FROM chase_seat WHERE session_id = R.id", None),
        (
            "SELECT 'c:' || campaign_id AS scope FROM campaign_campaignchase "
            "WHERE session_id = R.id",
            None,
        ),
    ],
    "chase_seat": [
        ("SELECT 'g:' || R.session_id AS scope", None),
        ("SELECT 'i:' || R.user_id AS scope", ("user_id", "kind")),
    ],
    "chase_actionlog": [("SELECT 'g:' || R.session_id AS scope", None)],
    # Canoe ratings (chase.services.ratings): a player's own, and a game's end screen; the board's
    # lock row is shown by no cached part.
    "chase_rating": [("SELECT 'u:' || R.user_id AS scope", None)],
    "chase_ratedplace": [("SELECT 'g:' || R.session_id AS scope", None)],
    "chase_ratingboard": [("SELECT NULL AS scope", None)],
    # The balance lab's variants and runs: its own pages, which no cached part shows.
    "chase_variant": [("SELECT NULL AS scope", None)],
    "chase_labrun": [("SELECT NULL AS scope", None)],
    "accounts_profile": [
        ("SELECT 'u:' || R.user_id AS scope", None),
        (_USERS_CAMPAIGNS.format("user_id"), ("display_name",)),
    ],
    # A sign-in (last_login) is the account's own; a new name shows in its campaigns' pages.
    "auth_user": [
        ("SELECT 'u:' || R.id AS scope", None),
        (_USERS_CAMPAIGNS.format("id"), ("username", "first_name", "last_name")),
    ],
    "auth_user_groups": [("SELECT 'u:' || R.user_id AS scope", None)],
    "auth_user_user_permissions": [("SELECT 'u:' || R.user_id AS scope", None)],
}

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


def _draw(table: str, row: str, op: str, vendor: str) -> str:
    """The statement drawing new tokens for the scopes of `row` (NEW or OLD)."""
    token = (
        "md5(random()::text || clock_timestamp()::text)"
        if vendor == "postgresql"
        else "lower(hex(randomblob(16)))"
    )
    spec = SCOPES.get(table)
    if spec is None:  # not scoped yet: everything
        return f"UPDATE {TABLE} SET token = {token} WHERE id = 1"  # noqa: S608
    parts = []
    for select, columns in spec:
        select = select.replace("R.", f"{row}.")
        if op == "UPDATE" and columns:
            select = f"SELECT scope FROM ({select}) AS part WHERE {_changed(columns, vendor)}"
        parts.append(select)
    union = " UNION ".join(f"SELECT scope FROM ({p}) AS p{n}" for n, p in enumerate(parts))
    return (
        f"INSERT INTO {SCOPE_TABLE} (scope, token) SELECT scope, {token} FROM ({union}) AS s "  # noqa: S608
        "WHERE scope IS NOT NULL ON CONFLICT (scope) DO UPDATE SET token = excluded.token"
    )


def trigger_sql(table: str, vendor: str) -> list[str]:
    """The statements that install the scope trigger(s) of one table."""
    name = f"frontier_scopes_{table}"
    if vendor == "postgresql":
        body = (
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
    """Lock the `all` row, unchanged: every writer of content takes this lock first."""
    with conn.cursor() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET token = token WHERE id = 1")  # noqa: S608


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
    transaction = open_transaction(conn)
    if transaction is not None and not uncommitted_writes(conn):
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
    """The tokens of these scopes and `all`, in one query. A warband's `w:<id>` gives its
    campaign's scope (None: no such warband), and that scope's token, in the same query."""
    warbands = sorted({int(s[2:]) for s in scopes if s.startswith("w:") and s[2:].isdigit()})
    scopes = sorted(set(scopes) - {"all"} - {warband_scope(w) for w in warbands})
    sql = f"SELECT 'all', token FROM {TABLE} WHERE id = 1"  # noqa: S608
    if scopes:
        marks = ", ".join(["%s"] * len(scopes))
        sql += f" UNION ALL SELECT scope, token FROM {SCOPE_TABLE} WHERE scope IN ({marks})"  # noqa: S608
    if warbands:
        marks = ", ".join(["%s"] * len(warbands))
        sql += (
            " UNION ALL SELECT 'w:' || id, 'c:' || campaign_id FROM campaign_warband "  # noqa: S608
            f"WHERE id IN ({marks}) UNION ALL SELECT s.scope, s.token FROM {SCOPE_TABLE} s "
            "JOIN campaign_warband w ON s.scope = 'c:' || w.campaign_id "
            f"WHERE w.id IN ({marks})"
        )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*scopes, *warbands, *warbands])
        found = dict(cursor.fetchall())
    tokens = {scope: found.get(scope, MISSING) for scope in scopes}
    for warband in warbands:
        place = tokens[warband_scope(warband)] = found.get(warband_scope(warband))
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
