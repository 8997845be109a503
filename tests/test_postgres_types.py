"""PostgreSQL through the same ``CHRONICLE_DB`` URL as SQLite: the URL forms a play group will
type, and every column type behaving the same on both backends (timestamps in UTC whatever
offset they came with, JSON, booleans, the unique constraints, text the database cannot store).
The tests taking ``db_url`` run on every backend (see ``dbfixtures``)."""

from __future__ import annotations

import stat
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import dbfixtures as fx
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from chronicle.errors import AlreadyExists, BadInput, Conflict
from chronicle.persistence.engine import backend_of, normalise_url, safe_url, sqlite_path
from chronicle.persistence.grouptables import GamePlayerRow, GameRow
from chronicle.persistence.models import PlayerRow
from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services import characters


@pytest.mark.parametrize(("given", "expected"), [
    ("postgres://u:p@h/db", "postgresql+psycopg://u:p@h/db"),
    ("postgresql://u:p@h:5433/db?sslmode=require",
     "postgresql+psycopg://u:p@h:5433/db?sslmode=require"),
    ("PostgreSQL://u@h/db", "postgresql+psycopg://u@h/db"),
    ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
    ("postgresql+psycopg2://u@h/db", "postgresql+psycopg2://u@h/db"),
    ("sqlite:////home/me/chronicle.db", "sqlite:////home/me/chronicle.db"),
])
def test_postgres_urls_use_psycopg_3(given: str, expected: str) -> None:
    assert normalise_url(given) == expected


def test_urls_name_their_backend_and_hide_passwords() -> None:
    assert backend_of("postgres://u:secret@h/db") == "postgresql"
    assert backend_of("sqlite:///x.db") == "sqlite"
    assert "secret" not in safe_url("postgres://u:secret@h/db")
    assert sqlite_path("postgres://u@h/db") is None


def test_the_sqlite_files_are_private(tmp_path: Path) -> None:
    (tmp_path / "new").mkdir(mode=0o700)  # a named folder must exist (it is not created)
    db = open_database(f"sqlite:///{tmp_path}/new/chronicle.db")
    try:
        players.add_player(db, "Tim")
        with db.engine.connect():  # the write-ahead log and its index exist while open
            found = {p.name: stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "new").iterdir()}
    finally:
        db.close()
    assert found["chronicle.db"] == 0o600
    assert found.get("chronicle.db-wal", 0o600) == 0o600
    assert found.get("chronicle.db-shm", 0o600) == 0o600
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o700


@pytest.mark.skipif(not fx.POSTGRES, reason="CHRONICLE_TEST_POSTGRES is not set")
def test_a_postgres_url_opens_migrates_and_runs_in_utc(tmp_path: Path) -> None:
    databases = fx.Databases("postgresql", tmp_path)
    url = databases.url("plain", migrated=False).replace("postgresql+psycopg://",
                                                         "postgres://")
    db = open_database(url)
    try:
        assert db.backend == "postgresql"
        with db.engine.connect() as connection:
            assert connection.execute(text("SHOW timezone")).scalar() == "UTC"
            kinds = dict(connection.execute(text(
                "SELECT table_name || '.' || column_name, data_type FROM "
                "information_schema.columns WHERE table_schema = 'public'")).all())
        assert kinds["ledger_event.recorded_at"] == "timestamp with time zone"
        assert kinds["game.played_at"] == "timestamp with time zone"
        assert kinds["ledger_event.payload"] == "json"
        assert kinds["game.solo"] == "boolean"
    finally:
        db.close()
        databases.drop()


def test_timestamps_come_back_as_the_same_moment_in_utc(db_url: str) -> None:
    db = open_database(db_url)
    moment = datetime(1996, 7, 1, 12, 30, tzinfo=timezone(timedelta(hours=2)))
    try:
        with db.transaction() as session:
            session.add(PlayerRow(name="Tim", name_key="tim", created_at=moment))
            session.add(PlayerRow(name="Naive", name_key="naive",
                                  created_at=datetime(1996, 7, 1, 10, 30)))  # taken as UTC
        with db.transaction() as session:
            found = {p.name: p.created_at for p in session.exec(select(PlayerRow)).all()}
        assert found["Tim"] == moment and found["Tim"].tzinfo == UTC
        assert found["Tim"].hour == 10
        assert found["Naive"] == datetime(1996, 7, 1, 10, 30, tzinfo=UTC)
    finally:
        db.close()


def test_json_and_booleans_round_trip(db_url: str) -> None:
    db = open_database(db_url)
    try:
        players.add_player(db, "Tim")
        with db.transaction() as session:
            tim = session.exec(select(PlayerRow)).one()
            game = GameRow(name="Solo", name_key="solo", system="wyld-hunt", solo=True,
                           created_at=datetime.now(UTC))
            session.add(game)
            session.flush()
            assert game.id is not None and tim.id is not None
            session.add(GamePlayerRow(game_id=game.id, player_id=tim.id, position=0,
                                      quests=["Ünïcode «quest»", "名前"], waylays=[],
                                      treasures=[], leagues=[], pool=None, completed=[]))
        with db.transaction() as session:
            seat = session.exec(select(GamePlayerRow)).one()
            solo = session.exec(select(GameRow)).one()
        assert seat.quests == ["Ünïcode «quest»", "名前"]
        assert (seat.pool, seat.completed, solo.solo) == (None, [], True)
    finally:
        db.close()


def test_the_unique_constraints_hold(db_url: str) -> None:
    db = open_database(db_url)
    try:
        players.add_player(db, "Tim")
        with pytest.raises(AlreadyExists):
            players.add_player(db, "TIM")
        # below the services: the database itself refuses, and the services say so clearly
        with pytest.raises(IntegrityError), db.engine.begin() as connection:
            connection.execute(text("INSERT INTO player (name, name_key, created_at) VALUES "
                                    "('Tim', 'tim', CURRENT_TIMESTAMP)"))
        with fx.unchanged(db), pytest.raises(Conflict, match="at the same moment"), \
                db.transaction() as session:
            session.add(PlayerRow(name="Tim", name_key="tim", created_at=datetime.now(UTC)))
    finally:
        db.close()


@pytest.mark.parametrize(("background", "said"), [
    ("a\x00b", r"character Morwen 3: background: background holds a control character "
               r"\(\\x00 at position 2\)"),
    ("x" * 5000, "character Morwen 5000: background: background has 5,000 characters; at "
                 "most 4000 are allowed")])
def test_text_a_database_cannot_hold_is_refused_cleanly(db_url: str, background: str,
                                                        said: str) -> None:
    """PostgreSQL stores no NUL character and enforces column lengths; SQLite stores both:
    the same limits hold on both, the message names the row and the field, and a refusal
    writes nothing."""
    db = open_database(db_url)
    try:
        players.add_player(db, "Tim")
        characters.new_character(db, "Tim", f"Morwen {len(background)}")
        with fx.unchanged(db), pytest.raises(BadInput, match=said):
            characters.edit_character(db, f"Morwen {len(background)}", background=background)
    finally:
        db.close()


@pytest.mark.parametrize("value", [2**31, -(2**31), 10**30])
def test_numbers_over_32_bits_are_refused_naming_the_row(db_url: str, value: int) -> None:
    db = open_database(db_url)
    try:
        with fx.unchanged(db), pytest.raises(BadInput, match=r"game Big: version: version "), \
                db.transaction() as session:
            session.add(GameRow(name="Big", name_key="big", system="wyld-hunt",
                                    created_at=datetime.now(UTC), version=value))
    finally:
        db.close()


# --- secrets and settings ------------------------------------------------------------------

SECRET = "S3cr3t-Pa55"


@pytest.mark.parametrize("url", [
    f"postgresql://u@127.0.0.1:1/x?password={SECRET}",
    f"postgresql://u:{SECRET}@127.0.0.1:1/x",
    f"postgresql://u:{SECRET}@ss@127.0.0.1:1/x",
    f"postgresql://u:{SECRET}@127.0.0.1:1/x?nosuchsetting=1",
    f"postgresql+nosuchdriver://u:{SECRET}@127.0.0.1:1/x",
])
def test_no_password_is_ever_shown(url: str) -> None:
    for argv in (["--db", url, "player", "list"], ["--db", url, "db", "path"],
                 ["--db", url, "backup"]):
        code, out, err = fx.cli(*argv)
        fx.assert_handled(code, out, err)
        assert SECRET not in out + err and SECRET[2:] not in out + err, (argv, out, err)
        assert "[SQL:" not in err
    assert SECRET not in safe_url(url)


def test_a_nul_in_a_database_path_is_refused(tmp_path: Path) -> None:
    code, out, err = fx.cli("--db", f"sqlite:///{tmp_path}/a\x00.db", "player", "list")
    fx.assert_handled(code, out, err)
    assert code == 2 and "\x00" not in err


@pytest.mark.skipif(not fx.POSTGRES, reason="needs the PostgreSQL test server")
def test_an_unknown_url_parameter_is_named() -> None:
    code, out, err = fx.cli("--db", fx.POSTGRES + "?nosuchsetting=1", "player", "list")
    fx.assert_handled(code, out, err)
    assert code == 2 and '"nosuchsetting"' in err and "remove it from the URL" in err


@pytest.mark.skipif(not fx.POSTGRES, reason="needs the PostgreSQL test server")
def test_a_login_without_rights_is_told_which_grants_it_needs(db_url: str,
                                                              backend: str) -> None:
    import re
    import secrets

    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    if backend != "postgresql":
        pytest.skip("PostgreSQL logins")
    db = open_database(db_url)
    players.add_player(db, "Tim")
    db.close()
    login = f"member_{secrets.token_hex(4)}"
    admin = create_engine(normalise_url(db_url), isolation_level="AUTOCOMMIT",
                          poolclass=NullPool)
    with admin.connect() as connection:  # .ci/run gives the test login CREATEROLE
        connection.execute(text(f"CREATE ROLE {login} LOGIN PASSWORD '{SECRET}'"))
    try:
        member = make_url(normalise_url(db_url)).set(username=login, password=SECRET)
        member_url = member.render_as_string(hide_password=False)
        code, out, err = fx.cli("--db", member_url, "player", "list")
        fx.assert_handled(code, out, err)
        assert code == 2 and "GRANT SELECT, INSERT, UPDATE, DELETE" in err, err
        assert SECRET not in err
        command = re.search(r'psql -d \S+ -c "(.*)"', err)
        assert command is not None, err
        with admin.connect() as connection:  # the owner runs the command it was given
            connection.execute(text(command.group(1)))
        code, out, err = fx.cli("--db", member_url, "player", "list")
        assert code == 0 and "Tim" in out, err
        code, out, err = fx.cli("--db", member_url, "player", "add", "Josh")
        assert code == 0, err
    finally:
        with admin.connect() as connection:
            connection.execute(text(
                f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {login}; "
                f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {login}; "
                f"REVOKE ALL ON SCHEMA public FROM {login}"))
            connection.execute(text(f"DROP ROLE IF EXISTS {login}"))
        admin.dispose()


def test_a_read_only_database_says_which_files_to_make_writable() -> None:
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from chronicle.persistence.engine import service_error

    error = OperationalError("INSERT INTO player ...", {"name": "x"},
                             sqlite3.OperationalError("attempt to write a readonly database"))
    found = service_error(error, "sqlite:////home/me/chronicle.db")
    assert found is not None
    message = str(found)
    assert "-wal and -shm" in message and "chmod u+w" in message
    assert "INSERT" not in message
