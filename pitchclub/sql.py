"""Raw SQL for the hottest path, recording a hand through the API (docs/benchmarks.md).

Building, compiling and reading back an ORM statement costs about ten times what the
database's own round trip does. The few statements that every recorded hand runs go
through these helpers instead: the table and column names still come from the models,
and every value goes in and comes out through the model fields exactly as the ORM
sends and reads it (``get_db_prep_save``, the backend's and the field's converters),
so the rows and the answers are the ORM's, on SQLite as on PostgreSQL. Everything
else keeps the ORM.

Nothing here sends signals or calls ``save()``: use it only for models that have
neither a ``save()`` of their own nor a signal receiver that matters.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import DEFAULT_DB_ALIAS, connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model, QuerySet

Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]


def db() -> BaseDatabaseWrapper:
    """The connection itself: django.db.connection is a proxy that finds it again
    (through a context-local lookup) at every attribute, which adds up in a loop."""
    return connections[DEFAULT_DB_ALIAS]


def reading(model: type[Model]) -> BaseDatabaseWrapper:
    """The connection the routers name for reading `model`'s table: inside a heavy
    read, the replica (pitchclub/replica.py). A raw read through db() would
    always go to the primary."""
    return connections[router.db_for_read(model)]


def plain_rows(query: QuerySet) -> list[tuple[Any, ...]]:
    """The rows of a values_list() queryset as the database gives them: the
    statement the ORM writes, read where the router sends reads of its model,
    without the ORM's row-by-row converters and objects (2,000 rows through them
    cost more than the database's work); [] when its filter can match nothing.
    Only for columns read alike on every database with no converter: whole
    numbers, floats, text (not booleans, dates, decimals or JSON)."""
    try:
        statement, params = query.query.sql_with_params()
    except EmptyResultSet:
        return []
    with reading(query.model).cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall()


def quote(name: str) -> str:
    return db().ops.quote_name(name)


def table(model: type[Model]) -> str:
    """The model's table, quoted."""
    return quote(model._meta.db_table)


def statement(build: Callable[..., str]) -> Callable[..., str]:
    """Decorates a function building an SQL statement: it is built once per
    database backend (and arguments), then reused."""
    built: dict[tuple[Any, ...], str] = {}

    def cached(*args: Any) -> str:
        key = (db().vendor, *args)
        if key not in built:
            built[key] = build(*args)
        return built[key]

    return cached


class Columns:
    """Columns of one model read by a raw SELECT (``alias`` names its table there):
    the select list, and each row's values converted as the ORM converts them.
    Without names, every concrete field (so that ``instance`` builds a whole
    object)."""

    def __init__(
        self, model: type[Model], names: Sequence[str] = (), alias: str = ""
    ) -> None:
        self.model = model
        self.alias = alias or model._meta.db_table
        self.fields: list[Field] = (
            [model._meta.get_field(name) for name in names]
            if names
            else list(model._meta.concrete_fields)
        )
        self.attnames = [field.attname for field in self.fields]
        self._converters: dict[str, list[tuple[int, list[Converter]]]] = {}
        self._sql: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self.fields)

    @property
    def sql(self) -> str:
        """The select list: "alias"."column", … ."""
        vendor = db().vendor
        if vendor not in self._sql:
            self._sql[vendor] = ", ".join(
                f"{quote(self.alias)}.{quote(field.column)}" for field in self.fields
            )
        return self._sql[vendor]

    def converters(
        self, connection: BaseDatabaseWrapper
    ) -> list[tuple[int, list[tuple[Converter, Any]]]]:
        """The columns that need converting, with their converters: the backend's,
        then the field's (SQLCompiler.get_converters)."""
        vendor = connection.vendor
        if vendor not in self._converters:
            found = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.alias)
                both = connection.ops.get_db_converters(
                    column
                ) + column.get_db_converters(connection)
                if both:
                    found.append((index, [(c, column) for c in both]))
            self._converters[vendor] = found
        return self._converters[vendor]

    def reader(self, start: int = 0) -> Callable[[Sequence[Any]], list[Any]]:
        """A function from a row to this model's values (from column `start`),
        converted: for every row of one query."""
        connection = db()
        converters = self.converters(connection)
        end = start + len(self.fields)

        def values(row: Sequence[Any]) -> list[Any]:
            values = list(row[start:end])
            for index, converting in converters:
                value = values[index]
                for convert, column in converting:
                    value = convert(value, column, connection)
                values[index] = value
            return values

        return values

    def instance(self, row: Sequence[Any], start: int = 0) -> Model:
        """A model instance as the ORM would load it (Model.from_db)."""
        return self.model.from_db(
            DEFAULT_DB_ALIAS, self.attnames, self.reader(start)(row)
        )


def _prepared(
    connection: BaseDatabaseWrapper, obj: Model, fields: Iterable[Field], add: bool
) -> list[Any]:
    # pre_save sets auto_now(_add) timestamps on the object, as save() does.
    return [
        field.get_db_prep_save(field.pre_save(obj, add), connection) for field in fields
    ]


_INSERTS: dict[tuple[type[Model], str, int], tuple[list[Field], str]] = {}


def _insert_sql(
    connection: BaseDatabaseWrapper, model: type[Model], rows: int
) -> tuple[list[Field], str]:
    key = (model, connection.vendor, rows)
    if key not in _INSERTS:
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        marks = "(" + ", ".join(["%s"] * len(fields)) + ")"
        sql = (
            f"INSERT INTO {table(model)} "
            f"({', '.join(quote(field.column) for field in fields)}) "
            f"VALUES {', '.join([marks] * rows)}"
        )
        _INSERTS[key] = (fields, sql)
    return _INSERTS[key]


def _saved(obj: Model) -> None:
    obj._state.adding = False
    obj._state.db = DEFAULT_DB_ALIAS


def insert(obj: Model) -> Model:
    """INSERT one new object (its primary key from the database), as
    ``Model.objects.create`` would store it; returns it, saved."""
    connection = db()
    model = type(obj)
    fields, sql = _insert_sql(connection, model, 1)
    params = _prepared(connection, obj, fields, add=True)
    with connection.cursor() as cursor:
        if connection.features.can_return_columns_from_insert:
            cursor.execute(f"{sql} RETURNING {quote(model._meta.pk.column)}", params)
            obj.pk = cursor.fetchone()[0]
        else:  # pragma: no cover - SQLite before 3.35
            cursor.execute(sql, params)
            obj.pk = cursor.lastrowid
    _saved(obj)
    return obj


def insert_many(objs: Sequence[Model]) -> None:
    """INSERT new objects of one model in one statement (their primary keys are
    not read back: use it for rows nothing refers to by key afterwards)."""
    if not objs:
        return
    connection = db()
    fields, sql = _insert_sql(connection, type(objs[0]), len(objs))
    params = [
        value for obj in objs for value in _prepared(connection, obj, fields, True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    for obj in objs:
        _saved(obj)


@statement
def _update_sql(model: type[Model], names: tuple[str, ...]) -> str:
    sets = ", ".join(f"{quote(model._meta.get_field(n).column)} = %s" for n in names)
    return f"UPDATE {table(model)} SET {sets} WHERE {quote(model._meta.pk.column)} = %s"


def update(obj: Model, names: Sequence[str]) -> None:
    """UPDATE these fields of a stored object, as ``save(update_fields=names)``
    would (auto_now timestamps are set on the object too)."""
    connection = db()
    model = type(obj)
    fields = [model._meta.get_field(name) for name in names]
    params = _prepared(connection, obj, fields, add=False)
    params.append(model._meta.pk.get_db_prep_value(obj.pk, connection))
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(model, tuple(names)), params)
