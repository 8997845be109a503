"""Shared helpers for the service-layer tests: throwaway databases on every backend, snapshots
proving that a refused use case wrote nothing, the cards the tests need, and the rulebook's
play group.

Backends: SQLite always; PostgreSQL too when ``CHRONICLE_TEST_POSTGRES`` names a server where
the tests may create and drop databases (a URL such as
``postgresql://chronicle_test:secret@127.0.0.1:5432/postgres``; ``.ci/run`` sets one up). Each
test gets fresh databases of its own (``Databases``), copied in a few milliseconds from a
template migrated once per run (a SQLite file copied; on PostgreSQL a database of a pool,
emptied after each test, or ``CREATE DATABASE … TEMPLATE`` when the pool is empty): running the
migrations costs a tenth of a second per database. A database a test module fills the same way
for every test is built once per run too (``Databases.built``: the SQLite file copied, the
PostgreSQL rows copied with ``COPY`` into a pooled database).

The bundled catalog leaves many values unknown; the cards below fill in what a test needs
through ``usercards.create_card``. Values the rulebook prints are used as printed (Forest
Spiders are a Might 2 Waylay rated 2, Indecisive is a 2-point Seelie Weakness); the rest are
test values, chosen only to make each scenario work.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pgrows
import pytest
from sqlalchemy import Engine, create_engine, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.services import characters, collection, usercards
from chronicle.systems.wyld_hunt.services.characters import CharacterView

CARDS: dict[str, dict[str, Any]] = {
    # Waylays (rulebook: Forest Spiders rated 2, Might 2; the Manticora is Combat 4)
    "Forest Spiders": {"name": "Forest Spiders", "kind": "waylay", "rating": 2,
                       "terrain": ["forest"], "tests": ["might"], "might": 2},
    "Manticora": {"name": "Manticora", "kind": "waylay", "rating": 4,
                  "terrain": ["hills", "forest"], "tests": ["combat"], "combat": 4},
    "Hurricane": {"name": "Hurricane", "kind": "waylay", "rating": 5, "terrain": ["any"],
                  "tests": ["might"], "might": 3},
    "Spike Trap": {"name": "Spike Trap", "kind": "waylay", "terrain": ["road", "forest"]},
    "Pirates": {"name": "Pirates", "kind": "waylay", "terrain": ["ocean", "river"]},
    "Jealous Redcap": {"name": "Jealous Redcap", "kind": "waylay", "terrain": ["forest"]},
    "Oathfriend": {"name": "Oathfriend", "kind": "waylay", "terrain": ["road"]},
    "Magical Barrier": {"name": "Magical Barrier", "kind": "waylay", "terrain": ["any"]},
    # Leagues
    "Irondew Road": {"name": "Irondew Road", "kind": "league", "terrain": ["road", "forest"],
                     "unique": False},
    "The Kyrrian Tower": {"name": "The Kyrrian Tower", "kind": "league",
                          "terrain": ["road", "town"], "unique": False},
    "Huntinglane": {"name": "Huntinglane", "kind": "league", "unique": False},
    "Balanvale": {"name": "Balanvale", "kind": "league", "unique": False},
    "Sibylline Swamp": {"name": "Sibylline Swamp", "kind": "league", "terrain": ["marsh"],
                        "unique": True},
    # Merits and Flaws
    "Clear Thinking": {"name": "Clear Thinking", "kind": "merit", "cost": 1,
                       "court": "seelie", "attribute": "resolve"},
    "Pansy": {"name": "Pansy", "kind": "flaw", "bonus": 1, "court": "unseelie"},
    "Allergies": {"name": "Allergies", "kind": "flaw", "bonus": 1},
    "Pearl of Wisdom": {"name": "Pearl of Wisdom", "kind": "merit", "cost": 3},
    "Wooden Horse": {"name": "Wooden Horse", "kind": "merit", "cost": 2},
}

TIM_CHARACTER_PACK = [
    "Sidhe Female", "Lightning Quick", "Clear Thinking", "Eloquent Speech",
    "Davelon, Gleeful Satyr", "Doppelganger", "Mirror, Mirror", "Hopscotch", "Pearl of Wisdom",
    "Wooden Horse", "Coin of Clarity", "Fae Armor", "Pansy", "Indecisive", "Allergies"]
"""The rulebook's Example of Character Creation: 1 icon, 11 Merits and 3 Flaws."""

WINERDRIA_MERITS = ("Fae Armor", "Lightning Quick", "Eloquent Speech")
WINERDRIA_FLAWS = ("Indecisive",)

ANNOYICUS_CARDS = ["Imp", "Fuddle", "Willow-Whisper", "Protocol", "Chameleon"]
"""Josh's Imp with four Arts worth 5 points (no Abilities or Weaknesses: a court tie)."""

TIM_STORY = ["Even Dragons Pay Taxes", "Prove Yourself", "Seek the Oracle's Advice",
             "Forest Spiders", "Forest Spiders", "Manticora", "Sphinx's Riddle",
             "Hurricane", "Balanvale", "Huntinglane", "Irondew Road", "The Kyrrian Tower",
             "Raxis", "Pixie Dust", "Pixie Dust", "Bag of Gold", "Glamour Dust", "Dem Bones"]
JOSH_STORY = ["Seek the Oracle's Advice", "Even Dragons Pay Taxes", "Prove Yourself",
              "Oathfriend", "Pirates", "Flock of Harpies", "Magical Barrier", "Cog Dragoon",
              "Unseelie Knight", "Balath Castle", "Sibylline Swamp", "Marsh of Grey Filth",
              "Unnamed League (web map 8,4)", "Unnamed League (web map 10,7)", "Raxis",
              "Pixie Dust", "Bag of Gold", "Glamour Dust"]
TIM_LEAGUES = ["Balanvale", "Huntinglane", "Irondew Road", "The Kyrrian Tower", "Raxis"]
JOSH_LEAGUES = ["Balath Castle", "Sibylline Swamp", "Marsh of Grey Filth",
                "Unnamed League (web map 8,4)", "Unnamed League (web map 10,7)"]


# --- databases on every backend ------------------------------------------------------------

POSTGRES = os.environ.get("CHRONICLE_TEST_POSTGRES", "")
"""A server URL where the tests may create and drop databases, or empty (SQLite only)."""
BACKENDS = ["sqlite", "postgresql"] if POSTGRES else ["sqlite"]
_TEMPLATE: list[str] = []
"""The PostgreSQL database migrated once per run that test databases are copied from."""
_POOL: list[str] = []
"""Migrated PostgreSQL databases emptied after a test, ready for the next (creating one from
the template costs a few hundred milliseconds; emptying one, a few dozen)."""
_BUILT: dict[tuple[str, str], tuple[str, dict[Path, bytes]]] = {}
"""The databases of ``Databases.built`` by name and backend: the template (a SQLite file; on
PostgreSQL, empty: see ``_ROWS``) and the files the build wrote in the user data folder."""
_ROWS: dict[str, tuple[list[tuple[str, bytes]], list[tuple[str, int]]]] = {}
"""What ``Databases.built`` wrote on PostgreSQL, by name: each table's rows as ``COPY`` writes
them (the tables that have any, parents first) and each sequence's last value (the sequences
that were used)."""
_FOLDER: list[Path] = []
"""This process's folder of SQLite templates (removed at exit)."""


def _admin() -> Engine:
    from chronicle.persistence.engine import normalise_url

    return create_engine(normalise_url(POSTGRES), isolation_level="AUTOCOMMIT",
                         poolclass=NullPool)


def postgres_url(database: str) -> str:
    """The URL of ``database`` on the test server."""
    from chronicle.persistence.engine import normalise_url

    return make_url(normalise_url(POSTGRES)).set(database=database).render_as_string(
        hide_password=False)


def _create(name: str, template: str = "template0") -> None:
    admin = _admin()
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    finally:
        admin.dispose()


def drop_postgres(*names: str) -> None:
    """Drop test databases (their connections are closed first). A failure is a warning, not a
    failed test: ``.ci/run`` drops what an interrupted run leaves behind."""
    import warnings

    admin = _admin()
    try:
        with admin.connect() as connection:
            for name in names:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    except Exception as exc:  # the server went away, or the role's password changed
        warnings.warn(f"could not drop test databases {names}: {exc}", stacklevel=2)
    finally:
        admin.dispose()


def _template() -> str:
    if not _TEMPLATE:
        name = f"chronicle_tmpl_{os.getpid()}_{secrets.token_hex(3)}"
        _create(name)
        open_database(postgres_url(name)).close()
        _TEMPLATE.append(name)
    return _TEMPLATE[0]


def drop_template() -> None:
    """Drop the templates and the pooled databases at the end of the run."""
    if _TEMPLATE or _POOL:
        drop_postgres(*_TEMPLATE, *_POOL)
    _TEMPLATE.clear()
    _POOL.clear()
    _BUILT.clear()
    _ROWS.clear()


def _migrated_postgres() -> str:
    """The name of a migrated PostgreSQL database holding no row: a pooled one, else a new
    copy of the template."""
    if _POOL:
        return _POOL.pop()
    name = f"chronicle_t_{os.getpid()}_{secrets.token_hex(4)}"
    _create(name, _template())
    return name


def _folder() -> Path:
    if not _FOLDER:
        _FOLDER.append(Path(tempfile.mkdtemp(prefix="chronicle-templates-")))
        atexit.register(shutil.rmtree, _FOLDER[0], True)
    return _FOLDER[0]


def _sqlite_template() -> Path:
    """A SQLite file migrated once per process (``open_database`` made it, then closed it:
    its write-ahead log is checkpointed into it)."""
    path = _folder() / "migrated.db"
    if not path.exists():
        open_database(f"sqlite:///{path}").close()
    return path


def _copy_file(source: Path, target: Path) -> None:
    """Copy ``source`` to the new file ``target``, readable by its owner only (as chronicle
    creates its databases)."""
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(source.read_bytes())


copy_file = _copy_file
"""``_copy_file`` for the fixtures of other files (``conftest.cli_demo``)."""


def _user_files() -> dict[Path, bytes]:
    """The files in the user data folder (the catalog cache aside), by relative path."""
    from chronicle import paths

    root = paths.user_data_dir()
    if not root.is_dir():
        return {}
    return {path.relative_to(root): path.read_bytes() for path in root.rglob("*")
            if path.is_file() and path.relative_to(root).parts[0] != "cache"}


def _emptied(name: str) -> bool:
    """Empty a test database that is still exactly as migrated (the newest revision, the
    tables of the models and no other): every row deleted, the ids restarted, in one round
    trip. False (and nothing done) for anything else, which is then dropped."""
    from sqlmodel import SQLModel

    import chronicle.persistence.grouptables  # noqa: F401  (registers every table)
    from chronicle.persistence.engine import HEAD

    order = list(reversed(SQLModel.metadata.sorted_tables))  # tiny: faster than TRUNCATE
    emptying = "".join(f'DELETE FROM "{table.name}"; SELECT setval(pg_get_serial_sequence('
                       f"'\"{table.name}\"', 'id'), 1, false);" for table in order)
    engine = create_engine(postgres_url(name), poolclass=NullPool)
    try:
        with engine.connect() as connection:
            raw = connection.connection.driver_connection
            assert raw is not None
            with raw.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '2s'")
                cursor.execute("SELECT array(SELECT tablename::text FROM pg_tables"
                               " WHERE schemaname = current_schema()),"
                               " array(SELECT version_num::text FROM alembic_version)")
                found = cursor.fetchone()
                assert found is not None
                if set(found[0]) != {*SQLModel.metadata.tables, "alembic_version"} \
                        or list(found[1]) != [HEAD]:
                    raw.rollback()
                    return False
                cursor.execute(emptying)
            raw.commit()
        return True
    except Exception:  # locked by a connection the test left behind, or anything else: drop it
        return False
    finally:
        engine.dispose()


class Databases:
    """The throwaway databases of one test on one backend, by name: the same name gives the
    same database, created on first use: already migrated (a copy of the migrated template), or
    with ``migrated=False`` empty (a SQLite file not yet created; a PostgreSQL database with no
    table). SQLite files live in the test's folder; PostgreSQL databases are dropped by
    ``drop``."""

    def __init__(self, backend: str, folder: Path) -> None:
        self.backend = backend
        self.folder = folder
        self.made: dict[str, str] = {}

    def url(self, name: str = "t", *, migrated: bool = True) -> str:
        """The URL of the database called ``name`` (created now)."""
        if name in self.made:
            return self.made[name]
        if self.backend == "sqlite":
            path = self.folder / f"{name}.db"
            if migrated and not path.exists():
                _copy_file(_sqlite_template(), path)
            url = f"sqlite:///{path}"
        elif migrated:
            url = postgres_url(_migrated_postgres())
        else:
            real = f"chronicle_t_{os.getpid()}_{secrets.token_hex(4)}"
            _create(real, _template() if migrated else "template0")
            url = postgres_url(real)
        self.made[name] = url
        return url

    def built(self, key: str, build: Callable[[Database], object], name: str = "t") -> str:
        """The URL of the database called ``name``, holding what ``build`` wrote into a
        migrated database, with the files it wrote in the user data folder (the cards it
        created) put in this test's. ``build`` runs once per run and backend for each ``key``
        (in the first test that asks, on its data folder); every test gets a copy of the
        result (the SQLite file; on PostgreSQL its rows copied with ``COPY`` into a pooled
        database, the sequences set where the build left them: ``CREATE DATABASE … TEMPLATE``
        takes ten times as long), so it must give the same database whichever test runs it
        first."""
        from chronicle import paths

        if name in self.made:
            raise ValueError(f"the database {name!r} of this test is already made")
        made = _BUILT.get((key, self.backend))
        if made is None:
            before = _user_files()
            if self.backend == "sqlite":
                template = str(_folder() / f"{key}.db")
                _copy_file(_sqlite_template(), Path(template))
                url = f"sqlite:///{template}"
            else:
                template = _migrated_postgres()
                url = postgres_url(template)
            db = open_database(url)
            try:
                build(db)
            finally:
                db.close()
            if self.backend == "postgresql":
                _ROWS[key] = pgrows.dump(postgres_url(template))
                if _emptied(template):
                    _POOL.append(template)
                else:
                    drop_postgres(template)
                template = ""
            files = {path: content for path, content in _user_files().items()
                     if before.get(path) != content}
            made = _BUILT[(key, self.backend)] = (template, files)
        template, files = made
        root = paths.user_data_dir()
        for relative, content in files.items():
            (root / relative).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            (root / relative).write_bytes(content)
        if self.backend == "sqlite":
            path = self.folder / f"{name}.db"
            _copy_file(Path(template), path)
            url = f"sqlite:///{path}"
        else:
            real = _migrated_postgres()
            self.made[name] = url = postgres_url(real)
            pgrows.load(postgres_url(real), *_ROWS[key])
            return url
        self.made[name] = url
        return url

    def drop(self) -> None:
        """Empty every PostgreSQL database made for the next test when it is still as
        migrated, else drop it (SQLite files go with the test's folder)."""
        from chronicle.systems.wyld_hunt.services.characters import forget_checked

        forget_checked()
        if self.backend == "postgresql" and self.made:
            names = [make_url(url).database or "" for url in self.made.values()]
            kept = [name for name in names if _emptied(name)]
            _POOL.extend(kept)
            drop_postgres(*(name for name in names if name not in kept))
        self.made.clear()


def database(url: str | Path) -> Iterator[Database]:
    """A fresh, migrated database at ``url`` (for a fixture to yield from); a folder (as the
    tests passed before there were backends) means a SQLite file in it."""
    db = open_database(f"sqlite:///{url}/t.db" if isinstance(url, Path) else url)
    try:
        yield db
    finally:
        db.close()


_DEFINED: dict[tuple[bytes | None, tuple[str, ...]], bytes] = {}
"""The user's card file after ``define``, by the file before it and the names defined."""


def define(*names: str) -> None:
    """Save the test values of ``names`` (keys of ``CARDS``) as the user's own cards, with
    ``usercards.create_card``. The card file that results depends only on the file before and
    the names, so later tests reuse it instead of validating the catalog once per card."""
    target = usercards.managed_file()
    before = target.read_bytes() if target.exists() else None
    made = _DEFINED.get((before, names))
    if made is not None:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(made)
        return
    for name in names:
        usercards.create_card(CARDS[name])
    _DEFINED[(before, names)] = target.read_bytes()


# --- other processes ---------------------------------------------------------------------------

_PRELOAD = ["dbfixtures", "sqlalchemy", "sqlmodel", "psycopg", "alembic.command",
            "alembic.runtime.migration", "chronicle.persistence.engine",
            "chronicle.persistence.models", "chronicle.persistence.repository"]
"""What the fork server imports once (a name that no longer imports is skipped)."""


def processes() -> Any:
    """How the multi-process tests start writers, openers and appenders: forked from a fork
    server that imported the database stack once, where each spawned process imported it again
    (about a second of CPU per process, the bulk of those tests' cost). Like a spawned process,
    a forked one shares nothing with the test: the server opened no database and holds no
    connection, and each process opens the database itself, as another program would."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_PRELOAD)
    return context


# --- figures for docs/reliability.md ----------------------------------------------------------

FIGURES: dict[str, dict[str, int]] = {}
"""What the reliability tests reached in this run, by test family and backend; printed at the
end of the run and kept in pytest's cache (``chronicle/reliability``)."""


def record(family: str, backend: str, **counts: int) -> None:
    """Add ``counts`` to the figures of ``family`` on ``backend``; a key starting with ``max_``
    keeps the largest value instead of the sum."""
    figures = FIGURES.setdefault(f"{family} [{backend}]", {})
    for key, value in counts.items():
        figures[key] = max(figures.get(key, 0), value) if key.startswith("max_") \
            else figures.get(key, 0) + value


# --- hostile input ----------------------------------------------------------------------------

def cli(*argv: str) -> tuple[int, str, str]:
    """Run ``chronicle`` (``chronicle.cli.main``) in this process: exit status, output, errors."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from chronicle.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def assert_handled(code: int, out: str, err: str) -> None:
    """A clear message and an exit status the documentation gives: never a traceback, never
    the last line of defence's "internal error"."""
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in out + err and "internal error" not in err, err
    if code:  # the refusal says why (a report on the output, or a message on the errors)
        assert (err.startswith("chronicle: ") and len(err.strip()) > len("chronicle: ")) \
            or (code == 1 and out.strip()), (out, err)


def state(db: Database) -> tuple[dict[str, Any], bytes | None]:
    """Every row of every table, and the SQLite file's bytes: what a refused import must leave
    exactly as it was."""
    return snapshot(db), file_bytes(db)


# --- proving that nothing was written --------------------------------------------------------

def snapshot(db: Database) -> dict[str, Any]:
    """Rows per table and every row of every table, Alembic's included: a full dump (the
    databases of these tests are tiny)."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        counts = repo.table_counts(session)
    rows: dict[str, list[tuple[Any, ...]]] = {}
    with db.engine.connect() as connection:
        for table in sorted(inspect(connection).get_table_names()):
            order = "version_num" if table == "alembic_version" else "id"
            found = connection.execute(text(f'SELECT * FROM "{table}" ORDER BY {order}'))
            rows[table] = [tuple(row) for row in found]
    return {"counts": counts, "rows": rows}


def file_bytes(db: Database) -> bytes | None:
    """The bytes of the SQLite file once the write-ahead log is checkpointed into it (None for
    a database that is not a SQLite file: the full dump of ``snapshot`` stands for it)."""
    from chronicle.persistence.engine import sqlite_path

    path = sqlite_path(db.url)
    if path is None:
        return None
    with db.engine.connect() as connection:
        busy, _log, _done = connection.execute(text("PRAGMA wal_checkpoint(FULL)")).one()
        assert busy == 0
    return path.read_bytes()


@contextmanager
def unchanged(db: Database, *files: Path) -> Iterator[dict[str, Any]]:
    """Assert that the block leaves the database (every row of every table, and on SQLite the
    file's bytes) and ``files`` as they were. Yields the snapshot taken before."""
    before = snapshot(db)
    raw = file_bytes(db)
    others = {path: path.read_bytes() if path.exists() else None for path in files}
    yield before
    assert snapshot(db) == before
    assert file_bytes(db) == raw
    for path, content in others.items():
        assert (path.read_bytes() if path.exists() else None) == content, path


@contextmanager
def meanwhile(monkeypatch: pytest.MonkeyPatch, module: Any,
              other: Callable[[], object]) -> Iterator[list[object]]:
    """Run ``other`` (another client's whole use case, on its own connection) while the use
    case in the block runs: when the block's use case first loads the catalog in ``module``,
    after its first reads and before its writes. Yields what ``other`` returned, once run."""
    original = module.catalog
    ran: list[object] = []
    started: list[bool] = []

    def interleaved() -> object:
        if not started:
            started.append(True)
            ran.append(other())
        return original()

    monkeypatch.setattr(module, "catalog", interleaved)
    try:
        yield ran
    finally:
        monkeypatch.setattr(module, "catalog", original)
    assert ran, "the other client never ran"


def second_client(db: Database) -> Database:
    """Another connection to the same database, as another process would have."""
    return open_database(db.url)


def codes(violations: Any) -> list[str]:
    """The codes of a report or a list of violations."""
    return [v.code for v in violations]


def setup_codes(report: Any) -> list[str]:
    """The codes of a game report's errors that come from the setup rules."""
    return [v.code for v in report.errors if v.code.startswith("setup.")]


# --- the rulebook's play group -----------------------------------------------------------------

def tim_opens_his_pack(db: Database) -> None:
    """Tim joins and records the rulebook's Character Pack."""
    define("Clear Thinking", "Pansy", "Allergies", "Pearl of Wisdom", "Wooden Horse")
    players.add_player(db, "Tim")
    collection.open_pack(db, "Tim", "character", TIM_CHARACTER_PACK)


def build_winerdria(db: Database) -> CharacterView:
    """Tim's Winerdria as the rulebook builds her (Tim must exist and own the cards)."""
    characters.new_character(db, "Tim", "Winerdria", icon="Sidhe Female")
    return characters.edit_character(db, "Winerdria", add_merits=WINERDRIA_MERITS,
                                     add_flaws=WINERDRIA_FLAWS)


def winerdria(db: Database) -> CharacterView:
    """Tim, his pack, and Winerdria built from it."""
    tim_opens_his_pack(db)
    return build_winerdria(db)


def annoyicus(db: Database) -> CharacterView:
    """Josh, his cards, and his Imp Annoyicus (5 points of Arts, Unseelie by choice)."""
    players.add_player(db, "Josh")
    collection.add_cards(db, "Josh", [(name, 1) for name in ANNOYICUS_CARDS])
    characters.new_character(db, "Josh", "Annoyicus", icon="Imp", court="unseelie")
    return characters.edit_character(db, "Annoyicus", player="Josh",
                                     add_merits=tuple(ANNOYICUS_CARDS[1:]))
