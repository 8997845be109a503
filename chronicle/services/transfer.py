"""The whole database as one JSON file: export for backups and moves, import into an empty
database (reading it back is ``importer``'s, the rules replayed over it ``replay``'s).

``export_all`` reads every table in one transaction and returns the export document;
``write_export`` writes it atomically and never overwrites a file unless told to. The home
game's sections (Wyld Hunt's ``characters`` and ``games`` below) are its ``exchange``'s. The
document names things by their natural keys (player names, a character by its player and name, game
names), never by database ids, and keeps every timestamp as an ISO 8601 string with its offset::

    {"format": "arcadia-chronicle-export", "version": 1, "schema": "0002", "exported_at": "...",
     "players": [{"name", "created_at", "collection": [{"card", "kind", "count", "game"}]}],
     "characters": [{"player", "name", "system", "icon", "court", "background", "version",
                     "created_at", "creation_cards": [{"role", "card", "position"}],
                     "events": [{"seq", "kind", "payload", "recorded_at", "game"}]}],
     "games": [{"name", "system", "solo", "status", "version", "created_at", "played_at",
                "epic_order",
                "seats": [{"position", "player", "character", "target", "quests", "waylays",
                           "treasures", "leagues", "pool", "completed"}]}],
     "cards": [{Wyld Hunt [[card]] table}], "group_cards": [{"game", "card", "version"}],
     "records": [{"game", "kind", "player", "name", "data", "version", "created_at",
                  "archived_at", "events": [{"seq", "kind", "payload", "recorded_at"}]}]}

``import_all`` refuses a database that holds anything, validates the whole file (every problem
named by its JSON path, such as ``characters[2].events[5].kind``) and only then inserts
everything in one transaction, keeping event numbers, timestamps and game links exactly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import AlreadyExists, BadInput, Refused
from chronicle.services.exportformat import (  # the format, re-exported
    FORMAT,
    VERSION,
    ExportModel,
    GroupCardModel,
    OwnedModel,
    PlayerModel,
    RecordEventModel,
    RecordModel,
    home_exchange,
    section_games,
    stamp,
    tables,
)
from chronicle.services.importer import (  # reading back, re-exported
    MAX_PROBLEMS,
    check_structure,
    header_problems,
    json_path,
    refusal,
)
from chronicle.services.importer import insert as insert_rows

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.services.db import Database
    from chronicle.services.playernames import Players

__all__ = ["FORMAT", "MAX_PROBLEMS", "VERSION", "ExportModel", "GroupCardModel", "OwnedModel",
           "PlayerModel", "RecordEventModel", "RecordModel", "card_entries", "insert",
           "json_path", "tables", "validate_export"]



# Export -------------------------------------------------------------------------------------

def export_all(db: Database | None, session: Session | None = None, *,
               by_uid: bool = False) -> dict[str, Any]:
    """Every row of every table as the export document, read in one transaction (``session``'s,
    when given: a sync reads the group's under its write lock); ``by_uid``: every place that
    names a player names them by uid instead (what a sync merges: a rename changes no
    reference), the players' list keeping their names."""
    from chronicle.persistence.engine import HEAD
    from chronicle.persistence.exported import exported_rows
    from chronicle.systems import registry

    def read(session: Session) -> tuple[Any, dict[str, Any]]:
        rows = exported_rows(session, group_cards_but=registry.home())
        names = {p.id: p.uid if by_uid else p.name for p in rows.players}
        return rows, {key: value for game in section_games()
                      for key, value in game.export_sections(session, names).items()}

    if session is not None:
        rows, sections = read(session)
    else:
        assert db is not None
        with db.transaction() as reading:
            rows, sections = read(reading)
    home = home_exchange()
    records, record_events, group_cards = rows.records, rows.record_events, rows.group_cards
    players, owned = rows.players, rows.owned
    player_names = {p.id: p.uid if by_uid else p.name for p in players}

    collections: dict[int, list[dict[str, Any]]] = {p.id: [] for p in players if p.id}
    for row in owned:
        collections[row.player_id].append({"card": row.card_name, "kind": row.card_kind,
                                           "count": row.count, "game": row.game,
                                           "uid": row.uid or None})
    history: dict[int, list[dict[str, Any]]] = {r.id: [] for r in records if r.id}
    for step in record_events:
        history[step.record_id].append({"seq": step.seq, "kind": step.kind,
                                        "payload": step.payload,
                                        "recorded_at": stamp(step.recorded_at),
                                        "uid": step.uid or None})
    from chronicle.services.playernames import Players, exported

    named = Players.named((p.id, player_names[p.id]) for p in players if p.id is not None)
    for r in records:  # a record another names (a battle side's force), by its name
        if r.id is not None:
            named.add_record(r.id, r.kind, r.owner, r.name)
    records = _sound(records, history, player_names, named)
    record_data: dict[int, dict[str, Any]] = {}
    for r in records:  # players by name, guests marked: what the import reads back
        record_data[r.id or 0], history[r.id or 0] = exported(
            r.game, r.kind, dict(r.data), history.get(r.id or 0, []), named)
    return {
        "format": FORMAT,
        "version": VERSION,
        "schema": HEAD,
        "exported_at": stamp(datetime.now(UTC)),
        "players": [{"name": p.name, "created_at": stamp(p.created_at),
                     "collection": collections[p.id or 0], "uid": p.uid or None}
                    for p in players],
        **sections,
        "cards": home.cards() if home else [],
        "group_cards": [{"game": c.game, "card": c.data, "version": c.version,
                         "uid": c.uid or None} for c in group_cards],
        "records": [{"game": r.game, "kind": r.kind,
                     "player": player_names[r.player_id] if r.player_id is not None else None,
                     "name": r.name, "data": record_data[r.id or 0], "version": r.version,
                     "created_at": stamp(r.created_at), "archived_at": stamp(r.archived_at),
                     "events": history[r.id or 0], "uid": r.uid or None} for r in records],
    }


def _sound(records: Sequence[Any], history: dict[int, list[dict[str, Any]]],
           player_names: dict[Any, str], named: Players) -> list[Any]:
    """The records an export can carry: each one edited outside the program into something
    the program cannot read (``damage.decode`` on the names the games see, as every read
    decodes it) is left out and named (``damage.notice``; ``chronicle db check`` lists
    them)."""
    from chronicle.services import damage
    from chronicle.services.playernames import Boundary

    kept = []
    for row in records:
        owner = player_names.get(row.player_id) if row.player_id is not None else None
        spec = damage.spec_of(row.game, row.kind)
        found = damage.decode(spec, row.name, row.data,
                              [(e["kind"], e["payload"]) for e in history[row.id or 0]],
                              owner_missing=row.player_id is not None and owner is None,
                              seen=Boundary(spec, named).seen)
        if found.damage:
            damage.notice(damage.described(spec.label if spec else row.kind, row.name, owner,
                                           found.damage) + "; it was left out of the file")
        else:
            kept.append(row)
    return kept


def counts_of(document: dict[str, Any]) -> dict[str, int]:
    """Rows per table that an export document holds."""
    players = document["players"]
    return {"player": len(players),
            "ownership": sum(len(p["collection"]) for p in players),
            **{table: count for game in section_games()
               for table, count in game.counts(document).items()},
            "record": len(document.get("records", [])),
            "record_event": sum(len(r["events"]) for r in document.get("records", []))}


def write_export(db: Database, path: Path, *, force: bool = False) -> dict[str, int]:
    """Write the whole database to ``path`` as JSON (readable by its owner only), atomically:
    the file appears complete or not at all. Returns the rows written per table.

    Raises:
        AlreadyExists: ``path`` exists and ``force`` is false (nothing is written).
        BadInput: the folder does not exist or the file cannot be written.
    """
    refusal = f"{path} already exists; choose another file, or overwrite it with --force"
    if path.exists() and not force:
        raise AlreadyExists(refusal)
    if not path.parent.is_dir():
        raise BadInput(f"cannot write {path}: the folder {path.parent} does not exist")
    from chronicle.export.safefiles import write_bytes_atomically
    from chronicle.services.backupfiles import refuse_live

    refuse_live(db, path)
    document = export_all(db)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    try:
        write_bytes_atomically(path, text.encode("utf-8"), overwrite=force, protect=False)
    except AlreadyExists:
        raise AlreadyExists(refusal) from None
    return counts_of(document)


# Import -------------------------------------------------------------------------------------

def _refuse_unless_empty(session: Session) -> None:
    from chronicle.persistence import repository as repo

    held = {table: count for table, count in repo.table_counts(session).items() if count}
    if held:
        raise Refused("this database is not empty ("
                      + ", ".join(f"{count} row{'s' if count != 1 else ''} in {table}"
                                  for table, count in held.items())
                      + "); import only into a new, empty database (choose one with --db or "
                        "CHRONICLE_DB); nothing was written")


def import_all(db: Database, path: Path) -> dict[str, int]:
    """Load an export file into an empty database, in one transaction; returns the rows
    inserted per table.

    Raises:
        Refused: the database already holds rows (nothing is written).
        BadInput: the file cannot be read or is not a valid export; every problem is listed by
            its JSON path (nothing is written).
    """
    with db.transaction() as session:
        _refuse_unless_empty(session)
    document = validate_export(path)
    with db.transaction() as session:
        _refuse_unless_empty(session)
        return insert(session, document)


# Reading an export back, the home system's part through the registry ---------------------

def validate_export(path: Path) -> ExportModel:
    """Read and check an export file completely, without touching any database: the format
    and references (``importer``), the home system's payloads, cards and chronicles (its
    ``exchange``), and every game record replayed through its game's rules (``replay``).

    Raises:
        BadInput: listing every problem by its JSON path (at most ``MAX_PROBLEMS`` of them).
    """
    from chronicle.services.replay import record_problems

    home = home_exchange()
    data, document, problems = check_structure(path)
    if not header_problems(data):  # every payload problem, however broken the rest
        for game in section_games():
            game.check_payloads(data, problems)
    if home and document is not None:
        home.check_cards(document, problems)
    if document is not None and not problems.items:
        if home:
            problems.items.extend(home.chronicle_problems(document))
        problems.items.extend(record_problems(document))
    if problems.items or document is None:
        raise refusal(path, problems.items)
    return document


def insert(session: Session, document: ExportModel) -> dict[str, int]:
    """Insert a validated export into the empty database of ``session`` (in the caller's
    transaction), its home system's cards as the group's; returns the rows per table."""
    counts = insert_rows(session, document)
    home = home_exchange()
    if home:
        home.save_cards(session, home.card_entries(document))
    return counts


def card_entries(document: ExportModel) -> list[Any]:
    """The home system's own cards of an export, validated."""
    home = home_exchange()
    return home.card_entries(document) if home else []
