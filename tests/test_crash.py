"""A writer killed in the middle of writing leaves a consistent database, on every backend.

A writer process appends to Winerdria's chronicle in a loop (games and corrections, each in its
own transaction) and reports every append the database confirmed through a pipe. The test
kills it with SIGKILL at a random moment (often in the middle of a transaction), then checks
with a fresh client that every confirmed event is there under the number it was given, that
the events are numbered without gap (at most the one in flight when the kill came landed
unreported, whole), that no event is partial (each decodes, and came with its version bump and
its change-log entry), that the derived state replays cleanly, and that the database takes new
writes. SQLite's file also passes ``PRAGMA integrity_check``. Several kills per backend.
"""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
from sqlalchemy import text

from chronicle.persistence import repository as repo
from chronicle.persistence.engine import sqlite_path
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.services import characters, ledger

EDPT = "Even Dragons Pay Taxes"
KILLS = 8
"""Writer processes killed per backend."""
TIMEOUT = 60


def crash_writer(url: str, data_dir: str, round_: int, pipe: Any) -> None:
    """Append forever; after each commit, tell the parent which event landed where."""
    os.environ["CHRONICLE_DATA_DIR"] = data_dir
    db = open_database(url)
    operation = 0
    while True:
        note = f"round {round_} operation {operation}"
        if operation % 2 == 0:
            view = ledger.record_game(db, "Winerdria", [EDPT], [EDPT], note=note)
        else:
            view = ledger.correct(db, "Winerdria", note, xp=1)
        pipe.send((note, view.history[-1].seq))  # sent only once the commit returned
        operation += 1


def committed_state(db: Database) -> dict[str, Any]:
    """What a fresh client finds: the events (number, kind, note), the version, the change-log
    entries of the character, and the derived state."""
    from sqlmodel import func, select

    from chronicle.persistence.grouptables import ChangeRow

    view = characters.show_character(db, "Winerdria")
    with db.transaction() as session:
        row = repo.find_characters(session, "Winerdria")[0]
        changes = session.exec(select(func.count()).select_from(ChangeRow).where(
            ChangeRow.subject == "character", ChangeRow.subject_id == row.id)).one()
    return {"events": [(h.seq, h.kind, event.note)
                       for h, event in zip(view.history, view.build.events, strict=True)],
            "version": view.version, "changes": int(changes), "view": view}


def integrity(db: Database) -> None:
    if sqlite_path(db.url) is not None:
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"


@pytest.mark.parametrize("kills", [KILLS])
def test_a_writer_killed_mid_write_loses_no_committed_event(
        db_url: str, private_data_dir: Path, backend: str, kills: int) -> None:
    db = open_database(db_url)
    fx.winerdria(db)
    start = committed_state(db)
    assert start["events"] == []
    context = fx.processes()
    chance = random.Random(1996)
    confirmed: list[tuple[str, int]] = []
    in_flight_landed = 0
    try:
        for round_ in range(kills):
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(target=crash_writer,
                                      args=(db_url, str(private_data_dir), round_, sender))
            process.start()
            sender.close()
            wanted = chance.randint(3, 20)  # commits to wait for before the kill
            mine: list[tuple[str, int]] = []
            while len(mine) < wanted:
                assert receiver.poll(TIMEOUT), "the writer stopped reporting"
                mine.append(receiver.recv())
            time.sleep(chance.uniform(0, 0.03))  # land anywhere in the next transaction
            os.kill(process.pid, signal.SIGKILL)
            process.join(TIMEOUT)
            assert process.exitcode == -signal.SIGKILL
            while receiver.poll():
                try:
                    mine.append(receiver.recv())
                except EOFError:
                    break
            receiver.close()
            confirmed.extend(mine)

            integrity(db)
            state = committed_state(db)
            events = state["events"]
            # numbered 1, 2, 3 ... without gap or duplicate
            assert [seq for seq, _kind, _note in events] == list(range(1, len(events) + 1))
            # every confirmed event is there, under the number it was given
            found = {note: seq for seq, _kind, note in events}
            assert all(found.get(note) == seq for note, seq in confirmed)
            # at most the event in flight landed without being reported, and then whole
            extra = len(events) - len(confirmed) - in_flight_landed
            assert extra in (0, 1)
            in_flight_landed += extra
            if extra:
                _seq, kind, note = events[-1]
                assert note == f"round {round_} operation {len(mine)}"
                assert kind == ("game" if len(mine) % 2 == 0 else "correction")
            # no partial event: each came with its version bump and its change-log entry
            assert state["version"] - start["version"] == len(events)
            assert state["changes"] - start["changes"] == len(events)
            # and the derived state replays cleanly
            view = state["view"]
            assert view.report.valid, view.report.errors
            assert view.report.summary["xp_earned"] == len(events)
        # the database takes new writes afterwards
        after = ledger.correct(db, "Winerdria", "after the crashes", xp=1)
        assert after.history[-1].seq == len(confirmed) + in_flight_landed + 1
    finally:
        db.close()
    fx.record("writer killed with SIGKILL", backend, kills=kills,
              events_confirmed=len(confirmed), in_flight_events_landed_whole=in_flight_landed,
              confirmed_events_lost=0, partial_events=0)
