"""Whole-database copies, the raw material of backups and restores: ``copy_sqlite`` (SQLite's
online backup API: a consistent copy even while others write) and ``dump_tables`` /
``load_tables`` (every row of every table as JSON-ready data, at any revision, and back).
Re-exported by ``chronicle.persistence.engine``. Nothing here runs at import time.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from chronicle.persistence.engine import TABLES_FORMAT, current_revision


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` into the new file ``target`` (readable by its owner
    only) with SQLite's online backup API: a consistent copy of the last committed state, even
    while other connections write (they wait only for the copy's last step).

    Raises:
        FileExistsError: ``target`` exists; it is never overwritten.
        sqlite3.Error: ``source`` is not a readable SQLite database.
    """
    descriptor = os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    os.close(descriptor)
    try:
        reader = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            writer = sqlite3.connect(target)
            try:
                reader.backup(writer)
                writer.execute("PRAGMA journal_mode=DELETE")
                writer.commit()
            finally:
                writer.close()
        finally:
            reader.close()
        with open(target, "rb") as handle:
            os.fsync(handle.fileno())
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        if value.utcoffset() is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC).isoformat()
    return value


def dump_tables(connection: Connection) -> dict[str, Any]:
    """Every row of every table (Alembic's aside) at the database's current revision, as
    JSON-ready data: ``{"format", "version", "revision", "dumped_at", "tables": {name:
    {"columns": [...], "rows": [[...], ...]}}}``, rows in primary-key order, timestamps as ISO
    8601 text in UTC. ``load_tables`` puts it back into a database at the same revision."""
    from sqlalchemy import MetaData, select

    meta = MetaData()
    meta.reflect(connection)
    tables: dict[str, Any] = {}
    for table in meta.sorted_tables:
        if table.name == "alembic_version":
            continue
        rows = connection.execute(select(table).order_by(*table.primary_key.columns)).all()
        tables[table.name] = {"columns": [c.name for c in table.columns],
                              "rows": [[_jsonable(v) for v in row] for row in rows]}
    return {"format": TABLES_FORMAT, "version": 1, "revision": current_revision(connection),
            "dumped_at": datetime.now(UTC).isoformat(), "tables": tables}


def _loaded(value: Any, column: Any, where: str) -> Any:
    """A dumped value for ``column``, checked against its type."""
    from sqlalchemy import JSON, Boolean, DateTime, Integer, String

    if value is None:
        if not column.nullable:
            raise ValueError(f"{where}: null in a column that requires a value")
        return None
    kind = column.type
    if isinstance(kind, JSON):
        return value
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise ValueError(f"{where}: {value!r} is not true or false")
        return value
    if isinstance(kind, Integer):
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) >= 2**31:
            raise ValueError(f"{where}: {value!r} is not a whole number the database holds")
        return value
    if isinstance(kind, DateTime):
        if not isinstance(value, str):
            raise ValueError(f"{where}: {value!r} is not a timestamp")
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{where}: {value!r} is not an ISO 8601 timestamp") from None
        if moment.utcoffset() is None:
            moment = moment.replace(tzinfo=UTC)
        moment = moment.astimezone(UTC)
        return moment.replace(tzinfo=None) if not kind.timezone else moment
    if isinstance(kind, String):
        if not isinstance(value, str):
            raise ValueError(f"{where}: {value!r} is not text")
        if kind.length is not None and len(value) > kind.length:
            raise ValueError(f"{where}: longer than {kind.length} characters")
        if "\x00" in value:
            raise ValueError(f"{where}: holds a NUL character")
        return value
    raise ValueError(f"{where}: the column type {kind} cannot be restored")


def load_tables(connection: Connection, dump: dict[str, Any]) -> dict[str, int]:
    """Insert a ``dump_tables`` dump into the empty tables of ``connection``'s database, which
    must be at the dump's revision; returns the rows inserted per table.

    Raises:
        ValueError: the dump does not fit the schema (an unknown table or column, a value of
            the wrong type); the caller's transaction must then be rolled back.
    """
    from sqlalchemy import MetaData

    tables = dump.get("tables")
    if not isinstance(tables, dict):
        raise ValueError("tables: not an object of tables")
    meta = MetaData()
    meta.reflect(connection)
    unknown = sorted(set(tables) - set(meta.tables) | ({"alembic_version"} & set(tables)))
    if unknown:
        raise ValueError(f"tables: no such table at revision {dump.get('revision')}: "
                         + ", ".join(repr(n)[:60] for n in unknown[:5]))
    counts: dict[str, int] = {}
    for table in meta.sorted_tables:
        entry = tables.get(table.name)
        if table.name == "alembic_version" or entry is None:
            continue
        where = f"tables.{table.name}"
        if not isinstance(entry, dict) or not isinstance(entry.get("columns"), list) \
                or not isinstance(entry.get("rows"), list):
            raise ValueError(f"{where}: needs a list of columns and a list of rows")
        names = entry["columns"]
        if any(not isinstance(n, str) or n not in table.columns for n in names) \
                or len(set(names)) != len(names):
            raise ValueError(f"{where}.columns: {names!r:.80} are not the columns of "
                             f"{table.name}")
        rows = []
        for r, row in enumerate(entry["rows"]):
            if not isinstance(row, list) or len(row) != len(names):
                raise ValueError(f"{where}.rows[{r}]: not a row of {len(names)} values")
            rows.append({name: _loaded(value, table.columns[name], f"{where}.rows[{r}].{name}")
                         for name, value in zip(names, row, strict=True)})
        if rows:
            connection.execute(table.insert(), rows)
        counts[table.name] = len(rows)
    if connection.dialect.name == "postgresql":  # ids were given: move the sequences past them
        from sqlalchemy import text

        quote = connection.dialect.identifier_preparer.quote
        for table in meta.sorted_tables:
            if "id" in table.columns and counts.get(table.name):
                connection.execute(text(
                    "SELECT setval(pg_get_serial_sequence(:table, 'id'), "
                    f"(SELECT max(id) FROM {quote(table.name)}))"), {"table": table.name})
    return counts
