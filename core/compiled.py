"""A read whose SQL the ORM builds once per process and database, then binds one value anew.

Building a query's SQL (Django's `SQLCompiler.as_sql`: the joins, the lookups, the aliases) is
most of a small read's CPU: a fifth of the web workers' time at a club night (issue 35), more
than waiting for the database. A read made on every page for a different account, always of
the same shape (the inbox's probe: accounts.inbox.probe), is built here once with a stand-in
value, and each call runs that SQL with the stand-in's places filled by the real value. The
queryset stays the one definition (no SQL written by hand); the execute wrappers, the logged
queries and the transaction are the connection's own, as for any query.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet

# A value no row holds, told apart from every other parameter of the built query; within a
# 32-bit integer's range (out of a field's range, a lookup is built as matching nothing).
STAND_IN = -1_234_567_891


class CompiledQuery:
    """`build(value)` -> the queryset; `rows(value)` runs its SQL, built once per database alias,
    with `value` in the places the stand-in took. The queryset's other parameters are kept as
    they were built: they must not depend on anything but the value (a model's constant, a
    status), as the SQL is never built again in this process."""

    def __init__(self, build: Callable[[int], QuerySet]) -> None:
        self.build = build
        self._built: dict[str, tuple[str, tuple, tuple[int, ...]]] = {}

    def _sql(self, alias: str) -> tuple[str, tuple, tuple[int, ...]]:
        built = self._built.get(alias)
        if built is None:
            queryset = self.build(STAND_IN)
            sql, params = queryset.query.get_compiler(using=alias).as_sql()
            params = tuple(params)
            places = tuple(i for i, p in enumerate(params) if p == STAND_IN)
            if not places:
                raise ValueError("The built query does not use its value.")
            built = self._built[alias] = (sql, params, places)
        return built

    def rows(self, value: int, using: str = "default") -> list[tuple]:
        sql, params, places = self._sql(using)
        bound = list(params)
        for place in places:
            bound[place] = value
        with connections[using].cursor() as cursor:
            cursor.execute(sql, bound)
            return cursor.fetchall()
