"""Every way in refuses special files, oversized, deeply nested and self-referencing input with
a message naming the file (exit status 2), never an internal error or a hang; the one set of
limits (``chronicle.domain.limits``) and the safe reader (``chronicle.reading``)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import dbfixtures as fx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronicle.domain import limits
from chronicle.errors import BadInput
from chronicle.reading import parse_json, parse_toml, read_bytes, read_text

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
CHARACTER = 'name = "Winerdria"\nicon = "Sidhe Female"\nmerits = ["Fae Armor"]\n'


def _fifo(folder: Path) -> Path:
    path = folder / "pipe.toml"
    os.mkfifo(path)
    return path


SPECIALS = {
    "fifo": _fifo,
    "dev-zero": lambda _folder: Path("/dev/zero"),
    "dev-urandom": lambda _folder: Path("/dev/urandom"),
    "folder": lambda folder: folder,
    "nul-in-name": lambda folder: Path(str(folder / "a") + "\x00b.toml"),
    "missing": lambda folder: folder / "nowhere.toml",
}
COMMANDS = {
    "check": ["check"],
    "character import": ["character", "import"],
    "collection import": ["collection", "import", "--player", "Tim"],
    "db import": ["db", "import"],
    "restore": ["restore"],
}


@pytest.mark.parametrize("special", sorted(SPECIALS))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_special_files_are_refused_by_every_command(tmp_path: Path, special: str,
                                                    command: str) -> None:
    target = SPECIALS[special](tmp_path)
    db = f"sqlite:///{tmp_path / 'x.db'}"
    code, out, err = fx.cli("--db", db, *COMMANDS[command], str(target))
    fx.assert_handled(code, out, err)
    assert code == 2, (code, out, err)
    if special not in ("nul-in-name",):
        assert str(target) in err or "pipe.toml" in err, err
    assert len(err) < 2000


@pytest.mark.parametrize("special", ["fifo", "dev-zero", "folder"])
def test_the_safe_reader_refuses_what_is_not_a_regular_file(tmp_path: Path,
                                                            special: str) -> None:
    target = SPECIALS[special](tmp_path)
    with pytest.raises(BadInput, match=r"not a|folder"):
        read_bytes(target)


def test_the_size_cap_holds_while_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2000)
    assert len(read_bytes(big, limit=2000)) == 2000
    with pytest.raises(BadInput, match="over 1,999 bytes"):
        read_bytes(big, limit=1999)
    assert read_bytes(big, limit=4, head=True) == b"####"


def test_byte_order_marks_are_accepted_in_toml(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + CHARACTER.encode())
    assert parse_toml(read_text(path), path)["name"] == "Winerdria"
    code, out, err = fx.cli("check", str(path))
    fx.assert_handled(code, out, err)
    assert "Invalid statement" not in out + err


@SETTINGS
@given(depth=st.integers(limits.NESTING_MAX + 1, 3000), kind=st.sampled_from("[{"))
def test_deep_nesting_is_refused_by_name(tmp_path: Path, depth: int, kind: str) -> None:
    opened = "[" * depth if kind == "[" else "{a = " * depth
    closed = "]" * depth if kind == "[" else "}" * depth
    path = tmp_path / "deep.toml"
    path.write_text(f'name = "x"\nicon = {opened}1{closed}\n', encoding="utf-8")
    code, out, err = fx.cli("check", str(path))
    fx.assert_handled(code, out, err)
    assert code == 2 and "nested more than" in err + out
    document = tmp_path / "deep.json"
    document.write_text("[" * depth + "]" * depth, encoding="utf-8")
    with pytest.raises(BadInput, match="nested more than"):
        parse_json(document.read_text(), document)


def test_deep_nesting_in_the_card_folder_spares_every_other_card(user_cards: Path) -> None:
    (user_cards / "deep.toml").write_text("version = 1\ncard = " + "[" * 600 + "]" * 600
                                          + "\n", encoding="utf-8")
    code, out, err = fx.cli("cards", "show", "Fae Armor")
    fx.assert_handled(code, out, err)
    assert code == 0 and "Fae Armor" in out
    code, out, err = fx.cli("cards", "validate")
    assert "deep.toml" in out + err and "nested more than" in out + err


@pytest.mark.parametrize("digits", [21, 5000, 100_000])
def test_huge_integers_in_json_are_refused(tmp_path: Path, digits: int) -> None:
    path = tmp_path / "huge.json"
    path.write_text('{"format": "arcadia-chronicle-export", "version": ' + "9" * digits + "}",
                    encoding="utf-8")
    code, out, err = fx.cli("--db", f"sqlite:///{tmp_path / 'x.db'}", "db", "import", str(path))
    fx.assert_handled(code, out, err)
    assert code == 2 and "digits" in err and len(err) < 1000


def test_setup_files_referring_to_themselves_are_refused(tmp_path: Path) -> None:
    own = tmp_path / "self.toml"
    own.write_text('[[player]]\nname = "Tim"\ncharacter = "self.toml"\n', encoding="utf-8")
    code, out, err = fx.cli("check", str(own))
    fx.assert_handled(code, out, err)
    assert code == 2 and "is a setup file, not a character" in out + err
    (tmp_path / "a.toml").write_text('[[player]]\nname = "Tim"\ncharacter = "b.toml"\n',
                                     encoding="utf-8")
    (tmp_path / "b.toml").write_text('[[player]]\nname = "Josh"\ncharacter = "a.toml"\n',
                                     encoding="utf-8")
    code, out, err = fx.cli("check", str(tmp_path / "a.toml"))
    fx.assert_handled(code, out, err)
    assert code == 2 and "b.toml" in out + err


def test_a_nul_in_a_path_inside_a_setup_file_is_named(tmp_path: Path) -> None:
    setup = tmp_path / "setup.toml"
    setup.write_text('[[player]]\nname = "Tim"\ncharacter = "a\\u0000b.toml"\n',
                     encoding="utf-8")
    code, out, err = fx.cli("check", str(setup))
    fx.assert_handled(code, out, err)
    assert code == 2 and ("NUL" in out + err or "\\x00" in out + err)


@SETTINGS
@given(st.text(min_size=1, max_size=30))
def test_the_name_validator_explains_every_refusal(text: str) -> None:
    problem = limits.name_problem(text, "the name")
    clean = text.strip()
    bad = (not clean or len(clean) > limits.NAME_MAX
           or any(ord(c) < 32 or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in clean)
           or any(c in "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                  for c in clean))
    assert (problem is not None) == bad, (text, problem)
    if problem:
        assert problem.startswith("the name")
    assert limits.printable(text).isprintable() or not text.isprintable() or " " in text


def test_echoed_values_are_cut() -> None:
    assert len(limits.cut("x" * 1_000_000)) <= limits.ECHO_MAX + 30
    assert limits.int_problem(10**5000, "experience") == \
        "experience a number of about 5,001 digits is outside -2147483647 to 2147483647"


def test_special_file_kinds_are_named() -> None:
    from chronicle.reading import special_kind

    assert special_kind(stat.S_IFIFO) == "a named pipe (FIFO)"
    assert special_kind(stat.S_IFREG) is None


def _demo_backup(tmp_path: Path, suffix: str) -> Path:
    url = f"sqlite:///{tmp_path / 'group.db'}"
    assert fx.cli("--db", url, "demo")[0] == 0
    target = tmp_path / f"backup{suffix}"
    code, _out, err = fx.cli("--db", url, "backup", str(target))
    assert code == 0, err
    return target


def test_a_blob_in_a_sqlite_backup_is_named(tmp_path: Path, backend: str,
                                            databases: fx.Databases) -> None:
    import sqlite3

    copy = _demo_backup(tmp_path, ".db")
    with sqlite3.connect(copy) as connection:
        connection.execute("UPDATE player SET name = X'00FF41' WHERE id = 1")
    connection.close()
    code, out, err = fx.cli("--db", databases.url("target"), "restore", str(copy))
    fx.assert_handled(code, out, err)
    assert code == 2 and "players[0].name: binary data" in err


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                                   "1899-12-31T23:59:59+00:00"])
def test_timestamps_at_the_calendars_edge_are_refused_without_sql(
        tmp_path: Path, stamp: str, backend: str, databases: fx.Databases) -> None:
    import json

    exported = _demo_backup(tmp_path, ".json")
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["players"][0]["created_at"] = stamp
    exported.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = fx.cli("--db", databases.url("target"), "restore", str(exported))
    fx.assert_handled(code, out, err)
    assert code == 2 and "players[0].created_at" in err and "[SQL:" not in err


EXTREME_INTS = st.one_of(st.integers(-1100, 1100), st.integers(-(2**70), 2**70),
                         st.sampled_from([2**31, 2**31 - 1, -(2**31), 10**20]))
HOSTILE_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0,
                       max_size=30).map(lambda s: s * 9)


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(xp=EXTREME_INTS, note=HOSTILE_TEXT, name=HOSTILE_TEXT, date=HOSTILE_TEXT)
def test_whatever_the_services_accept_a_backup_restores(databases: fx.Databases,
                                                         tmp_path_factory: pytest.TempPathFactory,
                                                         xp: int, note: str, name: str,
                                                         date: str) -> None:
    """Generated values at and past every limit, control characters included: each write is
    accepted (and then the database's backup reads back through the restore's validation)
    or refused with a message, writing nothing."""
    from chronicle.errors import ChronicleError
    from chronicle.services import backup, players
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.services import ledger

    db = open_database(databases.url())
    folder = tmp_path_factory.mktemp("backup")
    try:
        from chronicle.services.transfer import export_all

        if not export_all(db)["players"]:
            fx.winerdria(db)
        accepted = refused = 0
        for write in (lambda: players.add_player(db, name),
                      lambda: ledger.correct(db, "Winerdria", note, xp=xp, date=date or None)):
            try:
                with fx.unchanged(db):
                    try:
                        write()
                    except ChronicleError:
                        refused += 1
                        continue
                    raise _Accepted
            except _Accepted:
                accepted += 1
        backup.backup(db, folder / "b.json")  # read back before it is placed
        fx.record("generated values at the limits", databases.backend, writes=2,
                  accepted=accepted, refused=refused, backups_verified=1)
    finally:
        db.close()


class _Accepted(Exception):
    """A write went through (so ``fx.unchanged`` must not hold)."""


def test_a_laptop_database_with_unstorable_values_names_them(tmp_path: Path, backend: str,
                                                             databases: fx.Databases) -> None:
    """A SQLite file holding what PostgreSQL cannot store (a NUL, a number over 2^31) is
    refused on every backend, naming the row and the field."""
    import sqlite3

    copy = _demo_backup(tmp_path, ".db")
    with sqlite3.connect(copy) as connection:
        connection.execute("UPDATE character SET background = 'a' || char(0) || 'b', "
                           "version = 1099511627776 WHERE name = 'Winerdria'")
    connection.close()
    code, out, err = fx.cli("--db", databases.url("target"), "restore", str(copy))
    fx.assert_handled(code, out, err)
    assert code == 2
    assert "characters[" in err and ".background" in err and ".version" in err, err
