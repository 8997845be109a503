"""A record's fold state kept in the database with each step (``fold_snapshot``,
``services.recordstate``; Wyld Hunt's game in play, ``rules.playfold.dump`` / ``load``): a new
process's first step reads it instead of replaying the ledger; a snapshot edited by hand, an
event edited by hand (of the same length too) or a record changed otherwise is noticed and the
ledger replayed, with the right state; undo (a compensating event) stays right through a
snapshot, past the events it keeps. On SQLite and PostgreSQL; the fold's own round trip
without a database."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from chronicle.errors import Refused
from chronicle.persistence.engine import normalise_url
from chronicle.rules.folding import NeedsHistory
from chronicle.services import recordstate
from chronicle.services import recordstore as records
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.rules import playfold
from chronicle.systems.wyld_hunt.rules.playevents import replay
from chronicle.systems.wyld_hunt.services import play

BENCH = Path(__file__).resolve().parent.parent / "bench" / "play.py"
GAME = "Days"
N = 150
"""The ledger's steps before the tests' own (beyond what one snapshot keeps)."""


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("play_bench_snapshot", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["play_bench_snapshot"] = module
    spec.loader.exec_module(module)
    return module


BENCHED = _bench()
LEDGER = BENCHED.ledger(N + 20)


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    """A game in play with ``N`` steps of the bench's Days (undos among them) in its ledger."""
    for database in fx.database(db_url):
        records.create(database, play.SYSTEM, play.KIND, GAME, BENCHED.table(),
                       events=[(e["kind"], e["payload"]) for e in LEDGER[:N]])
        yield database


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many whole-ledger replays the store runs (one item per replay)."""
    done: list[int] = []
    real = recordstate.fold_all

    def counted(*args: Any, **kwargs: Any) -> Any:
        done.append(len(args[3]))
        return real(*args, **kwargs)

    monkeypatch.setattr(recordstate, "fold_all", counted)
    return done


def _sql(db: Database, statement: str, **params: Any) -> list[Any]:
    """Read or edit the database behind the program's back (raw SQL, another client)."""
    engine = create_engine(normalise_url(db.url), poolclass=NullPool)
    try:
        with engine.begin() as connection:
            result = connection.execute(text(statement), params)
            return list(result.all()) if result.returns_rows else []
    finally:
        engine.dispose()


def _replayed(db: Database) -> dict[str, Any]:
    """The state and report of a replay of the whole ledger, read afresh."""
    stored = records.get(db, play.SYSTEM, play.KIND, GAME)
    state, report = replay(stored.data, [{"kind": e.kind, "payload": e.payload}
                                         for e in stored.events])
    return {**state.to_dict(), "log": state.log[-play.LOG_LINES:],
            "violations": [(v.code, v.message) for v in report.violations]}


def _shown(db: Database) -> dict[str, Any]:
    view = play.show(db, GAME)
    return {**view.state.to_dict(), "log": view.state.log,
            "violations": [(v.code, v.message) for v in view.report.violations]}


def _step(db: Database, index: int) -> play.PlayView:
    event = LEDGER[index]
    return play.step(db, GAME, event["kind"], dict(event["payload"]))


def _snapshot(db: Database) -> tuple[int, str]:
    rows = _sql(db, "SELECT events, state FROM fold_snapshot")
    assert len(rows) == 1
    return int(rows[0][0]), str(rows[0][1])


def test_a_new_process_reads_the_snapshot_instead_of_replaying(db: Database,
                                                                replays: list[int]) -> None:
    _step(db, N)  # the first step replays (no snapshot yet) and writes one
    assert replays == [N]
    assert _snapshot(db)[0] == N + 1
    for index in range(N + 1, N + 6):
        recordstate.forget()  # a new process: nothing kept in memory
        _step(db, index)
        assert _snapshot(db)[0] == index + 1
    recordstate.forget()
    assert _shown(db) == _replayed(db)
    assert replays == [N]  # the store replayed the ledger once: before any snapshot
    events, state = _snapshot(db)
    assert json.loads(state)["snapshot"] == playfold.SNAPSHOT and events == N + 6


def test_a_refused_step_leaves_the_snapshot_as_it_was(db: Database) -> None:
    _step(db, N)
    before = _snapshot(db)
    with pytest.raises(Refused):
        play.step(db, GAME, "move", {"player": "Bo", "to": "Wood"})  # not Bo's Day
    assert _snapshot(db) == before


@pytest.mark.parametrize("edit", [
    "UPDATE fold_snapshot SET state = REPLACE(state, :day, :later)",
    "UPDATE fold_snapshot SET events = events + 1",
    "UPDATE fold_snapshot SET token = 'x' || SUBSTR(token, 2)",
    "UPDATE fold_snapshot SET seal = 'x' || SUBSTR(seal, 2)",
    "UPDATE fold_snapshot SET history = 'x' || SUBSTR(history, 2)",
])
def test_a_snapshot_edited_by_hand_is_not_used(db: Database, replays: list[int],
                                               edit: str) -> None:
    _step(db, N)
    recordstate.forget()
    _sql(db, edit, **({"day": '"day":', "later": '"day":1'} if ":day" in edit else {}))
    replays.clear()
    assert _shown(db) == _replayed(db)
    assert replays[0] == N + 1  # the store replayed the ledger instead of reading the snapshot


def test_an_unreadable_snapshot_with_a_matching_seal_is_replayed(
        db: Database, replays: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    _step(db, N)
    recordstate.forget()
    monkeypatch.setattr(playfold, "SNAPSHOT", 99)  # a form this program does not read
    replays.clear()
    assert _shown(db) == _replayed(db)
    assert replays[0] == N + 1


def test_an_event_edited_by_hand_keeping_its_length_is_seen(db: Database,
                                                            replays: list[int]) -> None:
    _step(db, N)
    rows = _sql(db, "SELECT seq, CAST(payload AS TEXT) FROM record_event WHERE kind = 'move' "
                    "ORDER BY seq")
    seq, payload = next((s, p) for s, p in rows if '"Wood"' in str(p))
    edited = str(payload).replace('"Wood"', '"Ford"')  # the same length: the mark stays
    assert len(edited) == len(str(payload))
    was = _shown(db)
    recordstate.forget()
    value = "CAST(:p AS JSON)" if db.url.startswith("postgresql") else ":p"
    _sql(db, f"UPDATE record_event SET payload = {value} WHERE seq = :s", p=edited, s=seq)
    replays.clear()
    now = _shown(db)
    assert replays[0] == N + 1
    assert now == _replayed(db) and now != was


def test_the_snapshot_is_not_used_once_the_record_changed_otherwise(
        db: Database, replays: list[int]) -> None:
    _step(db, N)
    records.rename(db, play.SYSTEM, play.KIND, GAME, "Days Again")
    records.rename(db, play.SYSTEM, play.KIND, "Days Again", GAME)
    recordstate.forget()
    replays.clear()
    assert _shown(db) == _replayed(db)
    assert replays[0] == N + 1


def test_undo_through_snapshots_past_the_events_kept(db: Database,
                                                     replays: list[int]) -> None:
    _step(db, N)
    replays.clear()
    undos = 2 * playfold.KEPT + 8  # past the events in force a snapshot keeps
    for _ in range(undos):
        recordstate.forget()  # each undo a new process's first step
        play.undo(db, GAME)
        assert _shown(db) == _replayed(db)
    assert 1 <= len(replays) <= 2  # an undo past the events a snapshot keeps replays
    recordstate.forget()
    play.step(db, GAME, "end", {"player": None})  # play goes on after the undos
    assert _shown(db) == _replayed(db)


def test_the_folds_snapshot_plays_on_as_the_fold_it_was_written_from() -> None:
    data = BENCHED.table()
    events = BENCHED.ledger(150)
    fold = playfold.begin(data)
    for seq, event in enumerate(events, start=1):
        fold = playfold.step(fold, event, seq)
        if seq % 9:
            continue
        copy = playfold.load(json.loads(json.dumps(playfold.dump(fold))))
        assert isinstance(copy, playfold.PlayFold) and isinstance(fold, playfold.PlayFold)
        assert copy.played(100).to_dict() == fold.played(100).to_dict()
        assert copy.played(100).log == fold.played(100).log
        assert playfold.report(copy).violations == playfold.report(fold).violations
        going: playfold.PlayFold | playfold.Unreadable = fold
        again: playfold.PlayFold | playfold.Unreadable = copy
        for index in range(playfold.KEPT + 3):  # undos down into the events kept, and past
            assert isinstance(going, playfold.PlayFold)
            top = going.top
            if top is None:
                break
            undo = {"kind": "undo", "payload": {"seq": top.index + 1}}
            going = playfold.step(going, undo, seq + 1 + index)
            try:
                again = playfold.step(again, undo, seq + 1 + index)
            except NeedsHistory:
                assert index >= playfold.KEPT
                break
            assert isinstance(going, playfold.PlayFold) and isinstance(again, playfold.PlayFold)
            assert again.played(50).to_dict() == going.played(50).to_dict()
            assert again.played(50).log == going.played(50).log
            assert playfold.report(again).violations == playfold.report(going).violations


def test_an_unreadable_table_survives_its_snapshot() -> None:
    fold = playfold.begin({"game": "x"})
    assert isinstance(fold, playfold.Unreadable)
    copy = playfold.load(json.loads(json.dumps(playfold.dump(fold))))
    assert copy == fold


@pytest.mark.parametrize("broken", [{}, {"snapshot": 1}, {"snapshot": 2, "state": {}},
                                    {"snapshot": 1, "state": {"game": 1}, "log": {},
                                     "found": {}, "below": None, "kept": []}])
def test_a_snapshot_load_cannot_read_raises_what_the_store_catches(
        broken: dict[str, Any]) -> None:
    with pytest.raises((KeyError, TypeError, ValueError)):
        playfold.load(broken)
