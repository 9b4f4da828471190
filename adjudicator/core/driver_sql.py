"""Core statements run on the DB-API driver itself, in the caller's transaction.

SQLAlchemy's execution layer (its statement cache keys, parameter processing, insertmanyvalues
rendering, result rows) was about a third of a ``pbem tick`` worker's CPU on PostgreSQL (py-spy).
Here a Core statement built once at import is compiled once per dialect by SQLAlchemy's own
compiler (the SQL is SQLAlchemy's, casts and all; on PostgreSQL with ``$1`` placeholders, its
``numeric_dollar`` style, which psycopg's raw cursor sends as they are) and run on the session's
own DB-API connection (psycopg 3 on PostgreSQL, sqlite3 on SQLite): the same connection and the
same transaction as the ORM session's, nothing committed here.

The parameters are converted by the very bind processors SQLAlchemy would apply (a time on SQLite
as its ``YYYY-MM-DD HH:MM:SS.ffffff`` text, a boolean as 0/1, bytes as the driver's binary...), the
rows read back by its result processors (a time parsed back, 0/1 as a boolean): the rows stored
and read are SQLAlchemy's to the byte (``tests/test_engine_close_driver.py``). A driver error is
raised as SQLAlchemy raises it (:class:`~sqlalchemy.exc.DBAPIError` and its subclasses, the
connection invalidated when it is gone), so the callers' handling is unchanged.

Rows inserted together go as one ``INSERT ... VALUES (...), (...)`` on PostgreSQL (compiled once
per number of rows), as one ``executemany`` on SQLite (no round trips there). Measured on
PostgreSQL against that INSERT (a tick over 600 games, alternating): psycopg's ``executemany`` in
a pipeline cost the worker about 0.5 ms and the server 0.35 ms more a close, ``COPY`` the server
0.5 ms more (the worker alike).
"""

from __future__ import annotations

import copy
import sqlite3
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from sqlalchemy import bindparam, insert
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError

try:  # psycopg 3.2 on: a cursor taking the server's own $1 placeholders
    from psycopg import RawCursor
except ImportError:  # pragma: no cover - an install without psycopg (pyproject asks for 3.2 or newer)
    RawCursor = None  # type: ignore[assignment,misc]

#: The most rows one multi-row INSERT carries (SQLAlchemy's insertmanyvalues batches as many).
BATCH = 1000

#: Run every statement through SQLAlchemy's own execution instead (the parity tests compare the
#: rows each way writes; a statement found no cheaper on the driver could be left there too).
THROUGH_SQLALCHEMY = False

#: Called with the SQL of each statement sent on the driver (``bench/tick_profile.py`` counts them
#: there, as SQLAlchemy's ``before_cursor_execute`` counts its own): ``None`` when nobody asks.
on_statement: Callable[[str], None] | None = None

Processors = tuple[tuple[str, Callable[[Any], Any]], ...]


@dataclass(frozen=True)
class Compiled:
    """One statement as a dialect's driver runs it."""

    sql: str
    #: the bind names in their order for a positional paramstyle (SQLite's ``?``, PostgreSQL's
    #: ``$1``), else ``None``
    order: tuple[str, ...] | None
    #: every bind name with the value the statement gives it (``None`` where the caller gives it)
    fixed: dict[str, Any]
    #: SQLAlchemy's bind processor of each bind that has one
    binds: Processors
    #: the keys of the rows it returns, and the result processor of each column that has one
    keys: tuple[str, ...]
    results: tuple[tuple[int, Callable[[Any], Any]], ...]


_compiled: dict[tuple[Any, ...], Compiled] = {}


def _dialect_key(dialect: Dialect) -> tuple[Any, ...]:
    return (type(dialect), dialect.paramstyle, getattr(dialect, "server_version_info", None))


def compiled(statement: Any, dialect: Dialect, columns: Sequence[str] = ()) -> Compiled:
    """``statement`` compiled for ``dialect`` by SQLAlchemy (``columns``: the keys an INSERT is
    given, as SQLAlchemy compiles for the parameters it is handed), once per dialect."""
    key = (statement, tuple(columns), _dialect_key(dialect))
    found = _compiled.get(key)
    if found is None:
        found = _compiled[key] = _compile(statement, dialect, columns)
    return found


_numbered_dialects: dict[tuple[Any, ...], Dialect] = {}


def _numbered(dialect: Dialect) -> Dialect:
    """psycopg's dialect compiling ``$1`` placeholders (SQLAlchemy's ``numeric_dollar`` style, as
    for asyncpg): the SQL is sent as it is with the values in order (psycopg's raw cursor), not
    parsed for ``%(name)s`` at each execution (psycopg caches that only for short statements).
    Any other dialect as it is."""
    if dialect.name != "postgresql" or dialect.driver != "psycopg" or RawCursor is None:
        return dialect
    key = _dialect_key(dialect)
    numbered = _numbered_dialects.get(key)
    if numbered is None:
        numbered = _numbered_dialects[key] = copy.copy(dialect)
        numbered.paramstyle, numbered.positional = "numeric_dollar", True
    return numbered


def _compile(statement: Any, dialect: Dialect, columns: Sequence[str]) -> Compiled:
    """The SQL in the placeholders the driver takes (:func:`_numbered`); the processors the
    dialect's own execution applies."""
    done: Any = statement.compile(dialect=_numbered(dialect), column_keys=list(columns) or None)
    if done.insert_prefetch or done.update_prefetch or done.post_compile_params or done.escaped_bind_names:
        # a Python-side default to compute, an expanding IN, an escaped name: not handled here
        raise ValueError(f"not a statement for the driver: {done}")
    binds = []
    for name, bind in done.binds.items():
        process = bind.type.dialect_impl(dialect).bind_processor(dialect)
        if process is not None:
            binds.append((name, process))
    keys, results = [], []
    for index, column in enumerate(statement.exported_columns):  # a SELECT's columns, or RETURNING's
        keys.append(column.key)
        process = column.type.dialect_impl(dialect).result_processor(dialect, None)
        if process is not None:
            results.append((index, process))
    if len(set(keys)) != len(keys):  # the rows are dicts by column key: label the columns
        raise ValueError(f"columns without a key of their own: {keys}")
    order = tuple(done.positiontup) if done.positional else None
    return Compiled(str(done), order, dict(done.params), tuple(binds), tuple(keys), tuple(results))


def parameters(found: Compiled, values: Mapping[str, Any]) -> Any:
    """``values`` as the driver takes them for ``found``: the statement's own values filled in,
    SQLAlchemy's bind processors applied (to ``None`` too, as SQLAlchemy does), in order for a
    positional paramstyle."""
    merged = {**found.fixed, **values}
    for name, process in found.binds:
        merged[name] = process(merged[name])
    return merged if found.order is None else tuple(merged[name] for name in found.order)


def _rows(found: Compiled, fetched: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
    rows = []
    for fetched_row in fetched:
        row = list(fetched_row)
        for index, process in found.results:
            row[index] = process(row[index])
        rows.append(dict(zip(found.keys, row, strict=True)))
    return rows


def _driver(connection: Connection) -> Any:
    """The DB-API connection under ``connection`` (in its transaction)."""
    return connection.connection.driver_connection


_raw_cursors: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _cursor(driver: Any) -> Any:
    """A cursor of ``driver``: for psycopg its raw cursor (``$1`` placeholders), one per
    connection and used again (each statement's rows are fetched before the next runs)."""
    if isinstance(driver, sqlite3.Connection) or RawCursor is None:
        return driver.cursor()
    cursor = _raw_cursors.get(driver)
    if cursor is None or cursor.closed:
        cursor = _raw_cursors[driver] = RawCursor(driver)
    return cursor


def _failed(connection: Connection, error: Exception, found: Compiled, params: Any, many: bool) -> Exception:
    """``error`` as SQLAlchemy raises a driver's error (the connection invalidated when it is gone)."""
    dialect = connection.dialect
    gone = dialect.is_disconnect(error, connection.connection.dbapi_connection, None)  # type: ignore[arg-type]
    if gone:
        connection.invalidate(error)
    return DBAPIError.instance(
        found.sql,
        params,
        error,
        dialect.loaded_dbapi.Error,
        dialect=dialect,
        connection_invalidated=gone,
        ismulti=many,
    )


def rows(connection: Connection, statement: Any, values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Run ``statement`` with ``values``; the rows it gives back, each a dict by column key."""
    if THROUGH_SQLALCHEMY:
        result = connection.execute(statement, dict(values))
        return [dict(row._mapping) for row in result] if result.returns_rows else []
    found = compiled(statement, connection.dialect)
    params = parameters(found, values)
    try:
        return _fetched(_driver(connection), found, params)
    except connection.dialect.loaded_dbapi.Error as error:
        raise _failed(connection, error, found, params, False) from error


def _fetched(driver: Any, found: Compiled, params: Any) -> list[dict[str, Any]]:
    if on_statement is not None:
        on_statement(found.sql)
    cursor = _cursor(driver)
    cursor.execute(found.sql, params)
    return _rows(found, cursor.fetchall() if found.keys else ())


def on_driver(
    driver: Any, dialect: Dialect, statement: Any, values: Mapping[str, Any], columns: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """:func:`rows` on a DB-API connection ``driver`` of ``dialect`` held without a SQLAlchemy
    connection (the mail's one-transaction path on SQLite): a failure is the driver's own error."""
    found = compiled(statement, dialect, columns)
    return _fetched(driver, found, parameters(found, values))


def first(connection: Connection, statement: Any, values: Mapping[str, Any]) -> dict[str, Any] | None:
    """The first row ``statement`` gives back (``None`` for none)."""
    found = rows(connection, statement, values)
    return found[0] if found else None


def run(connection: Connection, statement: Any, values: Mapping[str, Any]) -> None:
    """Run ``statement`` (no rows back)."""
    rows(connection, statement, values)


def run_many(connection: Connection, statement: Any, many: Sequence[Mapping[str, Any]]) -> None:
    """Run ``statement`` once for each of ``many`` (the driver's ``executemany``: one round trip,
    psycopg's pipeline)."""
    if THROUGH_SQLALCHEMY:
        connection.execute(statement, [dict(values) for values in many])
        return
    found = compiled(statement, connection.dialect)
    params = [parameters(found, values) for values in many]
    if on_statement is not None:
        on_statement(found.sql)
    try:
        _cursor(_driver(connection)).executemany(found.sql, params)
    except connection.dialect.loaded_dbapi.Error as error:
        raise _failed(connection, error, found, params, True) from error


@dataclass(frozen=True)
class Insert:
    """An INSERT of rows of ``table`` giving every one of ``columns`` (the rows' values are given
    to :func:`insert_rows`), ``ON CONFLICT DO NOTHING`` when ``do_nothing`` (a row a unique column
    of a stored row matches is left out), and giving back ``returning`` (a column) of each row."""

    table: Any
    columns: tuple[str, ...]
    do_nothing: bool = False
    returning: str | None = None

    def base(self, dialect: str) -> Any:
        """The INSERT with its clauses but neither VALUES nor RETURNING."""
        if self.do_nothing:
            return import_module(f"sqlalchemy.dialects.{dialect}").insert(self.table).on_conflict_do_nothing()
        return insert(self.table)

    def statement(self, dialect: str, count: int | None = None) -> Any:
        """The statement for ``dialect``: for one row given by column key (``count`` ``None``), or
        for ``count`` rows in one VALUES, the binds of row ``i`` named ``<column>__<i>``."""
        statement = self.base(dialect)
        if count is not None:
            statement = statement.values(
                [
                    {key: bindparam(f"{key}__{i}", type_=self.table.c[key].type) for key in self.columns}
                    for i in range(count)
                ]
            )
        return statement if self.returning is None else statement.returning(self.table.c[self.returning])


_statements: dict[tuple[Insert, str, int | None], Any] = {}


def _statement(what: Insert, dialect: str, count: int | None) -> Any:
    key = (what, dialect, count)
    found = _statements.get(key)
    if found is None:
        found = _statements[key] = what.statement(dialect, count)
    return found


def insert_rows(connection: Connection, what: Insert, values: Sequence[Mapping[str, Any]]) -> list[Any]:
    """Insert ``values`` (each with every column of ``what``); what ``what.returning`` names of
    each row inserted, in the rows' order (``[]`` without ``returning``).

    PostgreSQL: one ``INSERT ... VALUES (...), (...)`` for up to :data:`BATCH` rows, compiled once
    per number of rows; the values returned are an ascending key (a serial) sorted back into the
    rows' order, as SQLAlchemy sorts its own. SQLite: one ``executemany``, or one statement a row
    when it returns something (no round trips there)."""
    if not values:
        return []
    dialect = connection.dialect.name
    if THROUGH_SQLALCHEMY:  # SQLAlchemy's insertmanyvalues, its RETURNING sorted by the rows' order
        statement = what.base(dialect)
        if what.returning is None:
            connection.execute(statement, [dict(row) for row in values])
            return []
        statement = statement.returning(what.table.c[what.returning], sort_by_parameter_order=True)
        return list(connection.execute(statement, [dict(row) for row in values]).scalars().all())
    if dialect != "postgresql":
        return _insert_each(connection, what, values)
    returned: list[Any] = []
    for start in range(0, len(values), BATCH):
        batch = values[start : start + BATCH]
        flat = {f"{column}__{i}": row[column] for i, row in enumerate(batch) for column in what.columns}
        got = rows(connection, _statement(what, dialect, len(batch)), flat)
        if what.returning is not None:
            returned += sorted(row[what.returning] for row in got)
    return returned


def _insert_each(connection: Connection, what: Insert, values: Sequence[Mapping[str, Any]]) -> list[Any]:
    found = compiled(_statement(what, connection.dialect.name, None), connection.dialect, what.columns)
    params = [parameters(found, {key: row[key] for key in what.columns}) for row in values]
    cursor = _cursor(_driver(connection))
    try:
        if what.returning is None:
            if on_statement is not None:
                on_statement(found.sql)
            cursor.executemany(found.sql, params)
            return []
        return [_fetched(_driver(connection), found, one)[0][what.returning] for one in params]
    except connection.dialect.loaded_dbapi.Error as error:
        raise _failed(connection, error, found, params, True) from error


__all__ = [
    "BATCH",
    "Compiled",
    "Insert",
    "compiled",
    "first",
    "insert_rows",
    "parameters",
    "rows",
    "run",
    "run_many",
]
