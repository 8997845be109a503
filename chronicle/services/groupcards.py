"""The play group's cards for the commands that open no database: ``chronicle check`` and
``chronicle odds`` read the ``group_card`` rows of the database configured (``--db``, else
``CHRONICLE_DB``, else the default file when it exists) and hand them to the catalogs
(``chronicle.catalog.group``), so a card the group created or corrected counts there too.

A SQLite file is read read-only with the standard library's ``sqlite3``: these commands start
fast and never load SQLAlchemy or the migrations (nothing is written, not even a migration). A
PostgreSQL database is read through the usual stack (``open_database``). No database configured,
a SQLite file that does not exist, or one without the table, is not an error: there are no
group cards then. A database that cannot be read gives a warning, and the command goes on
without its cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote


def _sqlite_file(url: str) -> Path | bool | None:
    """The file of a SQLite URL; None for in-memory SQLite; False for any other database."""
    scheme, separator, rest = url.partition("://")
    if not separator or scheme.split("+", 1)[0].lower() != "sqlite":
        return False
    name = unquote(rest[1:].partition("?")[0]) if rest.startswith("/") else ""
    if name in ("", ":memory:") or name.startswith("file:"):
        return None
    return Path(name)


def _from_sqlite(path: Path, game: str) -> tuple[list[dict[str, Any]], str | None]:
    import sqlite3

    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                     timeout=5)
        try:
            if connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                                  "name = 'group_card'").fetchone() is None:
                return [], None
            rows = connection.execute("SELECT data FROM group_card WHERE game = ? ORDER BY id",
                                      (game,)).fetchall()
        finally:
            connection.close()
    except sqlite3.Error as exc:
        return [], f"the group's cards in {path} could not be read ({exc}); going on " \
                   "without them"
    tables: list[dict[str, Any]] = []
    for (data,) in rows:
        try:
            table = json.loads(data) if isinstance(data, str | bytes) else None
        except ValueError:
            table = None
        if isinstance(table, dict):
            tables.append(table)
    return tables, None


def _through_the_stack(url: str, game: str) -> tuple[list[dict[str, Any]], str | None]:
    from chronicle.errors import ChronicleError
    from chronicle.persistence import repository as repo
    from chronicle.persistence.engine import safe_url
    from chronicle.services.db import open_database

    try:
        db = open_database(url)
    except ChronicleError as exc:
        return [], f"the group's cards in {safe_url(url)} could not be read: {exc}; going " \
                   "on without them"
    try:
        with db.transaction() as session:
            return [data for _id, _version, data in repo.group_cards(session, game)], None
    except ChronicleError as exc:
        return [], f"the group's cards in {safe_url(url)} could not be read: {exc}; going " \
                   "on without them"
    finally:
        db.close()


def read_tables(url: str | None, game: str) -> tuple[list[dict[str, Any]], str | None]:
    """The group's ``[[card]]`` tables of ``game`` in the database at ``url`` (else
    ``CHRONICLE_DB``, else the default file), oldest first, and a warning when the database
    could not be read (None otherwise, also when there is no database)."""
    from chronicle.services.db import default_url

    chosen = url or default_url()
    path = _sqlite_file(chosen)
    if path is None:
        return [], None
    if isinstance(path, Path):
        return _from_sqlite(path, game) if path.is_file() else ([], None)
    return _through_the_stack(chosen, game)


def use_group_cards(url: str | None, game: str) -> str | None:
    """Read the group's cards of ``game`` (``read_tables``) into the catalogs built from now
    on (``chronicle.catalog.group``); returns the warning, if any."""
    from chronicle.catalog import group

    tables, warning = read_tables(url, game)
    group.use(game, tables)
    return warning
