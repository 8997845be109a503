"""Backups and restores, on every backend: consistent copies while others write, round trips
that keep every row, restores that refuse a database holding anything unless forced (and then
back it up first), all or nothing, the automatic backup before a schema upgrade, and backup
paths that never leave their folder."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
import records_toy as toy
from test_migrations import at_revision, write
from test_transfer import build_rich_database, build_source, dump

from chronicle.cli import main
from chronicle.domain import limits
from chronicle.errors import AlreadyExists, BadInput, Refused
from chronicle.persistence.engine import HEAD
from chronicle.services import backup, players
from chronicle.services.db import Database, open_database
from chronicle.systems import registry
from chronicle.systems.wyld_hunt.services import characters, ledger

EDPT = "Even Dragons Pay Taxes"
TIMEOUT = 120


@pytest.fixture
def rich(databases: fx.Databases) -> Iterator[Database]:
    """A database with every table filled (``test_transfer.build_rich_database``), the test
    game's records included (``build_records``: the game installed for the test); built once
    per run and backend (``test_transfer.build_source``), copied for each test."""
    with registry.registered(toy.SYSTEM):
        db = open_database(databases.built("transfer-source", build_source, "rich"))
        try:
            yield db
        finally:
            db.close()


def suffix_for(db: Database) -> str:
    return ".db" if db.backend == "sqlite" else ".json"


def private(path: Path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) == 0o600


# --- round trips ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", [".db", ".json"])
def test_a_backup_restores_every_row(rich: Database, databases: fx.Databases, tmp_path: Path,
                                     kind: str) -> None:
    if kind == ".db" and rich.backend != "sqlite":
        with pytest.raises(BadInput, match="backed up as JSON"):
            backup.backup(rich, tmp_path / "copy.db")
        return
    done = backup.backup(rich, tmp_path / f"copy{kind}")
    assert done.path.exists() and private(done.path)
    target = open_database(databases.url("target"))
    try:
        restored = backup.restore(target, done.path)
        assert restored.replaced is None
        before = dump(rich)
        assert dump(target) == before
        with target.transaction() as session:
            from chronicle.persistence import repository as repo

            assert restored.counts == repo.table_counts(session)
    finally:
        target.close()


def test_a_sqlite_copy_restores_into_any_database(databases: fx.Databases,
                                                  tmp_path: Path) -> None:
    """How a play group moves from one laptop to a shared server: back up the SQLite file,
    restore it into the server's empty database."""
    laptop = open_database(f"sqlite:///{tmp_path}/laptop.db")
    try:
        build_rich_database(laptop)
        copy = backup.backup(laptop, tmp_path / "laptop-copy.db").path
        server = open_database(databases.url("server"))
        try:
            backup.restore(server, copy)
            assert dump(server) == dump(laptop)
        finally:
            server.close()
    finally:
        laptop.close()


def test_the_default_backup_goes_to_the_data_folder(rich: Database,
                                                    private_data_dir: Path) -> None:
    first, second = backup.backup(rich), backup.backup(rich)
    assert first.path != second.path
    for done in (first, second):
        assert done.path.parent == private_data_dir / "backups"
        assert done.path.suffix == suffix_for(rich) and private(done.path)
    assert stat.S_IMODE((private_data_dir / "backups").stat().st_mode) == 0o700


def test_backup_refuses_to_overwrite_and_unknown_kinds(rich: Database, tmp_path: Path) -> None:
    path = tmp_path / "taken.json"
    path.write_text("mine", encoding="utf-8")
    with pytest.raises(AlreadyExists, match="--force"):
        backup.backup(rich, path)
    assert path.read_text(encoding="utf-8") == "mine"
    assert backup.backup(rich, path, force=True).path == path
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "arcadia-chronicle-export"
    from chronicle.persistence.engine import sqlite_path

    itself = sqlite_path(rich.url)
    for bad, message in ((tmp_path / "x.txt", "name a backup .json"),
                         (tmp_path / "nowhere" / "x.json", "does not exist"),
                         (tmp_path, "is a folder"),
                         *([(itself, "the database itself")] if itself else [])):
        with pytest.raises(BadInput, match=message):
            backup.backup(rich, bad, force=True)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


# --- restore: refusals, force, all or nothing ------------------------------------------------

def test_restore_refuses_a_database_holding_anything(rich: Database, tmp_path: Path) -> None:
    copy = backup.backup(rich, tmp_path / "copy.json").path
    players.add_player(rich, "Zed")
    with fx.unchanged(rich), pytest.raises(Refused, match=r"not empty .*--force"):
        backup.restore(rich, copy)


def test_a_forced_restore_backs_up_what_it_replaces(rich: Database, databases: fx.Databases,
                                                   tmp_path: Path) -> None:
    copy = backup.backup(rich, tmp_path / "copy.json").path
    original = dump(rich)
    players.add_player(rich, "Zed")
    ledger.correct(rich, "Reformed", "after the backup", xp=1)
    changed = dump(rich)
    done = backup.restore(rich, copy, force=True)
    assert dump(rich) == original
    assert done.replaced is not None and done.replaced.exists() and private(done.replaced)
    # nothing is lost: what was replaced comes back from the backup taken first
    elsewhere = open_database(databases.url("elsewhere"))
    try:
        backup.restore(elsewhere, done.replaced)
        assert dump(elsewhere) == changed
    finally:
        elsewhere.close()


def test_a_failed_restore_writes_nothing(rich: Database, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.persistence.grouptables import GamePlayerRow

    copy = backup.backup(rich, tmp_path / "copy.json").path
    players.add_player(rich, "Zed")

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("disk full")

    with fx.unchanged(rich):
        monkeypatch.setattr(GamePlayerRow, "__init__", broken)
        with pytest.raises(RuntimeError, match="disk full"):
            backup.restore(rich, copy, force=True)
        monkeypatch.undo()


def test_a_restore_replays_every_record_through_its_games_rules(rich: Database,
                                                               tmp_path: Path) -> None:
    """A SQLite copy whose pouch was edited outside chronicle to hold more than it may is
    refused by restore, naming the record, the event and the violation; nothing is written."""
    if rich.backend != "sqlite":
        pytest.skip("a SQLite copy is made of a SQLite database")
    copy = backup.backup(rich, tmp_path / "copy.db").path
    with sqlite3.connect(copy) as edited:
        edited.execute("""UPDATE record SET data = '{"capacity": 0}' WHERE name = 'Pouch'""")
    edited.close()
    players.add_player(rich, "Zed")
    with fx.unchanged(rich), pytest.raises(
            BadInput, match=r"records\[0\]\.events\[0\]: the pouch Pouch \(Tim\), event 1 "
                            r"\(put\) breaks the rules: .*\(jar\.overflow"):
        backup.restore(rich, copy, force=True)


def test_a_restore_forgets_the_checks_of_the_replaced_database(databases: fx.Databases,
                                                               tmp_path: Path) -> None:
    """Same character, same id, same version, different chronicle: the view must come from the
    restored rows, not from this process's memory of the replaced ones."""
    one = open_database(databases.url("one"))
    two = open_database(databases.url("two"))
    try:
        fx.winerdria(one)
        ledger.record_game(one, "Winerdria", [EDPT], [EDPT])
        copy = backup.backup(one, tmp_path / "one.json").path
        fx.winerdria(two)
        ledger.correct(two, "Winerdria", "a different story", xp=1)
        shown = characters.show_character(two, "Winerdria")
        assert shown.history[0].kind == "correction"
        backup.restore(two, copy, force=True)
        again = characters.show_character(two, "Winerdria")
        assert again.version == shown.version
        if two.backend == "sqlite":  # SQLite reuses the ids; PostgreSQL's sequences move on
            assert again.id == shown.id
        assert [h.kind for h in again.history] == ["game"]
    finally:
        one.close()
        two.close()


# --- consistent while others write -----------------------------------------------------------

def appender(url: str, data_dir: str, stop: Any) -> None:
    os.environ["CHRONICLE_DATA_DIR"] = data_dir
    db = open_database(url)
    operation = 0
    while not stop.is_set():
        ledger.correct(db, "Winerdria", f"while backing up {operation}", xp=1)
        operation += 1
    db.close()


def test_backups_taken_while_another_process_writes_are_consistent(
        db_url: str, private_data_dir: Path, tmp_path: Path, backend: str) -> None:
    db = open_database(db_url)
    fx.winerdria(db)
    context = fx.processes()
    stop = context.Event()
    process = context.Process(target=appender, args=(db_url, str(private_data_dir), stop))
    process.start()
    taken: list[Path] = []
    try:
        while len(taken) < 6:
            count = len(characters.show_character(db, "Winerdria").history)
            if count >= 3 * (len(taken) + 1):  # the writer is running
                kind = ".json" if len(taken) % 2 or backend != "sqlite" else ".db"
                taken.append(backup.backup(db, tmp_path / f"live-{len(taken)}{kind}").path)
    finally:
        stop.set()
        process.join(TIMEOUT)
    assert process.exitcode == 0
    sizes = []
    for number, path in enumerate(taken):
        restored = open_database(f"sqlite:///{tmp_path}/restored-{number}.db")
        try:
            backup.restore(restored, path)
            view = characters.show_character(restored, "Winerdria")
            assert view.report.valid
            assert [h.seq for h in view.history] == list(range(1, len(view.history) + 1))
            assert view.version == 3 + len(view.history)  # every event with its version bump
            sizes.append(len(view.history))
        finally:
            restored.close()
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]
    fx.record("backups while a process writes", backend, backups_taken=len(taken),
              backups_inconsistent=0)


# --- before a schema upgrade -----------------------------------------------------------------

def test_an_upgrade_of_a_database_holding_data_is_backed_up_first(
        databases: fx.Databases, private_data_dir: Path, tmp_path: Path) -> None:
    engine = at_revision(databases, "0002")
    write(engine, "0002")
    engine.dispose()
    url = databases.url("old")
    upgraded = open_database(url)
    try:
        folder = tmp_path / "backups" if upgraded.backend == "sqlite" \
            else private_data_dir / "backups"
        (taken,) = list(folder.iterdir())
        stem = backup.database_name(url)  # "old" on SQLite, the server database's name
        assert taken.name.startswith(f"{stem}-0002-before-{HEAD}-") and private(taken)
        # the automatic backup restores to what the upgrade produced
        again = open_database(databases.url("again"))
        try:
            backup.restore(again, taken)
            # rows written before revision 0009 had no uids: the restore and the upgrade each
            # gave fresh ones, everything else is the same
            def anonymous(db: Database) -> dict[str, list[tuple[object, ...]]]:
                return {table: sorted((row[1:] for row in rows), key=repr)
                        for table, rows in dump(db).items()}
            assert anonymous(again) == anonymous(upgraded)
        finally:
            again.close()
    finally:
        upgraded.close()
    # opening it again (up to date) takes no further backup
    open_database(url).close()
    assert len(list(folder.iterdir())) == 1


def test_an_empty_or_new_database_is_upgraded_without_a_backup(
        databases: fx.Databases, private_data_dir: Path, tmp_path: Path) -> None:
    at_revision(databases, "0001").dispose()
    open_database(databases.url("old")).close()
    open_database(databases.url("new", migrated=False)).close()
    assert not (tmp_path / "backups").exists()
    assert not (private_data_dir / "backups").exists()


def test_a_failed_backup_stops_the_upgrade(databases: fx.Databases,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.errors import ChronicleError
    from chronicle.persistence import copies
    from chronicle.persistence import engine as schema

    engine = at_revision(databases, "0002")
    write(engine, "0002")
    engine.dispose()

    def broken(*_args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(copies, "copy_sqlite", broken)
    monkeypatch.setattr(copies, "dump_tables", broken)
    with pytest.raises(ChronicleError, match=r"could not back up .* nothing was changed"):
        open_database(databases.url("old"))
    engine = schema.open_engine(databases.url("old"))
    try:
        assert schema.current_revision(engine) == "0002"
    finally:
        engine.dispose()


# --- names derived from user text -------------------------------------------------------------

@pytest.mark.parametrize("name", ["../escape.db", "/etc/passwd", "a/b.json", "..", "", "."])
def test_names_that_would_leave_the_folder_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(BadInput, match="would leave"):
        backup.inside(tmp_path, name)


@pytest.mark.parametrize("url", [
    "sqlite:////tmp/x/..%2F..%2Fetc%2Fpasswd.db", "sqlite:////tmp/CON.db",
    "postgresql://u:p@h/..%2F..%2Fetc%2Fshadow", "postgresql://u:p@h/名前",
    "postgresql://u:p@h/", "postgresql://u:p@h/a%00b"])
def test_default_names_stay_in_the_backups_folder(url: str, private_data_dir: Path) -> None:
    stem = backup.database_name(url)
    assert stem and "/" not in stem and "." not in stem and "\x00" not in stem
    folder = backup.backups_folder()
    assert backup.inside(folder, f"{stem}-x.json").parent == folder


# --- the command line --------------------------------------------------------------------------

def test_backup_and_restore_commands(rich: Database, databases: fx.Databases, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", rich.url, "backup"]) == 0
    out = capsys.readouterr().out
    assert "Backed up the database to" in out
    copy = tmp_path / "cli.json"
    assert main(["--db", rich.url, "backup", str(copy)]) == 0
    assert main(["--db", rich.url, "backup", str(copy)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["--db", rich.url, "restore", str(copy)]) == 1
    assert "refused: this database is not empty" in capsys.readouterr().err
    assert main(["--db", rich.url, "restore", str(copy), "--force", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["counts"]["player"] == 3 and Path(result["replaced"]).exists()
    fresh = databases.url("fresh")
    assert main(["--db", fresh, "restore", str(copy)]) == 0
    assert "Restored" in capsys.readouterr().out
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    assert main(["--db", fresh, "restore", str(garbage), "--force"]) == 2
    assert "not a usable" in capsys.readouterr().err


def test_a_sqlite_copy_is_a_plain_database_file(rich: Database, tmp_path: Path) -> None:
    if rich.backend != "sqlite":
        pytest.skip("SQLite copies are of SQLite databases")
    path = backup.backup(rich, tmp_path / "copy.sqlite3").path
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("SELECT count(*) FROM player").fetchone() == (3,)
    connection.close()


# --- everything accepted restores; everything beyond the limits is refused at input ----------

EXTREME_NAME = ("Ωmega ☾ أبجد 名前 " * 20)[:limits.NAME_MAX]
"""A name of the longest length accepted, in several scripts."""


def fill_with_extremes(db: Database) -> None:
    """Every kind of value at the edge of what the services accept."""
    fx.winerdria(db)
    players.add_player(db, EXTREME_NAME)
    characters.new_character(db, "Tim", EXTREME_NAME[:-1] + "x",
                             background=("line\n\ttab\r\n" + "b" * limits.TEXT_MAX)
                             [:limits.TEXT_MAX])
    ledger.record_game(db, "Winerdria", [EDPT], [EDPT], opponent=EXTREME_NAME,
                       date="1996-07-01", note="n" * limits.TEXT_MAX)
    ledger.correct(db, "Winerdria", "c" * limits.TEXT_MAX, xp=limits.XP_MAX,
                   date="9998-12-31")
    ledger.correct(db, "Winerdria", "back", xp=-limits.XP_MAX)
    from chronicle.systems.wyld_hunt.services import collection, games

    collection.add_cards(db, "Tim", [("Bag of Gold", limits.COUNT_MAX)])
    games.new_game(db, EXTREME_NAME, [("Tim", "Winerdria"), (EXTREME_NAME, None)])


@pytest.mark.parametrize("kind", [".json", ".db"])
def test_everything_accepted_round_trips_through_every_backup(databases: fx.Databases,
                                                              tmp_path: Path, kind: str) -> None:
    if kind == ".db" and databases.backend != "sqlite":
        pytest.skip("a SQLite copy is taken of SQLite databases only")
    source = open_database(databases.url("extreme"))
    target = open_database(databases.url("restored"))
    try:
        fill_with_extremes(source)
        written = backup.backup(source, tmp_path / f"copy-of-extreme{kind}")  # read back first
        backup.restore(target, written.path)
        assert dump(target) == dump(source)
        fx.record("backups verified restorable", databases.backend, backups=1)
    finally:
        source.close()
        target.close()


BEYOND = [
    (["xp", "correct", "Winerdria", "--xp", "1001", "--note", "n"], "experience 1001"),
    (["xp", "correct", "Winerdria", "--xp", "99999999999999999999", "--note", "n"],
     "experience 99999999999999999999 is outside -1000 to 1000"),
    (["xp", "correct", "Winerdria", "--xp", "1", "--note", "n" * 4001], "4,001 characters"),
    (["xp", "correct", "Winerdria", "--xp", "1", "--note", "n", "--date", "d" * 45],
     "the date"),
    (["quest", "record", "Winerdria", "--quest", EDPT, "--opponent", "o" * 201],
     "the opponent has 201 characters"),
    (["character", "new", "n" * 201, "--player", "Tim"], "201"),
    (["character", "set", "Winerdria", "--background", "b" * 4001], "4,001 characters"),
    (["player", "add", "Evil\x1b]0;pwned\x07\x1b[2J"], r"control character (\x1b"),
    (["player", "add", "x" * 1_000_000], "200"),
]


@pytest.mark.parametrize(("argv", "said"), BEYOND, ids=[" ".join(a)[:40] for a, _ in BEYOND])
def test_values_beyond_the_limits_are_refused_at_input(databases: fx.Databases,
                                                       argv: list[str], said: str) -> None:
    url = databases.url()
    db = open_database(url)
    try:
        fx.winerdria(db)
        with fx.unchanged(db):
            code, out, err = fx.cli("--db", url, *argv)
        fx.assert_handled(code, out, err)
        assert code == 2 and said in err, err
        assert len(err) < 1000  # the value is not echoed whole
    finally:
        db.close()
