"""Schema steps that several revisions take: a table with its integer key and the indexes on
its owners, the name columns, a versioned row's version and timestamp, an append-only history
table, one column added to (or dropped from) several tables, and the timestamp type of new
columns per dialect.

Frozen like the revisions that call them: a revision must do forever what it did when it was
released, so a step is never changed once a revision uses it (a new need is a new step, and a
revision that wants something else spells it out itself).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from alembic import op


def timestamp() -> sa.DateTime:
    """The type of a timestamp column made from revision 0005 on: with time zone on PostgreSQL
    (0003 made every timestamp so), plain on SQLite (which has no such type)."""
    return sa.DateTime(timezone=op.get_bind().dialect.name == "postgresql")


def create_table(name: str, *items: sa.schema.SchemaItem, indexed: Iterable[str] = ()) -> None:
    """Table ``name``: an integer primary key ``id``, then ``items`` (columns and constraints);
    then a non-unique index ``ix_<name>_<column>`` on each column of ``indexed``."""
    op.create_table(name, sa.Column("id", sa.Integer(), primary_key=True), *items)
    for column in indexed:
        op.create_index(f"ix_{name}_{column}", name, [column])


def names() -> tuple[sa.Column[Any], sa.Column[Any]]:
    """A named row's ``name`` as written and its ``name_key`` (what makes it unique)."""
    return (sa.Column("name", sa.String(200), nullable=False),
            sa.Column("name_key", sa.String(200), nullable=False))


def versioned(stamped: str, stamp: sa.DateTime) -> tuple[sa.Column[Any], sa.Column[Any]]:
    """A row a write checks the version of (``version``, the number a write read) and its
    ``stamped`` timestamp."""
    return (sa.Column("version", sa.Integer(), nullable=False),
            sa.Column(stamped, stamp, nullable=False))


def reference(column: str, table: str, *, nullable: bool = False) -> sa.Column[Any]:
    """Column ``column``: the id of a row of ``table``."""
    return sa.Column(column, sa.Integer(), sa.ForeignKey(f"{table}.id"), nullable=nullable)


def create_history(name: str, owner: str, table: str, *, kind: int, stamp: sa.DateTime,
                   unique: str) -> None:
    """An append-only history: the events of a row of ``table`` (column ``owner``, indexed),
    numbered by ``seq`` (unique per owner: constraint ``unique``), each a ``kind`` (a string of
    at most ``kind`` characters), a JSON ``payload`` and when it was recorded."""
    create_table(
        name,
        reference(owner, table),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(kind), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("recorded_at", stamp, nullable=False),
        sa.UniqueConstraint(owner, "seq", name=unique),
        indexed=(owner,),
    )


def add_column(tables: Iterable[str], column: str, type_: Any, *, nullable: bool) -> None:
    """Column ``column`` added to each of ``tables`` (in batch mode: SQLite rebuilds a table
    where it cannot alter it in place)."""
    for table in tables:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column(column, type_, nullable=nullable))


def drop_column(tables: Iterable[str], column: str) -> None:
    """Column ``column`` dropped from each of ``tables`` (in batch mode)."""
    for table in tables:
        with op.batch_alter_table(table) as batch:
            batch.drop_column(column)
