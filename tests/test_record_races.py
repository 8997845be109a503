"""Members writing one sister-game record at once, from real processes, on every backend.

- Two processes adding units to one Tales of Arcadia force through ``chronicle force add``:
  every add that said "Added" is in the force (none lost to a whole-roster overwrite).
- Two processes recording the group's first battle at once: both land in one history.
- A write from a stale version (``--expect-version``) is refused with the conflict, exit 1.
- A record locked by another connection (a laptop closed mid-save): ``chronicle hunt turn``
  waits ``CHRONICLE_LOCK_WAIT`` seconds, then says the database "stayed locked by another
  writer" with exit 1 and writes nothing: the same words and status on SQLite and PostgreSQL.

The figures (adds landed, battles landed, collisions retried) go to ``dbfixtures.record`` for
docs/reliability.md.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.tales_of_arcadia import service as tales
from chronicle.systems.tales_of_arcadia.battles import Side

ADDS = 10
"""Units each of the two processes adds to the one force."""
TIMEOUT = 120
UNITS = ("Gearknight", "Brass Hound")
"""The unit each process adds, one at a time."""


@pytest.fixture
def group(db_url: str) -> Iterator[Database]:
    """Ann and Bob, and Ann's empty force Iron Vanguard at a limit nothing reaches."""
    db = open_database(db_url)
    players.add_player(db, "Ann")
    players.add_player(db, "Bob")
    tales.new_force(db, "Ann", "Iron Vanguard", "Clockwork Legion", 1_000_000)
    try:
        yield db
    finally:
        db.close()


def race(target: Any, url: str, data_dir: Path, *extra: Any) -> list[Any]:
    """Run ``target(url, data_dir, number, start, results, *extra)`` in two processes that
    start together; what each put on ``results``, by number."""
    context = fx.processes()
    start = context.Barrier(3)
    results = context.Queue()
    processes = [context.Process(target=target, args=(url, str(data_dir), n, start, results,
                                                      *extra)) for n in range(2)]
    for process in processes:
        process.start()
    try:
        start.wait(TIMEOUT)
        found = [results.get(timeout=TIMEOUT) for _ in processes]
    finally:
        for process in processes:
            process.join(TIMEOUT)
            if process.is_alive():
                process.kill()
    assert [p.exitcode for p in processes] == [0, 0]
    return sorted(found, key=lambda r: r["number"])


def adder(url: str, data_dir: str, number: int, start: Any, results: Any) -> None:
    """One member: ``ADDS`` times ``chronicle force add Iron Vanguard UNIT``."""
    os.environ["CHRONICLE_DATA_DIR"] = data_dir
    assert fx.cli("--db", url, "force", "show", "Iron Vanguard")[0] == 0  # warm: both race
    start.wait(TIMEOUT)
    said = [fx.cli("--db", url, "force", "add", "Iron Vanguard", UNITS[number])
            for _ in range(ADDS)]
    results.put({"number": number, "said": said})


def test_two_members_adding_units_at_once_keep_every_unit(
        group: Database, private_data_dir: Path, backend: str) -> None:
    reports = race(adder, group.url, private_data_dir)
    for report in reports:
        assert [(code, out.startswith("Added 1×")) for code, out, _err in report["said"]] == \
            [(0, True)] * ADDS, report["said"]
    view = tales.get_force(group, "Iron Vanguard")
    counts = {unit: sum(line.count for line in view.roster.units if line.unit == unit)
              for unit in UNITS}
    assert counts == dict.fromkeys(UNITS, ADDS)  # every "Added" is there: none lost
    assert view.version == 1 + 2 * ADDS and view.report.valid
    fx.record("force adds from two processes", backend, adds_said_added=2 * ADDS,
              units_landed=sum(counts.values()), units_lost=2 * ADDS - sum(counts.values()))


def recorder(url: str, data_dir: str, number: int, start: Any, results: Any) -> None:
    """One member recording a battle (the group's first, for both) as soon as the other."""
    os.environ["CHRONICLE_DATA_DIR"] = data_dir
    db = open_database(url)
    tales.list_battles(db)  # warm (imports, connections): the two writes start together
    tales.get_force(db, "Iron Vanguard")
    start.wait(TIMEOUT)
    entry = tales.record_battle(db, date=dt.date(2026, 11, 28 + number), limit=100,
                                sides=(Side(player="Ann"), Side(player="Bob")),
                                winner=("Ann", "Bob")[number])
    results.put({"number": number, "entry": entry.number, "retries": db.retries})
    db.close()


def test_two_members_recording_the_first_battle_at_once_both_land(
        group: Database, private_data_dir: Path, backend: str) -> None:
    reports = race(recorder, group.url, private_data_dir)
    battles = tales.list_battles(group)
    assert sorted(r["entry"] for r in reports) == [1, 2]
    assert sorted(b.battle.winner or "" for b in battles) == ["Ann", "Bob"]
    assert [s.won for s in tales.standings(group)] == [1, 1]
    fx.record("first battle from two processes", backend, battles_recorded=2,
              battles_landed=len(battles),
              collisions_retried=sum(r["retries"] for r in reports))


def test_a_stale_edit_is_refused_with_the_conflict_and_writes_nothing(
        group: Database) -> None:
    code, out, _err = fx.cli("--db", group.url, "force", "add", "Iron Vanguard", "Gearknight",
                             "--expect-version", "1")
    assert code == 0 and out.startswith("Added"), out
    with fx.unchanged(group):
        code, out, err = fx.cli("--db", group.url, "force", "add", "Iron Vanguard",
                                "Brass Hound", "--expect-version", "1")
    assert code == 1 and "Iron Vanguard was changed by someone else meanwhile: version 1 -> " \
        "2" in err, (out, err)


# --- a lock held by another connection ------------------------------------------------------

def hold_lock(db: Database, name: str) -> Any:
    """Another connection holding the record ``name``'s row lock (PostgreSQL's ``FOR
    UPDATE``) or SQLite's write lock, in an open transaction, as a member's laptop closed in
    the middle of a save would; close it to let go."""
    from chronicle.persistence.engine import sqlite_path

    path = sqlite_path(db.url)
    if path is not None:
        import sqlite3

        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("UPDATE record SET version = version WHERE name = ?", (name,))
        return holder
    import psycopg

    server = psycopg.connect(db.url.replace("postgresql+psycopg://", "postgresql://"))
    server.execute("SELECT id FROM record WHERE name = %s FOR UPDATE", (name,))
    return server


def test_a_write_waiting_for_a_held_lock_ends_with_the_same_words_on_every_backend(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.persistence.engine import safe_url
    from chronicle.systems.hunters_of_arcfall.service import new_hunt, show_hunt

    monkeypatch.setenv("CHRONICLE_LOCK_WAIT", "0.5")
    db = open_database(db_url)
    try:
        new_hunt(db, "Friday", [("Ana", "Gus"), ("Bo", "Hunter B")], hunters=["Hunter B"])
        holder = hold_lock(db, "Friday")
        try:
            code, out, err = fx.cli("--db", db_url, "hunt", "turn", "Friday", "--player",
                                    "Ana")
        finally:
            holder.close()
        assert (code, out) == (1, ""), err
        assert err == (f"chronicle: conflict: {safe_url(db.url)} stayed locked by another "
                       "writer for 0.5 seconds; nothing was written: try again\n")
        assert show_hunt(db, "Friday").log.entries == ()  # nothing was written ...
        code, _out, err = fx.cli("--db", db_url, "hunt", "turn", "Friday", "--player", "Ana")
        assert code == 0, err  # ... and once the lock is let go, the turn goes in
    finally:
        db.close()


def test_postgresql_sessions_carry_the_lock_wait_and_the_backstops(
        db_url: str, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy import text

    from chronicle.errors import BadInput, Conflict

    if backend != "postgresql":
        pytest.skip("PostgreSQL's own settings")
    monkeypatch.setenv("CHRONICLE_LOCK_WAIT", "2.5")
    db = open_database(db_url)
    try:
        with db.reading() as connection:
            shown = [connection.execute(text(f"SHOW {name}")).scalar() for name in (
                "lock_timeout", "statement_timeout", "idle_in_transaction_session_timeout",
                "timezone")]
        assert shown == ["2500ms", "10min", "10min", "UTC"]
        stopped = r"ran longer than the server allows \(statement_timeout\); nothing was"
        with pytest.raises(Conflict, match=stopped), db.transaction() as session:
            session.execute(text("SET LOCAL statement_timeout = 50"))  # the backstop, shortened
            session.execute(text("SELECT pg_sleep(2)"))
    finally:
        db.close()
    monkeypatch.setenv("CHRONICLE_LOCK_WAIT", "soon")
    with pytest.raises(BadInput, match="CHRONICLE_LOCK_WAIT is 'soon'"):
        open_database(db_url)


def test_a_turn_for_the_next_player_as_read_is_refused_once_another_turn_landed(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hunt turn`` without ``--player`` is the next player's as read: when another member's
    turn lands between that read and the write, it is refused, never given to whoever is next
    by then."""
    from chronicle.errors import Conflict
    from chronicle.systems.hunters_of_arcfall import service as hunts

    db = open_database(db_url)
    other = fx.second_client(db)
    try:
        hunts.new_hunt(db, "Friday", [("Ana", "Gus"), ("Bo", "Hunter B")], hunters=["Hunter B"])
        read = hunts.show_hunt
        fired = False

        def then_another_turn(database: Database, name: str, **options: Any) -> Any:
            nonlocal fired
            seen = read(database, name, **options)
            if not fired:                   # once (the other member's turn reads too)
                fired = True
                hunts.play_turn(other, name, player="Ana")  # the other member's, meanwhile
            return seen

        monkeypatch.setattr(hunts, "show_hunt", then_another_turn)
        with pytest.raises(Conflict, match=r"Friday was changed by someone else meanwhile: "
                                           r"version 1 -> 2 \(event 1 \(turn\) was appended\)"):
            hunts.play_turn(db, "Friday", drawn=[])
        monkeypatch.undo()
        assert [getattr(e, "player", None) for e in hunts.show_hunt(db, "Friday").log.entries] \
            == ["Ana"]
    finally:
        other.close()
        db.close()


def test_a_first_event_landing_between_the_two_reads_of_a_history_is_appended_to_it(
        group: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first battle written by another member between this write's "no history yet" and
    its "none of that name at all" (PostgreSQL reads each statement afresh): the write appends
    to the history the other made, instead of saying it does not exist (seen once in a full
    run with two processes)."""
    from chronicle.services import recordstore

    finding = recordstore._find
    other = open_database(group.url)
    raced: list[bool] = []

    def racing(*args: Any, **kwargs: Any) -> Any:
        if not raced:
            raced.append(True)
            tales.record_battle(other, date=dt.date(2026, 11, 28), limit=100,
                                sides=(Side(player="Ann"), Side(player="Bob")), winner="Ann")
            raise recordstore.NotFound("no battle history is called 'battles'")  # as read
        return finding(*args, **kwargs)

    monkeypatch.setattr(recordstore, "_find", racing)
    entry = tales.record_battle(group, date=dt.date(2026, 11, 29), limit=100,
                                sides=(Side(player="Ann"), Side(player="Bob")), winner="Bob")
    other.close()
    assert raced and entry.number == 2
    assert sorted(b.battle.winner or "" for b in tales.list_battles(group)) == ["Ann", "Bob"]
