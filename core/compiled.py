"""A read whose SQL the ORM builds once per process and database, then binds one value anew.

Building a query's SQL (Django's `SQLCompiler.as_sql`: the joins, the lookups, the aliases) is
most of a small read's CPU: a fifth of the web workers' time at a club night (issue 35), more
than waiting for the database. A read made on every page for a different account, always of
the same shape (the inbox's probe: accounts.inbox.probe), is built here once with a stand-in
value, and each call runs that SQL with the stand-in's places filled by the real value. The
queryset stays the one definition (no SQL written by hand); the execute wrappers, the logged
queries and the transaction are the connection's own, as for any query.

A page's row with its foreign keys' rows (`CompiledJoin`: what `select_related` reads, each
model's columns under a prefix, each instance made by its model's `from_db`) is read the same
way. A move's writes are built once too: `CompiledUpdate` and `CompiledInsert` write their SQL from
the model's meta (its table's and columns' names, quoted by the database) and prepare each value
by its field as the ORM does for a save; a game's seats read with it are kept on the game
(`chase.models.GameSession.keep_seats`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from django.db import connections
from django.db.models import F, Model, QuerySet

# A value no row holds, told apart from every other parameter of the built query; within a
# 32-bit integer's range (out of a field's range, a lookup is built as matching nothing).
STAND_IN = -1_234_567_891
# The same for a lookup of a text column (an API token's key, say).
TEXT_STAND_IN = "compiled-query-stand-in-7c1f0e"
# Two ints for a query of two values (`CompiledQuery(..., stand_in=STAND_INS)`).
STAND_INS = (STAND_IN, -1_234_567_892)


class _Built(NamedTuple):
    sql: str
    params: tuple
    places: tuple[tuple[int, ...], ...]  # per stand-in, its places among the parameters
    model: type[Model]
    names: tuple[str, ...]
    converters: list


class CompiledQuery:
    """`build(value)` -> the queryset; `rows(value)`, `dicts(value)` and `objects(value)` run
    its SQL, built once per database alias, with `value` in the places the stand-in took. The
    queryset's other parameters are kept as they were built: they must not depend on anything
    but the value (a model's constant, a status; never the clock), as the SQL is never built
    again."""

    def __init__(
        self, build: Callable[..., QuerySet], *, fixed: bool = False, stand_in=STAND_IN
    ) -> None:
        """`fixed`: `build()` takes no value (a read the same for every request, its SQL still
        built once); the calls then pass none. `stand_in`: the value the query is built with,
        an int by default; a text column's lookup needs text (`TEXT_STAND_IN`). A tuple of
        them (`STAND_INS`): `build` takes that many values, and each call passes a tuple. A
        value is bound as given: the caller gives it as the column holds it."""
        self.build = build
        self.fixed = fixed
        self.stand_in = stand_in
        self._built: dict[str, _Built] = {}
        self._layouts: dict[str, tuple[list[str], list[int], list]] = {}

    def _sql(self, alias: str) -> _Built:
        """The query built for `alias`, once: its SQL and parameters, the stand-in's places,
        its model, and its columns' names (a field's attribute name, or an annotation's) with
        the converters of each column that has any, as the ORM applies them (a JSON field's
        decoding, SQLite's booleans and times)."""
        built = self._built.get(alias)
        if built is None:
            queryset = self.build() if self.fixed else self.build(*self._stand_ins())
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()  # and the compiler's `select`, read below
            params = tuple(params)
            stand_ins = () if self.fixed else self._stand_ins()
            places = tuple(
                tuple(i for i, p in enumerate(params) if type(p) is type(one) and p == one)
                for one in stand_ins
            )
            if not all(places):
                raise ValueError("The built query does not use its value.")
            expressions = [expression for expression, _, _ in compiler.select]
            names = tuple(  # an annotation by its alias; a field's column by its attribute
                alias or getattr(getattr(expression, "target", None), "attname", None)
                for expression, _, alias in compiler.select
            )
            converters = sorted(compiler.get_converters(expressions).items())
            built = _Built(sql, params, places, queryset.model, names, converters)
            self._built[alias] = built
        return built

    def _stand_ins(self) -> tuple:
        return self.stand_in if isinstance(self.stand_in, tuple) else (self.stand_in,)

    def _bound(self, value, using: str) -> tuple[_Built, list]:
        if (value is None) != self.fixed:
            raise TypeError("A fixed query takes no value; any other takes one.")
        built = self._sql(using)
        bound = list(built.params)
        values = () if self.fixed else value if isinstance(self.stand_in, tuple) else (value,)
        for places, one in zip(built.places, values, strict=True):
            for place in places:
                bound[place] = one
        return built, bound

    def _converted(self, value: int | str | None, using: str) -> tuple[_Built, list[list]]:
        """The rows, each column converted as the ORM converts it."""
        built = self._sql(using)
        connection = connections[using]
        found = []
        for row in self.rows(value, using):
            row = list(row)
            for place, (functions, expression) in built.converters:
                cell = row[place]
                for convert in functions:
                    cell = convert(cell, expression, connection)
                row[place] = cell
            found.append(row)
        return built, found

    def dicts(self, value: int | str | None = None, using: str = "default") -> list[dict]:
        """Each row as a dict of its columns by name, converted as the ORM converts them, with
        no model instance made (a read of many rows for their values only)."""
        built, rows = self._converted(value, using)
        return [dict(zip(built.names, row, strict=True)) for row in rows]

    def rows(self, value: int | str | None = None, using: str = "default") -> list[tuple]:
        """The rows as the database gives them (no field's conversion)."""
        built, bound = self._bound(value, using)
        with connections[using].cursor() as cursor:
            cursor.execute(built.sql, bound)
            return cursor.fetchall()

    def objects(self, value: int | str | None = None, using: str = "default") -> list[Model]:
        """The queryset's model's rows as instances, each column converted as the ORM converts
        it, made by the model's own `from_db` (as the ORM makes them: the fields not read are
        deferred); a column of an annotation is an attribute. Django's `raw()` worked out the
        columns' order and converters again at every call."""
        built, rows = self._converted(value, using)
        fields, field_places, extras = self._layout(built, using)
        found = []
        for row in rows:
            instance = built.model.from_db(using, fields, [row[place] for place in field_places])
            for name, place in extras:
                setattr(instance, name, row[place])
            found.append(instance)
        return found

    def _layout(self, built: _Built, using: str) -> tuple[list[str], list[int], list]:
        """Where `from_db` finds a built query's fields among its columns, worked out once per
        database: the model's fields read, in the model's order, their columns, and the
        annotations' (name, column)."""
        layout = self._layouts.get(using)
        if layout is None:
            meta = built.model._meta
            places = {name: place for place, name in enumerate(built.names)}
            if meta.pk.attname not in places:
                raise ValueError("The built query does not read its model's primary key.")
            fields = [f.attname for f in meta.concrete_fields if f.attname in places]
            read = set(fields)
            extras = [(name, place) for name, place in places.items() if name not in read]
            layout = self._layouts[using] = (fields, [places[name] for name in fields], extras)
        return layout


class CompiledJoin:
    """A model's row with the rows of some of its foreign keys, as `select_related` reads them
    (less the fields named to leave out: a password hash kept out of a shared cache), by one
    query built once per process: the ORM's join, built afresh, cost a page's read some 1,500
    Python calls. Each model's columns come under a prefix of their own, and each instance is
    made by its model's own `from_db` (a field left out is deferred, as `defer()` leaves it).
    The foreign keys must not be null (an inner join's row or none)."""

    def __init__(self, model: type[Model], relations: dict[str, tuple[str, ...]]) -> None:
        """`relations`: each foreign key's name, with the fields of its row not to read."""
        self.model = model
        self.relations = relations
        self._query = CompiledQuery(self._build)

    @staticmethod
    def _columns(model: type[Model], skip: tuple[str, ...] = ()) -> list[str]:
        return [f.attname for f in model._meta.concrete_fields if f.name not in skip]

    def _related(self):
        meta = self.model._meta
        return [
            (name, f"_{name}__", meta.get_field(name).related_model, skip)
            for name, skip in self.relations.items()
        ]

    def _build(self, pk) -> QuerySet:
        joined = {
            prefix + column: F(f"{name}__{column}")
            for name, prefix, model, skip in self._related()
            for column in self._columns(model, skip)
        }
        return self.model._default_manager.filter(pk=pk).values(
            *self._columns(self.model), **joined
        )

    def get(self, pk, using: str = "default") -> Model | None:
        """The row with its related rows set on it, or None."""
        found = self._query.dicts(pk, using)
        if not found:
            return None
        row = found[0]
        names = self._columns(self.model)
        instance = self.model.from_db(using, names, [row[name] for name in names])
        for name, prefix, model, skip in self._related():
            names = self._columns(model, skip)
            setattr(instance, name, model.from_db(using, names, [row[prefix + n] for n in names]))
        return instance


class CompiledUpdate:
    """`UPDATE <table> SET <fields> WHERE <keys>` of one model, for an update made at every
    move: its SQL built once per process, database and number of keys' values from the model's
    own meta (the table's and the columns' names, quoted by the database's operations), and
    each value prepared as the ORM prepares it for a save (`Field.get_db_prep_save`: a JSON
    field's adapter, an aware time for the database). Django's `QuerySet.update()` builds its
    SQL afresh at each call (a tenth of a move's CPU, issue 35). The statement goes through the
    connection's cursor, so its execute wrappers, its logged queries and the transaction are
    the connection's own, as for any update. `run` answers the rows updated."""

    def __init__(self, model: type[Model], fields: tuple[str, ...], keys: tuple[str, ...]):
        meta = model._meta
        self.model = model
        self.fields = tuple(meta.get_field(name) for name in fields)
        self.keys = tuple(meta.get_field(name) for name in keys)
        self._built: dict[tuple[str, tuple[int, ...]], str] = {}

    def _sql(self, alias: str, sizes: tuple[int, ...]) -> str:
        """The SQL for `alias` with `sizes` values per key (1: `=`; more: `IN`)."""
        built = self._built.get((alias, sizes))
        if built is None:
            quote = connections[alias].ops.quote_name
            sets = ", ".join(f"{quote(field.column)} = %s" for field in self.fields)
            wheres = " AND ".join(
                f"{quote(key.column)} = %s"
                if size == 1
                else f"{quote(key.column)} IN ({', '.join(['%s'] * size)})"
                for key, size in zip(self.keys, sizes, strict=True)
            )
            built = f"UPDATE {quote(self.model._meta.db_table)} SET {sets} WHERE {wheres}"
            self._built[(alias, sizes)] = built
        return built

    def run(self, values: tuple, where: tuple, using: str = "default") -> int:
        """Set the fields to `values` (in the fields' order) in the rows whose keys equal
        `where` (in the keys' order; a list or tuple: any of its values, never empty)."""
        connection = connections[using]
        wanted = [list(w) if isinstance(w, list | tuple) else [w] for w in where]
        if not all(wanted):
            raise ValueError("A key's list of values is empty: no row to update.")
        params = [
            field.get_db_prep_save(value, connection)
            for field, value in zip(self.fields, values, strict=True)
        ]
        for key, values_of_key in zip(self.keys, wanted, strict=True):
            params += [key.get_db_prep_value(v, connection) for v in values_of_key]
        sql = self._sql(using, tuple(len(w) for w in wanted))
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount


class CompiledInsert:
    """`INSERT INTO <table> (<fields>) VALUES (...), ...` of one model, for rows added at every
    move: built once per process, database and number of rows, as CompiledUpdate builds its
    update, each value prepared as the ORM prepares it for a save. Django's `bulk_create`
    builds its SQL afresh at each call. No field is filled in for the caller (a default, a
    time `auto_now_add` would set): every field is named and given. `run` answers the rows
    added."""

    def __init__(self, model: type[Model], fields: tuple[str, ...]):
        self.model = model
        self.fields = tuple(model._meta.get_field(name) for name in fields)
        self._built: dict[tuple[str, int], str] = {}

    def _sql(self, alias: str, count: int) -> str:
        built = self._built.get((alias, count))
        if built is None:
            quote = connections[alias].ops.quote_name
            columns = ", ".join(quote(field.column) for field in self.fields)
            row = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
            table = quote(self.model._meta.db_table)
            built = f"INSERT INTO {table} ({columns}) VALUES {', '.join([row] * count)}"
            self._built[(alias, count)] = built
        return built

    def run(self, rows: list[tuple], using: str = "default") -> int:
        """Add `rows`, each the fields' values in their order."""
        if not rows:
            return 0
        connection = connections[using]
        params = [
            field.get_db_prep_save(value, connection)
            for row in rows
            for field, value in zip(self.fields, row, strict=True)
        ]
        with connection.cursor() as cursor:
            cursor.execute(self._sql(using, len(rows)), params)
            return cursor.rowcount
