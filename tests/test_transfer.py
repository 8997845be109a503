"""Whole-database export and import: nothing is lost, nothing is half-written, and bad files
are refused with the JSON path of every problem."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
import records_toy as toy

from chronicle.errors import AlreadyExists, BadInput, Refused
from chronicle.persistence import repository as repo
from chronicle.persistence.engine import HEAD
from chronicle.services import players, transfer
from chronicle.services import recordstore as records
from chronicle.services.db import Database, open_database
from chronicle.systems import registry
from chronicle.systems.wyld_hunt.services import characters, collection, games, ledger
from chronicle.systems.wyld_hunt.services import chroniclemending as wh_mending
from chronicle.systems.wyld_hunt.services.usercards import create_card

CARDS: list[dict[str, Any]] = [
    {"name": "Golden Sidhe", "kind": "icon", "race": "Sidhe", "gender": "female", "might": 2,
     "savvy": 3, "resolve": 2, "special": "none"},
    {"name": "Golden Seelie Ability", "kind": "merit", "type": "ability", "cost": 2,
     "court": "seelie", "attribute": "might"},
    {"name": "Golden Advantage", "kind": "merit", "type": "advantage", "cost": 3},
    {"name": "Golden Treasure", "kind": "merit", "type": "treasure", "cost": 2},
    {"name": "Golden Art", "kind": "merit", "type": "art", "cost": 1},
    {"name": "Golden Curse", "kind": "flaw", "type": "curse", "bonus": 2},
    *[{"name": f"Golden Quest {n}", "kind": "quest", "number": n, "waylay_rating": 8 + n,
       "treasure_rating": 3, "experience": 1} for n in (3, 5, 9)],
    {"name": "Golden Ogre", "kind": "waylay", "rating": 6, "terrain": ["road"],
     "tests": ["combat"], "combat": 6},
    {"name": "Golden Glade", "kind": "league", "terrain": ["forest", "road"], "unique": False,
     "enter": "none", "leave": "none", "rest": "none"},
]
HELD = [("Golden Sidhe", 1), ("Golden Seelie Ability", 1), ("Golden Advantage", 1),
        ("Golden Treasure", 2), ("Golden Art", 1), ("Golden Curse", 1), ("Golden Quest 3", 1),
        ("Golden Quest 5", 1), ("Golden Quest 9", 1), ("Golden Ogre", 1), ("Golden Glade", 5)]


def build_rich_database(db: Database) -> None:
    """Every table filled through the services: players and collections (a zero count
    included), characters with creation cards and a chronicle of games, a buy, a buy-off, an
    undo and a correction, a played game and a prepared solo game."""
    for card in CARDS:
        create_card(card)
    for name in ("Tim", "Josh", "Ana Lucía"):
        players.add_player(db, name)
    collection.add_cards(db, "Tim", HELD)
    collection.add_cards(db, "Josh", [*HELD, ("Golden Ogre", 1)])
    collection.add_cards(db, "Ana Lucía", [("Slavers", 1)], kind="waylay")
    collection.add_cards(db, "Ana Lucía", [("Slavers", 2)], kind="quest")
    collection.add_cards(db, "Ana Lucía", [("Fae Armor", 2)])
    collection.add_cards(db, "Ana Lucía", [("Fae Armor", -2)])  # leaves a zero-count row
    characters.new_character(db, "Tim", "Reformed", icon="Golden Sidhe",
                             background="Fights only if she has to.\nSecond line: «ünïcode».")
    characters.edit_character(db, "Reformed", add_merits=(
        "Golden Seelie Ability", "Golden Advantage", "Golden Treasure"),
        add_flaws=("Golden Curse",))
    for number in (3, 5, 9):
        ledger.record_game(db, "Reformed", [f"Golden Quest {number}"],
                           [f"Golden Quest {number}"], date=f"1996-01-0{number}",
                           opponent="Josh" if number == 5 else None)
    ledger.buy(db, "Reformed", "Golden Art", note="saved up")
    ledger.buy_off(db, "Reformed", "Golden Curse")
    ledger.undo(db, "Reformed", note="bought off by mistake")
    ledger.correct(db, "Reformed", "the first game was worth 2", xp=1)
    characters.new_character(db, "Josh", "Annoyicus", icon="Golden Sidhe", court="unseelie")
    characters.edit_character(db, "Annoyicus",
                              add_merits=("Golden Seelie Ability", "Golden Advantage"))
    characters.new_character(db, "Ana Lucía", "Unfinished")
    games.new_game(db, "First Night", [("Tim", "Reformed"), ("Josh", "Annoyicus")])
    games.choose(db, "First Night", "Tim", quests=["Golden Quest 3"], waylays=["Golden Ogre"],
                 treasures=["Golden Treasure"], leagues=["Golden Glade"] * 5)
    games.choose(db, "First Night", "Josh", quests=["Golden Quest 5"], waylays=["Golden Ogre"],
                 target="Tim")
    games.record_result(db, "First Night", {"Tim": ["Golden Quest 3"], "Josh": []},
                        date="1996-02-01")
    games.new_game(db, "Solo Run", [("Josh", None)], solo=True)
    games.choose(db, "Solo Run", "Josh", quests=["Golden Quest 9"])
    with db.transaction() as session:  # no service sets a pool yet; the export keeps it
        solo = repo.find_game(session, "Solo Run")
        assert solo is not None and solo.id is not None
        (seat,) = repo.game_players(session, solo.id)
        seat.pool = ["Golden Ogre", "Golden Ogre"]
        session.add(seat)
    characters.new_character(db, "Josh", "Retired", icon="Golden Sidhe",  # archived ones too
                             court="seelie")
    ledger.correct(db, "Retired", "played before we kept records", xp=2)
    wh_mending.delete_character(db, "Retired", player="Josh", expected="archive")
    games.new_game(db, "Old Night", [("Ana Lucía", None)], solo=True)
    games.record_result(db, "Old Night", {})
    wh_mending.delete_game(db, "Old Night", expected="archive")


def build_records(db: Database) -> None:
    """The test game's cards and records (``records_toy``, registered by the caller): a group
    card, Tim's pouch with a history holding an undo, an archived jar and an empty one."""
    with db.transaction() as session:
        repo.save_group_card(session, toy.KEY, {"name": "Onyx", "kind": "marble",
                                                "cursed": True})
    collection.add_cards_by_card(db, "Tim", {("Fae Armor", "marble"): 2}, game=toy.KEY)
    records.create(db, toy.KEY, "pouch", "Pouch", {"capacity": 2}, player="Tim", events=[
        ("put", {"marble": "red"}), ("undo", {}), ("put", {"marble": "blue"})])
    records.create(db, toy.KEY, "jar", "Old Jar", {"capacity": 1, "marbles": ["glass"]},
                   events=[("note", {"text": "«ünïcode»\nsecond line"})])
    records.delete(db, toy.KEY, "jar", "Old Jar")
    records.create(db, toy.KEY, "jar", "Empty Jar", {"capacity": 0, "deep": {"a": [1.5, None]}})


COVERED = {
    "player": {"id", "uid", "name", "name_key", "created_at"},
    "ownership": {"id", "uid", "player_id", "game", "card_name", "card_key", "card_kind", "count"},
    "character": {"id", "uid", "player_id", "name", "name_key", "system", "icon", "court",
                  "background", "version", "created_at", "archived_at"},
    "creation_card": {"id", "uid", "character_id", "role", "card_name", "position"},
    "ledger_event": {"id", "uid", "character_id", "seq", "kind", "payload", "recorded_at",
                     "game_id"},
    "game": {"id", "uid", "name", "name_key", "system", "solo", "status", "created_at", "played_at",
             "version", "archived_at", "epic_order"},
    "game_player": {"id", "uid", "game_id", "player_id", "character_id", "position",
                    "target_player_id", "quests", "waylays", "treasures", "leagues", "pool",
                    "completed"},
    "record": {"id", "uid", "game", "kind", "player_id", "owner", "name", "name_key", "data",
               "version", "created_at", "archived_at"},
    "record_event": {"id", "uid", "record_id", "seq", "kind", "payload", "recorded_at"},
    "group_card": {"id", "uid", "game", "name", "name_key", "kind", "data", "version",
                   "changed_at"},
}
"""Every column of every table; the dump below compares each of them (ids through the natural
keys they point at)."""


def dump(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, ids replaced by the natural keys they stand for."""
    from sqlmodel import select

    from chronicle.persistence.grouptables import (
        CreationCardRow,
        EventRow,
        GamePlayerRow,
        GameRow,
        GroupCardRow,
        OwnershipRow,
        RecordEventRow,
        RecordRow,
    )
    from chronicle.persistence.models import CharacterRow, PlayerRow

    for model in (PlayerRow, OwnershipRow, CharacterRow, CreationCardRow, EventRow, GameRow,
                  GamePlayerRow, RecordRow, RecordEventRow, GroupCardRow):
        assert set(model.model_fields) == COVERED[str(model.__tablename__)], model

    with db.transaction() as session:
        player = {p.id: p.name for p in session.exec(select(PlayerRow)).all()}
        character = {c.id: (player[c.player_id], c.name)
                     for c in session.exec(select(CharacterRow)).all()}
        game = {g.id: g.name for g in session.exec(select(GameRow)).all()}
        record = {r.id: (r.game, r.kind, player.get(r.owner), r.name)
                  for r in session.exec(select(RecordRow)).all()}
        tables: dict[str, list[tuple[Any, ...]]] = {
            "player": [(p.uid, p.name, p.name_key, p.created_at)
                       for p in session.exec(select(PlayerRow)).all()],
            "ownership": [(o.uid, player[o.player_id], o.game, o.card_name, o.card_key, o.card_kind,
                           o.count)
                          for o in session.exec(select(OwnershipRow)).all()],
            "character": [(c.uid, player[c.player_id], c.name, c.name_key, c.system, c.icon,
                           c.court, c.background, c.version, c.created_at, c.archived_at)
                          for c in session.exec(select(CharacterRow)).all()],
            "creation_card": [(c.uid, character[c.character_id], c.role, c.card_name, c.position)
                              for c in session.exec(select(CreationCardRow)).all()],
            "ledger_event": [(e.uid, character[e.character_id], e.seq, e.kind,
                              json.dumps(e.payload, sort_keys=True), e.recorded_at,
                              game.get(e.game_id) if e.game_id is not None else None)
                             for e in session.exec(select(EventRow)).all()],
            "game": [(g.uid, g.name, g.name_key, g.system, g.solo, g.status, g.created_at,
                      g.played_at, g.version, g.archived_at)
                     for g in session.exec(select(GameRow)).all()],
            "game_player": [(s.uid, game[s.game_id], player[s.player_id],
                             character.get(s.character_id) if s.character_id else None,
                             s.position, player.get(s.target_player_id)
                             if s.target_player_id else None, s.quests, s.waylays,
                             s.treasures, s.leagues, s.pool, s.completed)
                            for s in session.exec(select(GamePlayerRow)).all()],
            "record": [(r.uid, r.game, r.kind, player.get(r.player_id) if r.player_id else None,
                        r.owner and player[r.owner], r.name, r.name_key,
                        json.dumps(r.data, sort_keys=True), r.version, r.created_at,
                        r.archived_at) for r in session.exec(select(RecordRow)).all()],
            "record_event": [(e.uid, record[e.record_id], e.seq, e.kind,
                              json.dumps(e.payload, sort_keys=True), e.recorded_at)
                             for e in session.exec(select(RecordEventRow)).all()],
            "group_card": [(c.uid, c.game, c.name, c.name_key, c.kind,
                            json.dumps(c.data, sort_keys=True), c.version)
                           for c in session.exec(select(GroupCardRow)).all()
                           if c.game != "wyld-hunt"],  # Wyld Hunt's travel as "cards"
        }
    return {name: sorted(rows, key=repr) for name, rows in tables.items()}


def build_source(db: Database) -> None:
    """The rich database and the test game's cards and records (the caller registers the
    test game)."""
    build_rich_database(db)
    build_records(db)


@pytest.fixture
def source(databases: fx.Databases) -> Iterator[Database]:
    """The rich database, with the test game of records installed (its cards and records):
    built once per run and backend (two seconds of the services' work), copied for each test
    with the user's card files it made."""
    with registry.registered(toy.SYSTEM):
        db = open_database(databases.built("transfer-source", build_source, "source"))
        yield db
        db.close()


@pytest.fixture
def exported(source: Database, tmp_path: Path) -> Path:
    path = tmp_path / "export.json"
    transfer.write_export(source, path)
    return path


def fresh(databases: fx.Databases, name: str = "target") -> Database:
    return open_database(databases.url(name))


def is_empty(db: Database) -> bool:
    with db.transaction() as session:
        return not any(repo.table_counts(session).values())


# Round trip ---------------------------------------------------------------------------------

def test_round_trip_keeps_every_row_of_every_table(source: Database, exported: Path,
                                                   tmp_path: Path, databases: fx.Databases) -> None:
    target = fresh(databases)
    counts = transfer.import_all(target, exported)
    before, after = dump(source), dump(target)
    with source.transaction() as session:
        assert counts == repo.table_counts(session)
    assert all(before[table] for table in COVERED), "the rich database fills every table"
    for table in COVERED:
        assert after[table] == before[table], table
    # the details the dump relies on really are there
    assert ("Ana Lucía", "wyld-hunt", "Fae Armor", "fae armor", "merit", 0) \
        in [row[1:] for row in before["ownership"]]
    assert ("Tim", toy.KEY, "Fae Armor", "fae armor", "marble", 2) \
        in [row[1:] for row in before["ownership"]]
    assert any(row[-1] == "First Night" for row in before["ledger_event"])
    assert any(row[-2] == ["Golden Ogre", "Golden Ogre"] for row in before["game_player"])
    assert any(row[-1] is None for row in before["game_player"])
    assert any(row[-1] == [] for row in before["game_player"])
    target.close()


def test_round_trip_keeps_what_the_services_derive(source: Database, exported: Path,
                                                   tmp_path: Path, databases: fx.Databases) -> None:
    target = fresh(databases)
    transfer.import_all(target, exported)
    for name in ("Reformed", "Annoyicus", "Unfinished"):
        old, new = ledger.history(source, name), ledger.history(target, name)
        assert new.to_dict() | {"id": 0} == old.to_dict() | {"id": 0}
        assert [h.to_dict() for h in new.history] == [h.to_dict() for h in old.history]
    for game in ("First Night", "Solo Run"):
        old_game, new_game = games.show_game(source, game), games.show_game(target, game)
        assert new_game.to_dict() | {"id": 0} == old_game.to_dict() | {"id": 0}
    assert [p.to_dict() for p in players.list_players(target)] == \
        [p.to_dict() for p in players.list_players(source)]
    # the imported chronicle goes on: new events are numbered after the imported ones
    view = ledger.record_game(target, "Reformed", ["Golden Quest 5"], [])
    assert [h.seq for h in view.history] == list(range(1, 10))
    target.close()


def test_export_document_uses_names_and_iso_times(source: Database) -> None:
    document = transfer.export_all(source)
    assert document["format"] == "arcadia-chronicle-export"
    assert document["version"] == 1
    assert document["schema"] == HEAD
    assert "T" in document["exported_at"] and document["exported_at"].endswith("+00:00")
    text = json.dumps(document)
    assert '_id"' not in text and '"id"' not in text
    reformed = next(c for c in document["characters"] if c["name"] == "Reformed")
    assert reformed["player"] == "Tim"
    assert [e["kind"] for e in reformed["events"]] == [
        "game", "game", "game", "buy", "buy_off", "undo", "correction", "game"]
    assert [e["seq"] for e in reformed["events"]] == list(range(1, 9))
    assert reformed["events"][-1]["game"] == "First Night"
    assert reformed["events"][5]["payload"] == {"event": 5, "note": "bought off by mistake"}
    assert [(c["role"], c["card"]) for c in reformed["creation_cards"]] == [
        ("merit", "Golden Seelie Ability"), ("merit", "Golden Advantage"),
        ("merit", "Golden Treasure"), ("flaw", "Golden Curse")]
    night = next(g for g in document["games"] if g["name"] == "First Night")
    assert (night["seats"][1]["player"], night["seats"][1]["character"],
            night["seats"][1]["target"]) == ("Josh", "Annoyicus", "Tim")
    assert transfer.counts_of(document)["ledger_event"] == 10  # Retired's correction too
    assert {c["name"] for c in document["characters"] if c["archived_at"]} == {"Retired"}
    assert {g["name"] for g in document["games"] if g["archived_at"]} == {"Old Night"}


def test_export_file_is_written_whole_and_private(exported: Path) -> None:
    assert json.loads(exported.read_text(encoding="utf-8"))["format"] == transfer.FORMAT
    assert exported.stat().st_mode & 0o077 == 0
    assert [p.name for p in exported.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_export_refuses_to_overwrite_without_force(source: Database, tmp_path: Path) -> None:
    path = tmp_path / "existing.json"
    path.write_text("keep me", encoding="utf-8")
    with pytest.raises(AlreadyExists, match=r"existing\.json already exists.*--force"):
        transfer.write_export(source, path)
    assert path.read_text(encoding="utf-8") == "keep me"
    counts = transfer.write_export(source, path, force=True)
    assert counts["player"] == 3
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == transfer.FORMAT
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


def test_export_into_a_missing_folder_is_refused(source: Database, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="does not exist"):
        transfer.write_export(source, tmp_path / "nowhere" / "x.json")


def test_empty_database_round_trips(tmp_path: Path, databases: fx.Databases) -> None:
    empty = fresh(databases, "empty")
    path = tmp_path / "empty.json"
    assert transfer.write_export(empty, path) == dict.fromkeys(transfer.tables(), 0)
    target = fresh(databases)
    assert transfer.import_all(target, path) == dict.fromkeys(transfer.tables(), 0)


# Refusals -----------------------------------------------------------------------------------

def test_import_refuses_a_non_empty_database_and_leaves_it_untouched(
        exported: Path, databases: fx.Databases) -> None:
    target = fresh(databases)
    players.add_player(target, "Someone")
    target.close()
    target = fresh(databases)
    with fx.unchanged(target), pytest.raises(
            Refused, match=r"not empty \(1 row in player\).*nothing was written"):
        transfer.import_all(target, exported)
    assert [p.name for p in players.list_players(target)] == ["Someone"]
    target.close()


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    """A mutation setting the value at a JSON path like ``characters[0].events[5].kind``."""
    def mutate(document: dict[str, Any]) -> None:
        parts = path.replace("[", ".").replace("]", "").split(".")
        node: Any = document
        for part in parts[:-1]:
            node = node[int(part)] if part.isdigit() else node[part]
        last = parts[-1]
        if value is _DELETE:
            del node[last]
        elif last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value
    return mutate


_DELETE = object()


def _reformed(document: dict[str, Any]) -> int:
    return next(i for i, c in enumerate(document["characters"]) if c["name"] == "Reformed")


BAD_DOCUMENTS: list[tuple[str, Callable[[dict[str, Any]], Mutation], str]] = [
    ("event kind", lambda d: _set(f"characters[{_reformed(d)}].events[5].kind", "bye"),
     r"characters\[0\]\.events\[5\]\.kind: Input should be 'game', 'buy', 'buy_off', "
     r"'correction' or 'undo' \(found 'bye'\)"),
    ("payload type", lambda d: _set(f"characters[{_reformed(d)}].events[3].payload.merit", 7),
     r"characters\[0\]\.events\[3\]\.payload\.merit: Input should be a valid string"),
    ("payload key", lambda d: _set(f"characters[{_reformed(d)}].events[0].payload.xp", 2),
     r"characters\[0\]\.events\[0\]\.payload\.xp: unknown key"),
    ("undo forward", lambda d: _set(f"characters[{_reformed(d)}].events[5].payload.event", 8),
     r"characters\[0\]\.events\[5\]\.payload\.event: undoes event 8"),
    ("seq type", lambda d: _set(f"characters[{_reformed(d)}].events[1].seq", "2"),
     r"characters\[0\]\.events\[1\]\.seq: Input should be a valid integer"),
    ("seq duplicate", lambda d: _set(f"characters[{_reformed(d)}].events[2].seq", 1),
     r"characters\[0\]\.events\[2\]\.seq: event number 1 is already "
     r"characters\[0\]\.events\[0\]"),
    ("naive time", lambda d: _set("players[1].created_at", "2020-01-01T10:00:00"),
     r"players\[1\]\.created_at: Input should have timezone info"),
    ("bad time", lambda d: _set("games[0].played_at", "yesterday"),
     r"games\[0\]\.played_at: .*\(found 'yesterday'\)"),
    ("extra key", lambda d: _set("players[2].colour", "red"),
     r"players\[2\]\.colour: unknown key"),
    ("missing key", lambda d: _set("games[1].status", _DELETE),
     r"games\[1\]\.status: missing"),
    ("count", lambda d: _set("players[0].collection[1].count", -1),
     r"players\[0\]\.collection\[1\]\.count: Input should be greater than or equal to 0"),
    ("card kind", lambda d: _set("players[0].collection[1].kind", "spell"),
     r"players\[0\]\.collection\[1\]\.kind: 'spell' is not a card kind of wyld-hunt"),
    ("unknown player", lambda d: _set("characters[1].player", "Nobody"),
     r"characters\[1\]\.player: no player called 'Nobody'"),
    ("duplicate player", lambda d: _set("players[1].name", "TIM"),
     r"players\[1\]\.name: 'TIM' is already players\[0\]"),
    ("unknown game", lambda d: _set(f"characters[{_reformed(d)}].events[7].game", "Nope"),
     r"characters\[0\]\.events\[7\]\.game: no game called 'Nope'"),
    ("seat character", lambda d: _set("games[0].seats[1].character", "Reformed"),
     r"games\[0\]\.seats\[1\]\.character: Josh has no character called 'Reformed'"),
    ("seat target", lambda d: _set("games[0].seats[1].target", "Bob"),
     r"games\[0\]\.seats\[1\]\.target: no player called 'Bob'"),
    ("system", lambda d: _set("characters[2].system", "ravnica"),
     r"characters\[2\]\.system: unknown system 'ravnica'"),
    ("schema", lambda d: _set("schema", "9999"),
     r"schema: '9999' is not a schema this chronicle knows"),
    ("wrong format", lambda d: _set("format", "something-else"),
     r"format: 'something-else' is not 'arcadia-chronicle-export'"),
    ("newer version", lambda d: _set("version", 2),
     r"version: this chronicle reads export version 1, not 2"),
    ("list not object", lambda d: _set("games", {"name": "x"}),
     r"games: Input should be a valid array"),
]


RECORD_DOCUMENTS: list[tuple[str, Callable[[dict[str, Any]], Mutation], str]] = [
    ("record game", lambda d: _set("records[2].game", "nope"),
     r"records\[2\]\.game: no installed game system is called 'nope'"),
    ("record kind", lambda d: _set("records[2].kind", "bag"),
     r"records\[2\]\.kind: Marbles \(toy-marbles\) keeps no records of kind 'bag' "
     r"\(it keeps: jar, pouch\)"),
    ("record owner", lambda d: _set("records[0].player", None),
     r"records\[0\]\.player: a pouch belongs to a player: name one"),
    ("record player", lambda d: _set("records[0].player", "Nobody"),
     r"records\[0\]\.player: no player called 'Nobody' is in players"),
    ("record name", lambda d: _set("records[2].name", "old jar"),
     r"records\[2\]\.name: 'old jar' is already records\[1\]"),
    ("record seq", lambda d: _set("records[0].events[1].seq", 5),
     r"records\[0\]\.events: a history is numbered from 1 without gaps or repeats, not "
     r"\[1, 3, 5\]"),
    ("record data", lambda d: _set("records[2].data.deep.a", [2**40]),
     r"records\[2\]\.data\.deep\.a\[0\] 1099511627776 is outside"),
    ("record payload", lambda d: _set("records[1].events[0].payload.text", "\x1b[2J"),
     r"records\[1\]\.events\[0\]\.payload\.text holds a control character"),
    ("record rules", lambda d: _set("records[0].data.capacity", 0),
     r"records\[0\]\.events\[0\]: the pouch Pouch \(Tim\), event 1 \(put\) breaks the "
     r"rules: 1 marbles do not fit a capacity of 0 \(jar\.overflow; fix: chronicle marbles undo\)"),
    ("record group card", lambda d: _set("records[1].data.marbles", ["Onyx"]),
     r"records\[1\]\.data: the jar Old Jar breaks the rules: Onyx is cursed "
     r"\(marble\.cursed\)"),
    ("group card kind", lambda d: _set("group_cards[0].card.kind", "pebble"),
     r"group_cards\[0\]\.card\.kind: 'pebble' is not a card kind of toy-marbles"),
    ("owned card game", lambda d: _set("players[0].collection[0].game", "nope"),
     r"players\[0\]\.collection\[0\]\.game: no installed game system is called 'nope'"),
]
"""Bad records and other games' cards (schema 0007), checked in one test (cheap)."""


@pytest.mark.parametrize(("mutation", "expected"),
                         [(m, e) for _n, m, e in BAD_DOCUMENTS],
                         ids=[n for n, _m, _e in BAD_DOCUMENTS])
def test_bad_documents_are_refused_naming_the_json_path(
        exported: Path, tmp_path: Path, mutation: Callable[[dict[str, Any]], Mutation],
        expected: str, databases: fx.Databases) -> None:
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert _reformed(document) == 0
    bad = copy.deepcopy(document)
    mutation(bad)(bad)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, indent=2), encoding="utf-8")
    target = fresh(databases)
    with pytest.raises(BadInput, match=expected) as caught:
        transfer.import_all(target, path)
    assert str(caught.value).startswith(f"cannot import {path}; nothing was written")
    assert is_empty(target)


def test_every_problem_of_a_file_is_listed_at_once(exported: Path, tmp_path: Path,
                                                   databases: fx.Databases) -> None:
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["players"][0]["colour"] = "red"
    document["characters"][0]["events"][2]["kind"] = "bye"
    document["games"][1]["solo"] = "yes"
    document["characters"][0]["events"][3]["payload"]["merit"] = ["Golden Art"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        transfer.import_all(fresh(databases), path)
    message = str(caught.value)
    for where in ("players[0].colour", "characters[0].events[2].kind", "games[1].solo",
                  "characters[0].events[3].payload.merit"):
        assert f"  {where}: " in message


@pytest.mark.parametrize(("content", "expected"), [
    (lambda text: text[: len(text) // 2], r"line \d+ column \d+: not valid JSON .*truncated"),
    (lambda text: text.replace('"players"', '"players" "', 1), r"not valid JSON.*damaged"),
    (lambda text: "", r"is empty"),
    (lambda text: "[1, 2]", r"\(top level\): a JSON list, not an object"),
    (lambda text: '{"format": "arcadia-chronicle-export"}',
     r"version: this chronicle reads export version 1, not None"),
])
def test_damaged_files_are_refused(exported: Path, tmp_path: Path,
                                   content: Callable[[str], str], expected: str,
                                   databases: fx.Databases) -> None:
    path = tmp_path / "damaged.json"
    path.write_text(content(exported.read_text(encoding="utf-8")), encoding="utf-8")
    target = fresh(databases)
    with pytest.raises(BadInput, match=expected):
        transfer.import_all(target, path)
    assert is_empty(target)


def test_a_file_that_is_not_text_is_refused(tmp_path: Path, databases: fx.Databases) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(BadInput, match="not UTF-8 text"):
        transfer.import_all(fresh(databases), path)


def test_a_missing_file_is_refused(tmp_path: Path, databases: fx.Databases) -> None:
    with pytest.raises(BadInput, match=r"cannot read .*missing\.json"):
        transfer.import_all(fresh(databases), tmp_path / "missing.json")


def test_a_failure_while_inserting_writes_nothing(exported: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  databases: fx.Databases) -> None:
    from chronicle.persistence.grouptables import GamePlayerRow

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(GamePlayerRow, "__init__", broken)
    target = fresh(databases)
    with pytest.raises(RuntimeError, match="disk full"):
        transfer.import_all(target, exported)
    monkeypatch.undo()
    assert is_empty(target)


def test_the_users_own_cards_travel_with_the_export(exported: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    databases: fx.Databases) -> None:
    """On another machine (another data folder) the import brings the cards the database's
    names refer to, so a character built from them is still whole."""
    from chronicle.systems.wyld_hunt.services import characters, usercards
    from chronicle.systems.wyld_hunt.services.catalog import load_catalog

    document = json.loads(exported.read_text(encoding="utf-8"))
    own = {card["name"] for card in document["cards"]}
    assert own and all(card.get("kind") for card in document["cards"])
    elsewhere = tmp_path / "other-machine"
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(elsewhere))
    assert not usercards.managed_file().exists()
    target = fresh(databases)
    transfer.import_all(target, exported)
    assert not usercards.managed_file().exists()  # the group's cards, in the database
    with target.transaction():
        pass
    assert own <= {card.name for card in usercards.layered_catalog()}
    assert not own & {card.name for card in load_catalog()}
    for view in characters.list_characters(target):
        assert not [v for v in view.report.violations if v.code == "card.unknown"], view.name
    target.close()


def test_an_export_written_before_records_still_imports(exported: Path, tmp_path: Path,
                                                        databases: fx.Databases) -> None:
    """An export of schema 0006 has no records, no other games' cards and no game on the
    owned cards: they are all Wyld Hunt's."""
    document = json.loads(exported.read_text(encoding="utf-8"))
    for key in ("records", "group_cards"):
        del document[key]
    document["schema"] = "0006"
    for player in document["players"]:
        player["collection"] = [{k: v for k, v in o.items() if k != "game"}
                                for o in player["collection"] if o["game"] == "wyld-hunt"]
    older = tmp_path / "older.json"
    older.write_text(json.dumps(document), encoding="utf-8")
    target = fresh(databases)
    counts = transfer.import_all(target, older)
    assert (counts["record"], counts["record_event"]) == (0, 0)
    assert [o.name for o in collection.list_collection(target, "Tim", toy.KEY)] == []
    assert len(collection.list_collection(target, "Tim")) == len(HELD)
    target.close()


def test_imported_records_go_on_under_the_games_rules(exported: Path,
                                                      databases: fx.Databases) -> None:
    target = fresh(databases)
    transfer.import_all(target, exported)
    pouch = records.get(target, toy.KEY, "pouch", "Pouch")
    assert ([e.seq for e in pouch.events], pouch.player, pouch.version) == ([1, 2, 3], "Tim", 4)
    assert records.context(target, toy.KEY).group_cards == (
        {"name": "Onyx", "kind": "marble", "cursed": True},)
    records.append(target, toy.KEY, "pouch", "Pouch", "put", {"marble": "x"})
    with pytest.raises(Refused, match=r"jar\.overflow"):
        records.append(target, toy.KEY, "pouch", "Pouch", "put", {"marble": "y"})
    assert [e.seq for e in records.append(target, toy.KEY, "pouch", "Pouch", "undo",
                                          {}).events] == [1, 2, 3, 4, 5]
    assert records.restore(target, toy.KEY, "jar", "Old Jar").data["marbles"] == ["glass"]
    target.close()


def test_bad_records_are_refused_naming_the_json_path(exported: Path, tmp_path: Path,
                                                      databases: fx.Databases) -> None:
    document = json.loads(exported.read_text(encoding="utf-8"))
    target = fresh(databases)
    for name, mutation, expected in RECORD_DOCUMENTS:
        bad = copy.deepcopy(document)
        mutation(bad)(bad)
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad, indent=2), encoding="utf-8")
        with pytest.raises(BadInput, match=expected):
            transfer.import_all(target, path)
        assert is_empty(target), name
    target.close()
