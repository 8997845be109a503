"""Reading and writing rows, converting between rows and domain objects.

Keyword-light functions that take a ``Session`` and never commit: the service layer owns each
transaction. Ledger events are only ever inserted.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import String, func, type_coerce
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from chronicle.domain.values import name_key
from chronicle.persistence.models import (
    CharacterRow,
    CreationCardRow,
    EventRow,
    GamePlayerRow,
    GameRow,
    OwnershipRow,
    PlayerRow,
)
from chronicle.systems.wyld_hunt.cards import Court
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, Event
from chronicle.systems.wyld_hunt.codec import event_from_record, event_to_record


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


# Players -------------------------------------------------------------------------------------

def find_player(session: Session, name: str) -> PlayerRow | None:
    """The player called ``name`` (case-insensitive)."""
    return session.exec(select(PlayerRow).where(PlayerRow.name_key == name_key(name))).first()


def list_players(session: Session) -> list[PlayerRow]:
    """Every player, by name."""
    return list(session.exec(select(PlayerRow).order_by(col(PlayerRow.name_key))).all())


def add_player(session: Session, name: str) -> PlayerRow:
    """Insert a player."""
    row = PlayerRow(name=" ".join(name.split()), name_key=name_key(name), created_at=now())
    session.add(row)
    session.flush()
    return row


# Collections ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Owned:
    """A card a player owns, with the count."""

    name: str
    kind: str
    count: int


def owned_cards(session: Session, player_id: int) -> list[Owned]:
    """Every card a player owns at least one copy of."""
    rows = session.exec(select(OwnershipRow.card_name, OwnershipRow.card_kind, OwnershipRow.count)
                        .where(OwnershipRow.player_id == player_id, OwnershipRow.count > 0)
                        .order_by(col(OwnershipRow.card_kind), col(OwnershipRow.card_key))).all()
    return [Owned(name, kind, count) for name, kind, count in rows]


def change_count(session: Session, player_id: int, card_name: str, kind: str,
                 delta: int) -> int:
    """Add ``delta`` copies (negative to remove); returns the new count (never below zero)."""
    key = name_key(card_name)
    row = session.exec(select(OwnershipRow).where(
        OwnershipRow.player_id == player_id, OwnershipRow.card_key == key,
        OwnershipRow.card_kind == kind)).first()
    if row is None:
        row = OwnershipRow(player_id=player_id, card_name=card_name, card_key=key,
                           card_kind=kind, count=0)
    row.count = max(0, row.count + delta)
    session.add(row)
    session.flush()
    return row.count


# Characters ----------------------------------------------------------------------------------

def find_characters(session: Session, name: str, player_id: int | None = None,
                    ) -> list[CharacterRow]:
    """Characters called ``name`` (of one player, when given)."""
    query = select(CharacterRow).where(CharacterRow.name_key == name_key(name))
    if player_id is not None:
        query = query.where(CharacterRow.player_id == player_id)
    return list(session.exec(query).all())


def list_characters(session: Session, player_id: int | None = None) -> list[CharacterRow]:
    """Every character (of one player, when given), by name."""
    query = select(CharacterRow).order_by(col(CharacterRow.name_key))
    if player_id is not None:
        query = query.where(CharacterRow.player_id == player_id)
    return list(session.exec(query).all())


def add_character(session: Session, player_id: int, name: str, system: str) -> CharacterRow:
    """Insert a character with no cards and an empty chronicle."""
    row = CharacterRow(player_id=player_id, name=" ".join(name.split()), name_key=name_key(name),
                       system=system, created_at=now())
    session.add(row)
    session.flush()
    return row


def creation_cards(session: Session, character_id: int) -> tuple[list[str], list[str]]:
    """The Merits and the Flaws taken at creation, in order."""
    rows = session.exec(select(CreationCardRow.role, CreationCardRow.card_name)
                        .where(CreationCardRow.character_id == character_id)
                        .order_by(col(CreationCardRow.position))).all()
    merits = [name for role, name in rows if role == "merit"]
    flaws = [name for role, name in rows if role == "flaw"]
    return merits, flaws


def set_creation_cards(session: Session, character_id: int, merits: Sequence[str],
                       flaws: Sequence[str]) -> None:
    """Replace the creation Merits and Flaws (only while the chronicle is empty)."""
    for row in session.exec(select(CreationCardRow)
                            .where(CreationCardRow.character_id == character_id)).all():
        session.delete(row)
    position = 0
    for role, names in (("merit", merits), ("flaw", flaws)):
        for name in names:
            session.add(CreationCardRow(character_id=character_id, role=role, card_name=name,
                                        position=position))
            position += 1
    session.flush()


@dataclass(frozen=True)
class EventInfo:
    """What the database knows of an event beyond the event itself."""

    seq: int
    recorded_at: datetime
    game_id: int | None


def events(session: Session, character_id: int) -> tuple[list[Event], list[EventInfo]]:
    """The chronicle of a character, oldest first, with each event's record data."""
    rows = session.connection().execute(
        sa_select(col(EventRow.seq), col(EventRow.kind),
                  type_coerce(col(EventRow.payload), String), col(EventRow.recorded_at),
                  col(EventRow.game_id))
        .where(col(EventRow.character_id) == character_id)
        .order_by(col(EventRow.seq))).all()
    found = [event_from_record(kind, json.loads(payload) if isinstance(payload, str | bytes)
                               else payload) for _seq, kind, payload, _at, _game in rows]
    info = [EventInfo(seq, at, game) for seq, _kind, _payload, at, game in rows]
    return found, info


def event_count(session: Session, character_id: int) -> int:
    """How many events a character's chronicle holds."""
    result = session.exec(select(func.count()).select_from(EventRow)
                          .where(EventRow.character_id == character_id)).one()
    return int(result)


def append_event(session: Session, character_id: int, event: Event,
                 game_id: int | None = None) -> int:
    """Insert ``event`` at the end of the chronicle; returns its number."""
    last = session.exec(select(func.max(EventRow.seq))
                        .where(EventRow.character_id == character_id)).one()
    seq = int(last or 0) + 1
    kind, payload = event_to_record(event)
    session.add(EventRow(character_id=character_id, seq=seq, kind=kind, payload=payload,
                         recorded_at=now(), game_id=game_id))
    session.flush()
    return seq


def load_character(session: Session, row: CharacterRow, player_name: str | None = None,
                   ) -> tuple[CharacterBuild, list[EventInfo]]:
    """The domain character of ``row`` (creation choices plus its whole chronicle) and what
    the database records of each event."""
    assert row.id is not None
    merits, flaws = creation_cards(session, row.id)
    found, info = events(session, row.id)
    build = CharacterBuild(name=row.name, system=row.system,
                           icons=(row.icon,) if row.icon else (),
                           court=Court(row.court) if row.court else None,
                           merits=tuple(merits), flaws=tuple(flaws), background=row.background,
                           player=player_name, events=tuple(found))
    return build, info


def load_build(session: Session, row: CharacterRow, player_name: str | None = None,
               ) -> CharacterBuild:
    """The domain character of ``row``: creation choices plus its whole chronicle."""
    return load_character(session, row, player_name)[0]


# Games ---------------------------------------------------------------------------------------

def find_game(session: Session, name: str) -> GameRow | None:
    """The game called ``name``."""
    return session.exec(select(GameRow).where(GameRow.name_key == name_key(name))).first()


def list_games(session: Session) -> list[GameRow]:
    """Every game, newest first."""
    return list(session.exec(select(GameRow).order_by(col(GameRow.created_at).desc(),
                                                      col(GameRow.id).desc())).all())


def game_players(session: Session, game_id: int) -> list[GamePlayerRow]:
    """A game's players in seating order."""
    return list(session.exec(select(GamePlayerRow).where(GamePlayerRow.game_id == game_id)
                             .order_by(col(GamePlayerRow.position))).all())


def table_counts(session: Session) -> dict[str, int]:
    """Rows per table, for summaries and tests."""
    counts: dict[str, int] = {}
    for model in (PlayerRow, OwnershipRow, CharacterRow, CreationCardRow, EventRow, GameRow,
                  GamePlayerRow):
        counts[str(model.__tablename__)] = int(session.exec(
            select(func.count()).select_from(model)).one())
    return counts


def touch(row: Any) -> None:
    """Bump a row's version: optimistic concurrency for edits of the same thing.

    The bump is an UPDATE on the version this transaction read, so a writer whose reads are
    older than a change someone else committed meanwhile fails here instead of overwriting it
    (SQLite runs the reads of a transaction before its first write outside it).

    Raises:
        Conflict: the row changed since it was read; the caller's transaction rolls back.
    """
    from sqlalchemy import update
    from sqlalchemy.orm import object_session

    seen = row.version or 0
    session = object_session(row)
    if session is not None and row.id is not None:
        table = type(row).__table__
        bumped = session.execute(update(table).where(table.c.id == row.id,
                                                     table.c.version == seen)
                                 .values(version=seen + 1))
        if getattr(bumped, "rowcount", 1) != 1:
            from chronicle.errors import Conflict

            raise Conflict(f"{getattr(row, 'name', 'This record')} was changed by someone else "
                           "meanwhile; nothing was written: reload it and try again")
    row.version = seen + 1
