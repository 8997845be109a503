"""Opening the database and running each use case as one transaction.

The URL comes from ``--db``, else ``CHRONICLE_DB``, else a SQLite file in the user data
directory; a play group shares one PostgreSQL server with ``postgresql://user:pass@host/db``.
Opening migrates the schema to the newest revision, taking a backup first when a database that
holds data is really upgraded (``chronicle.services.backupfiles``).

``Database.transaction()`` yields a session whose work is committed at the end, or rolled back
entirely on any error: nothing is ever half-written. ``Database.reading()`` yields a Core
connection for a use case that only reads. The database's own refusals become the
services' errors (a value too long or unstorable is ``BadInput``, two writers colliding is a
``Conflict``, an unreachable server a ``ChronicleError`` naming it), so no traceback reaches
the user. ``Database.run(work)`` runs ``work`` in a transaction and, when another writer got to
the same character first, runs it again on the fresh state, a bounded number of times.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from chronicle import paths
from chronicle.errors import ChronicleError, Conflict

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine
    from sqlmodel import Session

DEFAULT_FILE = "chronicle.db"
ATTEMPTS = 10
"""How many times ``Database.run`` tries a use case that keeps colliding with other writers."""
T = TypeVar("T")


def _named_folder_exists(url: str, named: str | None) -> None:
    """A SQLite file the user named (``--db``, ``CHRONICLE_DB``) goes in a folder that exists:
    only the default file's data folder is created.

    Raises:
        BadInput: the named file's folder does not exist.
    """
    from chronicle.errors import BadInput
    from chronicle.persistence.engine import sqlite_file

    path = sqlite_file(url) if named else None  # None too for no URL: ``open_engine`` says so
    if path is not None and not path.parent.is_dir():
        raise BadInput(f"the folder {path.parent} of the database {named} does not exist; "
                       "create it first, or name a file in an existing folder")


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
        self.retries = 0
        """How many times ``run`` ran a use case again after a collision (for figures)."""
        self.most_tries = 0
        """The most tries one use case of ``run`` took (for figures)."""
        self.group_cards: bool | None = None
        """Whether the database has the group's cards (revision 0004); looked up once."""

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql`` (or another SQLAlchemy dialect name)."""
        return str(self.engine.dialect.name)

    @contextmanager
    def transaction(self, *, lock: bool = False) -> Iterator[Session]:
        """A session in one transaction: committed on success, rolled back on any error.
        ``lock``: pessimistic, the characters and games it reads are locked (on SQLite the
        whole database is, for writing) until it ends (``repository.lock_reads``)."""
        from chronicle.persistence.guard import install, open_session

        body_done = False
        try:
            with open_session(self.engine) as session, session.begin():
                install(session)
                if lock:
                    from chronicle.persistence.repository import lock_reads

                    lock_reads(session)
                self._sync_group_cards(session)
                yield session
                body_done = True
        except ChronicleError:
            raise
        except Exception as exc:
            from chronicle.persistence.engine import service_error

            translated = service_error(exc, self.url, committing=body_done)
            if translated is None:
                raise
            raise translated from exc

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection in one transaction that only reads (rolled back at the end), for a
        use case that shows and never writes (``chronicle character show``): SQLAlchemy's Core
        alone, so such a command imports neither the ORM nor pydantic (start-up). It reads
        what a session's transaction would, through :mod:`chronicle.persistence.reads`."""
        try:
            with self.engine.connect() as connection, connection.begin() as work:
                self._sync_group_cards(connection)
                yield connection
                work.rollback()  # nothing was written: nothing to commit
        except ChronicleError:
            raise
        except Exception as exc:
            from chronicle.persistence.engine import service_error

            translated = service_error(exc, self.url)
            if translated is None:
                raise
            raise translated from exc

    def sync_cards(self) -> None:
        """Read this database's group cards into the catalog's group layer now, for a use
        case that builds its catalog before its transaction (``grouplayer``)."""
        with self.reading():
            pass

    def _sync_group_cards(self, session: Session | Connection) -> None:
        """Make this database's group cards the catalog's group layer (``grouplayer``)."""
        from chronicle.services import grouplayer

        if self.group_cards is None:
            from chronicle.persistence.reads import has_table

            self.group_cards = has_table(session, "group_card")
        if self.group_cards:
            grouplayer.sync(session)
        else:
            grouplayer.forget()

    def run(self, work: Callable[[Session], T], *, attempts: int = ATTEMPTS) -> T:
        """``work`` in one transaction; when it collides with another writer (a
        ``Collision``: the character changed between its reads and its writes), run again on
        the fresh state, up to ``attempts`` times. The first try is optimistic (it locks
        nothing while it checks); the tries after a collision lock what they read first
        (``transaction(lock=True)``), so they cannot lose the same race again.

        Raises:
            Conflict: still colliding after ``attempts`` tries (the last collision's message).
        """
        from chronicle.persistence.repository import Collision

        for attempt in range(1, attempts + 1):
            try:
                self.most_tries = max(self.most_tries, attempt)
                with self.transaction(lock=attempt > 1) as session:
                    return work(session)
            except Collision as exc:
                if attempt == attempts:
                    raise Conflict(f"{exc} (tried {attempts} times)") from exc
                self.retries += 1
                time.sleep(random.uniform(0, 0.002 * attempt))
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        """Release every connection (and the group's cards read from this database)."""
        from chronicle.services import grouplayer

        grouplayer.forget()
        self.engine.dispose()


def _before_upgrade(url: str) -> Callable[[Connection, str], None]:
    def take_backup(connection: Connection, revision: str) -> None:
        from chronicle.services.backupfiles import before_migration

        before_migration(url, connection, revision)

    return take_backup


def open_database(url: str | None = None, *, migrate: bool = True) -> Database:
    """Open (and by default migrate) the database at ``url`` or the default.

    Raises:
        BadInput: ``url`` is not a database URL chronicle can use.
        ChronicleError: the database cannot be reached, opened or upgraded (nothing changed).
    """
    from chronicle.persistence.engine import migrate as run_migrations
    from chronicle.persistence.engine import normalise_url, open_engine, service_error

    chosen = normalise_url(url or default_url())
    _named_folder_exists(chosen, url or os.environ.get("CHRONICLE_DB"))
    engine = open_engine(chosen)
    if migrate:
        try:
            run_migrations(engine, before_upgrade=_before_upgrade(chosen))
        except ChronicleError:
            engine.dispose()
            raise
        except Exception as exc:
            engine.dispose()
            translated = service_error(exc, chosen)
            if translated is None:
                raise
            raise translated from exc
    return Database(engine, chosen)
