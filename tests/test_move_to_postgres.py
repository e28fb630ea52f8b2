"""The recipe in docs/club-server/README.md for moving a `make run` campaign (SQLite) onto a club's
PostgreSQL server, done for real: the demo is loaded into a fresh SQLite file, dumped with
natural keys, loaded into an empty, migrated PostgreSQL database, and every ledger line, figure
and game is compared, column by column, to the microsecond.

Runs `manage.py` in subprocesses, as a club would. Needs PostgreSQL (DATABASE_URL): it uses a
scratch database named after the test database's server database plus `_move`, created and
dropped here.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import dj_database_url
import pytest

from tests.conftest import missing_service

ROOT = Path(__file__).resolve().parents[1]
TABLES = {
    "campaign_ledgerentry": "id, warband_id, amount, before, after, reason, created_at",
    "campaign_figure": "id, warband_id, name, profile, status, state, experience, reputation",
    "campaign_warband": "id, campaign_id, name, faction, state, treasury, rating",
    "campaign_gamereport": "id, warband_a_id, warband_b_id, winner_id, status, played_on",
    "campaign_postgame": "id, game_id, warband_id, status, committed_at",
    "campaign_activity": "id, campaign_id, kind, text",
}

# `db` as well, so `make test`'s PostgreSQL pass (-m "db and not browser") runs it.
pytestmark = [pytest.mark.postgres, pytest.mark.db, pytest.mark.slow]


def manage(*args: str, database_url: str) -> str:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "1"}
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the settings a club runs, not the tests'
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture
def postgres_url():
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):  # the SQLite pass: `make test` runs it in the other
        pytest.skip("runs in the PostgreSQL pass (DATABASE_URL=postgres://...)")
    import psycopg

    config = dj_database_url.parse(url)
    name = f"{config['NAME']}_move"
    admin = {"host": config["HOST"] or None, "port": config["PORT"] or None,
             "user": config["USER"] or None, "password": config["PASSWORD"] or None,
             "dbname": "postgres", "autocommit": True}  # fmt: skip
    try:
        connection = psycopg.connect(**admin, connect_timeout=3)
    except psycopg.Error as error:
        missing_service(f"PostgreSQL is not reachable at DATABASE_URL ({error})")
    with connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    yield url.rsplit("/", 1)[0] + f"/{name}", {**admin, "dbname": name}
    with psycopg.connect(**admin) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_the_demo_moves_from_sqlite_to_postgresql_without_losing_a_ledger_line(
    tmp_path, postgres_url
):
    import psycopg

    target_url, target = postgres_url
    source = tmp_path / "club.sqlite3"
    source_url = f"sqlite:///{source}"
    # XML, not JSON: Django's JSON encoder rounds timestamps to the millisecond.
    dump = tmp_path / "club.xml"
    manage("migrate", "--noinput", database_url=source_url)
    manage("load_demo", database_url=source_url)
    # The docs' dump: dumpdata's, the demo accounts locked (campaign/.../export_club.py).
    manage("export_club", "--output", str(dump), database_url=source_url)
    manage("migrate", "--noinput", database_url=target_url)
    manage("loaddata", str(dump), database_url=target_url)

    lite = sqlite3.connect(source)
    with psycopg.connect(**target) as pg:
        for table, columns in TABLES.items():
            query = f"SELECT {columns} FROM {table} ORDER BY id"
            before = [tuple(map(_plain, row)) for row in lite.execute(query)]
            after = [tuple(map(_plain, row)) for row in pg.execute(query)]
            assert before, f"the demo has rows in {table}"
            assert before == after, table
        usernames = "SELECT u.username FROM campaign_ledgerentry l " \
            "LEFT JOIN auth_user u ON u.id = l.actor_id ORDER BY l.id"  # fmt: skip
        assert list(lite.execute(usernames)) == [tuple(r) for r in pg.execute(usernames)]
        # A new row gets the next id: the sequences were reset by loaddata.
        top = pg.execute("SELECT max(id) FROM campaign_ledgerentry").fetchone()[0]
        assert (
            pg.execute(
                "SELECT nextval(pg_get_serial_sequence('campaign_ledgerentry', 'id'))"
            ).fetchone()[0]
            > top
        )
        # alice and bob came (the demo's rows name them) without the published password.
        passwords = pg.execute(
            "SELECT password FROM auth_user WHERE username IN ('alice', 'bob')"
        ).fetchall()
        assert len(passwords) == 2 and all(p.startswith("!") for (p,) in passwords)
    manage("check", database_url=target_url)


def _plain(value) -> str:
    """A column's value as text both databases agree on: instants as naive UTC (SQLite keeps
    them as text in UTC, PostgreSQL hands back aware datetimes)."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(datetime.UTC).replace(tzinfo=None)
        return value.isoformat(sep=" ")
    if isinstance(value, str) and len(value) > 10 and value[4] == "-" and value[10] in " T":
        try:
            return _plain(datetime.datetime.fromisoformat(value))
        except ValueError:
            return value
    return str(value)
