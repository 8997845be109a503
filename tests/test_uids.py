"""Identities unique across databases (revision 0009, issue 32): every row of every table has a
uid, 32 lower-case hex digits, unique; the upgrade gives the rows already there one; every row
written later gets its own; a whole-database export carries them and an import keeps them; an
export written before uids gets fresh ones; a file giving one uid twice is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import dbfixtures as fx
import pytest
import records_toy as toy
from sqlalchemy import inspect, text
from test_migrations import at_revision, write
from test_transfer import fresh

from chronicle.errors import BadInput
from chronicle.persistence import engine as schema
from chronicle.services import players, transfer
from chronicle.services.db import Database, open_database
from chronicle.systems import registry

UID = re.compile(r"^[0-9a-f]{32}$")
TABLES = ("player", "character", "ownership", "creation_card", "ledger_event", "game",
          "game_player", "group_card", "change_log", "record", "record_event")


def uids(db: Database) -> dict[str, list[str]]:
    """Every table's uids, in id order."""
    with db.engine.connect() as connection:
        assert set(TABLES) | {"alembic_version", "sync_state", "sync_conflict", "fold_snapshot"} \
            == set(inspect(connection).get_table_names())
        return {table: [row[0] for row in connection.execute(
            text(f"SELECT uid FROM {table} ORDER BY id"))] for table in TABLES}


def test_the_upgrade_gives_every_row_already_there_a_uid_of_its_own(
        databases: fx.Databases) -> None:
    engine = at_revision(databases, "0008")
    write(engine, "0008")
    engine.dispose()
    db = open_database(databases.url("old", migrated=False))
    try:
        found = uids(db)
        assert all(found[table] for table in TABLES), "the data fills every table"
        every = [uid for table in TABLES for uid in found[table]]
        assert all(UID.match(uid) for uid in every)
        assert len(set(every)) == len(every)
        players.add_player(db, "Ann")  # a row written after the upgrade gets its own
        after = uids(db)["player"]
        assert after[:-1] == found["player"] and UID.match(after[-1])
        assert after[-1] not in every
    finally:
        db.close()


def test_a_uid_is_unique_in_the_database(databases: fx.Databases) -> None:
    db = open_database(databases.url())
    try:
        players.add_player(db, "Ann")
        players.add_player(db, "Bob")
        (ann, bob) = uids(db)["player"]
        with pytest.raises(Exception, match=r"(?i)unique|duplicate"), \
                db.engine.begin() as connection:
            connection.execute(text("UPDATE player SET uid = :uid WHERE uid = :bob"),
                               {"uid": ann, "bob": bob})
    finally:
        db.close()


def test_an_export_carries_every_uid_and_an_import_keeps_them(
        databases: fx.Databases, tmp_path: Path) -> None:
    from test_transfer import build_source

    with registry.registered(toy.SYSTEM):
        source = open_database(databases.built("transfer-source", build_source, "source"))
        path = tmp_path / "export.json"
        transfer.write_export(source, path)
        target = fresh(databases)
        transfer.import_all(target, path)
        before, after = uids(source), uids(target)
        source.close()
        target.close()
    for table in ("player", "ownership", "character", "creation_card", "ledger_event", "game",
                  "game_player", "record", "record_event"):
        assert before[table] and sorted(after[table]) == sorted(before[table]), table
    document = json.loads(path.read_text())
    assert UID.match(document["players"][0]["uid"])
    assert UID.match(document["characters"][0]["events"][0]["uid"])


def _old_export(databases: fx.Databases, tmp_path: Path) -> tuple[Path, dict[str, object]]:
    db = open_database(databases.url("small"))
    players.add_player(db, "Ann")
    players.add_player(db, "Bob")
    path = tmp_path / "small.json"
    transfer.write_export(db, path)
    db.close()
    return path, json.loads(path.read_text())


def test_an_export_written_before_uids_gets_fresh_ones(databases: fx.Databases,
                                                       tmp_path: Path) -> None:
    path, document = _old_export(databases, tmp_path)
    given = [p["uid"] for p in document["players"]]  # type: ignore[index, union-attr]
    for player in document["players"]:  # type: ignore[union-attr]
        del player["uid"]
    document["schema"] = "0008"
    path.write_text(json.dumps(document))
    target = fresh(databases)
    try:
        transfer.import_all(target, path)
        found = uids(target)["player"]
        assert len(found) == 2 and all(UID.match(u) for u in found)
        assert not set(found) & set(given)
    finally:
        target.close()


@pytest.mark.parametrize("bad", ["same", "short"])
def test_a_file_giving_a_bad_or_repeated_uid_is_refused(databases: fx.Databases,
                                                        tmp_path: Path, bad: str) -> None:
    path, document = _old_export(databases, tmp_path)
    people = document["players"]
    assert isinstance(people, list)
    if bad == "same":
        people[1]["uid"] = people[0]["uid"]
        expected = r"players\[1\]\.uid: [0-9a-f]{32} is already the uid of players\[0\]"
    else:
        people[1]["uid"] = "ABC"
        expected = r"players\[1\]\.uid"
    path.write_text(json.dumps(document))
    target = fresh(databases)
    try:
        with fx.unchanged(target), pytest.raises(BadInput, match=expected):
            transfer.import_all(target, path)
    finally:
        target.close()


def test_head_is_the_uids_revision() -> None:
    assert schema.HEAD >= "0009"
