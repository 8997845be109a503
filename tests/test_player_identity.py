"""Players by identity in the sister games' records, and imports that accept what the command
line accepts (issue 25, items 3 and 4), on every backend: a rename follows into the battle
history and a hunt's seats, a delete of a player the group's records name is refused naming
them, a new player of a deleted or guest name inherits nothing, an export or backup naming a
player who does not exist or another player's force is refused with its code and writes
nothing, and an archived or renamed battle history is found and restored."""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.cli import main
from chronicle.errors import AlreadyExists, BadInput, NotFound, Refused
from chronicle.persistence import repository as repo
from chronicle.services import backup, players, transfer
from chronicle.services import playermending as mending
from chronicle.services import recordstore as records
from chronicle.services.db import Database, open_database
from chronicle.services.playernames import NOT_SINGLE, UNKNOWN_PLAYER, UNKNOWN_RECORD
from chronicle.systems.arcadia_quest.ledger import CampaignStarted
from chronicle.systems.arcadia_quest.service import new_campaign, show_campaign
from chronicle.systems.hunters_of_arcfall import KEY as HOA
from chronicle.systems.hunters_of_arcfall.service import new_hunt, show_hunt
from chronicle.systems.tales_of_arcadia import KEY as TOA
from chronicle.systems.tales_of_arcadia import service as toa
from chronicle.systems.tales_of_arcadia.battles import Side
from chronicle.systems.tales_of_arcadia.force import RosterLine

DAY = dt.date(2026, 11, 28)


def run(url: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", url, *argv])
    return code, out.getvalue(), err.getvalue()


def group(url: str) -> Database:
    """Tim, Ann and Carl; Tim's force; Tim beat Ann with it, Carl drew with Ann."""
    db = open_database(url)
    for name in ("Tim", "Ann", "Carl"):
        players.add_player(db, name)
    toa.new_force(db, "Tim", "Iron", "Clockwork Legion", 100)
    toa.add_unit(db, "Iron", RosterLine(unit="Gearknight"))
    toa.record_battle(db, date=DAY, limit=100, sides=(Side(player="tim", force="Iron"),
                                                      Side(player="Ann")), winner="TIM")
    toa.record_battle(db, date=DAY, limit=100, sides=(Side(player="Carl"), Side(player="Ann")))
    return db


def test_a_rename_follows_into_the_battles_and_the_seats(db_url: str) -> None:
    db = group(db_url)
    new_hunt(db, "Friday", [("Tim", "Gus"), ("Zed", "Hunter B")], hunters=["Hunter B"])
    new_campaign(db, "Quest", [
        {"color": "blue", "player": "tim", "heroes": ["Diva", "Greensleeves", "Grom"]},
        {"color": "green", "player": "Zed", "heroes": ["Maya", "Zazu", "Kanga"]}])
    mending.rename_player(db, "Tim", "Timothy")
    assert [(s.player, s.played, s.won) for s in toa.standings(db)] == [
        ("Timothy", 1, 1), ("Ann", 2, 0), ("Carl", 1, 0)]
    first = toa.list_battles(db, "timothy")
    assert [(e.number, e.battle.winner, e.battle.sides[0].force) for e in first] == [
        (1, "Timothy", "Iron")]
    with pytest.raises(NotFound, match="did you mean 'Timothy'"):
        toa.list_battles(db, "Tim")     # no player is called Tim any more
    seats = show_hunt(db, "Friday").log.seats
    assert [s.name for s in seats] == ["Timothy", "Zed"]  # Zed: a guest at the table
    start = show_campaign(db, "Quest").events[0]
    assert isinstance(start, CampaignStarted)
    assert [g.player for g in start.guilds] == ["Timothy", "Zed"]
    history = records.get(db, TOA, "battles", "battles")
    assert history.events[0].payload["side"][0]["player"] == "Timothy"
    with db.transaction() as session:  # the database keeps the id, not the name
        (row,) = [r for r in session.exec(_rows(HOA))]
        ids = {p.name: p.id for p in repo.list_players(session)}
        assert [s["name"] for s in row.data["player"]] == [ids["Timothy"], "Zed"]


def _rows(game: str) -> Any:
    from sqlmodel import select

    from chronicle.persistence.grouptables import RecordRow

    return select(RecordRow).where(RecordRow.game == game)


def test_a_delete_lists_the_records_naming_the_player_and_refuses(db_url: str) -> None:
    db = group(db_url)
    plan = mending.plan_player_delete(db, "Carl")
    assert plan.action == "refuse"
    assert plan.blockers == ["the group's records that name them: battle history 'battles'"]
    with pytest.raises(Refused, match="battle history 'battles'"):
        mending.delete_player(db, "Carl")
    code, _out, err = run(db_url, "player", "delete", "Carl", "--yes")
    assert code == 1 and "battle history 'battles'" in err and "nothing else" not in err
    assert [p.name for p in players.list_players(db)] == ["Ann", "Carl", "Tim"]
    new_hunt(db, "Friday", [("Bo", "Gus"), ("Ann", "Hunter B")], hunters=["Hunter B"])
    assert mending.plan_player_delete(db, "Ann").blockers == [
        "the group's records that name them: game of Hunters of Arcfall 'Friday', "
        "battle history 'battles'"]
    players.add_player(db, "Dee")
    assert mending.delete_player(db, "Dee").action == "delete"


def test_a_new_player_with_a_guests_name_inherits_nothing(db_url: str) -> None:
    db = open_database(db_url)
    new_hunt(db, "Friday", [("Carl", "Gus"), ("Bo", "Hunter B")], hunters=["Hunter B"])
    players.add_player(db, "carl")
    seats = [s.name for s in show_hunt(db, "Friday").log.seats]
    assert seats == ["Carl (guest)", "Bo"]  # the guest is no longer mistaken for the player
    assert mending.plan_player_delete(db, "carl").action == "delete"
    with pytest.raises(BadInput, match="guest"):
        players.add_player(db, "Bo (guest)")
    with pytest.raises(BadInput, match="guest"):
        mending.rename_player(db, "carl", "carl (guest)")
    new_hunt(db, "Saturday", [("CARL", "Gus"), ("Carl (guest)", "Hunter B")],
             hunters=["Hunter B"])
    assert [s.name for s in show_hunt(db, "Saturday").log.seats] == ["carl", "Carl (guest)"]


def test_an_archived_or_renamed_battle_history_is_found_and_restored(db_url: str) -> None:
    db = group(db_url)
    records.rename(db, TOA, "battles", "battles", "Our wars")
    assert [e.number for e in toa.list_battles(db)] == [1, 2]
    toa.undo_battle(db, 2)
    assert "archived" in records.delete(db, TOA, "battles", "Our wars")
    code, out, _err = run(db_url, "battle", "list")
    assert code == 0 and "archived" in out and "battle restore" in out
    with pytest.raises(NotFound, match="battle restore"):
        toa.record_battle(db, date=DAY, limit=100, sides=(Side(player="Tim"),
                                                          Side(player="Ann")))
    code, _out, err = run(db_url, "battle", "record", "--date", "2026-11-29", "--side", "Tim",
                          "--side", "Ann", "--limit", "100")
    assert code == 2 and "battle restore" in err
    code, out, _err = run(db_url, "battle", "restore")
    assert code == 0 and "1 battle stand" in out
    assert [e.number for e in toa.list_battles(db)] == [1]
    entry = toa.record_battle(db, date=DAY, limit=100, sides=(Side(player="Tim"),
                                                              Side(player="Ann")))
    assert entry.number == 4
    assert run(db_url, "battle", "restore")[0] == 2  # nothing archived: nothing to restore


def test_a_force_a_battle_names_follows_a_rename_and_is_archived_not_erased(
        db_url: str) -> None:
    db = group(db_url)
    toa.rename_force(db, "Iron", "Steel")  # the battle it fought follows
    assert toa.list_battles(db)[0].battle.sides[0].force == "Steel"
    assert "archived: battle #1 names it" in toa.delete_force(db, "Steel")
    assert [v.name for v in toa.list_forces(db, archived=True)] == ["Steel"]
    assert toa.list_battles(db)[0].battle.sides[0].force == "Steel"
    with pytest.raises(NotFound, match=r"record\.unknown_record"):  # in use, to be named
        records.append(db, TOA, "battles", "battles", "battle", {
            "date": "2026-11-29", "limit": 100, "victory": "regicide",
            "side": [{"player": "Tim", "force": "Steel"}, {"player": "Ann"}]})
    code, out, _err = run(db_url, "force", "restore", "Steel")
    assert code == 0 and "back in use" in out
    toa.new_force(db, "Ann", "Spare", "Clockwork Legion", 100)
    assert toa.delete_force(db, "Spare").endswith("was deleted")


# --- imports and restores ---------------------------------------------------------------------


def _exported(db: Database, tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "whole.json"
    transfer.write_export(db, path)
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _battles(document: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = next(r for r in document["records"] if r["kind"] == "battles")
    return found


def _refused(url: str, document: dict[str, Any], tmp_path: Path, code: str) -> str:
    """Import and restore ``document`` into an empty database: both refused with ``code``
    and the file's path, nothing written."""
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    db = open_database(url)
    with pytest.raises(BadInput) as imported:
        transfer.import_all(db, path)
    with pytest.raises(BadInput) as restored:
        backup.restore(db, path)
    for refusal in (imported, restored):
        assert code in str(refusal.value) and str(path) in str(refusal.value)
    for command in (["db", "import", str(path)], ["restore", str(path)]):
        status, _out, err = run(url, *command)
        assert status == 2 and code in err, err
    with db.transaction() as session:
        assert not any(repo.table_counts(session).values())
    return str(imported.value)


def test_an_import_naming_no_player_or_anothers_force_is_refused(
        databases: Any, tmp_path: Path) -> None:
    db = group(databases.url("source"))
    new_hunt(db, "Friday", [("Tim", "Gus"), ("Zed", "Hunter B")], hunters=["Hunter B"])
    document = _exported(db, tmp_path)
    battles = _battles(document)
    assert battles["events"][0]["payload"]["side"][0]["player"] == "Tim"  # names in files
    hunt = next(r for r in document["records"] if r["kind"] == "hunt")
    assert [s["name"] for s in hunt["data"]["player"]] == ["Tim", "Zed (guest)"]

    nobody = json.loads(json.dumps(document))
    _battles(nobody)["events"][1]["payload"]["side"][0]["player"] = "Nobody"
    said = _refused(databases.url("a"), nobody, tmp_path, UNKNOWN_PLAYER)
    at = f"records[{document['records'].index(battles)}].events[1].payload.side[0].player"
    assert at in said

    theirs = json.loads(json.dumps(document))
    _battles(theirs)["events"][0]["payload"]["side"][0]["player"] = "Ann"
    _battles(theirs)["events"][0]["payload"]["side"][1]["player"] = "Tim"
    _battles(theirs)["events"][0]["payload"]["winner"] = "Ann"
    said = _refused(databases.url("b"), theirs, tmp_path, UNKNOWN_RECORD)
    assert "Ann has no force called 'Iron'" in said

    twice = json.loads(json.dumps(document))
    second = {**_battles(twice), "name": "Old wars", "archived_at": None}
    twice["records"].append(second)
    said = _refused(databases.url("d"), twice, tmp_path, NOT_SINGLE)
    assert f"records[{len(document['records'])}].name" in said
    with pytest.raises(AlreadyExists, match=r"record\.not_single"):
        records.create(db, TOA, "battles", "Old wars", {})

    again = open_database(databases.url("c"))  # the export as written reads back whole
    path = tmp_path / "whole.json"
    transfer.import_all(again, path)
    assert [(s.player, s.won) for s in toa.standings(again)] == [
        ("Tim", 1), ("Ann", 0), ("Carl", 0)]
    assert [s.name for s in show_hunt(again, "Friday").log.seats] == ["Tim", "Zed"]
    mending.rename_player(again, "Tim", "Timothy")
    assert toa.list_battles(again)[0].battle.winner == "Timothy"

    hidden = json.loads(json.dumps(document))  # arrives renamed and archived
    _battles(hidden).update(name="Old wars", archived_at="2026-11-30T10:00:00+00:00")
    path = tmp_path / "hidden.json"
    path.write_text(json.dumps(hidden), encoding="utf-8")
    url = databases.url("e")
    assert run(url, "restore", str(path))[0] == 0
    code, out, _err = run(url, "battle", "list")
    assert code == 0 and "archived" in out and "battle restore" in out
    assert run(url, "battle", "restore")[0] == 0
    assert [e.number for e in toa.list_battles(open_database(url))] == [1, 2]


# --- the crossing itself, over generated names ----------------------------------------------

_TEXT = st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=12)


@settings(max_examples=80, deadline=None, database=None)
@given(names=st.lists(_TEXT, min_size=1, max_size=4), places=st.lists(
    st.one_of(_TEXT, _TEXT.map(lambda t: t + " (guest)"), st.sampled_from(["tim", "TIM"])),
    min_size=1, max_size=5), guests=st.booleans())
def test_names_cross_to_ids_and_back_without_mixing_guests_and_players(
        names: list[str], places: list[str], guests: bool) -> None:
    from chronicle.domain.values import name_key
    from chronicle.services.playernames import Players, shown, stored
    from chronicle.systems.protocol import RecordKind

    spec = RecordKind("battles", "battle history", False, "x:y", guests=guests,
                      players=("battle:side[].player", "battle:winner"))
    unique = list({name_key(n): n.strip() for n in ["Tim", *names]
                   if n.strip() and not n.rstrip().endswith("(guest)")}.values())
    players = Players.listed(unique)
    payload = {"side": [{"player": p} for p in places], "winner": places[0]}
    kept, unknown = stored(spec, "battle", payload, players)
    for table, leaf in zip(kept["side"], places, strict=True):
        is_player = name_key(leaf) in players.ids
        assert isinstance(table["player"], int) == is_player
    if unknown:  # a name no player has where guests are not taken, or a blank
        assert all(name_key(u.name) not in players.ids for u in unknown)
        assert not guests or any(not u.name.split() for u in unknown)
        return
    seen = shown(spec, "battle", kept, players)
    for table, stored_leaf in zip(seen["side"], kept["side"], strict=True):
        if isinstance(stored_leaf, str):  # a guest never shows as a player's name
            assert name_key(table["player"]) not in players.ids
    assert stored(spec, "battle", seen, players) == (kept, [])
    exported = shown(spec, "battle", kept, players, export=True)
    strict = spec._replace(guests=False)
    assert stored(strict, "battle", exported, players) == (kept, [])
