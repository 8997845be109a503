"""Several people and processes writing the same chronicle at once, on every backend.

- Two clients editing the same character: the second save is refused with a conflict that names
  the versions and what the first save changed, and nothing is lost.
- Writer processes appending to one ledger at once: every append lands, numbered 1, 2, 3, ...
  with no gap or duplicate, each writer's events in its own order, and the replay never shows
  negative unspent experience (an append that collides is checked again on the fresh chronicle).
- Two processes opening an old database at once: one migrates (after one backup), the other
  finds the work done.

The figures reached (writers, appends, collisions retried) are printed at the end of the run
(``dbfixtures.record``) for docs/reliability.md.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.errors import Conflict, Refused
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.chronicle import MeritBought
from chronicle.systems.wyld_hunt.services import characters, games, ledger
from chronicle.systems.wyld_hunt.services.common import character_row

EDPT = "Even Dragons Pay Taxes"
WRITERS = 4
"""Writer processes appending to one chronicle at once (on 2 cores: real contention)."""
OPERATIONS = 30
"""Appends each writer attempts: a game won (+1 experience), then two corrections taking one
experience back each (refused when none is left), and so on: the writers race for the last
point of experience all the time (each append replays the chronicle, so its cost grows with
it: 30 are enough to collide a hundred times)."""
TIMEOUT = 180


@pytest.fixture
def tim(db_url: str) -> Iterator[Database]:
    """Tim and the finished Winerdria, her chronicle empty."""
    db = open_database(db_url)
    fx.winerdria(db)
    try:
        yield db
    finally:
        db.close()


# --- two people, one character -------------------------------------------------------------

def test_the_second_save_is_refused_naming_what_changed(tim: Database, backend: str) -> None:
    mine = characters.show_character(tim, "Winerdria")  # Tim's screen shows version 3
    other = fx.second_client(tim)
    try:
        theirs = ledger.record_game(other, "Winerdria", [EDPT], [EDPT], note="Josh's laptop")
    finally:
        other.close()
    assert theirs.version == mine.version + 1
    expected = (rf"Winerdria was changed by someone else meanwhile: version {mine.version} -> "
                rf"{theirs.version} \(a game was recorded\); nothing was written: reload it")
    with fx.unchanged(tim), pytest.raises(Conflict, match=expected):
        characters.edit_character(tim, "Winerdria", background="Tim's new background",
                                  expected_version=mine.version)
    with fx.unchanged(tim), pytest.raises(Conflict, match=expected), \
            tim.transaction() as session:
        row = character_row(session, "Winerdria")
        ledger.append(session, row, MeritBought(merit="Clear Thinking"),
                      expected_version=mine.version)
    after = characters.show_character(tim, "Winerdria")  # nothing lost, nothing overwritten
    assert after.version == theirs.version
    assert [h.text for h in after.history] == [f"Game: quests {EDPT}; completed {EDPT}"]
    assert after.build.background is None
    # Reloaded, Tim's save goes through.
    saved = characters.edit_character(tim, "Winerdria", background="Tim's new background",
                                      expected_version=after.version)
    assert saved.version == after.version + 1
    fx.record("two clients, one character", backend, conflicts_refused=2)


def test_a_conflict_lists_every_change_missed(tim: Database) -> None:
    mine = characters.show_character(tim, "Winerdria")
    ledger.record_game(tim, "Winerdria", [EDPT], [EDPT])
    ledger.buy(tim, "Winerdria", "Clear Thinking")
    characters.edit_character(tim, "Winerdria", background="Older now.")
    ledger.correct(tim, "Winerdria", "counted twice", xp=1)
    with pytest.raises(Conflict) as info:
        characters.edit_character(tim, "Winerdria", background="x",
                                  expected_version=mine.version)
    assert (f"version {mine.version} -> {mine.version + 4} (a game was recorded; Clear Thinking "
            "was bought; its background was edited; and 1 more changes)") in str(info.value)


def test_an_edit_interleaved_with_another_save_is_refused_naming_it(
        tim: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """No expected version: the other save lands between this edit's reads and its write."""
    other = fx.second_client(tim)
    try:
        with fx.meanwhile(monkeypatch, characters, lambda: characters.edit_character(
                other, "Winerdria", background="Josh wrote this")), pytest.raises(
                Conflict, match=r"version 3 -> 4 \(its background was edited\)"):
            characters.edit_character(tim, "Winerdria", add_merits=("Clear Thinking",))
    finally:
        other.close()
    after = characters.show_character(tim, "Winerdria")
    assert after.build.background == "Josh wrote this"
    assert "Clear Thinking" not in after.build.merits


def test_a_stale_game_choice_names_what_changed(tim: Database) -> None:
    from chronicle.services import players
    from chronicle.systems.wyld_hunt.services import collection

    players.add_player(tim, "Josh")
    collection.add_cards(tim, "Tim", [(EDPT, 1)], kind="quest")
    game = games.new_game(tim, "Friday", [("Tim", "Winerdria"), ("Josh", None)])
    games.choose(tim, "Friday", "Tim", quests=[EDPT])
    with pytest.raises(Conflict, match=rf"version {game.version} -> {game.version + 1} \(a "
                                       "player's quests, target or cards were changed\\)"):
        games.choose(tim, "Friday", "Tim", target="Josh", expected_version=game.version)


# --- many processes, one ledger ------------------------------------------------------------

def writer(url: str, data_dir: str, number: int, operations: int, start: Any,
           results: Any) -> None:
    """One player's process: ``operations`` appends to Winerdria's chronicle, as fast as it
    can, reporting what landed."""
    os.environ["CHRONICLE_DATA_DIR"] = data_dir
    db = open_database(url)
    landed: list[str] = []
    conflicts: list[str] = []
    refused = 0
    start.wait(TIMEOUT)
    for operation in range(operations):
        note = f"writer {number} operation {operation}"
        try:
            if operation % 3 == 0:
                ledger.record_game(db, "Winerdria", [EDPT], [EDPT], note=note)
            else:
                ledger.correct(db, "Winerdria", note, xp=-1)
            landed.append(note)
        except Refused:
            refused += 1
        except Conflict as exc:
            conflicts.append(str(exc))
    results.put({"number": number, "landed": landed, "refused": refused,
                 "conflicts": conflicts, "retries": db.retries, "most_tries": db.most_tries})
    db.close()


def run_writers(url: str, data_dir: Path, writers: int, operations: int,
                ) -> list[dict[str, Any]]:
    context = fx.processes()
    start = context.Barrier(writers + 1)
    results = context.Queue()
    processes = [context.Process(target=writer, args=(url, str(data_dir), n, operations, start,
                                                      results)) for n in range(writers)]
    for process in processes:
        process.start()
    try:
        start.wait(TIMEOUT)  # every writer has opened the database: go
        found = [results.get(timeout=TIMEOUT) for _ in processes]
    finally:
        for process in processes:
            process.join(TIMEOUT)
            if process.is_alive():
                process.kill()
    assert [p.exitcode for p in processes] == [0] * writers
    return sorted(found, key=lambda r: r["number"])


def test_ledger_appends_from_several_processes_all_land_in_order(
        tim: Database, private_data_dir: Path, backend: str) -> None:
    before = characters.show_character(tim, "Winerdria")
    reports = run_writers(tim.url, private_data_dir, WRITERS, OPERATIONS)

    view = characters.show_character(tim, "Winerdria")
    landed = [note for r in reports for note in r["landed"]]
    refused = sum(r["refused"] for r in reports)
    messages = [m for r in reports for m in r["conflicts"]]
    conflicts = len(messages)
    assert len(landed) + refused + conflicts == WRITERS * OPERATIONS
    # Every append that returned is there once, numbered without gap or duplicate ...
    notes = [event.note for event in view.build.events]
    assert sorted(notes) == sorted(landed)  # type: ignore[type-var]
    assert [h.seq for h in view.history] == list(range(1, len(landed) + 1))
    # ... each writer's appends in the order it made them ...
    for report in reports:
        mine = [n for n in notes if n is not None and n.startswith(f"writer {report['number']} ")]
        assert mine == report["landed"]
    # ... and the replay never goes below zero experience: every check ran on fresh state.
    assert all(h.xp_unspent >= 0 for h in view.history)
    assert view.report.valid, view.report.errors
    games_won = sum(1 for n in landed if int(n.rsplit(" ", 1)[1]) % 3 == 0)
    assert view.report.summary["xp_earned"] == games_won - (len(landed) - games_won)
    assert view.version == before.version + len(landed)
    assert conflicts == 0, messages  # every collision was resolved by checking again
    assert sum(r["retries"] for r in reports) > 0, "the writers never collided"
    fx.record("ledger appends from processes", backend, writers=WRITERS,
              appends_attempted=WRITERS * OPERATIONS, events_appended=len(landed),
              refused_by_the_rules=refused, collisions_retried=sum(r["retries"]
                                                                   for r in reports),
              max_tries_of_one_append=max(r["most_tries"] for r in reports), events_lost=0)


# --- two processes upgrading one old database ----------------------------------------------

def opener(url: str, data_dir: str, start: Any, results: Any) -> None:
    """Open (and so migrate) the database as chronicle starts."""
    os.environ["CHRONICLE_DATA_DIR"] = data_dir
    start.wait(TIMEOUT)
    open_database(url).close()
    results.put("opened")


def test_two_processes_upgrading_at_once_migrate_once(databases: fx.Databases,
                                                      private_data_dir: Path,
                                                      tmp_path: Path) -> None:
    from test_migrations import at_revision, write

    from chronicle.persistence.engine import HEAD, current_revision, open_engine

    engine = at_revision(databases, "0001")
    write(engine, "0001")
    engine.dispose()
    url = databases.url("old")
    context = fx.processes()
    start = context.Barrier(2)
    results = context.Queue()
    processes = [context.Process(target=opener, args=(url, str(private_data_dir), start,
                                                      results)) for _ in range(2)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(TIMEOUT)
    assert [p.exitcode for p in processes] == [0, 0]
    assert [results.get(timeout=5) for _ in processes] == ["opened", "opened"]
    engine = open_engine(url)
    try:
        assert current_revision(engine) == HEAD
    finally:
        engine.dispose()
    backups = [*tmp_path.glob("backups/*"), *private_data_dir.glob("backups/*")]
    assert len(backups) == 1 and "-0001-before-" in backups[0].name


# --- collection counts ----------------------------------------------------------------------

def test_simultaneous_count_changes_all_land(db_url: str, backend: str) -> None:
    """``repository.change_count`` reads and writes in one statement: writers changing the
    same count at the same moment never lose a change."""
    import threading

    from chronicle.services import players
    from chronicle.systems.wyld_hunt.services import collection

    setup = open_database(db_url)
    players.add_player(setup, "Tim")
    collection.add_cards(setup, "Tim", [("Fae Armor", 1)])
    setup.close()
    writers, changes = 4, 15
    start = threading.Barrier(writers)
    failures: list[BaseException] = []

    def write() -> None:
        db = open_database(db_url)
        try:
            start.wait()
            for _ in range(changes):
                collection.add_cards(db, "Tim", [("Fae Armor", 2)])
                collection.add_cards(db, "Tim", [("Fae Armor", -1)])
        except BaseException as exc:  # reported below
            failures.append(exc)
        finally:
            db.close()

    threads = [threading.Thread(target=write) for _ in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not failures, failures
    check = open_database(db_url)
    try:
        owned = {o.name: o.count for o in collection.list_collection(check, "Tim")}
    finally:
        check.close()
    assert owned["Fae Armor"] == 1 + writers * changes
    fx.record("collection counts changed at once", backend, writers=writers,
              changes=writers * changes * 2, changes_lost=0)
