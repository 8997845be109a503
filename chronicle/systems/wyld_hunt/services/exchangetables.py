"""Wyld Hunt's tables in the whole-database export (``chronicle db export|import``, backups):
its ``characters`` with their creation cards and chronicles and its ``games`` with their seats,
written from the rows (``export_sections``), counted (``counts``), their references checked
(``check_references``: players, characters, games by name) and inserted into an empty database
(``insert``). The generic transfer reaches them through ``exchange`` (``HomeParts.exchange``);
their format is ``exchangeformat``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from chronicle.domain.values import name_key
from chronicle.rules.editions import edition_keys
from chronicle.services.exportformat import ExportModel, stamp, uid_of
from chronicle.services.importer import Problems, first_seen

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.systems.wyld_hunt.services.exchangeformat import Sections


def export_sections(session: Session, player_names: dict[Any, str]) -> dict[str, Any]:
    """The file's ``characters`` and ``games``, read from their rows (in the export's
    transaction), players named by ``player_names`` (by id).

    Raises:
        BadInput: a chronicle event names a game the database does not hold.
    """
    from chronicle.errors import BadInput
    from chronicle.persistence.exported import chronicle_rows

    rows = chronicle_rows(session)
    characters, creation, events = rows.characters, rows.creation, rows.events
    games, seats = rows.games, rows.seats
    character_keys = {c.id: (player_names[c.player_id], c.name) for c in characters}
    game_names = {g.id: g.name for g in games}

    def game_name(game_id: int | None, where: str) -> str | None:
        if game_id is None:
            return None
        if game_id not in game_names:
            raise BadInput(f"cannot export: {where} refers to game number {game_id}, which is "
                           "not in the database")
        return game_names[game_id]

    cards_of: dict[int, list[dict[str, Any]]] = {c.id: [] for c in characters if c.id}
    for card in creation:
        cards_of[card.character_id].append({"role": card.role, "card": card.card_name,
                                            "position": card.position, "uid": card.uid or None})
    events_of: dict[int, list[dict[str, Any]]] = {c.id: [] for c in characters if c.id}
    for event in events:
        player, name = character_keys[event.character_id]
        events_of[event.character_id].append({
            "seq": event.seq, "kind": event.kind, "payload": event.payload,
            "recorded_at": stamp(event.recorded_at),
            "game": game_name(event.game_id, f"event {event.seq} of {name} ({player})"),
            "uid": event.uid or None})
    seats_of: dict[int, list[dict[str, Any]]] = {g.id: [] for g in games if g.id}
    for seat in seats:
        player = player_names[seat.player_id]
        entry: dict[str, Any] = {"position": seat.position, "player": player,
                                 "character": None, "uid": seat.uid or None}
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
        "characters": [{"player": player_names[c.player_id], "name": c.name,
                        "system": c.system, "icon": c.icon, "court": c.court,
                        "background": c.background, "version": c.version,
                        "created_at": stamp(c.created_at),
                        "creation_cards": cards_of[c.id or 0], "events": events_of[c.id or 0],
                        "archived_at": stamp(c.archived_at), "uid": c.uid or None}
                       for c in characters],
        "games": [{"name": g.name, "system": g.system, "solo": g.solo, "status": g.status,
                   "version": g.version, "created_at": stamp(g.created_at),
                   "played_at": stamp(g.played_at), "seats": seats_of[g.id or 0],
                   "archived_at": stamp(g.archived_at), "epic_order": g.epic_order,
                   "uid": g.uid or None}
                  for g in games],
    }


def counts(document: dict[str, Any]) -> dict[str, int]:
    """Rows per table of this game that an export document holds."""
    characters, games = document["characters"], document["games"]
    return {"character": len(characters),
            "creation_card": sum(len(c["creation_cards"]) for c in characters),
            "ledger_event": sum(len(c["events"]) for c in characters),
            "game": len(games),
            "game_player": sum(len(g["seats"]) for g in games)}


def check_references(document: ExportModel, players: set[Any], problems: Problems) -> None:
    """Each character's player, system, name and events' games; each game's name, system and
    seats (players, targets, characters): what the database would refuse. ``players`` are the
    file's players' name keys."""
    sections = cast("Sections", document)
    systems = edition_keys()
    characters: dict[Any, str] = {}
    games = {name_key(g.name) for g in sections.games}
    for c, character in enumerate(sections.characters):
        where = f"characters[{c}]"
        if name_key(character.player) not in players:
            problems.add(f"{where}.player", f"no player called {character.player!r} is in "
                                            "players")
        if character.system not in systems:
            problems.add(f"{where}.system", f"unknown system {character.system!r}; use one of "
                                            f"{', '.join(systems)}")
        key = (name_key(character.player), name_key(character.name))
        if (first := first_seen(characters, key, where)) is not None:
            problems.add(f"{where}.name", f"{character.player} already has a character called "
                                          f"{character.name!r} at {first}")
        seqs: dict[Any, str] = {}
        for e, event in enumerate(character.events):
            at = f"{where}.events[{e}]"
            if (first := first_seen(seqs, event.seq, at)) is not None:
                problems.add(f"{at}.seq", f"event number {event.seq} is already {first}")
            if event.game is not None and name_key(event.game) not in games:
                problems.add(f"{at}.game", f"no game called {event.game!r} is in games")
    game_names: dict[Any, str] = {}
    for g, game in enumerate(sections.games):
        where = f"games[{g}]"
        if (first := first_seen(game_names, name_key(game.name), where)) is not None:
            problems.add(f"{where}.name", f"{game.name!r} is already {first}")
        if game.system not in systems:
            problems.add(f"{where}.system", f"unknown system {game.system!r}; use one of "
                                            f"{', '.join(systems)}")
        seated: dict[Any, str] = {}
        for s, seat in enumerate(game.seats):
            at = f"{where}.seats[{s}]"
            if name_key(seat.player) not in players:
                problems.add(f"{at}.player", f"no player called {seat.player!r} is in players")
            elif (first := first_seen(seated, name_key(seat.player), at)) is not None:
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


def insert(session: Session, document: ExportModel, players: dict[Any, int],
           ids: Callable[[list[Any], str], list[int]]) -> None:
    """Insert the characters and games of a validated export (in the caller's transaction):
    ``players`` are the new players' ids by name key, ``ids(rows, table)`` inserts rows and
    gives their ids."""
    from chronicle.persistence.grouptables import (
        CreationCardRow,
        EventRow,
        GamePlayerRow,
        GameRow,
    )
    from chronicle.persistence.models import CharacterRow

    sections = cast("Sections", document)
    games = dict(zip([name_key(g.name) for g in sections.games], ids(
        [GameRow(name=g.name, name_key=name_key(g.name), system=g.system, solo=g.solo,
                 status=g.status, created_at=g.created_at, played_at=g.played_at,
                 version=g.version, archived_at=g.archived_at, epic_order=g.epic_order, **uid_of(g))
         for g in sections.games],
        "game"), strict=True))
    characters = dict(zip(
        [(name_key(c.player), name_key(c.name)) for c in sections.characters],
        ids([CharacterRow(player_id=players[name_key(c.player)], name=c.name,
                          name_key=name_key(c.name), system=c.system, icon=c.icon,
                          court=c.court, background=c.background, version=c.version,
                          created_at=c.created_at, archived_at=c.archived_at,
                          **uid_of(c))
             for c in sections.characters],
            "character"), strict=True))
    list(ids([CreationCardRow(character_id=characters[(name_key(c.player), name_key(c.name))],
                              role=card.role, card_name=card.card, position=card.position,
                              **uid_of(card))
              for c in sections.characters for card in c.creation_cards], "creation_card"))
    list(ids([EventRow(character_id=characters[(name_key(c.player), name_key(c.name))],
                       seq=e.seq, kind=e.kind, payload=dict(e.payload),
                       recorded_at=e.recorded_at,
                       game_id=games[name_key(e.game)] if e.game is not None else None,
                       **uid_of(e))
              for c in sections.characters for e in c.events], "ledger_event"))
    seats = []
    for game in sections.games:
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
                completed=list(seat.completed) if seat.completed is not None else None,
                **uid_of(seat)))
    list(ids(seats, "game_player"))
