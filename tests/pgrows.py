"""Rows of a PostgreSQL test database copied into another (``dbfixtures.Databases.built``):
each table's rows as ``COPY ... TO STDOUT`` writes them and each used sequence's last value,
written back into an emptied database at the same revision with ``COPY ... FROM STDIN`` and
``setval``: the same rows with the same ids, in a few dozen milliseconds where
``CREATE DATABASE ... TEMPLATE`` takes a few hundred."""

from __future__ import annotations

from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool


def dump(url: str) -> tuple[list[tuple[str, bytes]], list[tuple[str, int]]]:
    """The rows of every table of the database at ``url`` (as ``COPY ... TO STDOUT`` writes
    them, parents first) and the last value of every sequence used."""
    from sqlmodel import SQLModel

    import chronicle.persistence.grouptables  # noqa: F401  (registers every table)

    engine = create_engine(url, poolclass=NullPool)
    tables: list[tuple[str, bytes]] = []
    try:
        with engine.connect() as connection:
            raw = connection.connection.driver_connection
            assert raw is not None
            with raw.cursor() as cursor:
                for table in SQLModel.metadata.sorted_tables:
                    with cursor.copy(f'COPY "{table.name}" TO STDOUT') as copy:
                        rows = b"".join(bytes(chunk) for chunk in copy)
                    if rows:
                        tables.append((table.name, rows))
                cursor.execute("SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename),"
                               " last_value FROM pg_sequences WHERE last_value IS NOT NULL")
                sequences = [(str(seq), int(value)) for seq, value in cursor.fetchall()]
            raw.rollback()
    finally:
        engine.dispose()
    return tables, sequences


def load(url: str, tables: list[tuple[str, bytes]], sequences: list[tuple[str, int]]) -> None:
    """Write what ``dump`` read into the emptied, migrated database at ``url``, in one
    transaction: the same rows with the same ids, the sequences where they were."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            raw = connection.connection.driver_connection
            assert raw is not None
            with raw.cursor() as cursor:
                for table, rows in tables:
                    with cursor.copy(f'COPY "{table}" FROM STDIN') as copy:
                        copy.write(rows)
                for sequence, value in sequences:
                    cursor.execute("SELECT setval(%s, %s, true)", (sequence, value))
            raw.commit()
    finally:
        engine.dispose()
