"""Offline copies merged back into the group's database (issue 32), with real processes
(``python -m chronicle db checkout|sync|conflicts``), the group on SQLite and on PostgreSQL.

The play group: Tim's finished Winerdria with one experience to spend, Josh's Annoyicus, Ann,
Bob and Carl; Tim's Tales of Arcadia force and a battle; a Hunters of Arcfall hunt; the group's
Gearknight corrected once. Two members check out a copy each and, with the group itself, edit
on all three sides: a game of each of the four games recorded offline, both copies spending
Winerdria's one experience, Carl renamed on one copy and deleted on the other, the Gearknight
corrected differently. After syncs in either order all three hold the same data, each refused
entry is listed as a conflict with its rule, none is lost, and a second sync changes nothing.
A sync killed (SIGKILL) at each of its steps leaves both sides as they were or fully synced,
and runs again to the same end.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.services import cardfront, players, transfer
from chronicle.services import playermending as mending
from chronicle.services.db import Database, open_database
from chronicle.systems.arcadia_quest.service import new_campaign
from chronicle.systems.hunters_of_arcfall.service import new_hunt, play_turn
from chronicle.systems.tales_of_arcadia import KEY as TOA
from chronicle.systems.tales_of_arcadia import service as toa
from chronicle.systems.tales_of_arcadia.battles import Side
from chronicle.systems.tales_of_arcadia.force import RosterLine
from chronicle.systems.wyld_hunt.services import ledger

DAY = dt.date(2026, 11, 28)
EDPT = "Even Dragons Pay Taxes"
ORACLE = "Seek the Oracle's Advice"
TIMEOUT = 180


@contextmanager
def opened(url: str) -> Iterator[Database]:
    db = open_database(url)
    try:
        yield db
    finally:
        db.close()


def chronicle(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m chronicle ARGV`` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "chronicle", *argv], capture_output=True,
                          text=True, timeout=TIMEOUT, env={**os.environ, **(env or {})},
                          check=False)


def build_group(db: Database) -> None:
    fx.winerdria(db)
    fx.annoyicus(db)
    ledger.record_game(db, "Winerdria", [EDPT], [EDPT])  # one experience to spend
    for name in ("Ann", "Bob", "Carl"):
        players.add_player(db, name)
    toa.new_force(db, "Tim", "Iron", "Clockwork Legion", 100)
    toa.add_unit(db, "Iron", RosterLine(unit="Gearknight"))
    toa.record_battle(db, date=DAY, limit=100, sides=(Side(player="Tim", force="Iron"),
                                                      Side(player="Ann")), winner="Tim")
    new_hunt(db, "Friday", [("Tim", "Gus"), ("Ann", "Hunter B")], hunters=["Hunter B"])
    cardfront.enter_cards(db, TOA, [{"name": "Gearknight", "kind": "unit", "power": 4}])


def state(url: str) -> dict[str, Any]:
    """A database's whole export, its time of export aside."""
    db = open_database(url)
    try:
        document = transfer.export_all(db)
    finally:
        db.close()
    document.pop("exported_at")
    return document


def conflicts(copy: Path) -> list[dict[str, Any]]:
    """The copy's conflicts as ``chronicle db conflicts FILE --json`` lists them (in this
    process: listing is no concurrency)."""
    code, out, err = fx.cli("db", "conflicts", str(copy), "--json")
    assert code in (0, 1), err
    listed: list[dict[str, Any]] = json.loads(out)
    return listed


def resolve(copy: Path, *how: str) -> tuple[int, str, str]:
    """``chronicle db conflicts FILE --drop|--apply|--rewrite ...`` (in this process)."""
    return fx.cli("db", "conflicts", str(copy), *how)


def sync(copy: Path, group: str, *extra: str,
         here: bool = False) -> subprocess.CompletedProcess[str]:
    """``chronicle db sync COPY --db GROUP EXTRA`` in a process of its own (``here``: in this
    one, where no process runs beside it: the convergence and the kills use real ones)."""
    argv = ("db", "sync", str(copy), "--db", group, *extra)
    if here:
        code, out, err = fx.cli(*argv)
        done = subprocess.CompletedProcess(argv, code, out, err)
    else:
        done = chronicle(*argv)
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    return done


@pytest.fixture
def group(databases: fx.Databases) -> str:
    return databases.url("group")


def checkout(group: str, copy: Path) -> None:
    done = chronicle("--db", group, "db", "checkout", "--out", str(copy))
    assert done.returncode == 0, done.stderr
    assert "Checked out" in done.stdout


def edit_everywhere(group: Database, a: Path, b: Path) -> None:
    """The evening: both copies offline, the group too."""
    with opened(f"sqlite:///{a}") as db:  # copy A
        ledger.buy(db, "Winerdria", "Clear Thinking")
        ledger.record_game(db, "Annoyicus", [ORACLE], [])  # Wyld Hunt
        play_turn(db, "Friday")  # Hunters of Arcfall
        mending.rename_player(db, "Carl", "Charles")
        cardfront.enter_cards(db, TOA, [{"name": "Gearknight", "kind": "unit", "power": 5,
                                         "speed": 6}])
    with opened(f"sqlite:///{b}") as db:  # copy B
        ledger.buy(db, "Winerdria", "Clear Thinking")
        toa.record_battle(db, date=DAY, limit=100, sides=(  # Tales of Arcadia
            Side(player="Tim", force="Iron"), Side(player="Bob")), winner="Bob")
        new_campaign(db, "Quest", [  # Arcadia Quest
            {"color": "blue", "player": "Ann", "heroes": ["Diva", "Greensleeves", "Grom"]},
            {"color": "green", "player": "Bob", "heroes": ["Maya", "Zazu", "Kanga"]}])
        mending.delete_player(db, "Carl")
    # the group, meanwhile
    cardfront.enter_cards(group, TOA, [{"name": "Gearknight", "kind": "unit", "power": 6}])
    players.add_player(group, "Dora")


_COPIES: dict[str, Path] = {}
"""The evening's two copies (``a.db``, ``b.db``) by backend, made once per run: each test
copies them (the group's database is ``Databases.built``'s copy of the evening's)."""


def _evening(db: Database) -> None:
    """The group built, two copies checked out by real processes, everyone's edits."""
    build_group(db)
    folder = Path(tempfile.mkdtemp(prefix="chronicle-sync-evening-"))
    a, b = folder / "a.db", folder / "b.db"
    checkout(db.url, a)
    checkout(db.url, b)
    edit_everywhere(db, a, b)
    _COPIES["postgresql" if db.url.startswith("postgresql") else "sqlite"] = folder


def evening(databases: fx.Databases, tmp_path: Path) -> tuple[str, Path, Path]:
    """The group (its URL) and the two copies' paths, after the evening's edits."""
    group = databases.built("sync-evening", _evening, "group")
    folder = _COPIES[databases.backend]
    copies = []
    for name in ("a.db", "b.db"):
        shutil.copyfile(folder / name, tmp_path / name)
        copies.append(tmp_path / name)
    return group, copies[0], copies[1]


@pytest.mark.parametrize("order", ["ab", "ba"])
def test_two_copies_and_the_group_converge_and_no_entry_is_lost(
        databases: fx.Databases, tmp_path: Path, order: str) -> None:
    if order == "ba" and databases.backend == "postgresql":
        pytest.skip("the order is the copies' (SQLite files): SQLite's run covers it")
    group, a, b = evening(databases, tmp_path)
    first, second = (a, b) if order == "ab" else (b, a)

    dry = sync(first, group, "--dry-run")
    assert "Would send" in dry.stdout
    before = state(group)
    assert state(group) == before  # a dry run changed nothing
    sync(first, group)
    sync(second, group)
    sync(first, group)  # brings the second's entries to the first
    end = state(group)
    assert state(f"sqlite:///{a}") == end
    assert state(f"sqlite:///{b}") == end

    # every game's entries recorded offline are in the group
    players_now = sorted(p["name"] for p in end["players"])
    assert "Dora" in players_now
    records = {(r["game"], r["kind"], r["name"]): r for r in end["records"]}
    assert any(k[0] == "arcadia-quest" for k in records)
    battles = next(r for k, r in records.items() if k[0] == TOA and k[1] == "battles")
    assert len(battles["events"]) == 2
    hunt = next(r for k, r in records.items() if k[0] == "hunters-of-arcfall")
    assert len(hunt["events"]) == 1
    josh = next(c for c in end["characters"] if c["name"] == "Annoyicus")
    assert len(josh["events"]) == 1
    winerdria = next(c for c in end["characters"] if c["name"] == "Winerdria")
    assert [e["kind"] for e in winerdria["events"]] == ["game", "buy"]  # one spend only

    # the card: power changed on both sides (conflict, the group's kept), speed on one
    gear = next(c for c in end["group_cards"] if c["card"]["name"] == "Gearknight")
    assert gear["card"]["speed"] == 6
    assert gear["card"]["power"] in (5, 6)

    listed = conflicts(a) + conflicts(b)
    codes = sorted(c["code"] for c in listed)
    spent = [c for c in listed if c["what"] == "entry"]
    assert len(spent) == 1, (listed, end["characters"])  # the second spend of the one experience
    assert spent[0]["code"].startswith("xp.") or spent[0]["code"].startswith("card."), spent
    assert spent[0]["entry"]["entry"]["kind"] == "buy"
    assert "sync.both_changed" in codes  # the Gearknight's power
    assert "sync.deleted_changed" in codes  # Carl renamed on one copy, deleted on the other
    carl = [p for p in players_now if p in ("Carl", "Charles")]
    deleted = next(c for c in listed if c["code"] == "sync.deleted_changed")
    if order == "ab":  # renamed first: the rename stands, the deletion is the conflict
        assert carl == ["Charles"] and deleted["entry"]["theirs"]["name"] == "Charles"
    else:  # deleted first: the rename is the conflict, kept with the player as it was
        assert carl == [] and deleted["entry"]["mine"]["name"] == "Charles"

    # sync twice: nothing changes
    again = sync(first, group, "--json")
    assert json.loads(again.stdout)["group_written"] is False
    assert state(group) == end

    # the rename against the deletion applied: the renamed player kept (restored if deleted)
    holder = b if order == "ab" else a
    code, out, err = resolve(holder, "--apply", str(deleted["id"]))
    assert code == 0 and ("kept" if order == "ab" else "restores") in out, err
    sync(holder, group)
    assert "Charles" in {p["name"] for p in state(group)["players"]}
    assert all(c["code"] != "sync.deleted_changed" for c in conflicts(holder))


def test_a_conflict_is_dropped_applied_or_rewritten_never_lost_silently(
        databases: fx.Databases, tmp_path: Path) -> None:
    group, a, b = evening(databases, tmp_path)
    sync(a, group, here=True)
    sync(b, group, here=True)
    listed = conflicts(b)
    spend = next(c for c in listed if c["what"] == "entry")
    code, _out, err = resolve(b, "--apply", str(spend["id"]))
    assert code == 1 and "cannot be applied" in err  # against the rules
    value = next(c for c in conflicts(a) if c["code"] == "sync.both_changed")
    assert (value["entry"]["field"], value["entry"]["mine"], value["entry"]["theirs"]) == (
        "card.power", 5, 6)  # the Gearknight corrected differently
    code, _out, err = resolve(a, "--apply", str(value["id"]))
    assert code == 0, err
    sync(a, group, here=True)
    gear = next(c for c in state(group)["group_cards"] if c["card"]["name"] == "Gearknight")
    assert gear["card"]["power"] == 5  # the copy's value, applied
    assert all(c["code"] != "sync.both_changed" for c in conflicts(a))
    # rewritten (buy another Merit instead): offered again, refused again by the rules
    code, _out, err = resolve(b, "--rewrite", str(spend["id"]), "merit=Pearl of Wisdom")
    assert code == 0, err
    sync(b, group, here=True)
    again = [c for c in conflicts(b) if c["what"] == "entry"]
    assert len(again) == 1 and again[0]["entry"]["entry"]["payload"]["merit"] == "Pearl of Wisdom"
    code, out, _err = resolve(b, "--drop", str(again[0]["id"]))
    assert code == 0 and "Dropped" in out
    assert all(c["what"] != "entry" for c in conflicts(b))


def test_checkout_never_overwrites_and_refuses_special_files(group: str, tmp_path: Path) -> None:
    with opened(group) as db:
        players.add_player(db, "Ann")
    copy = tmp_path / "copy.db"
    copy.write_bytes(b"mine")
    done = chronicle("--db", group, "db", "checkout", "--out", str(copy))
    assert done.returncode == 2 and "already exists" in done.stderr
    assert copy.read_bytes() == b"mine"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert chronicle("--db", group, "db", "checkout", "--out", str(fifo)).returncode == 2
    refused = chronicle("db", "sync", str(fifo), "--db", group)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert chronicle("db", "sync", str(tmp_path / "none.db")).returncode == 2
    fresh = tmp_path / "fresh.db"
    checkout(group, fresh)
    with opened(f"sqlite:///{fresh}") as db, db.transaction() as session:
        from chronicle.persistence import syncstore

        origin = syncstore.state(session, "origin")
    assert origin is not None and origin["url"]
    password = os.environ.get("CHRONICLE_TEST_POSTGRES", "").rpartition("@")[0] \
        .rpartition(":")[2]
    if "postgresql" in group and password:
        assert password not in origin["url"] and "***" in origin["url"]


@pytest.mark.parametrize("step", ["merged", "group-written", "group-committed",
                                  "copy-written"])
def test_a_sync_killed_at_any_step_leaves_both_sides_whole_and_runs_again(
        databases: fx.Databases, tmp_path: Path, step: str) -> None:
    if step == "copy-written" and databases.backend == "postgresql":
        pytest.skip("a kill after the group's commit is the copy's (a SQLite file): SQLite's "
                    "run covers it")
    group, a, b = evening(databases, tmp_path)
    group_before, copy_before = state(group), state(f"sqlite:///{a}")
    process = subprocess.Popen(
        [sys.executable, "-m", "chronicle", "db", "sync", str(a), "--db", group],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "CHRONICLE_SYNC_PAUSE": step})
    assert process.stderr is not None
    deadline = time.monotonic() + TIMEOUT
    line = ""
    while time.monotonic() < deadline and "paused at" not in line:
        line = process.stderr.readline()
        if not line and process.poll() is not None:
            break
    assert f"paused at {step}" in line, (line, process.stderr.read())
    os.kill(process.pid, signal.SIGKILL)
    process.wait(TIMEOUT)
    group_after, copy_after = state(group), state(f"sqlite:///{a}")
    if step in ("merged", "group-written"):
        assert group_after == group_before  # the group's transaction never committed
    else:
        assert group_after != group_before  # committed: the copy's entries are there
    assert copy_after == copy_before  # the copy is replaced whole or not at all
    sync(a, group, here=True)  # run again
    sync(b, group, here=True)
    sync(a, group, here=True)
    end = state(group)
    assert state(f"sqlite:///{a}") == end and state(f"sqlite:///{b}") == end
    uids = [e["uid"] for c in end["characters"] for e in c["events"]] \
        + [e["uid"] for r in end["records"] for e in r["events"]]
    assert len(uids) == len(set(uids))  # nothing sent twice
    winerdria = next(c for c in end["characters"] if c["name"] == "Winerdria")
    assert [e["kind"] for e in winerdria["events"]] == ["game", "buy"]
    assert not list(tmp_path.glob(".a.db.sync-*"))


def test_two_edits_of_one_force_that_together_break_its_limit_are_a_conflict(
        group: str, tmp_path: Path) -> None:
    """Tim's force holds a Gearknight (40 points) under a limit of 100. One copy adds another
    Gearknight, the other two Brass Hounds (20 each): each legal alone, together 120. The
    second to sync keeps its force as a conflict in its copy (the force's data, changed
    differently on both sides); the group's force is the first one's, within its limit."""
    with opened(group) as db:
        players.add_player(db, "Tim")
        toa.new_force(db, "Tim", "Iron", "Clockwork Legion", 100)
        toa.add_unit(db, "Iron", RosterLine(unit="Gearknight"))
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    checkout(group, a)
    checkout(group, b)
    with opened(f"sqlite:///{a}") as db:
        toa.add_unit(db, "Iron", RosterLine(unit="Gearknight"))
    with opened(f"sqlite:///{b}") as db:
        toa.add_unit(db, "Iron", RosterLine(unit="Brass Hound"))
        toa.add_unit(db, "Iron", RosterLine(unit="Brass Hound"))
    sync(a, group, here=True)
    sync(b, group, here=True)
    sync(a, group, here=True)
    end = state(group)
    assert state(f"sqlite:///{a}") == end and state(f"sqlite:///{b}") == end
    force = next(r for r in end["records"] if r["name"] == "Iron")
    assert "Brass Hound" not in json.dumps(force["data"])  # the first to sync: A's
    listed = conflicts(b)
    assert [c["code"] for c in listed] == ["sync.both_changed"], listed
    assert listed[0]["entry"]["field"] == "data"
    assert "Brass Hound" in json.dumps(listed[0]["entry"]["mine"])  # kept, not lost


def rows(url: str) -> dict[str, dict[str, dict[str, Any]]]:
    """Every row of every table, by table and uid (a table without uids: by id)."""
    from chronicle.persistence.copies import dump_tables

    with opened(url) as db, db.transaction() as session:
        dumped = dump_tables(session.connection())
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for table, held in dumped["tables"].items():
        columns = held["columns"]
        key = columns.index("uid" if "uid" in columns else "id")
        found[table] = {str(row[key]): dict(zip(columns, row, strict=True))
                        for row in held["rows"]}
    return found


def test_a_sync_patches_both_sides_in_place_and_a_second_changes_no_row(
        databases: fx.Databases, tmp_path: Path) -> None:
    """The rows both sides held keep their ids, the change logs are kept row for row (an app
    open on either need not reload), and a second sync changes no row of either."""
    group, a, _b = evening(databases, tmp_path)
    sides = {"group": group, "copy": f"sqlite:///{a}"}
    before = {side: rows(url) for side, url in sides.items()}
    assert before["group"]["change_log"] and before["copy"]["change_log"]
    sync(a, group, here=True)
    after = {side: rows(url) for side, url in sides.items()}
    for side, tables in before.items():
        moved = [(table, uid) for table, held in tables.items() if table != "sync_conflict"
                 for uid, row in held.items()
                 if uid in after[side][table] and after[side][table][uid]["id"] != row["id"]]
        assert moved == [], side
        assert all(after[side]["change_log"].get(k) == row
                   for k, row in tables["change_log"].items()), side
        kept = set(tables["player"]) & set(after[side]["player"])
        assert len(kept) >= 4, side  # the players both held stay (Carl's rename aside)
    assert set(after["group"]["ledger_event"]) - set(before["group"]["ledger_event"])  # sent
    assert set(after["copy"]["player"]) - set(before["copy"]["player"])  # Dora, received
    sync(a, group, here=True)
    again = {side: rows(url) for side, url in sides.items()}
    for side, tables in again.items():
        for table, held in tables.items():
            if table != "sync_state":  # the copy's memory: when it last synced
                assert held == after[side][table], (side, table)


def test_an_entry_recorded_under_an_old_name_follows_the_renamed_player(
        databases: fx.Databases, tmp_path: Path) -> None:
    """The group renames Tim and Ann while copy A recorded Winerdria's purchase (Tim's
    character) and a new hunt seating Ann: entries name players by identity, so the sync
    takes them, under the new names; nothing is refused."""
    group, a, _b = evening(databases, tmp_path)
    with opened(f"sqlite:///{a}") as db:
        new_hunt(db, "Saturday", [("Ann", "Gus"), ("Bob", "Hunter B")], hunters=["Hunter B"])
    with opened(group) as db:
        mending.rename_player(db, "Tim", "Timothy")
        mending.rename_player(db, "Ann", "Anna")
    done = sync(a, group, "--json", here=True)
    assert not {c["code"] for c in json.loads(done.stdout)["refused"]} - {"sync.both_changed"}
    end = state(group)
    assert state(f"sqlite:///{a}") == end
    winerdria = next(c for c in end["characters"] if c["name"] == "Winerdria")
    assert winerdria["player"] == "Timothy"
    assert [e["kind"] for e in winerdria["events"]] == ["game", "buy"]
    saturday = next(r for r in end["records"] if r["name"] == "Saturday")
    assert "Anna" in json.dumps(saturday) and '"Ann"' not in json.dumps(saturday)
    assert {p["name"] for p in end["players"]} >= {"Timothy", "Anna", "Charles", "Dora"}


def test_an_entry_naming_a_player_deleted_meanwhile_is_a_conflict_resolved_each_way(
        databases: fx.Databases, tmp_path: Path) -> None:
    """The group deletes Bob and Carl. Copy A seated Bob in a new hunt and renamed Carl;
    copy B recorded a battle against Bob (an entry of the group's battles) and a campaign
    with him. Each is a conflict naming its rule, nothing is lost: applying A's hunt
    restores Bob with it, A's rename rewritten restores Carl as Carlos, B's battle applied
    follows, B's campaign dropped is forgotten."""
    group, a, b = evening(databases, tmp_path)
    with opened(f"sqlite:///{a}") as db:
        new_hunt(db, "Sunday", [("Bob", "Gus"), ("Tim", "Hunter B")], hunters=["Hunter B"])
    with opened(group) as db:
        mending.delete_player(db, "Bob")
        mending.delete_player(db, "Carl")
    sync(a, group, here=True)
    sync(b, group, here=True)
    assert not {"Bob", "Carl", "Charles"} & {p["name"] for p in state(group)["players"]}
    listed_a, listed_b = conflicts(a), conflicts(b)
    hunt = next(c for c in listed_a if c["code"] == "sync.player_gone")
    assert hunt["what"] == "deleted" and hunt["entry"]["mine"]["name"] == "Sunday"
    assert "Bob" in hunt["message"] and hunt["entry"]["needs"][0]["name"] == "Bob"
    renamed = next(c for c in listed_a if c["code"] == "sync.deleted_changed")
    assert renamed["entry"]["mine"]["name"] == "Charles"
    battle = next(c for c in listed_b if c["code"] == "sync.player_gone" and c["what"] == "entry")
    campaign = next(c for c in listed_b
                    if c["code"] == "sync.player_gone" and c["what"] == "deleted")
    assert campaign["entry"]["mine"]["name"] == "Quest"

    assert resolve(a, "--apply", str(hunt["id"]))[0] == 0
    code, _out, err = resolve(a, "--rewrite", str(renamed["id"]), "name=Carlos")
    assert code == 0, err
    sync(a, group, here=True)
    assert resolve(b, "--apply", str(battle["id"]))[0] == 0
    code, out, _err = resolve(b, "--drop", str(campaign["id"]))
    assert code == 0 and "Dropped" in out
    sync(b, group, here=True)
    sync(a, group, here=True)
    end = state(group)
    assert state(f"sqlite:///{a}") == end and state(f"sqlite:///{b}") == end
    assert {"Bob", "Carlos"} <= {p["name"] for p in end["players"]}
    names = {r["name"] for r in end["records"]}
    assert "Sunday" in names and "Quest" not in names
    battles = next(r for r in end["records"] if r["game"] == TOA and r["kind"] == "battles")
    assert len(battles["events"]) == 2 and "Bob" in json.dumps(battles["events"][1])
    left = {c["code"] for c in conflicts(a) + conflicts(b)}
    assert not left & {"sync.player_gone", "sync.deleted_changed"}, left


def test_the_home_games_cards_travel_by_uid_and_merge_value_by_value(
        group: str, tmp_path: Path) -> None:
    """A Wyld Hunt card of the group's, corrected on both sides: a value changed on one side
    is taken, one changed differently on both is a conflict; the card keeps its row (uid and
    id) on both sides."""
    feather = {"name": "Gilded Feather", "kind": "merit", "cost": 2}
    with opened(group) as db:
        players.add_player(db, "Ann")
        cardfront.enter_cards(db, "wyld-hunt", [feather])
    a = tmp_path / "a.db"
    checkout(group, a)

    def card_rows(url: str) -> dict[str, Any]:
        return {uid: row for uid, row in rows(url)["group_card"].items()
                if row["name"] == "Gilded Feather"}

    before = card_rows(group)
    assert card_rows(f"sqlite:///{a}").keys() == before.keys()  # one uid on both sides
    with opened(f"sqlite:///{a}") as db:
        cardfront.enter_cards(db, "wyld-hunt", [{**feather, "cost": 3, "summary": "mine"}])
    with opened(group) as db:
        cardfront.enter_cards(db, "wyld-hunt", [{**feather, "cost": 4, "notes": "theirs"}])
    sync(a, group, here=True)
    after = card_rows(group)
    assert after.keys() == before.keys()
    (uid, row), = after.items()
    assert row["id"] == before[uid]["id"]
    assert (row["data"]["summary"], row["data"]["notes"], row["data"]["cost"]) == (
        "mine", "theirs", 4)
    assert card_rows(f"sqlite:///{a}")[uid]["data"] == row["data"]
    clash = [c for c in conflicts(a) if c["code"] == "sync.both_changed"]
    assert [("Gilded Feather" in c["subject"], c["entry"]["field"], c["entry"]["mine"],
             c["entry"]["theirs"]) for c in clash] == [(True, "card.cost", 3, 4)]
    assert resolve(a, "--apply", str(clash[0]["id"]))[0] == 0
    sync(a, group, here=True)
    assert card_rows(group)[uid]["data"]["cost"] == 3
