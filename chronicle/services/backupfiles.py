"""Where backups go and how they are written, for ``backup`` and for the automatic backup taken
before a schema upgrade: safe names that never leave their folder, the backups folder
(readable by its owner only), files written whole or not at all through exclusive temporaries,
and never over the database in use.

Nothing here reads or writes the database through the services (``db`` calls
``before_migration`` while it opens a database), so ``db``, ``backup`` and the export import it
without a cycle.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from chronicle import paths
from chronicle.errors import AlreadyExists, BadInput, ChronicleError

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from chronicle.services.db import Database

JSON_SUFFIX = ".json"
FOLDER = "backups"
"""The folder backups go to: in the data folder, or next to a SQLite file (before upgrades)."""

Verify = Callable[[Path, Path], None]
"""Reads a file just written (first argument) back before it takes its name (second)."""


def safe_name(text: str, fallback: str = "chronicle") -> str:
    """A file name stem made of user text that can never leave its folder (ASCII letters,
    digits, ``-`` and ``_`` only; see ``chronicle.export.safefiles.safe_name``)."""
    from chronicle.export.safefiles import safe_name as stem

    return stem(text, fallback)


def inside(folder: Path, name: str) -> Path:
    """``folder / name``, checked to stay inside ``folder``.

    Raises:
        BadInput: ``name`` would leave the folder (a separator, ``..``, an absolute path).
    """
    target = folder / name
    if name in ("", ".", "..") or Path(name).name != name or \
            target.resolve().parent != folder.resolve():
        raise BadInput(f"{name!r} is not a plain file name; it would leave {folder}")
    return target


def stamp() -> str:
    """The current time in UTC as a file-name stamp."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def database_name(db_url: str) -> str:
    """A safe stem for backups of the database at ``db_url``: the SQLite file's stem or the
    server database's name."""
    from chronicle.persistence.engine import database_name as raw

    return safe_name(raw(db_url))


def backups_folder() -> Path:
    """The data folder's ``backups/`` (created, readable by its owner only)."""
    return folder_made(paths.user_data_dir() / FOLDER)


def folder_made(folder: Path) -> Path:
    """``folder``, created (readable by its owner only) when missing."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create the folder {folder}: {exc.strerror or exc}") from None
    return folder


def default_path(db: Database, note: str = "") -> Path:
    """A new timestamped file in the data folder's ``backups/``: ``<db>-<time>.db`` for a
    SQLite database, ``.json`` otherwise."""
    suffix = ".db" if db.backend == "sqlite" else JSON_SUFFIX
    return inside(backups_folder(), f"{database_name(db.url)}{note}-{stamp()}{suffix}")


def write_new(path: Path, data: bytes, *, force: bool = False,
              verify: Verify | None = None) -> None:
    """Write ``data`` to ``path`` whole or not at all, readable by its owner only; an existing
    file is replaced only with ``force``. ``verify`` reads the written file back (the
    restore's own validation, ``backup``'s) before it takes ``path``'s name.

    The temporary file is created exclusively (``O_EXCL``, never through a symbolic link), in
    the destination folder, with a random name, and removed whatever happens.
    """
    from chronicle.atomic import TemporaryRefused, write_private

    try:
        write_private(path, data, replace=force,
                      check=(lambda written: verify(written, path)) if verify else None)
    except TemporaryRefused as exc:
        from chronicle.export.safefiles import temporary_refused

        raise BadInput(temporary_refused(path, exc.temporary, exc.cause)) from None
    except FileExistsError:
        raise AlreadyExists(f"{path} already exists; choose another file, or overwrite it "
                            "with --force") from None
    except OSError as exc:
        raise BadInput(f"cannot write {path}: {exc.strerror or exc}") from None



def refuse_live(db: Database, target: Path) -> None:
    """Refuse to write over the database in use, its ``-wal`` or ``-shm`` file.

    Raises:
        BadInput: ``target`` is one of them.
    """
    if target.resolve() in live_files(db):
        raise BadInput(f"{target} is the database itself; choose another file")


def live_files(db: Database) -> set[Path]:
    """The files of a SQLite database (none for a server)."""
    from chronicle.persistence.engine import sqlite_path

    path = sqlite_path(db.url)
    if path is None:
        return set()
    path = path.resolve()
    return {path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")}


def before_migration(db_url: str, connection: Connection, revision: str) -> Path:
    """The automatic backup taken just before a database holding data is upgraded from
    ``revision`` (``migrate`` calls it holding the write lock): a SQLite copy in ``backups/``
    next to the database file, or a raw table dump (JSON) in the data folder's ``backups/``.

    Raises:
        ChronicleError: the backup could not be written; the upgrade does not run.
    """
    from chronicle.persistence.copies import copy_sqlite, dump_tables
    from chronicle.persistence.engine import HEAD, sqlite_path

    source = sqlite_path(db_url)
    name = f"{database_name(db_url)}-{revision}-before-{HEAD}-{stamp()}"
    try:
        if source is not None:
            target = inside(folder_made(source.parent / FOLDER), name + ".db")
            copy_sqlite(source, target)
        else:
            target = inside(backups_folder(), name + JSON_SUFFIX)
            write_new(target, json.dumps(dump_tables(connection), ensure_ascii=False)
                       .encode("utf-8"))
    except Exception as exc:
        raise ChronicleError(f"could not back up the database before upgrading its schema "
                             f"from revision {revision} ({exc}); nothing was changed") from None
    return target
