"""The whole database as one JSON file: export for backups and moves, import into an empty
database.

``export_all`` reads every table in one transaction and returns the export document;
``write_export`` writes it atomically and never overwrites a file unless told to. The document
names things by their natural keys (player names, a character by its player and name, game
names), never by database ids, and keeps every timestamp as an ISO 8601 string with its offset::

    {"format": "arcadia-chronicle-export", "version": 1, "schema": "0002", "exported_at": "...",
     "players": [{"name", "created_at", "collection": [{"card", "kind", "count", "game"}]}],
     "characters": [{"player", "name", "system", "icon", "court", "background", "version",
                     "created_at", "creation_cards": [{"role", "card", "position"}],
                     "events": [{"seq", "kind", "payload", "recorded_at", "game"}]}],
     "games": [{"name", "system", "solo", "status", "version", "created_at", "played_at",
                "epic_order",
                "seats": [{"position", "player", "character", "target", "quests", "waylays",
                           "treasures", "leagues", "pool", "completed"}]}]}

``import_all`` refuses a database that holds anything, validates the whole file (every problem
named by its JSON path, such as ``characters[2].events[5].kind``) and only then inserts
everything in one transaction, keeping event numbers, timestamps and game links exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from chronicle.domain.values import Origin, name_key
from chronicle.errors import AlreadyExists, BadInput, Refused
from chronicle.persistence.payloads import PAYLOADS
from chronicle.rules.editions import edition_keys
from chronicle.services.db import Database
from chronicle.services.exportformat import (  # the format, re-exported
    CharacterModel,
    CreationCardModel,
    EventModel,
    ExportModel,
    GameModel,
    OwnedModel,
    PlayerModel,
    SeatModel,
)
from chronicle.services.usercards import card_file_entry, own_cards, save_group_cards
from chronicle.systems.wyld_hunt.codec import event_from_record

if TYPE_CHECKING:
    from sqlmodel import Session

FORMAT = "arcadia-chronicle-export"
VERSION = 1
TABLES = ("player", "ownership", "character", "creation_card", "ledger_event", "game",
          "game_player")
"""The tables an export holds, by their database names (the keys of the import counts)."""
MAX_PROBLEMS = 40
"""How many problems of a bad file are listed before the rest are only counted."""

__all__ = ["CharacterModel", "CreationCardModel", "EventModel", "ExportModel", "GameModel",
           "OwnedModel", "PlayerModel", "SeatModel"]


# Export -------------------------------------------------------------------------------------

def _stamp(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.utcoffset() is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat()


def export_all(db: Database) -> dict[str, Any]:
    """Every row of every table as the export document, read in one transaction."""
    from sqlmodel import col, select

    from chronicle.persistence.engine import HEAD
    from chronicle.persistence.models import (
        CharacterRow,
        CreationCardRow,
        EventRow,
        GamePlayerRow,
        GameRow,
        OwnershipRow,
        PlayerRow,
    )

    with db.transaction() as session:
        players = session.exec(select(PlayerRow).order_by(col(PlayerRow.id))).all()
        owned = session.exec(select(OwnershipRow).order_by(col(OwnershipRow.id))).all()
        characters = session.exec(select(CharacterRow).order_by(col(CharacterRow.id))).all()
        creation = session.exec(select(CreationCardRow).order_by(
            col(CreationCardRow.character_id), col(CreationCardRow.position),
            col(CreationCardRow.id))).all()
        events = session.exec(select(EventRow).order_by(col(EventRow.character_id),
                                                        col(EventRow.seq))).all()
        games = session.exec(select(GameRow).order_by(col(GameRow.id))).all()
        seats = session.exec(select(GamePlayerRow).order_by(
            col(GamePlayerRow.game_id), col(GamePlayerRow.position),
            col(GamePlayerRow.id))).all()

    player_names = {p.id: p.name for p in players}
    character_keys = {c.id: (player_names[c.player_id], c.name) for c in characters}
    game_names = {g.id: g.name for g in games}

    def game_name(game_id: int | None, where: str) -> str | None:
        if game_id is None:
            return None
        if game_id not in game_names:
            raise BadInput(f"cannot export: {where} refers to game number {game_id}, which is "
                           "not in the database")
        return game_names[game_id]

    collections: dict[int, list[dict[str, Any]]] = {p.id: [] for p in players if p.id}
    for row in owned:
        collections[row.player_id].append({"card": row.card_name, "kind": row.card_kind,
                                           "count": row.count, "game": row.game})
    cards_of: dict[int, list[dict[str, Any]]] = {c.id: [] for c in characters if c.id}
    for card in creation:
        cards_of[card.character_id].append({"role": card.role, "card": card.card_name,
                                            "position": card.position})
    events_of: dict[int, list[dict[str, Any]]] = {c.id: [] for c in characters if c.id}
    for event in events:
        player, name = character_keys[event.character_id]
        events_of[event.character_id].append({
            "seq": event.seq, "kind": event.kind, "payload": event.payload,
            "recorded_at": _stamp(event.recorded_at),
            "game": game_name(event.game_id, f"event {event.seq} of {name} ({player})")})
    seats_of: dict[int, list[dict[str, Any]]] = {g.id: [] for g in games if g.id}
    for seat in seats:
        player = player_names[seat.player_id]
        entry: dict[str, Any] = {"position": seat.position, "player": player,
                                 "character": None}
        if seat.character_id is not None:
            owner, character = character_keys[seat.character_id]
            entry["character"] = character
            if owner != player:
                entry["character_player"] = owner
        entry.update({
            "target": player_names[seat.target_player_id]
            if seat.target_player_id is not None else None,
            "quests": list(seat.quests), "waylays": list(seat.waylays),
            "treasures": list(seat.treasures), "leagues": list(seat.leagues),
            "pool": list(seat.pool) if seat.pool is not None else None,
            "completed": list(seat.completed) if seat.completed is not None else None})
        seats_of[seat.game_id].append(entry)

    return {
        "format": FORMAT,
        "version": VERSION,
        "schema": HEAD,
        "exported_at": _stamp(datetime.now(UTC)),
        "players": [{"name": p.name, "created_at": _stamp(p.created_at),
                     "collection": collections[p.id or 0]} for p in players],
        "characters": [{"player": player_names[c.player_id], "name": c.name,
                        "system": c.system, "icon": c.icon, "court": c.court,
                        "background": c.background, "version": c.version,
                        "created_at": _stamp(c.created_at),
                        "creation_cards": cards_of[c.id or 0], "events": events_of[c.id or 0],
                        "archived_at": _stamp(c.archived_at)}
                       for c in characters],
        "games": [{"name": g.name, "system": g.system, "solo": g.solo, "status": g.status,
                   "version": g.version, "created_at": _stamp(g.created_at),
                   "played_at": _stamp(g.played_at), "seats": seats_of[g.id or 0],
                   "archived_at": _stamp(g.archived_at), "epic_order": g.epic_order}
                  for g in games],
        "cards": [card_file_entry(card) for card in own_cards()],
    }


def counts_of(document: dict[str, Any]) -> dict[str, int]:
    """Rows per table that an export document holds."""
    players, characters, games = (document["players"], document["characters"],
                                  document["games"])
    return {"player": len(players),
            "ownership": sum(len(p["collection"]) for p in players),
            "character": len(characters),
            "creation_card": sum(len(c["creation_cards"]) for c in characters),
            "ledger_event": sum(len(c["events"]) for c in characters),
            "game": len(games),
            "game_player": sum(len(g["seats"]) for g in games)}


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
    from chronicle.export.files import write_bytes_atomically
    from chronicle.services.backup import refuse_live

    refuse_live(db, path)
    document = export_all(db)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    try:
        write_bytes_atomically(path, text.encode("utf-8"), overwrite=force, protect=False)
    except AlreadyExists:
        raise AlreadyExists(refusal) from None
    return counts_of(document)


# Validation ---------------------------------------------------------------------------------

def json_path(loc: Sequence[str | int]) -> str:
    """A pydantic error location as a JSON path: ``characters[2].events[5].kind``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top level)"


def _error_text(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "missing (every export field is required)"
    if kind == "extra_forbidden":
        return "unknown key: the export format has no such field"
    message = str(error["msg"])
    found = error.get("input")
    if isinstance(found, str | int | float | bool) or found is None:
        shown = repr(found)
        message += f" (found {shown if len(shown) <= 60 else shown[:57] + '...'})"
    return message


def _pydantic_problems(exc: ValidationError, prefix: Sequence[str | int] = ()) -> list[str]:
    return [f"{json_path([*prefix, *e['loc']])}: {_error_text(e)}" for e in exc.errors()]


def _read_document(path: Path) -> tuple[str, Any]:
    from chronicle.domain.limits import BACKUP_MAX_BYTES
    from chronicle.reading import decode, parse_json, read_bytes, shown_path

    shown = shown_path(path)
    text = decode(read_bytes(path, limit=BACKUP_MAX_BYTES, what="export"), path,
                  what="export")
    if not text.strip():
        raise BadInput(f"{shown} is empty; export the database again")
    try:
        data = parse_json(text, path)
    except json.JSONDecodeError as exc:
        ended = text.rstrip().endswith("}")
        hint = ("it is damaged or not JSON" if ended else
                "the file stops before its end: it looks truncated; export the database again")
        raise BadInput(f"{shown} line {exc.lineno} column {exc.colno}: not valid JSON "
                       f"({exc.msg}); {hint}") from None
    return text, data


def _header_problems(data: Any) -> list[str]:
    """Problems that make the rest meaningless: not an object, another format or version."""
    if not isinstance(data, dict):
        return [f"(top level): a JSON {type(data).__name__}, not an object; this is not an "
                "Arcadia Chronicle export"]
    found = data.get("format")
    if found != FORMAT:
        return [f"format: {found!r} is not {FORMAT!r}; this is not an Arcadia Chronicle "
                "export (character files are imported with 'chronicle character import')"]
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        return [f"version: this chronicle reads export version {VERSION}, not {version!r}; "
                "import it with the chronicle version that wrote it"]
    return []


class _Problems:
    """Problems found so far, each located by JSON path."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{where}: {message}")


def _raw_events(data: Any) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Each event object of the parsed file with its place, however broken the rest is."""
    characters = data.get("characters") if isinstance(data, dict) else None
    for c, character in enumerate(characters if isinstance(characters, list) else []):
        events = character.get("events") if isinstance(character, dict) else None
        for e, event in enumerate(events if isinstance(events, list) else []):
            if isinstance(event, dict):
                yield c, e, event


def _check_payloads(data: Any, problems: _Problems) -> None:
    """Check each event's payload against its kind (payloads of an unknown kind are left to
    the ``kind`` problem)."""
    for c, e, event in _raw_events(data):
        kind, payload, seq = event.get("kind"), event.get("payload"), event.get("seq")
        if not isinstance(kind, str) or kind not in PAYLOADS or not isinstance(payload, dict):
            continue
        where: list[str | int] = ["characters", c, "events", e, "payload"]
        try:
            PAYLOADS[kind].model_validate(payload)
        except ValidationError as exc:
            problems.items.extend(_pydantic_problems(exc, where))
            continue
        try:
            event_from_record(kind, payload)
        except ValueError as exc:
            problems.add(json_path(where), str(exc))
            continue
        undone = payload.get("event")
        if kind == "undo" and isinstance(undone, int) and isinstance(seq, int) \
                and not isinstance(seq, bool) and undone >= seq:
            problems.add(json_path([*where, "event"]),
                         f"undoes event {undone}, which is not before this one ({seq})")


def _first_seen(seen: dict[Any, str], key: Any, where: str) -> str | None:
    """Remember ``key`` at ``where``; return where it was seen before, if it was."""
    if key in seen:
        return seen[key]
    seen[key] = where
    return None


def _card_kinds(game: str) -> tuple[str, ...] | None:
    """The card kinds of the installed game ``game`` (None: no such game)."""
    from typing import get_args

    from chronicle.services.exportformat import CardKind
    from chronicle.systems import registry

    if game == registry.DEFAULT:
        return tuple(get_args(CardKind))
    try:
        system = registry.system(game)
    except (registry.UnknownSystem, registry.BadSystem):
        return None
    return system.card_kinds if system.key == game else None


def _check_references(document: ExportModel, schemas: list[str], problems: _Problems) -> None:
    if document.schema_ not in schemas:
        problems.add("schema", f"{document.schema_!r} is not a schema this chronicle knows "
                               f"({', '.join(schemas)}); the export comes from a newer "
                               "chronicle: upgrade first")
    systems = edition_keys()
    players: dict[Any, str] = {}
    for p, player in enumerate(document.players):
        if (first := _first_seen(players, name_key(player.name), f"players[{p}]")) is not None:
            problems.add(f"players[{p}].name", f"{player.name!r} is already {first}")
        cards: dict[Any, str] = {}
        for o, owned in enumerate(player.collection):
            where = f"players[{p}].collection[{o}]"
            if (first := _first_seen(cards, (owned.game, name_key(owned.card), owned.kind),
                                     where)) is not None:
                problems.add(where, f"{owned.card} ({owned.kind}) is already listed at {first}")
            kinds = _card_kinds(owned.game)
            if kinds is None:
                problems.add(f"{where}.game", f"no installed game system is called "
                                              f"{owned.game!r}")
            elif owned.kind not in kinds:
                problems.add(f"{where}.kind", f"{owned.kind!r} is not a card kind of "
                                              f"{owned.game} ({', '.join(kinds)})")
    characters: dict[Any, str] = {}
    games = {name_key(g.name) for g in document.games}
    for c, character in enumerate(document.characters):
        where = f"characters[{c}]"
        if name_key(character.player) not in players:
            problems.add(f"{where}.player", f"no player called {character.player!r} is in "
                                            "players")
        if character.system not in systems:
            problems.add(f"{where}.system", f"unknown system {character.system!r}; use one of "
                                            f"{', '.join(systems)}")
        key = (name_key(character.player), name_key(character.name))
        if (first := _first_seen(characters, key, where)) is not None:
            problems.add(f"{where}.name", f"{character.player} already has a character called "
                                          f"{character.name!r} at {first}")
        seqs: dict[Any, str] = {}
        for e, event in enumerate(character.events):
            at = f"{where}.events[{e}]"
            if (first := _first_seen(seqs, event.seq, at)) is not None:
                problems.add(f"{at}.seq", f"event number {event.seq} is already {first}")
            if event.game is not None and name_key(event.game) not in games:
                problems.add(f"{at}.game", f"no game called {event.game!r} is in games")
    game_names: dict[Any, str] = {}
    for g, game in enumerate(document.games):
        where = f"games[{g}]"
        if (first := _first_seen(game_names, name_key(game.name), where)) is not None:
            problems.add(f"{where}.name", f"{game.name!r} is already {first}")
        if game.system not in systems:
            problems.add(f"{where}.system", f"unknown system {game.system!r}; use one of "
                                            f"{', '.join(systems)}")
        seated: dict[Any, str] = {}
        for s, seat in enumerate(game.seats):
            at = f"{where}.seats[{s}]"
            if name_key(seat.player) not in players:
                problems.add(f"{at}.player", f"no player called {seat.player!r} is in players")
            elif (first := _first_seen(seated, name_key(seat.player), at)) is not None:
                problems.add(f"{at}.player", f"{seat.player} is already seated at {first}")
            if seat.target is not None and name_key(seat.target) not in players:
                problems.add(f"{at}.target", f"no player called {seat.target!r} is in players")
            owner = seat.character_player or seat.player
            if seat.character_player is not None and name_key(owner) not in players:
                problems.add(f"{at}.character_player", f"no player called {owner!r} is in "
                                                       "players")
            if seat.character is not None and \
                    (name_key(owner), name_key(seat.character)) not in characters:
                problems.add(f"{at}.character", f"{owner} has no character called "
                                                f"{seat.character!r} in characters")


def _check_cards(document: ExportModel, problems: _Problems) -> None:
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    _entries, found = validate_card_tables(document.cards, SCHEMA, path="cards", lines=None,
                                           origin=Origin.USER)
    for problem in found:
        where = f"cards[{problem.card}]" if problem.card else "cards"
        problems.items.append(f"{where}.{problem.field or 'card'}: {problem.message}"
                              + (f" ({problem.hint})" if problem.hint else ""))


CREATION_REFUSALS = frozenset({"card.unknown", "card.wrong_kind", "icon.multiple"})
"""Errors that the services never let a character be saved with."""


def _check_chronicles(document: ExportModel, problems: _Problems) -> None:
    """Replay every character's chronicle through the rules, as every append was checked:
    creation choices the services refuse, a chronicle that starts before the character is
    finished, and an event that adds an error the chronicle before it did not have are each a
    problem naming the character, the event and the violation."""
    from dataclasses import replace

    from chronicle.services.common import UNFINISHED, catalog, new_errors
    from chronicle.systems.wyld_hunt.cards import Court
    from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
    from chronicle.systems.wyld_hunt.codec import describe_event
    from chronicle.systems.wyld_hunt.rules.character import check_character

    cat = catalog(card_entries(document))
    unfinished = UNFINISHED - {"collection.not_owned"}  # collections are checked by the app
    for c, character in enumerate(document.characters):
        where = f"characters[{c}]"
        who = f"{character.name} ({character.player})"
        events = tuple(event_from_record(e.kind, dict(e.payload))
                       for e in sorted(character.events, key=lambda e: e.seq))
        cards = sorted(character.creation_cards, key=lambda card: card.position)
        build = CharacterBuild(
            name=character.name, system=character.system,
            icons=(character.icon,) if character.icon else (),
            court=Court(character.court) if character.court else None,
            merits=tuple(card.card for card in cards if card.role == "merit"),
            flaws=tuple(card.card for card in cards if card.role == "flaw"),
            background=character.background, player=character.player, events=events)
        final, _state = check_character(build, cat)
        start, _state = check_character(replace(build, events=()), cat) \
            if events else (final, _state)
        refused = [v for v in start.errors if v.code in CREATION_REFUSALS
                   or (events and v.code in unfinished)]
        held = f" (the chronicle, event {min(e.seq for e in character.events)} onwards, " \
            "cannot start until it is fixed)" if events else ""
        for violation in refused[:3]:
            problems.add(where, f"{who}: {violation.code}: {violation.message}{held}")
        if refused or not events or not new_errors(start, final):
            continue
        before = start
        for index in range(1, len(events) + 1):
            after, _state = check_character(replace(build, events=events[:index]), cat)
            fresh = new_errors(before, after)
            if fresh:
                seq = sorted(character.events, key=lambda e: e.seq)[index - 1].seq
                problems.add(f"{where}.events[{index - 1}]",
                             f"{who}, event {seq} ({describe_event(events[index - 1])}) breaks "
                             "the rules: " + "; ".join(f"{v.code}: {v.message}"
                                                       for v in fresh[:3]))
                break
            before = after


def card_entries(document: ExportModel) -> list[Any]:
    """The user's own cards of an export, validated."""
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    entries, _problems = validate_card_tables(document.cards, SCHEMA, path="cards", lines=None,
                                              origin=Origin.USER)
    return entries


def validate_export(path: Path) -> ExportModel:
    """Read and check an export file completely, without touching any database.

    Raises:
        BadInput: listing every problem by its JSON path (at most ``MAX_PROBLEMS`` of them).
    """
    from chronicle.persistence.engine import revisions

    text, data = _read_document(path)
    problems = _Problems()
    problems.items.extend(_header_problems(data))
    document: ExportModel | None = None
    if not problems.items:
        try:
            document = ExportModel.model_validate_json(text)
        except ValidationError as exc:
            problems.items.extend(_pydantic_problems(exc))
        _check_payloads(data, problems)
    if document is not None:
        _check_references(document, revisions(), problems)
        _check_cards(document, problems)
    if document is not None and not problems.items:
        _check_chronicles(document, problems)
    if problems.items or document is None:
        shown = problems.items[:MAX_PROBLEMS]
        more = len(problems.items) - len(shown)
        raise BadInput(f"cannot import {path}; nothing was written:\n"
                       + "\n".join(f"  {p}" for p in shown)
                       + (f"\n  ... and {more} more problems" if more > 0 else ""))
    return document


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
        return _insert(session, document)


def _insert(session: Session, document: ExportModel) -> dict[str, int]:
    from chronicle.persistence.models import (
        CharacterRow,
        CreationCardRow,
        EventRow,
        GamePlayerRow,
        GameRow,
        OwnershipRow,
        PlayerRow,
    )

    counts = dict.fromkeys(TABLES, 0)

    def ids(rows: list[Any], table: str) -> list[int]:
        """Insert ``rows`` (in order) and return their new ids."""
        session.add_all(rows)
        session.flush()
        counts[table] += len(rows)
        return [int(row.id) for row in rows]

    players = dict(zip([name_key(p.name) for p in document.players], ids(
        [PlayerRow(name=p.name, name_key=name_key(p.name), created_at=p.created_at)
         for p in document.players], "player"), strict=True))
    list(ids([OwnershipRow(player_id=players[name_key(p.name)], game=o.game, card_name=o.card,
                           card_key=name_key(o.card), card_kind=o.kind, count=o.count)
              for p in document.players for o in p.collection], "ownership"))
    games = dict(zip([name_key(g.name) for g in document.games], ids(
        [GameRow(name=g.name, name_key=name_key(g.name), system=g.system, solo=g.solo,
                 status=g.status, created_at=g.created_at, played_at=g.played_at,
                 version=g.version, archived_at=g.archived_at, epic_order=g.epic_order)
         for g in document.games],
        "game"), strict=True))
    characters = dict(zip(
        [(name_key(c.player), name_key(c.name)) for c in document.characters],
        ids([CharacterRow(player_id=players[name_key(c.player)], name=c.name,
                          name_key=name_key(c.name), system=c.system, icon=c.icon,
                          court=c.court, background=c.background, version=c.version,
                          created_at=c.created_at, archived_at=c.archived_at)
             for c in document.characters],
            "character"), strict=True))
    list(ids([CreationCardRow(character_id=characters[(name_key(c.player), name_key(c.name))],
                              role=card.role, card_name=card.card, position=card.position)
              for c in document.characters for card in c.creation_cards], "creation_card"))
    list(ids([EventRow(character_id=characters[(name_key(c.player), name_key(c.name))],
                       seq=e.seq, kind=e.kind, payload=dict(e.payload),
                       recorded_at=e.recorded_at,
                       game_id=games[name_key(e.game)] if e.game is not None else None)
              for c in document.characters for e in c.events], "ledger_event"))
    seats = []
    for game in document.games:
        for seat in game.seats:
            owner = name_key(seat.character_player or seat.player)
            seats.append(GamePlayerRow(
                game_id=games[name_key(game.name)], player_id=players[name_key(seat.player)],
                character_id=characters[(owner, name_key(seat.character))]
                if seat.character is not None else None,
                position=seat.position,
                target_player_id=players[name_key(seat.target)]
                if seat.target is not None else None,
                quests=list(seat.quests), waylays=list(seat.waylays),
                treasures=list(seat.treasures), leagues=list(seat.leagues),
                pool=list(seat.pool) if seat.pool is not None else None,
                completed=list(seat.completed) if seat.completed is not None else None))
    list(ids(seats, "game_player"))
    from chronicle.services.characters import forget_checked

    forget_checked()
    entries = card_entries(document)
    if entries:
        save_group_cards(session, entries)
    return counts
