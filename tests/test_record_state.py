"""The derived state the record store keeps between writes (``chronicle.services.recordstate``):
an append is judged on the state of the version it read, without the whole history's replay;
the state kept never hides a change made otherwise (another member's write, a hand edit of the
history or the data) and never outlives a write that did not land. On SQLite and PostgreSQL,
through the test-only Marbles game (a kind without a fold) and Wyld Hunt's game in play (a kind
with one, ``rules.playfold``)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import playtable
import pytest
import records_toy as toy
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from chronicle.errors import Refused
from chronicle.persistence.engine import normalise_url
from chronicle.services import players, recordstate
from chronicle.services import recordstore as records
from chronicle.services.damage import Damaged
from chronicle.services.db import Database, open_database
from chronicle.systems import registry
from chronicle.systems.wyld_hunt.rules.playevents import replay
from chronicle.systems.wyld_hunt.services import play

G = toy.KEY
GAME = "Example of Play"


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    """A fresh database with the marbles game installed, and Tim and Josh."""
    with registry.registered(toy.SYSTEM):
        toy.SLACK[0] = 0
        toy.HOOK.clear()
        database = open_database(db_url)
        try:
            players.add_player(database, "Tim")
            players.add_player(database, "Josh")
            yield database
        finally:
            database.close()


def _sql(db: Database, *statements: str) -> None:
    """Edit the database behind the program's back (another client, raw SQL)."""
    engine = create_engine(normalise_url(db.url), poolclass=NullPool)
    try:
        with engine.begin() as connection:
            for statement in statements:
                connection.execute(text(statement))
    finally:
        engine.dispose()


def _jar(db: Database, *marbles: str) -> None:
    records.create(db, G, "jar", "Jar", {"capacity": 9, "marbles": []})
    for marble in marbles:
        records.append(db, G, "jar", "Jar", "put", {"marble": marble})


def test_an_append_runs_the_games_check_once_on_the_kept_state(db: Database) -> None:
    _jar(db, "a")  # the first append rebuilt the state: the check before and after it
    for marble in ("b", "c", "d"):
        before = toy.CALLS[0]
        stored = records.append(db, G, "jar", "Jar", "put", {"marble": marble})
        assert toy.CALLS[0] - before == 1  # the event alone: the report before was kept
    assert [e.payload["marble"] for e in stored.events] == ["a", "b", "c", "d"]
    kept = records.folded(db, G, "jar", "Jar")
    assert (kept.events, kept.version) == (4, stored.version)
    assert kept.report.summary["marbles"] == ["a", "b", "c", "d"]


ELSEWHERE = """
import sys
import records_toy as toy
from chronicle.services import recordstore as records
from chronicle.services.db import open_database
from chronicle.systems import registry
with registry.registered(toy.SYSTEM):
    db = open_database(sys.argv[1])
    records.append(db, toy.KEY, "jar", "Jar", "put", {"marble": sys.argv[2]})
    db.close()
"""


def _elsewhere(db: Database, marble: str) -> None:
    """Another member's append, from another process (which keeps its own states)."""
    subprocess.run([sys.executable, "-c", ELSEWHERE, db.url, marble], check=True, timeout=300,
                   env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent)})


def test_the_state_is_rebuilt_after_another_members_write(db: Database) -> None:
    _jar(db, "a", "b")  # kept at this version here
    _elsewhere(db, "c")
    records.append(db, G, "jar", "Jar", "put", {"marble": "d"})  # on the fresh state
    assert [e.payload["marble"] for e in records.get(db, G, "jar", "Jar").events] == [
        "a", "b", "c", "d"]
    assert records.folded(db, G, "jar", "Jar").report.summary["marbles"] == ["a", "b", "c", "d"]


def test_a_refused_append_leaves_the_kept_state_as_it_was(db: Database) -> None:
    records.create(db, G, "jar", "Jar", {"capacity": 1, "marbles": []})
    records.append(db, G, "jar", "Jar", "put", {"marble": "a"})
    with pytest.raises(Refused) as refused:
        records.append(db, G, "jar", "Jar", "put", {"marble": "b"})
    assert [v.code for v in refused.value.report.violations] == ["jar.overflow"]
    kept = records.folded(db, G, "jar", "Jar")
    assert (kept.events, kept.report.summary["marbles"]) == (1, ["a"])
    records.append(db, G, "jar", "Jar", "undo", {})
    records.append(db, G, "jar", "Jar", "put", {"marble": "b"})
    assert records.folded(db, G, "jar", "Jar").report.summary["marbles"] == ["b"]


EVENT_EDITS = {
    "an earlier payload made a list": ("UPDATE record_event SET payload = '[]' WHERE seq = 1",
                                       "record.event_shape"),
    "an earlier kind emptied": ("UPDATE record_event SET kind = '' WHERE seq = 2",
                                "record.event_shape"),
    "an event removed": ("DELETE FROM record_event WHERE seq = 2", None),
    "the data made a list": ("UPDATE record SET data = '[1]'", "record.not_object"),
}


@pytest.mark.parametrize("edit", list(EVENT_EDITS))
def test_a_hand_edit_after_the_state_was_kept_is_seen_by_the_next_write(
        db: Database, edit: str) -> None:
    _jar(db, "a", "b", "c")
    records.folded(db, G, "jar", "Jar")  # kept at this version
    statement, code = EVENT_EDITS[edit]
    _sql(db, statement)
    if code is None:  # readable, but not the history the state was kept for: rebuilt
        kept = records.folded(db, G, "jar", "Jar")
        assert (kept.events, kept.report.summary["marbles"]) == (2, ["a", "c"])
        return
    with pytest.raises(Damaged) as damaged:
        records.append(db, G, "jar", "Jar", "put", {"marble": "d"})
    assert [d.code for d in damaged.value.damage][:1] == [code]
    with pytest.raises(Damaged):
        records.folded(db, G, "jar", "Jar")


def test_a_changed_group_card_is_seen_by_the_next_append(db: Database) -> None:
    _jar(db, "Onyx")
    _sql(db, "INSERT INTO group_card (game, name, name_key, kind, data, version, changed_at, "
             f"uid) VALUES ('{G}', 'Onyx', 'onyx', 'marble', "
             "'{\"name\": \"Onyx\", \"kind\": \"marble\", \"cursed\": true}', 1, "
             f"CURRENT_TIMESTAMP, '{'0' * 31}1')")
    kept = records.folded(db, G, "jar", "Jar")  # the context changed: rebuilt with the card
    assert [v.code for v in kept.report.errors] == ["marble.cursed"]


# --- a kind with a fold: Wyld Hunt's game in play ----------------------------------------------

@pytest.fixture
def laid(db_url: str) -> Iterator[Database]:
    for database in fx.database(db_url):
        golden = playtable.load()
        playtable.prepare(database, golden)
        play.start(database, golden["game"], first="Josh",
                   camps={"Tim": "Balanvale", "Josh": "Balath Castle"},
                   treasures={"Tim": {"Irondew Road": "Pixie Dust"}})
        yield database


def _replayed(db: Database) -> dict[str, Any]:
    """The game's state and report from a replay of its whole ledger, read afresh."""
    stored = records.get(db, play.SYSTEM, play.KIND, GAME)
    state, report = replay(stored.data, [{"kind": e.kind, "payload": e.payload}
                                         for e in stored.events])
    return {**state.to_dict(), "log": state.log[-play.LOG_LINES:],
            "codes": sorted(v.code for v in report.violations)}


def _shown(db: Database) -> dict[str, Any]:
    view = play.show(db, GAME)
    return {**view.state.to_dict(), "log": view.state.log,
            "codes": sorted(v.code for v in view.report.violations)}


STEPS: list[tuple[str, dict[str, Any]]] = [
    ("move", {"to": "The Kyrrian Tower"}), ("waylay", {"waylay": "Manticora"}),
    ("undo", {}), ("undo", {}), ("move", {"to": "The Kyrrian Tower"}),
    ("waylay", {"waylay": "Manticora"}), ("end", {}), ("undo", {}),
]


def test_the_kept_state_of_a_game_in_play_is_the_replay_of_its_ledger(laid: Database) -> None:
    for kind, payload in STEPS:
        with contextlib.suppress(Refused):  # a step refused leaves the state as it was
            play.step(laid, GAME, kind, payload)
        assert _shown(laid) == _replayed(laid), (kind, payload)
    recordstate.forget()  # a new process: the state rebuilt from the whole ledger
    assert _shown(laid) == _replayed(laid)


def test_a_hand_edited_ledger_is_refused_though_its_state_was_kept(laid: Database) -> None:
    play.step(laid, GAME, "move", {"to": "The Kyrrian Tower"})
    play.step(laid, GAME, "waylay", {"waylay": "Manticora"})
    _sql(laid, "UPDATE record_event SET payload = '[]' WHERE seq = 1")
    with pytest.raises(Damaged):
        play.step(laid, GAME, "end", {})
    with pytest.raises(Damaged):
        play.show(laid, GAME)
