"""Hostile backup files against a real database, on every backend.

Hypothesis takes three real backups of a database that fills every table (the JSON export, a
raw table dump as taken before schema upgrades, and a SQLite copy) and damages them: values
deleted, retyped or replaced with nasty text and numbers too large for any column, list items
doubled, unknown keys added, the text cut short, nested ten thousand deep, or bytes flipped in
the SQLite file. Each file is restored (``chronicle restore --force`` and the service) over a
database holding data, and imported (``chronicle db import``) into an empty one. No traceback
ever reaches the user, and a refused restore or import leaves the database exactly as it was:
every row of every table, and on SQLite every byte of the file; an accepted one leaves a
database whose own backup is taken and verified restorable. How many files of each kind are
generated is the profile's (``hostile_profile``: ``ci`` by default, ``CHRONICLE_HYPOTHESIS=deep``
for the measured figures); the inputs tried are recorded for docs/reliability.md.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
from hostile_profile import examples, hostile
from hypothesis import given
from hypothesis import strategies as st
from test_transfer import build_rich_database

from chronicle.errors import ChronicleError
from chronicle.persistence.copies import dump_tables
from chronicle.persistence.engine import empty_tables
from chronicle.services import backup, players, transfer
from chronicle.services.db import Database, open_database

NASTY = ["", "\x00", "a\x00b", "../../etc/passwd", "'; DROP TABLE player; --", "\u202eevil",
         "名前", "x" * 5000, "Tim", "Reformed", "First Night", "merit", "game", "seelie",
         "1996-02-01T00:00:00+00:00", "not a time", "9999-12-31T23:59:59+14:00", "0002", "9999"]
HUGE = [2**31, 2**63, 2**70, -2**70, -1, 0, 1]
json_scalars = st.one_of(st.sampled_from(NASTY), st.text(max_size=20), st.sampled_from(HUGE),
                         st.integers(-3, 20), st.booleans(), st.none(),
                         st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=6)


def places(node: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key or index) in a JSON document."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield node, key
            yield from places(value)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield node, index
            yield from places(value)


@st.composite
def damaged_json(draw: st.DrawFn, valid: dict[str, Any]) -> bytes:
    document = copy.deepcopy(valid)
    for _ in range(draw(st.integers(0, 4))):
        found = list(places(document))
        if not found:
            break
        container, key = draw(st.sampled_from(found))
        action = draw(st.sampled_from(["delete", "replace", "replace", "double", "extra"]))
        if action == "delete":
            del container[key]
        elif action == "replace":
            container[key] = draw(json_values)
        elif action == "double" and isinstance(container, list):
            container.insert(key, copy.deepcopy(container[key]))
        elif action == "extra" and isinstance(container, dict):
            container[draw(st.text(max_size=10))] = draw(json_values)
    text = json.dumps(document, ensure_ascii=draw(st.booleans()))
    ending = draw(st.sampled_from(["keep", "keep", "keep", "cut", "deep", "bytes", "bom"]))
    if ending == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif ending == "deep":
        text = text[:-1] + ', "deep": ' + "[" * 10_000 + "]" * 10_000 + "}"
    data = text.encode("utf-8")
    if ending == "bytes":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    elif ending == "bom":
        data = b"\xef\xbb\xbf" + data
    return data


@st.composite
def damaged_sqlite(draw: st.DrawFn, valid: bytes) -> bytes:
    data = bytearray(valid)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.one_of(st.integers(0, 99), st.integers(0, len(data) - 1)))
        data[at] = draw(st.integers(0, 255))
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]
    return bytes(data)


@pytest.fixture
def material(tmp_path: Path) -> dict[str, Any]:
    """Real backups of a database filling every table: the export, a table dump, a SQLite
    copy (made from a SQLite database whatever the backend under test)."""
    source = open_database(f"sqlite:///{tmp_path}/source.db")
    try:
        build_rich_database(source)
        export = transfer.export_all(source)
        with source.engine.connect() as connection:
            dump = dump_tables(connection)
        copy_path = backup.backup(source, tmp_path / "source-copy.db").path
    finally:
        source.close()
    return {"export": export, "dump": dump, "sqlite": copy_path.read_bytes()}


def try_everything(target: Database, empty: Database, path: Path, tally: Counter[str]) -> None:
    """Restore ``path`` over ``target`` (command line and service, forced) and import it into
    ``empty``; whatever is refused leaves its database as it was, and whatever is accepted
    leaves a database whose backup restores (``backup.backup`` reads it back through the
    restore's validation before naming it)."""
    for way in ("cli restore", "service restore", "cli import"):
        db = empty if way == "cli import" else target
        before = fx.state(db)
        tally["attempts"] += 1
        if way == "service restore":
            try:
                backup.restore(db, path, force=True)
                refused = False
            except ChronicleError as exc:
                assert str(exc)
                refused = True
        else:
            argv = ["restore", str(path), "--force"] if way == "cli restore" \
                else ["db", "import", str(path)]
            code, out, err = fx.cli("--db", db.url, *argv)
            fx.assert_handled(code, out, err)
            refused = code != 0
        tally["refused" if refused else "accepted"] += 1
        if refused:
            assert fx.state(db) == before
            continue
        backup.backup(db, path.with_name("verified.json"), force=True)
        tally["backups verified"] += 1
        if db is empty:
            with empty.engine.begin() as connection:  # empty again for the next file
                empty_tables(connection)


def run_hostile(databases: fx.Databases, strategy: st.SearchStrategy[bytes], suffix: str,
                kind: str, tmp_path: Path) -> Counter[str]:
    target = open_database(databases.url("target"))
    empty = open_database(databases.url("empty"))
    players.add_player(target, "Someone already here")
    tally: Counter[str] = Counter()
    path = tmp_path / f"hostile{suffix}"

    @hostile(kind)
    @given(strategy)
    def attempt(content: bytes) -> None:
        path.write_bytes(content)
        tally["files"] += 1
        try_everything(target, empty, path, tally)

    try:
        attempt()
    finally:
        target.close()
        empty.close()
    return tally


def record(family: str, backend: str, tally: Counter[str]) -> None:
    fx.record(family, backend, inputs_tried=tally["files"], restores_and_imports=tally[
        "attempts"], refused=tally["refused"], accepted=tally["accepted"],
        backups_verified_restorable=tally["backups verified"], tracebacks=0,
        refused_restores_that_changed_the_database=0)


def test_hostile_json_exports(databases: fx.Databases, backend: str, tmp_path: Path,
                              material: dict[str, Any]) -> None:
    tally = run_hostile(databases, damaged_json(material["export"]), ".json", "JSON exports",
                        tmp_path)
    assert tally["files"] >= examples("JSON exports") and tally["refused"]
    record("hostile backup files: JSON exports", backend, tally)


def test_hostile_table_dumps(databases: fx.Databases, backend: str, tmp_path: Path,
                             material: dict[str, Any]) -> None:
    tally = run_hostile(databases, damaged_json(material["dump"]), ".json", "raw table dumps",
                        tmp_path)
    assert tally["files"] >= examples("raw table dumps") and tally["refused"]
    record("hostile backup files: table dumps", backend, tally)


def test_hostile_sqlite_copies(databases: fx.Databases, backend: str, tmp_path: Path,
                               material: dict[str, Any]) -> None:
    tally = run_hostile(databases, damaged_sqlite(material["sqlite"]), ".db", "SQLite copies",
                        tmp_path)
    assert tally["files"] >= examples("SQLite copies") and tally["refused"]
    record("hostile backup files: SQLite copies", backend, tally)
