"""A web process refuses to serve a database older than its code (core.schema, config/wsgi.py):
between `git pull` and `manage.py migrate` it would answer errors instead of pages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from core.schema import refuse_unapplied_migrations, unapplied_migrations

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)
def test_a_migrated_database_is_served():
    assert unapplied_migrations() == []
    refuse_unapplied_migrations()  # no error


@pytest.mark.django_db(transaction=True)
def test_a_database_lacking_a_migration_is_refused_naming_it(monkeypatch):
    monkeypatch.delenv("FRONTIER_ALLOW_UNAPPLIED_MIGRATIONS", raising=False)
    recorder = MigrationRecorder(connection)
    last = max(name for app, name in recorder.applied_migrations() if app == "campaign")
    recorder.record_unapplied("campaign", last)
    try:
        with pytest.raises(ImproperlyConfigured, match=f"campaign.{last}.*manage.py migrate"):
            refuse_unapplied_migrations()
        monkeypatch.setenv("FRONTIER_ALLOW_UNAPPLIED_MIGRATIONS", "1")
        refuse_unapplied_migrations()  # the operator's override
    finally:
        recorder.record_applied("campaign", last)


def load_wsgi(database: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.base", "DJANGO_DEBUG": "1",
           "DATABASE_URL": f"sqlite:///{database}"}  # fmt: skip
    env.pop("FRONTIER_ALLOW_UNAPPLIED_MIGRATIONS", None)
    return subprocess.run(
        [sys.executable, "-c", "import config.wsgi"], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=60, check=False,
    )  # fmt: skip


@pytest.mark.slow
def test_gunicorns_and_runservers_application_will_not_load_on_an_unmigrated_database(tmp_path):
    done = load_wsgi(tmp_path / "empty.sqlite3")

    assert done.returncode != 0
    assert "lacks" in done.stderr and "run `manage.py migrate` before serving" in done.stderr
