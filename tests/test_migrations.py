"""The schema: Alembic owns it, the models match it, and a database written at any revision
upgrades to the newest with its data intact, read back through the services (on every backend:
see ``dbfixtures``)."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import dbfixtures as fx
import pytest
import records_toy as toy
from sqlalchemy import Connection, Engine, inspect, text

from chronicle.errors import Conflict
from chronicle.persistence import engine as schema
from chronicle.services import players
from chronicle.services import recordstore as records
from chronicle.services.db import open_database
from chronicle.systems import registry
from chronicle.systems.wyld_hunt.services import characters, collection, games

REPO = Path(__file__).resolve().parent.parent
WHEN = "1996-07-01 10:00:00.000000"
EDPT = "Even Dragons Pay Taxes"
ORACLE = "Seek the Oracle's Advice"


def url(databases: fx.Databases) -> str:
    return databases.url("old", migrated=False)


def at_revision(databases: fx.Databases, revision: str) -> Engine:
    engine = schema.open_engine(url(databases))
    schema.migrate(engine, revision)
    assert schema.current_revision(engine) == revision
    return engine


def test_head_is_alembics_head() -> None:
    assert schema.head_revision() == schema.HEAD
    found = schema.revisions()
    assert found[-1] == schema.HEAD
    assert len(found) == len(set(found)) >= 2


def test_the_migrated_schema_matches_the_models(databases: fx.Databases) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from sqlmodel import SQLModel

    import chronicle.persistence.grouptables  # noqa: F401  (registers every table)

    db = open_database(url(databases))
    try:
        assert schema.current_revision(db.engine) == schema.HEAD
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, SQLModel.metadata) == []
            tables = set(inspect(connection).get_table_names())
        assert tables == {*SQLModel.metadata.tables, "alembic_version"}
    finally:
        db.close()


# --- data written at every revision ------------------------------------------------------------


def rows(connection: Connection, sql: str, *params: dict[str, object]) -> None:
    """Run ``sql`` once per set of values; an insert into a table that has uids (revision
    0009) gives each row a fresh one, as every row written at that revision has."""
    match = re.match(r"INSERT INTO (\w+) \(([^)]*)\) VALUES \(", sql)
    if match and "uid" in {c["name"] for c in inspect(connection).get_columns(match[1])}:
        sql = (f"INSERT INTO {match[1]} ({match[2]}, uid) VALUES ("
               + sql[match.end():].rstrip()[:-1] + ", :uid)")
        params = tuple({**values, "uid": uuid.uuid4().hex} for values in params)
    for values in params:
        connection.execute(text(sql), values)


def write(engine: Engine, revision: str) -> None:
    """The representative data of ``revision``; on PostgreSQL the id sequences are then moved
    past the ids the data gives, as inserts through the app leave them."""
    with engine.begin() as connection:
        DATA[revision](connection)
        if connection.dialect.name == "postgresql":
            for table in inspect(connection).get_table_names():
                if table != "alembic_version":
                    connection.execute(text(
                        f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                        f'coalesce((SELECT max(id) FROM "{table}"), 0) + 1, false)'))


def data_0001(connection: Connection) -> None:
    """Players, their cards, Winerdria with her creation cards and a chronicle of a game won,
    a Merit bought, a correction and its undo."""
    rows(connection, "INSERT INTO player (id, name, name_key, created_at) "
                     "VALUES (:id, :name, :key, :at)",
         {"id": 1, "name": "Tim", "key": "tim", "at": WHEN},
         {"id": 2, "name": "Josh", "key": "josh", "at": WHEN})
    owned = [(1, "Sidhe Female", "icon", 1), (1, "Fae Armor", "merit", 1),
             (1, "Lightning Quick", "merit", 1), (1, "Eloquent Speech", "merit", 1),
             (1, "Bag of Gold", "merit", 2), (1, "Indecisive", "flaw", 1),
             (1, EDPT, "quest", 1), (2, "Imp", "icon", 1), (2, "Pirates", "waylay", 0)]
    rows(connection, "INSERT INTO ownership (player_id, card_name, card_key, card_kind, count) "
                     "VALUES (:player, :name, :key, :kind, :count)",
         *({"player": p, "name": n, "key": n.casefold(), "kind": k, "count": c}
           for p, n, k, c in owned))
    rows(connection, "INSERT INTO character (id, player_id, name, name_key, system, icon, court, "
                     "background, version, created_at) VALUES (1, 1, 'Winerdria', 'winerdria', "
                     "'wyld-hunt', 'Sidhe Female', NULL, :background, 9, :at)",
         {"background": "Fights only if she has to.", "at": WHEN})
    rows(connection, "INSERT INTO creation_card (character_id, role, card_name, position) "
                     "VALUES (1, :role, :name, :position)",
         {"role": "merit", "name": "Fae Armor", "position": 0},
         {"role": "merit", "name": "Lightning Quick", "position": 1},
         {"role": "merit", "name": "Eloquent Speech", "position": 2},
         {"role": "flaw", "name": "Indecisive", "position": 3})
    events = [("game", {"quests": [EDPT], "completed": [EDPT], "opponent": "Josh",
                        "date": "1996-07-01"}),
              ("buy", {"merit": "Bag of Gold", "note": "saved up"}),
              ("correction", {"note": "counted twice", "xp": 1}),
              ("undo", {"event": 3})]
    rows(connection, "INSERT INTO ledger_event (character_id, seq, kind, payload, recorded_at) "
                     "VALUES (1, :seq, :kind, :payload, :at)",
         *({"seq": seq, "kind": kind, "payload": json.dumps(payload), "at": WHEN}
           for seq, (kind, payload) in enumerate(events, start=1)))


def data_0002(connection: Connection) -> None:
    """Everything of 0001, and the game Winerdria's first event came from, and a prepared one."""
    data_0001(connection)
    rows(connection, "INSERT INTO game (id, name, name_key, system, solo, status, created_at, "
                     "played_at, version) VALUES (:id, :name, :key, 'wyld-hunt', :solo, :status, "
                     ":at, :played, :version)",
         {"id": 1, "name": "Example of Play", "key": "example of play", "solo": False,
          "status": "played", "at": WHEN, "played": WHEN, "version": 4},
         {"id": 2, "name": "Alone", "key": "alone", "solo": True, "status": "prepared",
          "at": WHEN, "played": None, "version": 2})
    seat = ("INSERT INTO game_player (game_id, player_id, character_id, position, "
            "target_player_id, quests, waylays, treasures, leagues, pool, completed) VALUES "
            "(:game, :player, :character, :position, :target, :quests, :waylays, :treasures, "
            "'[]', NULL, :completed)")
    rows(connection, seat,
         {"game": 1, "player": 1, "character": 1, "position": 0, "target": 2,
          "quests": json.dumps([EDPT]), "waylays": "[]", "treasures": '["Bag of Gold"]',
          "completed": json.dumps([EDPT])},
         {"game": 1, "player": 2, "character": None, "position": 1, "target": 1,
          "quests": json.dumps([ORACLE]), "waylays": "[]", "treasures": "[]",
          "completed": "[]"},
         {"game": 2, "player": 1, "character": 1, "position": 0, "target": None,
          "quests": json.dumps([EDPT]), "waylays": "[]", "treasures": "[]", "completed": None})
    connection.execute(text("UPDATE ledger_event SET game_id = 1 WHERE seq = 1"))


def data_0003(connection: Connection) -> None:
    """Everything of 0002, and the change log's record of Winerdria's latest change."""
    data_0002(connection)
    rows(connection, "INSERT INTO change_log (subject, subject_id, version, what, changed_at) "
                     "VALUES ('character', 1, :version, :what, :at)",
         {"version": 9, "what": "event 3 was undone", "at": WHEN})


def data_0004(connection: Connection) -> None:
    """Everything of 0003, and a card the group created (kept in the shared database)."""
    data_0003(connection)
    rows(connection, "INSERT INTO group_card (game, name, name_key, kind, data, version, "
                     "changed_at) VALUES ('wyld-hunt', 'Moonlit Lance', 'moonlit lance', "
                     "'merit', :data, 1, :at)",
         {"data": json.dumps({"name": "Moonlit Lance", "kind": "merit", "cost": 2}),
          "at": WHEN})


def data_0005(connection: Connection) -> None:
    """Everything of 0004, and an archived character and an archived game."""
    data_0004(connection)
    rows(connection, "INSERT INTO character (id, player_id, name, name_key, system, version, "
                     "created_at, archived_at) VALUES (2, 2, 'Retired', 'retired', 'wyld-hunt', "
                     "1, :at, :at)", {"at": WHEN})
    rows(connection, "INSERT INTO game (id, name, name_key, system, solo, status, created_at, "
                     "played_at, version, archived_at) VALUES (3, 'Old', 'old', 'wyld-hunt', "
                     ":solo, 'played', :at, :at, 1, :at)", {"solo": False, "at": WHEN})


def data_0006(connection: Connection) -> None:
    """Everything of 0005, the archived game played under the epic-order house rule."""
    data_0005(connection)
    rows(connection, "UPDATE game SET epic_order = 'waylay_rating' WHERE id = 3", {})


def data_0007(connection: Connection) -> None:
    """Everything of 0006, a card Tim owns in another game (the same name and kind as a Wyld
    Hunt card of his) and a record of the test game with its history."""
    data_0006(connection)
    rows(connection, "INSERT INTO ownership (player_id, game, card_name, card_key, card_kind, "
                     "count) VALUES (1, :game, 'Fae Armor', 'fae armor', 'merit', 3)",
         {"game": toy.KEY})
    rows(connection, "INSERT INTO record (id, game, kind, player_id, owner, name, name_key, data, "
                     "version, created_at, archived_at) VALUES (1, :game, 'pouch', 1, 1, "
                     "'Pouch', 'pouch', :data, 3, :at, NULL)",
         {"game": toy.KEY, "data": json.dumps({"capacity": 2}), "at": WHEN})
    rows(connection, "INSERT INTO record_event (record_id, seq, kind, payload, recorded_at) "
                     "VALUES (1, :seq, 'put', :payload, :at)",
         *({"seq": seq, "payload": json.dumps({"marble": m}), "at": WHEN}
           for seq, m in ((1, "red"), (2, "blue"))))


DATA: dict[str, Callable[[Connection], None]] = {"0001": data_0001, "0002": data_0002,
                                                 "0003": data_0003, "0004": data_0004,
                                                 "0005": data_0005, "0006": data_0006,
                                                 "0007": data_0007, "0008": data_0007,
                                                 "0009": data_0007, "0010": data_0007}
"""Representative data for each revision, in plain SQL of that revision's schema."""


def test_every_revision_has_representative_data() -> None:
    assert list(DATA) == schema.revisions()


@pytest.mark.parametrize("revision", schema.revisions())
def test_data_written_at_a_revision_reads_back_after_upgrading(databases: fx.Databases,
                                                               revision: str) -> None:
    engine = at_revision(databases, revision)
    write(engine, revision)
    engine.dispose()

    db = open_database(url(databases))
    try:
        assert schema.current_revision(db.engine) == schema.HEAD
        tims = 8 + (3 if revision >= "0007" else 0)  # a player's cards of every game
        assert [(p.name, p.cards, p.said()) for p in players.list_players(db)] == [
            ("Josh", 1, "-"), ("Tim", tims, "character: Winerdria")]
        assert [(o.name, o.kind, o.count) for o in collection.list_collection(db, "Tim")][:3] == [
            ("Indecisive", "flaw", 1), ("Sidhe Female", "icon", 1), ("Bag of Gold", "merit", 2)]
        view = characters.show_character(db, "winerdria")
        assert (view.player, view.version) == ("Tim", 9)
        assert view.build.background == "Fights only if she has to."
        assert view.report.valid, view.report.errors
        summary = view.report.summary
        assert summary["court"] == "seelie"
        assert (summary["points_spent"], summary["points_unspent"]) == (7, 0)
        assert (summary["xp_earned"], summary["xp_spent"], summary["xp_unspent"]) == (1, 1, 0)
        assert summary["merits"] == ["Fae Armor", "Lightning Quick", "Eloquent Speech",
                                     "Bag of Gold"]
        assert summary["flaws"] == ["Indecisive"]
        assert summary["quests_completed"] == [EDPT]
        game_id = 1 if revision >= "0002" else None
        assert [(h.seq, h.kind, h.applied, h.undone_by, h.game_id) for h in view.history] == [
            (1, "game", True, None, game_id), (2, "buy", True, None, None),
            (3, "correction", False, 4, None), (4, "undo", True, None, None)]
        assert view.history[0].text == f"Game: quests {EDPT}; completed {EDPT}; against Josh"
        recorded = view.history[0].recorded_at
        assert recorded is not None
        at = datetime.fromisoformat(recorded)  # stored without a zone: UTC
        assert at.utcoffset() in (None, timedelta(0))
        assert at.replace(tzinfo=None) == datetime(1996, 7, 1, 10)
        exported = characters.export_character(db, "Winerdria")
        assert 'buy = "Bag of Gold"' in exported and "undo = 3" in exported
        if revision >= "0002":
            played = games.show_game(db, "Example of Play")
            assert (played.status, played.version, played.solo) == ("played", 4, False)
            assert [(s.player, s.character, s.target, s.quests, s.completed)
                    for s in played.seats] == [
                ("Tim", "Winerdria", "Josh", [EDPT], [EDPT]),
                ("Josh", None, "Tim", [ORACLE], [])]
            alone = games.show_game(db, "alone")
            assert (alone.status, alone.solo) == ("prepared", True)
            assert [g.name for g in games.list_games(db)] == ["Alone", "Example of Play"]
        if revision >= "0003":
            with pytest.raises(Conflict, match=r"version 8 -> 9 \(event 3 was undone\)"):
                characters.edit_character(db, "Winerdria", background="x", expected_version=8)
        if revision >= "0005":  # archived: hidden from the lists, restorable
            assert [v.name for v in characters.list_characters(db, archived=True)] == [
                "Retired"]
            assert [g.name for g in games.list_games(db, archived=True)] == ["Old"]
        if revision >= "0007":  # another game's cards and records
            assert [(o.name, o.count) for o in collection.list_collection(
                db, "Tim", toy.KEY)] == [("Fae Armor", 3)]
            with registry.registered(toy.SYSTEM):
                pouch = records.get(db, toy.KEY, "pouch", "pouch", player="Tim")
                assert [(e.seq, e.payload) for e in pouch.events] == [
                    (1, {"marble": "red"}), (2, {"marble": "blue"})]
                assert (pouch.version, pouch.data) == (3, {"capacity": 2})
                grown = records.append(db, toy.KEY, "pouch", "Pouch", "undo", {})
                assert [e.seq for e in grown.events] == [1, 2, 3]
        else:
            assert collection.list_collection(db, "Tim", toy.KEY) == []
    finally:
        db.close()


def test_an_upgraded_database_takes_new_writes(databases: fx.Databases) -> None:
    first = schema.revisions()[0]
    engine = at_revision(databases, first)
    write(engine, first)
    engine.dispose()
    db = open_database(url(databases))
    try:
        players.add_player(db, "Ann")
        view = characters.edit_character(db, "Winerdria", background="Older now.",
                                         expected_version=9)
        assert view.version == 10
        game = games.new_game(db, "After the upgrade", [("Tim", "Winerdria"), ("Josh", None)])
        assert game.status == "prepared"
    finally:
        db.close()


# --- opening -----------------------------------------------------------------------------------


def modules_after_opening(database: str, tmp_path: Path) -> list[str]:
    probe = ("import json, sys\nfrom chronicle.services.db import open_database\n"
             f"open_database({database!r}).close()\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic')))")
    env = {**os.environ, "CHRONICLE_DATA_DIR": str(tmp_path / "data")}
    env.pop("CHRONICLE_DB", None)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO, env=env)
    return list(json.loads(done.stdout))


def test_opening_an_up_to_date_database_does_not_load_alembic(databases: fx.Databases,
                                                              tmp_path: Path) -> None:
    open_database(url(databases)).close()
    assert modules_after_opening(url(databases), tmp_path) == []


def test_opening_an_older_database_migrates_it(databases: fx.Databases, tmp_path: Path) -> None:
    at_revision(databases, schema.revisions()[0]).dispose()
    assert "alembic" in modules_after_opening(url(databases), tmp_path)
    engine = schema.open_engine(url(databases))
    try:
        assert schema.current_revision(engine) == schema.HEAD
        assert schema.is_current(engine)
    finally:
        engine.dispose()


def test_opening_twice_changes_nothing(databases: fx.Databases) -> None:
    db = open_database(url(databases))
    players.add_player(db, "Tim")
    db.close()
    again = open_database(url(databases))
    try:
        assert [p.name for p in players.list_players(again)] == ["Tim"]
        assert schema.current_revision(again.engine) == schema.HEAD
    finally:
        again.close()


def test_a_new_database_file_is_private_to_its_owner(tmp_path: Path) -> None:
    (tmp_path / "sub" / "dir").mkdir(parents=True)  # a named file's folder must exist
    open_database(f"sqlite:///{tmp_path}/sub/dir/new.db").close()
    mode = stat.S_IMODE((tmp_path / "sub" / "dir" / "new.db").stat().st_mode)
    assert mode == 0o600


def test_an_empty_database_has_no_revision(databases: fx.Databases) -> None:
    engine = schema.open_engine(url(databases))
    try:
        assert schema.current_revision(engine) is None
        assert not schema.is_current(engine)
    finally:
        engine.dispose()


def test_0008_moves_players_names_to_ids_and_reports_the_unknown_ones(
        databases: fx.Databases, caplog: pytest.LogCaptureFixture) -> None:
    """A battle history and a hunt written at 0007 name players by text: after the upgrade
    they hold ids (a rename follows), and a name no player has is kept as a guest, named in
    the change log and the log; a player added later with that name inherits nothing."""
    from chronicle.services import playermending as mending
    from chronicle.systems.tales_of_arcadia import service as toa

    engine = at_revision(databases, "0007")
    side = {"date": "2026-11-28", "limit": 100, "victory": "last-unit-standing"}
    with engine.begin() as connection:
        rows(connection, "INSERT INTO player (id, name, name_key, created_at) "
                         "VALUES (:id, :name, :key, :at)",
             {"id": 1, "name": "Tim", "key": "tim", "at": WHEN},
             {"id": 2, "name": "Josh", "key": "josh", "at": WHEN})
        rows(connection, "INSERT INTO record (id, game, kind, player_id, owner, name, "
                         "name_key, data, version, created_at) VALUES (:id, :game, :kind, "
                         "NULL, 0, :name, :key, :data, :version, :at)",
             {"id": 1, "game": "tales-of-arcadia", "kind": "battles", "name": "battles",
              "key": "battles", "data": "{}", "version": 3, "at": WHEN})
        rows(connection, "INSERT INTO record (id, game, kind, player_id, owner, name, "
                         "name_key, data, version, created_at) VALUES (2, 'tales-of-arcadia', "
                         "'force', 1, 1, 'Iron', 'iron', :data, 1, :at)",
             {"data": json.dumps({"army": "Clockwork Legion", "limit": 100, "unit": []}),
              "at": WHEN})
        broken = "[1]"  # as the attack on issue 25 edited a row
        rows(connection, "INSERT INTO record (id, game, kind, player_id, owner, name, "
                         "name_key, data, version, created_at) VALUES (3, "
                         "'hunters-of-arcfall', 'hunt', NULL, 0, 'Edited', 'edited', :data, 1, "
                         ":at)", {"data": broken, "at": WHEN})  # by hand: left as it is
        battles = [{**side, "side": [{"player": "tim", "force": "IRON"},
                                     {"player": "Josh", "force": "Old"}], "winner": "Tim"},
                   {**side, "side": [{"player": "Carl"}, {"player": "Josh"}],
                    "winner": "Carl"}]
        rows(connection, "INSERT INTO record_event (record_id, seq, kind, payload, "
                         "recorded_at) VALUES (1, :seq, 'battle', :payload, :at)",
             *({"seq": n, "payload": json.dumps(b), "at": WHEN}
               for n, b in enumerate(battles, start=1)))
        if connection.dialect.name == "postgresql":  # as inserts through the app leave them
            for table in ("player", "record", "record_event"):
                connection.execute(text(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT max(id) FROM {table}) + 1, false)"))
    engine.dispose()

    with caplog.at_level("WARNING", logger="chronicle.migrations"):
        db = open_database(url(databases))
    try:
        assert "'Carl' names no player: kept as a guest" in caplog.text
        with db.engine.connect() as connection:
            payloads = [json.loads(p) if isinstance(p, str) else p for (p,) in
                        connection.execute(text("SELECT payload FROM record_event ORDER BY seq"))]
            logged = [w for (w,) in connection.execute(text(
                "SELECT what FROM change_log WHERE subject = 'record'"))]
            version = connection.execute(text(
                "SELECT version FROM record WHERE id = 1")).scalar()
            edited = connection.execute(text("SELECT data FROM record WHERE id = 3")).scalar()
        assert edited in ([1], "[1]")
        assert [(p["side"][0]["player"], p["side"][1]["player"], p["winner"])
                for p in payloads] == [(1, 2, 1), ("Carl", 2, "Carl")]
        assert [s.get("force") for s in payloads[0]["side"]] == [2, "Old"]  # Old: gone
        assert version == 4 and len(logged) == 1
        assert "'Carl'" in logged[0] and "'Old' no longer kept" in logged[0]
        assert "'Old', which is no longer kept" in caplog.text
        toa.rename_force(db, "Iron", "Steel")
        assert [s.force for s in toa.list_battles(db)[0].battle.sides] == ["Steel", "Old"]
        mending.rename_player(db, "Tim", "Timothy")
        assert [(s.player, s.won) for s in toa.standings(db)] == [  # a battle takes no guests
            ("Carl (guest)", 1), ("Timothy", 1), ("Josh", 0)]
        players.add_player(db, "carl")
        assert [s.player for s in toa.list_battles(db)[1].battle.sides] == [
            "Carl (guest)", "Josh"]
        assert toa.list_battles(db, "carl") == []
        assert mending.plan_player_delete(db, "carl").action == "delete"
    finally:
        db.close()
