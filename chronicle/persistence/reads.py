"""Reads of a character and what its view needs (its creation cards and chronicle, its
player, its player's collection, the group's cards) through the light views of
:mod:`chronicle.persistence.light`: no table class is built and no ORM query compiled. They read
through a session, or through a Core connection that only reads (``Database.reading()``), so a
command that only shows a character (``chronicle character show``) imports neither the ORM nor
pydantic. The repository re-exports the reads it always had; the writes stay there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import String, func, type_coerce
from sqlalchemy import select as sa_select

from chronicle.domain.values import name_key
from chronicle.persistence.light import CHARACTER, PLAYER, CharacterFacts, PlayerFacts

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine
    from sqlmodel import Session

    Reader = Session | Connection
    """What the reads read through: a use case's session, or a connection that only reads
    (``Database.reading()``: no ORM imported)."""


def is_session(reader: Reader) -> bool:
    """Whether ``reader`` is a session (else a Core connection), told without importing the
    ORM."""
    return hasattr(reader, "get_bind")


def has_table(reader: Reader, table: str) -> bool:
    """Whether the database ``reader`` reads has ``table`` (its revision may predate it)."""
    from sqlalchemy import inspect

    return inspect(connection_of(reader)).has_table(table)


def connection_of(reader: Reader) -> Connection:
    """The connection ``reader`` reads through (a session's, in its transaction)."""
    if is_session(reader):
        return cast("Session", reader).connection()
    return cast("Connection", reader)


def engine_of(reader: Reader) -> Engine:
    """The engine ``reader`` reads from."""
    if is_session(reader):
        return cast("Session", reader).get_bind().engine
    return cast("Connection", reader).engine


# Players and characters ----------------------------------------------------------------------

def player_named(session: Reader, name: str) -> PlayerFacts | None:
    """The player called ``name`` (case-insensitive), as read."""
    found = session.execute(sa_select(PLAYER.c.id, PLAYER.c.name)
                            .where(PLAYER.c.name_key == name_key(name))).first()
    return None if found is None else PlayerFacts(int(found[0]), str(found[1]))


def player_names(session: Reader) -> list[str]:
    """Every player's name, in order."""
    return [str(name) for (name,) in session.execute(
        sa_select(PLAYER.c.name).order_by(PLAYER.c.name_key)).all()]


def players_by_id(session: Reader) -> list[tuple[int, str]]:
    """Every player as (id, name), in order."""
    return [(int(i), str(name)) for i, name in session.execute(
        sa_select(PLAYER.c.id, PLAYER.c.name).order_by(PLAYER.c.name_key)).all()]


def card_counts(session: Reader) -> dict[int, int]:
    """Every player's count of owned copies (of every game), by player id, in one query (a
    player owning none is absent)."""
    from chronicle.persistence.light import OWNERSHIP as owned

    return {int(player): int(total or 0) for player, total in session.execute(
        sa_select(owned.c.player_id, func.sum(owned.c.count)).where(owned.c.count > 0)
        .group_by(owned.c.player_id)).all()}


def character_names(session: Reader) -> dict[int, list[str]]:
    """The names of every player's characters in play, by name, by player id, in one query."""
    found: dict[int, list[str]] = {}
    for player, name in session.execute(
            sa_select(CHARACTER.c.player_id, CHARACTER.c.name)
            .where(*character_filter(CHARACTER.c, archived=False))
            .order_by(CHARACTER.c.name_key)).all():
        found.setdefault(int(player), []).append(str(name))
    return found


def record_keys(session: Reader, game: str, kind: str) -> list[tuple[int, int, str, bool]]:
    """Every record of ``game`` and ``kind`` (archived ones too) as (id, owner, name, in
    use): what a record naming another by identity is read back with."""
    from chronicle.persistence.light import RECORD as record

    return [(int(i), int(owner), str(name), archived is None) for i, owner, name, archived
            in session.execute(sa_select(record.c.id, record.c.owner, record.c.name,
                                         record.c.archived_at)
                               .where(record.c.game == game, record.c.kind == kind)).all()]


def player_name(session: Reader, player_id: int) -> str | None:
    """The name of the player with this id."""
    found = session.execute(sa_select(PLAYER.c.name).where(PLAYER.c.id == player_id)).first()
    return None if found is None else str(found[0])


def character_filter(columns: Any, *, name: str | None = None, player_id: int | None = None,
                     archived: bool | None = None) -> list[Any]:
    """The conditions that pick characters, over ``columns`` (the light view's ``.c``, or
    the table class itself for the repository's rows): called ``name``, of one player, in play
    (``archived=False``), archived (``True``) or both (``None``)."""
    found: list[Any] = []
    if name is not None:
        found.append(columns.name_key == name_key(name))
    if player_id is not None:
        found.append(columns.player_id == player_id)
    if archived is not None:
        found.append(columns.archived_at.is_not(None) if archived
                     else columns.archived_at.is_(None))
    return found


def characters_named(session: Reader, name: str, player_id: int | None = None,
                     ) -> list[CharacterFacts]:
    """Characters called ``name`` (of one player, when given), as read."""
    query = sa_select(CHARACTER).where(
        *character_filter(CHARACTER.c, name=name, player_id=player_id))
    return [CharacterFacts(*row) for row in session.execute(query).all()]


def characters_of(session: Reader, player_id: int | None = None, *,
                  archived: bool | None = False) -> list[CharacterFacts]:
    """Every character (of one player, when given), by name, as read: those in play, the
    archived ones (``archived=True``) or both (``None``)."""
    query = sa_select(CHARACTER).order_by(CHARACTER.c.name_key).where(
        *character_filter(CHARACTER.c, player_id=player_id, archived=archived))
    return [CharacterFacts(*row) for row in session.execute(query).all()]


def game_names(session: Reader, ids: set[int]) -> dict[int, str]:
    """The names of the games (the table of games played at the table) with these ids."""
    if not ids:
        return {}
    from chronicle.persistence.light import GAME as game

    found = session.execute(sa_select(game.c.id, game.c.name).where(game.c.id.in_(ids)))
    return {int(game_id): name for game_id, name in found if game_id is not None}


# Collections ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Owned:
    """A card a player owns, with the count."""

    name: str
    kind: str
    count: int


def owned_cards(session: Reader, player_id: int, game: str | None) -> list[Owned]:
    """Every card of ``game`` (of every game: None) a player owns at least one copy of."""
    from chronicle.persistence.light import OWNERSHIP as owned

    query = sa_select(owned.c.card_name, owned.c.card_kind, owned.c.count).where(
        owned.c.player_id == player_id, owned.c.count > 0)
    if game is not None:
        query = query.where(owned.c.game == game)
    rows = session.execute(query.order_by(owned.c.game, owned.c.card_kind,
                                          owned.c.card_key)).all()
    return [Owned(name, kind, count) for name, kind, count in rows]


# The group's cards ---------------------------------------------------------------------------

def group_card_stamp(session: Reader, game: str) -> tuple[int, int, int]:
    """A cheap fingerprint of the group's cards of ``game``: (rows, largest id, versions)."""
    from chronicle.persistence.light import GROUP_CARD as card

    found = session.execute(sa_select(func.count(), func.max(card.c.id), func.sum(card.c.version))
                            .where(card.c.game == game)).one()
    return int(found[0] or 0), int(found[1] or 0), int(found[2] or 0)


def group_cards(session: Reader, game: str) -> list[tuple[int, int, dict[str, Any]]]:
    """The group's own cards of ``game``: (id, version, ``[[card]]`` table), oldest first."""
    from chronicle.persistence.light import GROUP_CARD as card

    found = session.execute(sa_select(card.c.id, card.c.version, card.c.data)
                            .where(card.c.game == game).order_by(card.c.id)).all()
    return [(int(row_id), int(version), dict(data)) for row_id, version, data in found
            if isinstance(data, dict)]  # a row edited into another shape: db check names it


# A game's records ----------------------------------------------------------------------------

RecordFacts = tuple[int, str, str | None, dict[str, Any], int, datetime, datetime | None,
                    list[tuple[int, str, dict[str, Any], datetime]]]
"""(id, name, owner's name, data, version, created, archived, [(seq, kind, payload,
recorded)]): a record read whole, fresh values of its own."""


def records_of(session: Reader, game: str, kind: str) -> list[RecordFacts]:
    """Every record of ``game`` and ``kind`` in use (not archived), with its owner's name and
    its history oldest first; by name, then owner (as the store lists them)."""
    from chronicle.persistence.light import PLAYER as player
    from chronicle.persistence.light import RECORD as record
    from chronicle.persistence.light import RECORD_EVENT as event

    rows = session.execute(
        sa_select(record.c.id, record.c.name, player.c.name, record.c.data, record.c.version,
                  record.c.created_at, record.c.archived_at)
        .select_from(record.outerjoin(player, player.c.id == record.c.player_id))
        .where(record.c.game == game, record.c.kind == kind, record.c.archived_at.is_(None))
        .order_by(record.c.name_key, record.c.owner, record.c.id)).all()
    history: dict[int, list[tuple[int, str, dict[str, Any], datetime]]] = {
        int(r[0]): [] for r in rows}
    if history:
        found = session.execute(
            sa_select(event.c.record_id, event.c.seq, event.c.kind, event.c.payload,
                      event.c.recorded_at)
            .select_from(event.join(record, record.c.id == event.c.record_id))
            .where(record.c.game == game, record.c.kind == kind,
                   record.c.archived_at.is_(None))
            .order_by(event.c.record_id, event.c.seq))
        for record_id, seq, what, payload, when in found:
            history[int(record_id)].append((int(seq), str(what), payload, when))
    return [(int(r[0]), str(r[1]), r[2], r[3], int(r[4]), r[5], r[6], history[int(r[0])])
            for r in rows]


# Creation cards and the chronicle ------------------------------------------------------------

def creation_cards(session: Reader, character_id: int) -> tuple[list[str], list[str]]:
    """The Merits and the Flaws taken at creation, in order."""
    from chronicle.persistence.light import CREATION_CARD as taken

    rows = session.execute(sa_select(taken.c.role, taken.c.card_name)
                           .where(taken.c.character_id == character_id)
                           .order_by(taken.c.position)).all()
    merits = [name for role, name in rows if role == "merit"]
    flaws = [name for role, name in rows if role == "flaw"]
    return merits, flaws


@dataclass(frozen=True)
class EventInfo:
    """What the database knows of an event beyond the event itself."""

    seq: int
    recorded_at: datetime
    game_id: int | None


def ledger_codec(system: str) -> Any:
    """The ledger codec (``event_to_record``, ``event_from_record``, ``what_happened``) of
    the game system ``system`` names, found through the registry."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    found = registry.system(system)
    if found.ledger_codec is None:
        raise ValueError(f"the game system {system!r} keeps no ledger of events")
    return load_name(found.ledger_codec)


def system_of(session: Reader, character_id: int) -> str:
    """The game system of the character with this id."""
    found = session.execute(sa_select(CHARACTER.c.system)
                            .where(CHARACTER.c.id == character_id)).first()
    if found is None:
        raise ValueError(f"no character {character_id}")
    return str(found[0])


def events(session: Reader, character_id: int, system: str | None = None,
           ) -> tuple[list[Any], list[EventInfo]]:
    """The chronicle of a character, oldest first, with each event's record data; the events
    decoded by the codec of the character's game system (``system``, else the row's)."""
    codec = ledger_codec(system or system_of(session, character_id))
    from chronicle.persistence.light import LEDGER_EVENT as event

    rows = connection_of(session).execute(
        sa_select(event.c.seq, event.c.kind, type_coerce(event.c.payload, String),
                  event.c.recorded_at, event.c.game_id)
        .where(event.c.character_id == character_id)
        .order_by(event.c.seq)).all()
    found = [_decoded(codec, character_id, seq, kind, payload)
             for seq, kind, payload, _at, _game in rows]
    info = [EventInfo(seq, at, game) for seq, _kind, _payload, at, game in rows]
    return found, info


def _decoded(codec: Any, character_id: int, seq: int, kind: str, payload: Any) -> Any:
    """One stored event through its game's codec.

    Raises:
        BadInput: the row was edited outside the program into something the codec cannot
            read (text that is not JSON, a payload of the wrong shape, an unknown kind):
            naming the character's number and the event; ``chronicle db check`` lists them.
    """
    from chronicle.errors import BadInput

    try:
        data = json.loads(payload) if isinstance(payload, str | bytes) else payload
        return codec.event_from_record(kind, data)
    except (ValueError, TypeError, AttributeError, KeyError) as exc:
        raise BadInput(f"the chronicle of character number {character_id} is damaged (edited "
                       f"outside the program): event {seq} ({str(kind)[:40]}): "
                       f"{str(exc)[:200]} (row.beyond_limits); see 'chronicle db check'"
                       ) from None


def record_names(session: Reader) -> list[tuple[int, str, str, str]]:
    """Every player's records in use, as (player id, game, kind, name), in order of their
    names, in one query: what each player holds of the games kept in the record store."""
    from chronicle.persistence.light import RECORD as record

    return [(int(player), str(game), str(kind), str(name))
            for player, game, kind, name in session.execute(
                sa_select(record.c.player_id, record.c.game, record.c.kind, record.c.name)
                .where(record.c.player_id.is_not(None), record.c.archived_at.is_(None))
                .order_by(record.c.name_key)).all()]
