"""Backups and restores of the whole database, safe while the app is running.

Three kinds of file:

- a SQLite copy (``.db``, ``.sqlite``, ``.sqlite3``) of a SQLite database, made with SQLite's
  online backup API: a consistent copy of the last committed state even while others write;
- the JSON export (``.json``, ``chronicle.services.transfer``) of any database, read from one
  consistent snapshot (a SQLite copy, or a PostgreSQL repeatable-read transaction);
- a raw table dump (JSON, ``chronicle.persistence.engine.dump_tables``): what is taken of a
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
import os
import secrets
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle import paths
from chronicle.domain.limits import BACKUP_MAX_BYTES
from chronicle.errors import AlreadyExists, BadInput, ChronicleError, Refused
from chronicle.services.db import Database

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from chronicle.services.transfer import ExportModel

SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")
JSON_SUFFIX = ".json"
FOLDER = "backups"
"""The folder backups go to: in the data folder, or next to a SQLite file (before upgrades)."""
MAX_BYTES = BACKUP_MAX_BYTES
"""The largest backup file ``restore`` reads."""
SQLITE_MAGIC = b"SQLite format 3\x00"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


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


# --- names and places ------------------------------------------------------------------------

def safe_name(text: str, fallback: str = "chronicle") -> str:
    """A file name stem made of user text that can never leave its folder (ASCII letters,
    digits, ``-`` and ``_`` only; see ``chronicle.export.files.safe_name``)."""
    from chronicle.export.files import safe_name as stem

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


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def database_name(db_url: str) -> str:
    """A safe stem for backups of the database at ``db_url``: the SQLite file's stem or the
    server database's name."""
    from chronicle.persistence.engine import database_name as raw

    return safe_name(raw(db_url))


def backups_folder() -> Path:
    """The data folder's ``backups/`` (created, readable by its owner only)."""
    return _folder(paths.user_data_dir() / FOLDER)


def _folder(folder: Path) -> Path:
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create the folder {folder}: {exc.strerror or exc}") from None
    return folder


def default_path(db: Database, note: str = "") -> Path:
    """A new timestamped file in the data folder's ``backups/``: ``<db>-<time>.db`` for a
    SQLite database, ``.json`` otherwise."""
    suffix = ".db" if db.backend == "sqlite" else JSON_SUFFIX
    return inside(backups_folder(), f"{database_name(db.url)}{note}-{_stamp()}{suffix}")


def _write_new(path: Path, data: bytes, *, force: bool = False,
               verify: bool = False) -> None:
    """Write ``data`` to ``path`` whole or not at all, readable by its owner only; an existing
    file is replaced only with ``force``. With ``verify`` the written file is read back
    through ``read_backup`` (the restore's own validation) before it takes ``path``'s name.

    The temporary file is created exclusively (``O_EXCL``, never through a symbolic link), in
    the destination folder, with a random name, and removed whatever happens.
    """
    temporary = _temporary_for(path)
    try:  # outside the try below: a name taken (a planted link) is not ours to remove
        descriptor = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY | _NOFOLLOW,
                             0o600)
    except OSError as exc:
        from chronicle.export.files import temporary_refused

        raise BadInput(temporary_refused(path, temporary, exc)) from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if verify:
            _verify(temporary, path)
        _place(temporary, path, force)
    except FileExistsError:
        raise AlreadyExists(f"{path} already exists; choose another file, or overwrite it "
                            "with --force") from None
    except OSError as exc:
        raise BadInput(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        temporary.unlink(missing_ok=True)


def _temporary_for(path: Path) -> Path:
    """A fresh, unpredictable name next to ``path`` for writing it."""
    return path.with_name(f".{path.name[:40]}.{os.getpid()}.{secrets.token_hex(8)}.tmp")


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
            + "\nfix the values named above (they predate the checks), then back up again"
        ) from None


def _place(temporary: Path, path: Path, force: bool) -> None:
    if force:
        os.replace(temporary, path)
        return
    try:
        os.link(temporary, path)  # fails if the name exists: nothing is ever replaced
    except FileExistsError:
        raise
    except OSError:
        if path.exists():
            raise FileExistsError(path) from None
        os.replace(temporary, path)


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


def refuse_live(db: Database, target: Path) -> None:
    """Refuse to write over the database in use, its ``-wal`` or ``-shm`` file.

    Raises:
        BadInput: ``target`` is one of them.
    """
    if target.resolve() in _live_files(db):
        raise BadInput(f"{target} is the database itself; choose another file")


def _live_files(db: Database) -> set[Path]:
    """The files of a SQLite database (none for a server)."""
    from chronicle.persistence.engine import sqlite_path

    path = sqlite_path(db.url)
    if path is None:
        return set()
    path = path.resolve()
    return {path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")}


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

    from chronicle.persistence.engine import copy_sqlite

    temporary = _temporary_for(target)
    try:
        copy_sqlite(_sqlite_file(db), temporary)
    except FileExistsError as exc:  # the name is taken (a planted link): not ours to remove
        from chronicle.export.files import temporary_refused

        raise BadInput(temporary_refused(target, temporary, exc)) from None
    except sqlite3.Error as exc:
        raise ChronicleError(f"cannot copy the database: {exc}") from None
    except OSError as exc:
        raise BadInput(f"cannot write {target}: {exc.strerror or exc}") from None
    try:
        if verify:
            _verify(temporary, target)
        _place(temporary, target, force)
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

    if _live_files(db):
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


def before_migration(db_url: str, connection: Connection, revision: str) -> Path:
    """The automatic backup taken just before a database holding data is upgraded from
    ``revision`` (``migrate`` calls it holding the write lock): a SQLite copy in ``backups/``
    next to the database file, or a raw table dump (JSON) in the data folder's ``backups/``.

    Raises:
        ChronicleError: the backup could not be written; the upgrade does not run.
    """
    from chronicle.persistence.engine import HEAD, copy_sqlite, dump_tables, sqlite_path

    source = sqlite_path(db_url)
    name = f"{database_name(db_url)}-{revision}-before-{HEAD}-{_stamp()}"
    try:
        if source is not None:
            target = inside(_folder(source.parent / FOLDER), name + ".db")
            copy_sqlite(source, target)
        else:
            target = inside(backups_folder(), name + JSON_SUFFIX)
            _write_new(target, json.dumps(dump_tables(connection), ensure_ascii=False)
                       .encode("utf-8"))
    except Exception as exc:
        raise ChronicleError(f"could not back up the database before upgrading its schema "
                             f"from revision {revision} ({exc}); nothing was changed") from None
    return target


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

    from chronicle.persistence.engine import (
        copy_sqlite,
        current_revision,
        open_engine,
        revisions,
    )

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
    from chronicle.persistence.engine import load_tables, migrate, open_engine, revisions

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
    from chronicle.persistence.engine import dump_tables

    if db.backend == "sqlite":
        target = default_path(db, "-before-restore")
        _sqlite_copy_to(db, target)
        return target
    target = inside(backups_folder(),
                    f"{database_name(db.url)}-before-restore-{_stamp()}{JSON_SUFFIX}")
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
    from chronicle.services.characters import forget_checked
    from chronicle.services.transfer import _insert

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
            counts = _insert(session, document)
    finally:
        forget_checked()
    return RestoreResult(counts, replaced)
