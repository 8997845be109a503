"""Every row of every table as plain values, for ``chronicle db check``: JSON columns are read
as their stored text (``CAST(… AS TEXT)``), so a row edited outside the program with text that
is not JSON, or JSON of the wrong shape, is read and named instead of failing the read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Text, cast, select

if TYPE_CHECKING:
    from sqlmodel import Session


def all_rows(session: Session) -> Iterator[tuple[str, frozenset[str], dict[str, Any]]]:
    """Each row of each table of the schema, by table in dependency order, then id: the
    table's name, the names of its JSON columns (their values are the stored text) and the
    row's columns."""
    from sqlmodel import SQLModel

    import chronicle.persistence.grouptables  # noqa: F401  (registers every table)

    for table in SQLModel.metadata.sorted_tables:
        json_columns = frozenset(c.name for c in table.columns  # JSON, or a type over it
                                 if isinstance(getattr(c.type, "impl", c.type), JSON))
        columns = [cast(c, Text).label(c.name) if c.name in json_columns else c
                   for c in table.columns]
        query = select(*columns)
        if "id" in table.columns:
            query = query.order_by(table.columns["id"])
        for row in session.connection().execute(query):
            yield table.name, json_columns, dict(row._mapping)
