"""Whether the database has every migration of the code: asked by `/healthz` (core.health) and
before a web process serves (config/wsgi.py, for gunicorn and runserver alike)."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

# Set to 1 to serve anyway (an emergency: pages whose tables changed will fail).
SKIP_VARIABLE = "FRONTIER_ALLOW_UNAPPLIED_MIGRATIONS"


def unapplied_migrations(connection=None) -> list[str]:
    """The migrations `manage.py migrate` would apply, as `app.name`, in order."""
    connection = connection or connections[DEFAULT_DB_ALIAS]
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migration.app_label}.{migration.name}" for migration, _backwards in plan]


def refuse_unapplied_migrations() -> None:
    """Stop a web process from starting on a database older than its code: between `git pull`
    and `manage.py migrate` it would answer errors (a missing column) instead of pages."""
    if os.environ.get(SKIP_VARIABLE) == "1":
        return
    connection = connections[DEFAULT_DB_ALIAS]
    try:
        missing = unapplied_migrations(connection)
    finally:
        connection.close()  # not carried into gunicorn's forked workers
    if missing:
        shown = ", ".join(missing[:5]) + (
            f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        )
        raise ImproperlyConfigured(
            f"The database lacks {len(missing)} migration(s) of this code ({shown}): "
            "take a backup, then run `manage.py migrate` before serving (CHANGELOG.md). "
            f"{SKIP_VARIABLE}=1 serves anyway."
        )
