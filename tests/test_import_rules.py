"""Imports and restores obey the rules (issue 14): the chronicles of
``golden/imports/rule-breaking.toml`` (a -1000 experience correction, a purchase with no
experience, an unknown icon with no creation cards, a completed quest not undertaken) are
refused by ``chronicle db import`` and ``chronicle restore`` on every database, naming the
character, the event and the violation code, and the database is left exactly as it was (every
row of every table, and on SQLite every byte of the file)."""

from __future__ import annotations

import copy
import json
import os
import sqlite3
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
from conftest import GOLDEN

from chronicle.services import backup, players, transfer
from chronicle.services.db import Database, open_database

CASES = tomllib.loads((GOLDEN / "imports" / "rule-breaking.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def winerdria_export(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A real export of Tim and his Winerdria (built once: every case edits a copy)."""
    folder = tmp_path_factory.mktemp("import-rules")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHRONICLE_DATA_DIR", str(folder / "data"))
        db = open_database(f"sqlite:///{folder}/source.db")
        try:
            fx.winerdria(db)
            yield transfer.export_all(db)
        finally:
            db.close()


def broken(export: dict[str, Any], case: dict[str, Any]) -> dict[str, Any]:
    """The export with Winerdria's chronicle (and creation, where the case says) replaced."""
    document = copy.deepcopy(export)
    character = document["characters"][0]
    assert character["name"] == "Winerdria" and not character["events"]
    for key in ("icon", "creation_cards"):
        if key in case:
            character[key] = case[key]
    character["events"] = [{"seq": seq, "kind": event["kind"], "payload": event["payload"],
                            "recorded_at": character["created_at"], "game": None}
                           for seq, event in enumerate(case["chronicle"], 1)]
    return document


def assert_names_the_violation(case: dict[str, Any], err: str) -> None:
    assert "Winerdria (Tim)" in err and case["code"] in err and "nothing was written" in err, err
    if case["at"] == "creation":
        assert "characters[0]:" in err and "event 1 onwards, cannot start" in err, err
    else:
        assert f"characters[0].events[{case['at'] - 1}]" in err, err
        assert f"event {case['at']} (" in err, err


@pytest.fixture
def group(databases: fx.Databases) -> Iterator[tuple[Database, Database]]:
    """A database holding a group's data (a restore would replace it), and an empty one."""
    held = open_database(databases.url("held"))
    empty = open_database(databases.url("empty"))
    players.add_player(held, "Josh")
    try:
        yield held, empty
    finally:
        held.close()
        empty.close()


@pytest.mark.parametrize("case", CASES["case"], ids=[case["id"] for case in CASES["case"]])
def test_a_chronicle_the_rules_forbid_is_neither_imported_nor_restored(
        case: dict[str, Any], winerdria_export: dict[str, Any], tmp_path: Path,
        group: tuple[Database, Database]) -> None:
    held, empty = group
    path = tmp_path / f"{case['id']}.json"
    path.write_text(json.dumps(broken(winerdria_export, case)), encoding="utf-8")
    for db, argv in ((empty, ["db", "import", str(path)]),
                     (empty, ["restore", str(path)]),
                     (held, ["restore", str(path), "--force"])):
        with fx.unchanged(db):
            code, out, err = fx.cli("--db", db.url, *argv)
        fx.assert_handled(code, out, err)
        assert code == 2, (argv, out, err)
        assert_names_the_violation(case, err)


def test_the_unbroken_export_goes_through(winerdria_export: dict[str, Any], tmp_path: Path,
                                         group: tuple[Database, Database]) -> None:
    """The cases fail for their chronicle alone: the same export with a lawful chronicle is
    imported."""
    _held, empty = group
    lawful = {"chronicle": [{"kind": "game", "payload": {"quests": ["Prove Yourself"],
                                                     "completed": ["Prove Yourself"]}}]}
    path = tmp_path / "lawful.json"
    path.write_text(json.dumps(broken(winerdria_export, lawful)), encoding="utf-8")
    code, _out, err = fx.cli("--db", empty.url, "db", "import", str(path))
    assert code == 0, err


def test_a_sqlite_copy_holding_a_forbidden_chronicle_is_not_restored(
        tmp_path: Path, group: tuple[Database, Database]) -> None:
    """A SQLite backup whose ledger was edited behind the program's back (a -1000 correction
    appended with the sqlite3 shell) is refused like the JSON export."""
    source = open_database(f"sqlite:///{tmp_path}/source.db")
    try:
        fx.winerdria(source)
        copy_path = backup.backup(source, tmp_path / "copy.db").path
    finally:
        source.close()
    os.chmod(copy_path, 0o600)
    with sqlite3.connect(copy_path) as raw:
        raw.execute("INSERT INTO ledger_event (character_id, seq, kind, payload, recorded_at) "
                    "SELECT id, 1, 'correction', ?, created_at FROM character",
                    (json.dumps({"note": "typo", "xp": -1000}),))
    raw.close()
    held, _empty = group
    with fx.unchanged(held):
        code, out, err = fx.cli("--db", held.url, "restore", str(copy_path), "--force")
    fx.assert_handled(code, out, err)
    assert code == 2 and "Winerdria (Tim)" in err and "xp.overspent" in err, err
    assert "event 1 (" in err, err
