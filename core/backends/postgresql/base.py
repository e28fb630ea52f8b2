"""Django's PostgreSQL backend, drawing the content tokens of a transaction just before its
commit (core.content_version): after the transaction's deferred checks (the foreign keys', which
may wait for another transaction's row lock), so that while it holds the scope rows it waits for
nothing but another commit's scope rows, taken in the same order. DATABASE_URL's postgres
addresses use it (config/settings)."""

from __future__ import annotations

from django.db.backends.postgresql import base

from core import content_version


class DatabaseWrapper(base.DatabaseWrapper):
    def _commit(self):
        if self.connection is not None and getattr(self, "content_at_commit", False):
            with self.wrap_database_errors, self.connection.cursor() as cursor:
                # The deferred checks first, then the tokens: one round trip.
                cursor.execute(
                    f"SET CONSTRAINTS ALL IMMEDIATE; SELECT {content_version.FLUSH_NOW}()"
                )
        self.content_at_commit = False
        return super()._commit()

    def _rollback(self):
        self.content_at_commit = False
        return super()._rollback()
