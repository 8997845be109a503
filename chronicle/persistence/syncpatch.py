"""One database patched to hold another's rows, row by row and by identity (``uid``, revision
0009): what a sync (issue 32) writes, so that a database open in an app stays as it was but
for what changed. A row whose uid is only in the target is deleted, one only in the source is
inserted (its references mapped through uids to the target's ids), one in both is updated in
the values that differ, checked against the version read; the target's own ids, its change
log and the rows of unchanged entries stay as they were. A second patch from the same source
changes nothing.

The tables patched are those with a ``uid`` (the change log and the copy's own sync tables
aside); a table without one that refers to a deleted row (a record's fold snapshot, derived)
loses the rows that refer to it. Values that name other rows inside JSON (a record's player
places) are the caller's: ``Translate``. Functions over a ``Connection`` inside the caller's
transaction; they never commit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import Connection, Table, UniqueConstraint, delete, insert, select, update

from chronicle.errors import Conflict

KEPT = frozenset({"change_log", "sync_state", "sync_conflict", "alembic_version"})
"""The tables a patch leaves alone: the target's own change log and an offline copy's
memory of its group."""
LOOSE = {"group_card": ("changed_at",)}
"""Columns a whole-database export does not carry (a source made from one has its own): a
row is not updated for them alone, only with its other values."""
IMPLICIT = {("ledger_event", "game_id"): "game", ("record", "owner"): "player"}
"""Columns that hold another table's id without a declared foreign key (``record.owner``: 0
for the group's records)."""
_CHUNK = 500


class Ids(Protocol):
    """What a ``Translate`` reads: a source row by table and id, the target's id of a
    source row (None when it has none)."""

    def source(self, table: str, row_id: int) -> dict[str, Any] | None: ...

    def target(self, table: str, row_id: int) -> int | None: ...


Translate = Callable[[str, dict[str, Any], Ids], dict[str, Any]]
"""``translate(table, source_row, ids)``: the values of the source row's columns that name
other rows inside them, as the target keeps them (``{}`` for a table that has none)."""


@dataclass
class Patched:
    """Rows inserted, updated and deleted, by table."""

    inserted: dict[str, int] = field(default_factory=dict)
    updated: dict[str, int] = field(default_factory=dict)
    deleted: dict[str, int] = field(default_factory=dict)

    @property
    def changed(self) -> int:
        return sum(self.inserted.values()) + sum(self.updated.values()) \
            + sum(self.deleted.values())

    def add(self, where: dict[str, int], table: str, n: int) -> None:
        if n:
            where[table] = where.get(table, 0) + n


def synced_tables() -> list[Table]:
    """The tables a patch writes, parents before children."""
    from sqlmodel import SQLModel

    from chronicle.persistence import grouptables, models  # noqa: F401 (the whole schema)

    return [t for t in SQLModel.metadata.sorted_tables
            if "uid" in t.c and "id" in t.c and t.name not in KEPT]


def _dependents(table: Table) -> list[tuple[Table, str]]:
    """Tables a patch does not write whose rows refer to ``table`` (derived rows)."""
    from sqlmodel import SQLModel

    return [(other, column.name) for other in SQLModel.metadata.sorted_tables
            if other.name not in {t.name for t in synced_tables()} and other.name not in KEPT
            for column in other.c for key in column.foreign_keys
            if key.column.table.name == table.name]


def _references(table: Table) -> dict[str, str]:
    found = {column.name: next(iter(column.foreign_keys)).column.table.name
             for column in table.c if column.foreign_keys}
    found.update({c: parent for (t, c), parent in IMPLICIT.items() if t == table.name})
    return found


def _unique_columns(table: Table) -> set[str]:
    """The columns of the table's unique constraints, ids, uids and references aside."""
    columns: set[str] = set()
    for constraint in table.constraints:
        if isinstance(constraint, UniqueConstraint):
            columns.update(c.name for c in constraint.columns)
    for index in table.indexes:
        if index.unique:
            columns.update(c.name for c in index.columns)
    return columns - {"id", "uid"} - set(_references(table))


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, datetime) and isinstance(b, datetime):
        def utc(v: datetime) -> datetime:
            return v.replace(tzinfo=UTC) if v.utcoffset() is None else v.astimezone(UTC)
        return utc(a) == utc(b)
    return bool(a == b)


def _rows(connection: Connection, table: Table) -> dict[str, dict[str, Any]]:
    return {str(row["uid"]): dict(row)
            for row in connection.execute(select(table).order_by(table.c.id)).mappings()}


def _chunks(items: list[Any]) -> Iterable[list[Any]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start:start + _CHUNK]


class _Ids:
    def __init__(self, source: dict[str, dict[str, dict[str, Any]]],
                 target: dict[str, dict[str, dict[str, Any]]]) -> None:
        self.by_id = {t: {int(r["id"]): r for r in rows.values()} for t, rows in source.items()}
        self.ids = {t: {uid: int(r["id"]) for uid, r in rows.items()}
                    for t, rows in target.items()}

    def source(self, table: str, row_id: int) -> dict[str, Any] | None:
        return self.by_id.get(table, {}).get(row_id)

    def target(self, table: str, row_id: int) -> int | None:
        row = self.source(table, row_id)
        return None if row is None else self.ids.get(table, {}).get(str(row["uid"]))


def _temporary(table: Table, column: str, row: dict[str, Any]) -> Any:
    """A value of a unique column no other row holds, for the first step of a swap."""
    if isinstance(row.get(column), int) and not isinstance(row.get(column), bool):
        return -int(row["id"]) - 1
    return f"~{row['uid']}"


def patch(target: Connection, source: Connection, translate: Translate | None = None,
          translated: dict[str, tuple[str, ...]] | None = None) -> Patched:
    """Make the synced tables of ``target`` hold the rows of ``source`` (by uid), changing
    only what differs; ``translated``: the columns, by table, whose values ``translate``
    gives.

    Raises:
        Conflict: a row changed in the target since it was read (its version moved).
    """
    tables = synced_tables()
    theirs = {t.name: _rows(source, t) for t in tables}
    held = {t.name: _rows(target, t) for t in tables}
    ids = _Ids(theirs, held)
    done = Patched()
    for table in reversed(tables):  # children first
        gone = [row for uid, row in held[table.name].items() if uid not in theirs[table.name]]
        numbers = [int(row["id"]) for row in gone]
        for part in _chunks(numbers):
            for other, column in _dependents(table):
                target.execute(delete(other).where(other.c[column].in_(part)))
            target.execute(delete(table).where(table.c.id.in_(part)))
        for row in gone:
            ids.ids[table.name].pop(str(row["uid"]), None)
        done.add(done.deleted, table.name, len(gone))
    inside = {name: set(columns) for name, columns in (translated or {}).items()}
    for table in tables:
        references = _references(table)
        updates: list[tuple[dict[str, Any], dict[str, Any]]] = []
        inserts: list[dict[str, Any]] = []
        for uid, row in theirs[table.name].items():
            values = {}
            for column, value in row.items():
                if column == "id":
                    continue
                if column in references and value is not None and not (
                        (table.name, column) in IMPLICIT and value == 0):
                    value = ids.target(references[column], int(value))
                values[column] = value
            have = held[table.name].get(uid)
            if have is None:
                inserts.append(values)
                continue
            changed = {c: v for c, v in values.items()
                       if c not in inside.get(table.name, ()) and not _same(v, have[c])}
            if set(changed) - set(LOOSE.get(table.name, ())):
                updates.append((have, changed))
        _update(target, table, updates)
        done.add(done.updated, table.name, len(updates))
        for part in _chunks(inserts):
            target.execute(insert(table), part)
            found = target.execute(select(table.c.id, table.c.uid).where(
                table.c.uid.in_([r["uid"] for r in part]))).all()
            ids.ids[table.name].update({str(uid): int(number) for number, uid in found})
        done.add(done.inserted, table.name, len(inserts))
    if translate is not None:
        _translated(target, tables, theirs, held, ids, translate, inside, done)
    return done


def _update(target: Connection, table: Table,
            updates: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """Each row's changed values, checked against the version read; unique values that
    move between rows (an entry renumbered) step aside first."""
    unique = _unique_columns(table)
    moving = [(have, {c: _temporary(table, c, have) for c in changed if c in unique})
              for have, changed in updates if unique & set(changed)]
    for have, aside in moving:
        target.execute(update(table).where(table.c.id == have["id"]).values(**aside))
    for have, changed in updates:
        statement = update(table).where(table.c.id == have["id"])
        if "version" in table.c:
            statement = statement.where(table.c.version == have["version"])
        if target.execute(statement.values(**changed)).rowcount != 1:
            raise Conflict(f"a {table.name} row ({have['uid']}) was changed while the sync "
                           "wrote; nothing was written: run the sync again")


def _translated(target: Connection, tables: list[Table],
                theirs: dict[str, dict[str, dict[str, Any]]],
                held: dict[str, dict[str, dict[str, Any]]], ids: _Ids,
                translate: Translate, inside: dict[str, set[str]], done: Patched) -> None:
    """The values naming rows inside them, once every row has its target id."""
    for table in tables:
        for uid, row in theirs[table.name].items():
            values = translate(table.name, row, ids) if table.name in inside else {}
            if not values:
                continue
            have = held[table.name].get(uid)
            if have is not None and all(_same(v, have[c]) for c, v in values.items()):
                continue
            target.execute(update(table).where(table.c.uid == uid).values(**values))
            if have is not None:
                done.add(done.updated, table.name, 1)


def name_rows(connection: Connection, table_name: str, names: dict[str, str]) -> None:
    """Give rows of ``table_name`` (by uid) their ``name`` and its key (``names``)."""
    from chronicle.domain.values import name_key

    table = next(t for t in synced_tables() if t.name == table_name)
    for uid, name in names.items():
        connection.execute(update(table).where(table.c.uid == uid).values(
            name=name, name_key=name_key(name)))


def set_uids(connection: Connection, table_name: str,
             uids: dict[tuple[str, str, str], str]) -> None:
    """Give rows of ``table_name`` found by (game, kind, name key) their uids."""
    table = next(t for t in synced_tables() if t.name == table_name)
    for (game, kind, key), uid in uids.items():
        connection.execute(update(table).where(
            table.c.game == game, table.c.kind == kind, table.c.name_key == key).values(uid=uid))


def create_tables(connection: Connection) -> None:
    """Make every table of the newest revision in an empty scratch database (a patch's
    source, read and thrown away: faster than migrating it step by step)."""
    from sqlmodel import SQLModel

    from chronicle.persistence import grouptables, models  # noqa: F401 (the whole schema)

    SQLModel.metadata.create_all(connection)
