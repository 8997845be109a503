"""The engine factory and schema migrations.

``open_engine(url)`` builds an engine for any SQLAlchemy URL (SQLite by default; PostgreSQL for a
play group), and ``migrate(engine)`` brings the schema to the newest Alembic revision; a new or
older database is upgraded on start. Nothing here runs at import time.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0002"
"""The newest revision; a test keeps it equal to Alembic's head. Knowing it without loading
Alembic lets an up-to-date database open quickly."""


def sqlite_path(url: str) -> Path | None:
    """The database file of a SQLite URL, or None for other databases and in-memory SQLite."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def open_engine(url: str) -> Engine:
    """An engine for ``url``. A new SQLite file is created readable by its owner only, with
    foreign keys enforced and write-ahead logging."""
    path = sqlite_path(url)
    connect_args: dict[str, Any] = {}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        connect_args = {"check_same_thread": False, "timeout": 30}
    engine = create_engine(url, connect_args=connect_args)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _config() -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest schema revision this version of chronicle knows."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def revisions() -> list[str]:
    """Every schema revision, oldest first."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(_config())
    return [r.revision for r in reversed(list(script.walk_revisions()))]


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def is_current(engine: Engine) -> bool:
    """True when the database is already at ``HEAD`` (checked without loading Alembic)."""
    from sqlalchemy import inspect, text

    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return False
        found = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    return [row[0] for row in found] == [HEAD]


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to ``revision`` (the newest by default), in one transaction."""
    if revision == "head" and is_current(engine):
        return
    from alembic import command

    config = _config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
