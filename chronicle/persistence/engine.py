"""The engine factory, schema migrations, and whole-database copies.

``open_engine(url)`` builds an engine for any SQLAlchemy URL: SQLite by default (the file is
created readable by its owner only, with write-ahead logging), PostgreSQL for a play group
(``postgres://`` and ``postgresql://`` URLs are driven by psycopg 3, every session in UTC).
On both, a write waiting for another writer's lock gives up after the same wait
(``CHRONICLE_LOCK_WAIT`` seconds, 30 by default: SQLite's busy timeout, PostgreSQL's
``lock_timeout``) with the same ``Conflict``; PostgreSQL sessions also have generous
``statement_timeout`` and ``idle_in_transaction_session_timeout`` backstops (``session_limits``).
``migrate(engine)`` brings the schema to the newest Alembic revision in one transaction, under a
lock so that two copies of chronicle starting at once never migrate twice, and calls a hook first
(the services take a backup there) when a database holding data is really about to be upgraded.

The raw material of backups and restores, ``copy_sqlite``, ``dump_tables`` and ``load_tables``,
is in ``chronicle.persistence.copies``. Nothing here runs at import time.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0009"
"""The newest revision; a test keeps it equal to Alembic's head. Knowing it without loading
Alembic lets an up-to-date database open quickly."""

TABLES_FORMAT = "arcadia-chronicle-tables"
"""The ``format`` of a raw table dump (``dump_tables``)."""
_MIGRATION_LOCK = 0x41524341
"""The PostgreSQL advisory lock key that serialises migrations ("ARCA")."""

LOCK_WAIT = 30.0
"""Seconds a write waits for another writer's lock before it is refused (``lock_wait``)."""
BACKSTOP = 600.0
"""Seconds of PostgreSQL's ``statement_timeout`` and ``idle_in_transaction_session_timeout``
(at least twice the lock wait): no statement of chronicle comes near it (a restore inserts
1,000 rows per statement, a backup reads a table per statement), so it stops only a statement
stuck for another reason, and frees within 10 minutes the locks of a member whose laptop
closed in the middle of a save (PostgreSQL would otherwise keep them until the connection is
found dead, about two hours with the usual TCP settings)."""

BeforeUpgrade = Callable[[Connection, str], None]
"""Called with the migration's connection (holding the write lock) and the revision the
database is at, just before a database that holds data is upgraded."""


def normalise_url(url: str) -> str:
    """``url`` with PostgreSQL URLs pointed at psycopg 3: ``postgres://`` and
    ``postgresql://`` (SQLAlchemy would pick psycopg2) become ``postgresql+psycopg://``.
    Other URLs, and PostgreSQL URLs naming a driver, are returned unchanged."""
    scheme, separator, rest = url.partition("://")
    if separator and scheme.lower() in ("postgres", "postgresql"):
        return f"postgresql+psycopg://{rest}"
    return url


def backend_of(url: str) -> str:
    """``sqlite``, ``postgresql`` or another SQLAlchemy backend name."""
    return make_url(normalise_url(url)).get_backend_name()


def sqlite_path(url: str) -> Path | None:
    """The database file of a SQLite URL, or None for other databases and in-memory SQLite."""
    parsed = make_url(normalise_url(url))
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:") \
            or str(parsed.database).startswith("file:"):
        return None
    return Path(parsed.database)


def sqlite_file(url: str) -> Path | None:
    """``sqlite_path``, or None for what is not a database URL at all (``open_engine`` says
    so when it opens it)."""
    from sqlalchemy.exc import ArgumentError

    try:
        return sqlite_path(url)
    except ArgumentError:
        return None


_SECRET_KEYS = ("password", "passwd", "pwd", "sslpassword", "passfile", "sslkey")


def safe_url(url: str) -> str:
    """``url`` with any password masked, for messages: the password of the user part (all of
    it up to the last ``@``, so a password holding an unencoded ``@`` never leaks its tail)
    and any password-like parameter (``?password=...``).

    >>> safe_url("postgresql://u:p@ss@host/db?sslmode=require&password=x")
    'postgresql://u:***@host/db?sslmode=require&password=***'
    """
    scheme, separator, rest = url.partition("://")
    if not separator:
        return scrub(url)
    address, question, query = rest.partition("?")
    before, at, after = address.rpartition("@")
    if at:
        user = before.split(":", 1)[0]
        address = f"{user}:***@{after}" if ":" in before else f"{user}@{after}"
    if question:
        parts = []
        for item in query.split("&"):
            key, equals, _value = item.partition("=")
            parts.append(f"{key}=***" if equals and key.lower() in _SECRET_KEYS else item)
        query = "&".join(parts)
    return f"{scheme}://{address}{question}{query}"


def scrub(text: str) -> str:
    """``text`` with anything that looks like a database URL's password masked (for
    exceptions and messages that may quote a URL)."""
    import re

    text = re.sub(r"(\w[\w+.-]*://[^:/@\s]*:)[^\s]*@(?=[^@\s]*(?:[/?\s]|$))", r"\1***@",
                  text)
    return re.sub(r"(?i)\b(" + "|".join(_SECRET_KEYS) + r")=[^&\s'\"]*", r"\1=***", text)


def lock_wait(*, strict: bool = False) -> float:
    """Seconds a write waits for another writer's lock: the ``CHRONICLE_LOCK_WAIT`` setting
    (tests shorten it), else ``LOCK_WAIT``.

    Raises:
        BadInput: (with ``strict``) the setting is not a number of seconds; else the default.
    """
    setting = os.environ.get("CHRONICLE_LOCK_WAIT", "").strip()
    if not setting:
        return LOCK_WAIT
    try:
        seconds = float(setting)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 86_400:
        if not strict:
            return LOCK_WAIT
        from chronicle.errors import BadInput

        raise BadInput(f"CHRONICLE_LOCK_WAIT is {setting[:40]!r}; give the seconds a write "
                       "may wait for another writer's lock (more than 0, at most 86400), "
                       "e.g. 30")
    return seconds


def session_limits(wait: float) -> str:
    """The ``options`` of a PostgreSQL connection: UTC, and how long a statement may wait for a
    lock (``wait`` seconds), run, or a transaction idle (``BACKSTOP``, at least twice ``wait``)
    before the server stops it."""
    backstop = max(BACKSTOP, 2 * wait)
    return (f"-c timezone=UTC -c lock_timeout={round(wait * 1000)} "
            f"-c statement_timeout={round(backstop * 1000)} "
            f"-c idle_in_transaction_session_timeout={round(backstop * 1000)}")


def _seconds(value: float) -> str:
    return f"{value:g} second" + ("" if value == 1 else "s")


def open_engine(url: str) -> Engine:
    """An engine for ``url``. A new SQLite file is created readable by its owner only (its
    folder too, when created), with foreign keys enforced and write-ahead logging; PostgreSQL
    sessions run in UTC and are checked before use (a restarted server is reconnected).

    Raises:
        BadInput: ``url`` is not a database URL chronicle can use.
        ChronicleError: the SQLite file cannot be created.
    """
    from sqlalchemy import exc

    from chronicle.errors import BadInput, ChronicleError

    url = normalise_url(url)
    address = url.partition("://")[2].partition("?")[0]
    if address.count("@") > 1:
        raise BadInput(f"{safe_url(url)}: the user and password part holds more than one '@'; "
                       "write an '@' inside the password as %40 (and ':' as %3A, '/' as %2F)")
    connect_args: dict[str, Any] = {}
    options: dict[str, Any] = {}
    wait = lock_wait(strict=True)
    try:
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not path.exists():
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
            connect_args = {"check_same_thread": False, "timeout": wait}
        elif make_url(url).get_backend_name() == "postgresql":
            connect_args = {"options": session_limits(wait), "connect_timeout": 10,
                            "application_name": "arcadia-chronicle"}
            options = {"pool_pre_ping": True}
        engine = create_engine(url, connect_args=connect_args, **options)
    except (exc.ArgumentError, exc.NoSuchModuleError, ValueError) as error:
        raise BadInput(f"{safe_url(url)} is not a database URL Arcadia Chronicle can use "
                       f"({scrub(str(error))[:200]}); for example "
                       "sqlite:////home/me/chronicle.db or "
                       "postgresql://user:password@server/chronicle") from None
    except ImportError as error:
        raise BadInput(f"{safe_url(url)} needs a database driver that is not installed "
                       f"({error.name or error}); Arcadia Chronicle comes with the drivers for "
                       "SQLite and PostgreSQL") from None
    except OSError as error:
        raise ChronicleError(f"cannot create the database {safe_url(url)}: "
                             f"{error.strerror or error}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _first_line(error: BaseException) -> str:
    """The first line of the driver's message (never the SQL statement or its parameters,
    which SQLAlchemy appends), any password masked."""
    original = getattr(error, "orig", None) or error
    lines = str(original).strip().splitlines()
    return scrub(lines[0])[:300] if lines else type(original).__name__


def _unique_violation(error: BaseException) -> bool:
    """True for two writers saving the same name or number; False for a primary key (ids come
    from the database, so a clash there is a bug and stays visible)."""
    original = getattr(error, "orig", None)
    if getattr(original, "sqlstate", None) == "23505":
        constraint = getattr(getattr(original, "diag", None), "constraint_name", None) or ""
        return not constraint.endswith("_pkey")
    text = str(original)
    return "UNIQUE constraint failed" in text and not text.rstrip().endswith(".id")


def service_error(error: Exception, url: str, *, committing: bool = False) -> Exception | None:
    """The services' error for a database error (``chronicle.errors``), or None when
    ``error`` is none (or a bug, which must stay visible as an internal error).

    A value the database cannot store is ``BadInput``; two writers colliding on a unique key, a
    deadlock or a serialisation failure is a ``Collision`` (run the use case again); a lock
    held too long (SQLite's busy timeout, PostgreSQL's ``lock_timeout`` or ``statement_timeout``)
    is a ``Conflict``; an unreachable server or a damaged file is a
    ``ChronicleError`` naming the database (password hidden). ``committing``: the error came
    while committing, so the change may or may not have been saved."""
    from sqlalchemy import exc

    from chronicle.errors import BadInput, ChronicleError, Collision, Conflict

    where = safe_url(url)
    if isinstance(error, OverflowError):  # SQLite's driver, before the database sees it
        return BadInput(f"a number is too large for the database ({error}); nothing was "
                        "written")
    if isinstance(error, exc.DataError):
        return BadInput(f"the database refused a value: {_first_line(error)}; nothing was "
                        "written")
    if isinstance(error, exc.IntegrityError) and _unique_violation(error):
        return Collision("someone else saved the same thing at the same moment; nothing was "
                         "written: try again")
    if isinstance(error, exc.OperationalError):
        code = getattr(getattr(error, "orig", None), "sqlstate", None)
        if code in ("40001", "40P01"):  # a serialisation failure or a deadlock: one lost
            return Collision("another writer changed the same records at the same moment; "
                             "nothing was written: try again")
        if "database is locked" in str(error) or code == "55P03":  # PostgreSQL's lock_timeout
            return Conflict(f"{where} stayed locked by another writer for "
                            f"{_seconds(lock_wait())}; nothing was written: try again")
        if code == "57014":  # statement_timeout (``session_limits``): a statement stuck
            return Conflict(f"{where} stopped a statement that ran longer than the server "
                            "allows (statement_timeout); nothing was written: try again")
        if "readonly database" in str(error) or "read-only database" in str(error):
            return ChronicleError(
                f"{where} cannot be written: {_first_line(error)}; make the database file "
                "and its -wal and -shm files (next to it) writable by you (chmod u+w), or "
                "remove the -shm file while no one uses the database; nothing was written")
        if committing:
            return ChronicleError(f"the connection to {where} failed while saving "
                                  f"({_first_line(error)}); the change may or may not have "
                                  "been saved: look before trying again")
        return ChronicleError(f"cannot use the database {where}: {_first_line(error)}; "
                              "nothing was written")
    if isinstance(error, exc.ProgrammingError):
        return _programming_error(error, where)
    if isinstance(error, exc.DatabaseError) and not isinstance(error, exc.IntegrityError):
        return ChronicleError(f"cannot use the database {where}: {_first_line(error)}")
    return None


GRANTS = ("GRANT USAGE ON SCHEMA public TO {login}; "
          "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {login}; "
          "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {login};")
"""What one member's PostgreSQL login needs on the group's database (the tables' owner, who
runs the migrations, needs nothing more)."""


def _programming_error(error: Exception, where: str) -> Exception | None:
    """A connection setting the driver does not know, or a login without rights on the
    tables, as a message saying what to do; None for anything else (a bug)."""
    from chronicle.errors import BadInput, ChronicleError

    original = getattr(error, "orig", None)
    text = _first_line(error)
    if "invalid connection option" in text or "invalid dsn" in text or \
            "invalid URI query parameter" in text:
        return BadInput(f"the database URL {where} has a setting PostgreSQL does not know "
                        f"({text}); remove it from the URL (after '?'), or use one of "
                        "sslmode, connect_timeout, application_name")
    if getattr(original, "sqlstate", None) == "42501":  # insufficient privilege
        login = make_url(normalise_url(where.replace("***", "x"))).username or "<login>"
        database = make_url(normalise_url(where.replace("***", "x"))).database or "<database>"
        grants = GRANTS.format(login=login)
        return ChronicleError(
            f"the login {login!r} may not use the tables of {where} ({text}); the owner of "
            f"the database can give it the rights a member needs:\n  psql -d {database} -c "
            f"\"{grants}\"\nnothing was written")
    return None


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


def current_revision(engine: Engine | Connection) -> str | None:
    """The revision the database is at (None for an empty database)."""
    from alembic.runtime.migration import MigrationContext

    if isinstance(engine, Connection):
        return MigrationContext.configure(engine).get_current_revision()
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


def lock_for_writing(connection: Connection) -> None:
    """Take the database's write lock for the rest of ``connection``'s transaction: SQLite's
    ``BEGIN IMMEDIATE`` (other writers wait, readers go on), PostgreSQL's EXCLUSIVE lock on
    every table (the same). Call it first in the transaction."""
    from sqlalchemy import inspect

    if connection.dialect.name == "sqlite":
        if not connection.connection.driver_connection.in_transaction:  # type: ignore[union-attr]
            connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif connection.dialect.name == "postgresql":
        names = [n for n in inspect(connection).get_table_names() if n != "alembic_version"]
        if names:
            quote = connection.dialect.identifier_preparer.quote
            connection.exec_driver_sql(f"LOCK TABLE {', '.join(quote(n) for n in names)} "
                                       "IN EXCLUSIVE MODE")


def holds_data(connection: Connection) -> bool:
    """True when any table other than Alembic's holds a row."""
    from sqlalchemy import MetaData, exists, select

    meta = MetaData()
    meta.reflect(connection)
    return any(connection.execute(select(exists(select(table)))).scalar()
               for name, table in meta.tables.items() if name != "alembic_version")


def rows_held(connection: Connection) -> dict[str, int]:
    """Rows per table (Alembic's aside), for the tables that hold any."""
    from sqlalchemy import MetaData, func, select

    meta = MetaData()
    meta.reflect(connection)
    counts = {table.name: int(connection.execute(select(func.count()).select_from(table))
                              .scalar() or 0)
              for table in meta.sorted_tables if table.name != "alembic_version"}
    return {name: n for name, n in counts.items() if n}


def empty_tables(connection: Connection) -> None:
    """Delete every row of every table (Alembic's aside), inside the caller's transaction."""
    from sqlalchemy import MetaData

    meta = MetaData()
    meta.reflect(connection)
    for table in reversed(meta.sorted_tables):
        if table.name != "alembic_version":
            connection.execute(table.delete())


def database_name(url: str) -> str:
    """The name of the database at ``url``: the SQLite file's stem, or the server database's
    name ("chronicle" when there is none)."""
    path = sqlite_path(url)
    if path is not None:
        return path.stem
    try:
        return make_url(normalise_url(url)).database or "chronicle"
    except Exception:  # an unreadable URL: any name does
        return "chronicle"


def migrate(engine: Engine, revision: str = "head", *,
            before_upgrade: BeforeUpgrade | None = None) -> None:
    """Upgrade the schema to ``revision`` (the newest by default), in one transaction.

    Two processes opening an old database at once serialise on a lock (SQLite's write lock, a
    PostgreSQL advisory lock): the second finds the work done. ``before_upgrade`` runs inside
    the lock, before anything changes, when the database holds data.

    Raises:
        ChronicleError: the database is at a revision this chronicle does not know (a newer
            chronicle upgraded it); nothing is changed.
    """
    if revision == "head" and is_current(engine):
        return
    from alembic import command
    from sqlalchemy import text

    known = revisions()
    target = known[-1] if revision == "head" else revision
    config = _config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": _MIGRATION_LOCK})
        else:
            lock_for_writing(connection)
        current = current_revision(connection)
        if current == target:
            return
        if current is not None and current not in known:
            from chronicle.errors import ChronicleError

            raise ChronicleError(
                f"this database is at schema revision {current}, which this Arcadia Chronicle "
                f"does not know (it knows {known[0]} to {known[-1]}): a newer version "
                "upgraded it; upgrade Arcadia Chronicle. Nothing was changed.")
        if before_upgrade is not None and current is not None and holds_data(connection):
            before_upgrade(connection, current)
        config.attributes["connection"] = connection
        command.upgrade(config, target)
