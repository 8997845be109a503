"""Backups and restores of the whole database, safe while the app is running.

Three kinds of file:

- a SQLite copy (``.db``, ``.sqlite``, ``.sqlite3``) of a SQLite database, made with SQLite's
  online backup API: a consistent copy of the last committed state even while others write;
- the JSON export (``.json``, ``chronicle.services.transfer``) of any database, read from one
  consistent snapshot (a SQLite copy, or a PostgreSQL repeatable-read transaction);
- a raw table dump (JSON, ``chronicle.persistence.copies.dump_tables``): what is taken of a
  PostgreSQL database just before its schema is upgraded, at its old revision.

``restore`` reads any of them, checks it completely before touching the database (a SQLite
copy or a table dump is first brought to the newest schema in a throwaway SQLite file and read
back as an export, so every backup passes the same validation), refuses a database that holds
anything unless ``force`` is given, and then, holding the database's write lock, takes a backup
of what is there, empties it and loads the backup in one transaction: all of it, or nothing.

Backups are written whole or not at all, readable by their owner only, never over an existing
file. A default name is made from the database's name with ``safe_name``, so a name derived
from user text never leaves its folder.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.atomic import place, temporary_for
from chronicle.domain.limits import BACKUP_MAX_BYTES
from chronicle.errors import AlreadyExists, BadInput, ChronicleError, Refused
from chronicle.services.backupfiles import (  # names and places, re-exported
    FOLDER,
    JSON_SUFFIX,
    backups_folder,
    before_migration,
    database_name,
    default_path,
    inside,
    live_files,
    refuse_live,
    safe_name,
    stamp,
    write_new,
)
from chronicle.services.db import Database

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from chronicle.services.transfer import ExportModel

SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")
MAX_BYTES = BACKUP_MAX_BYTES
"""The largest backup file ``restore`` reads."""
__all__ = ["FOLDER", "JSON_SUFFIX", "backups_folder", "before_migration", "database_name",
           "default_path", "inside", "refuse_live", "safe_name"]
SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass
class BackupResult:
    """A backup written: where, what kind, and the rows per table it holds (JSON export)."""

    path: Path
    kind: str
    """``sqlite`` or ``json``."""
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class RestoreResult:
    """A restore done: rows per table, and the backup taken of what was replaced (if any)."""

    counts: dict[str, int]
    replaced: Path | None = None


# --- names and places (``backupfiles``) and writing ------------------------------------------

def _write_new(path: Path, data: bytes, *, force: bool = False,
               verify: bool = False) -> None:
    """``backupfiles.write_new``, reading the file back through ``read_backup`` with
    ``verify``."""
    write_new(path, data, force=force, verify=_verify if verify else None)


def _verify(written: Path, path: Path) -> None:
    """Read the backup just written back through ``read_backup``.

    Raises:
        ChronicleError: it would not restore (the problems named; nothing is left behind).
    """
    try:
        read_backup(written)
    except BadInput as exc:
        raise ChronicleError(
            f"the backup was not written: reading it back, {path} would not restore:\n"
            + str(exc).replace(str(written), str(path))
            + "\nfix the values named above (they predate the checks, or were edited outside "
              "the program: 'chronicle db check' names each such row), then back up again"
        ) from None


# --- backup ------------------------------------------------------------------------------------

def backup(db: Database, path: Path | None = None, *, force: bool = False) -> BackupResult:
    """Write a consistent backup of ``db`` while it may be in use: to ``path`` (``.json``
    for the JSON export of any database, ``.db``/``.sqlite``/``.sqlite3`` for a SQLite copy of a
    SQLite database), or by default to a new timestamped file in the data folder's
    ``backups/``.

    Raises:
        AlreadyExists: ``path`` exists and ``force`` is false.
        BadInput: an unknown extension, a SQLite copy of a PostgreSQL database, or a file that
            cannot be written (nothing is written then).
    """
    target = path if path is not None else default_path(db)
    suffix = target.suffix.lower()
    if target.is_dir():
        raise BadInput(f"{target} is a folder; name the backup file, e.g. "
                       f"{target / ('chronicle' + ('.db' if db.backend == 'sqlite' else '.json'))}")
    if suffix not in (*SQLITE_SUFFIXES, JSON_SUFFIX):
        raise BadInput(f"{target}: name a backup .json (the JSON export, any database) or .db "
                       "(a SQLite copy of a SQLite database)")
    if not target.parent.is_dir():
        raise BadInput(f"cannot write {target}: the folder {target.parent} does not exist")
    if target.exists() and not force:
        raise AlreadyExists(f"{target} already exists; choose another file, or overwrite it "
                            "with --force")
    refuse_live(db, target)
    if suffix == JSON_SUFFIX:
        document = snapshot_export(db)
        from chronicle.services.transfer import counts_of

        _write_new(target, (json.dumps(document, indent=2, ensure_ascii=False) + "\n")
                   .encode("utf-8"), force=force, verify=True)
        return BackupResult(target, "json", counts_of(document))
    if db.backend != "sqlite":
        raise BadInput(f"{target}: a {db.backend} database is backed up as JSON; name the "
                       "file .json")
    _sqlite_copy_to(db, target, force=force, verify=True)
    return BackupResult(target, "sqlite")


def _sqlite_file(db: Database) -> Path:
    from chronicle.persistence.engine import sqlite_path

    source = sqlite_path(db.url)
    if source is None:
        raise BadInput("an in-memory database cannot be copied; back it up as .json")
    return source


def _sqlite_copy_to(db: Database, target: Path, *, force: bool = False,
                    verify: bool = False) -> None:
    """A SQLite online-backup copy of ``db`` at ``target``, placed whole or not at all (read
    back through ``read_backup`` first, with ``verify``)."""
    import sqlite3

    from chronicle.persistence.copies import copy_sqlite

    temporary = temporary_for(target)
    try:
        copy_sqlite(_sqlite_file(db), temporary)
    except FileExistsError as exc:  # the name is taken (a planted link): not ours to remove
        from chronicle.export.safefiles import temporary_refused

        raise BadInput(temporary_refused(target, temporary, exc)) from None
    except sqlite3.Error as exc:
        raise ChronicleError(f"cannot copy the database: {exc}") from None
    except OSError as exc:
        raise BadInput(f"cannot write {target}: {exc.strerror or exc}") from None
    try:
        if verify:
            _verify(temporary, target)
        place(temporary, target, force)
    except FileExistsError:
        raise AlreadyExists(f"{target} already exists; choose another file, or overwrite it "
                            "with --force") from None
    except sqlite3.Error as exc:
        raise ChronicleError(f"cannot copy the database: {exc}") from None
    except OSError as exc:
        raise BadInput(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        temporary.unlink(missing_ok=True)


def snapshot_export(db: Database) -> dict[str, Any]:
    """The JSON export of ``db`` read from one consistent snapshot: a SQLite copy taken with
    the online backup API, or a PostgreSQL repeatable-read transaction (plain reads outside
    one transaction could mix the states before and after another client's write)."""
    from chronicle.services.db import open_database
    from chronicle.services.transfer import export_all

    if live_files(db):
        with tempfile.TemporaryDirectory(prefix="chronicle-backup-") as folder:
            copy = Path(folder) / "snapshot.db"
            _sqlite_copy_to(db, copy)
            snapshot = open_database(f"sqlite:///{copy}", migrate=False)
            try:
                return export_all(snapshot)
            finally:
                snapshot.close()
    isolated = db.engine.execution_options(isolation_level="REPEATABLE READ") \
        if db.backend == "postgresql" else db.engine
    return export_all(Database(isolated, db.url))


# --- reading a backup -------------------------------------------------------------------------

def read_backup(path: Path) -> ExportModel:
    """Read and check a backup file of any kind completely, without touching any database:
    the export document it amounts to.

    Raises:
        BadInput: the file cannot be read or is not a usable backup (with every problem the
            export validation finds, located by JSON path).
    """
    from chronicle.persistence.engine import TABLES_FORMAT
    from chronicle.reading import read_bytes
    from chronicle.services.transfer import validate_export

    _small_enough(path)
    head = read_bytes(path, limit=len(SQLITE_MAGIC), what="backup", head=True)
    if head == SQLITE_MAGIC:
        return _from_sqlite(path)
    document = _json_of(path)
    if isinstance(document, dict) and document.get("format") == TABLES_FORMAT:
        return _from_tables(path, document)
    return validate_export(path)


def _small_enough(path: Path) -> bool:
    """True for a regular file of at most ``MAX_BYTES`` (read only its head to tell its kind).

    Raises:
        BadInput: the path is missing, not a regular file, too big or unreadable.
    """
    from chronicle.reading import read_bytes, shown_path, special_kind

    try:
        info = path.stat()
    except (OSError, ValueError):
        read_bytes(path, what="backup")  # raises the right message (missing, NUL, denied)
        raise
    kind = special_kind(info.st_mode)
    if kind is not None:
        raise BadInput(f"{shown_path(path)} is {kind}, not a backup; only regular files are "
                       "read")
    if info.st_size > MAX_BYTES:
        raise BadInput(f"{shown_path(path)} is {info.st_size:,} bytes, more than a backup of "
                       f"Arcadia Chronicle holds ({MAX_BYTES:,}); it is not one")
    return True


def _json_of(path: Path) -> Any:
    """The parsed JSON of ``path``, or None (the export validation then reports why)."""
    from chronicle.reading import decode, parse_json, read_bytes

    try:
        return parse_json(decode(read_bytes(path, limit=MAX_BYTES), path), path)
    except (BadInput, ValueError):
        return None


def _through_export(path: Path, work: Any) -> ExportModel:
    """Run ``work(url)`` on a throwaway SQLite database, bring it to the newest schema, and
    check what it holds as an export. Anything that goes wrong there is the backup's fault."""
    from chronicle.persistence.engine import migrate, open_engine
    from chronicle.services.transfer import export_all, validate_export

    with tempfile.TemporaryDirectory(prefix="chronicle-restore-") as folder:
        url = f"sqlite:///{Path(folder) / 'restore.db'}"
        try:
            work(Path(folder), url)
            engine = open_engine(url)
            try:
                migrate(engine)
                document = export_all(Database(engine, url))
            finally:
                engine.dispose()
        except BadInput:
            raise
        except Exception as exc:  # a throwaway copy: whatever fails, the backup is unusable
            raise BadInput(f"{path} is not a usable backup of Arcadia Chronicle: "
                           f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}; "
                           "nothing was written") from None
        exported = Path(folder) / "restore.json"
        try:
            text = json.dumps(document, ensure_ascii=False)
        except (TypeError, ValueError):
            raise BadInput(f"{path} holds a value no Arcadia Chronicle database holds ("
                           f"{_binary_at(document)}); it is not a usable backup; nothing was "
                           "written") from None
        exported.write_text(text, encoding="utf-8")
        try:
            return validate_export(exported)
        except BadInput as exc:
            raise BadInput(str(exc).replace(str(exported), str(path))) from None


def _binary_at(document: Any, where: str = "") -> str:
    """Where the first value that is not JSON (binary data in a text column) is, and what."""
    if isinstance(document, dict):
        for key, value in document.items():
            found = _binary_at(value, f"{where}.{key}" if where else str(key))
            if found:
                return found
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found = _binary_at(value, f"{where}[{index}]")
            if found:
                return found
    elif not isinstance(document, str | int | float | bool | type(None)):
        return f"{where}: binary data ({type(document).__name__}) where text belongs"
    return ""


def _from_sqlite(path: Path) -> ExportModel:
    import sqlite3

    from chronicle.persistence.copies import copy_sqlite
    from chronicle.persistence.engine import current_revision, open_engine, revisions

    def load(folder: Path, url: str) -> None:
        copy = folder / "restore.db"
        try:
            copy.unlink(missing_ok=True)
            copy_sqlite(path, copy)
            with sqlite3.connect(copy) as check:
                problems = [row[0] for row in check.execute("PRAGMA quick_check").fetchall()]
            check.close()
        except sqlite3.Error as exc:
            raise BadInput(f"{path} is not a usable SQLite database ({exc}); nothing was "
                           "written") from None
        if problems != ["ok"]:
            raise BadInput(f"{path} is a damaged SQLite database ({'; '.join(problems[:3])}); "
                           "nothing was written")
        engine = open_engine(url)
        try:
            revision = current_revision(engine)
        finally:
            engine.dispose()
        if revision is None:
            raise BadInput(f"{path} is a SQLite database but not one of Arcadia Chronicle (it "
                           "has no schema revision); nothing was written")
        if revision not in revisions():
            raise BadInput(f"{path} is at schema revision {revision!r}, which this Arcadia "
                           "Chronicle does not know: restore it with a newer version")

    return _through_export(path, load)


def _from_tables(path: Path, dump: dict[str, Any]) -> ExportModel:
    from chronicle.persistence.copies import load_tables
    from chronicle.persistence.engine import migrate, open_engine, revisions

    revision = dump.get("revision")
    if not isinstance(revision, str) or revision not in revisions():
        raise BadInput(f"{path}: revision {revision!r:.40} is not a schema revision this Arcadia "
                       "Chronicle knows; nothing was written")

    def load(_folder: Path, url: str) -> None:
        engine = open_engine(url)
        try:
            migrate(engine, revision)
            with engine.begin() as connection:
                load_tables(connection, dump)
        except ValueError as exc:
            raise BadInput(f"{path}: {exc}; nothing was written") from None
        finally:
            engine.dispose()

    return _through_export(path, load)


# --- restore -----------------------------------------------------------------------------------

def _replaced_backup(db: Database, connection: Connection) -> Path:
    """A backup of what a forced restore replaces, taken holding the write lock."""
    from chronicle.persistence.copies import dump_tables

    if db.backend == "sqlite":
        target = default_path(db, "-before-restore")
        _sqlite_copy_to(db, target)
        return target
    target = inside(backups_folder(),
                    f"{database_name(db.url)}-before-restore-{stamp()}{JSON_SUFFIX}")
    _write_new(target, json.dumps(dump_tables(connection), ensure_ascii=False).encode("utf-8"))
    return target


def restore(db: Database, path: Path, *, force: bool = False) -> RestoreResult:
    """Replace the contents of ``db`` with the backup at ``path`` (any kind ``backup`` or the
    automatic backups write), all or nothing.

    The file is checked completely first. A database holding anything is refused unless
    ``force`` is given; then a backup of it is taken first (its path is returned), holding the
    write lock so that no write can slip in between.

    Raises:
        BadInput: the file is not a usable backup (nothing is written).
        Refused: the database is not empty and ``force`` is false (nothing is written).
    """
    from chronicle.persistence.engine import empty_tables, lock_for_writing, rows_held
    from chronicle.services.remembered import forget_all
    from chronicle.services.transfer import insert

    document = read_backup(path)
    replaced: Path | None = None
    try:
        with db.transaction() as session:
            connection = session.connection()
            lock_for_writing(connection)
            held = rows_held(connection)
            if held and not force:
                raise Refused(
                    "this database is not empty ("
                    + ", ".join(f"{n} row{'s' if n != 1 else ''} in {t}" for t, n in held.items())
                    + "); restore replaces everything in it: add --force to do so (a backup of "
                      "it is taken first), or restore into a new database (--db); nothing was "
                      "written")
            if held:
                replaced = _replaced_backup(db, connection)
                empty_tables(connection)
            counts = insert(session, document)
    finally:
        forget_all()
    return RestoreResult(counts, replaced)
