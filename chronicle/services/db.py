"""Opening the database and running each use case as one transaction.

The URL comes from ``--db``, else ``CHRONICLE_DB``, else a SQLite file in the user data
directory. Opening migrates the schema to the newest revision. ``Database.transaction()``
yields a session whose work is committed at the end, or rolled back entirely on any error:
nothing is ever half-written.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from chronicle import paths

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlmodel import Session

DEFAULT_FILE = "chronicle.db"


def default_url() -> str:
    """``CHRONICLE_DB``, or the SQLite file in the user data directory."""
    configured = os.environ.get("CHRONICLE_DB")
    if configured:
        return configured
    return f"sqlite:///{paths.user_data_dir() / DEFAULT_FILE}"


class Database:
    """An open database: the engine and the unit of work."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session in one transaction: committed on success, rolled back on any error."""
        from sqlmodel import Session

        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()


def open_database(url: str | None = None, *, migrate: bool = True) -> Database:
    """Open (and by default migrate) the database at ``url`` or the default."""
    from chronicle.persistence.engine import migrate as run_migrations
    from chronicle.persistence.engine import open_engine

    chosen = url or default_url()
    engine = open_engine(chosen)
    if migrate:
        run_migrations(engine)
    return Database(engine, chosen)
