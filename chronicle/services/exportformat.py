"""The whole-database export file format (``arcadia-chronicle-export`` version 1) as pydantic
models, every field held to the limits of ``chronicle.domain.limits`` through the field types
of ``chronicle.persistence.payloads``: what a database can hold, an export can carry.

Keys added by later schemas have defaults, so that older exports stay readable: ``game`` of an
owned card (0007, Wyld Hunt when absent), ``records`` and ``group_cards`` (0007, none), the
``uid`` of every entry (0009: its identity across databases; absent, the import gives a fresh
one)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from chronicle.domain.limits import RECORD_KIND_MAX
from chronicle.persistence.payloads import (
    Count,
    Name,
    Names,
    Position,
    Seq,
    Stamp,
    System,
    Text,
    Version,
)

FORMAT = "arcadia-chronicle-export"
VERSION = 1
TABLES = ("player", "ownership", "character", "creation_card", "ledger_event", "game",
          "game_player", "record", "record_event")
"""The tables an export holds, by their database names (the keys of the import counts)."""

# The file format ----------------------------------------------------------------------------

class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


Uid = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]
"""An entry's identity across databases (schema 0009): 32 lower-case hexadecimal digits."""


CardKind = Literal["icon", "merit", "flaw", "quest", "league", "waylay"]
EventKind = Literal["game", "buy", "buy_off", "correction", "undo"]


class OwnedModel(_Model):
    """How many copies of a card of a game a player owns (zero counts are kept too). ``kind``
    is one of the game's card kinds (for Wyld Hunt, one of ``CardKind``)."""

    card: Name
    kind: Annotated[str, Field(min_length=1, max_length=20)]
    count: Count
    game: System = "wyld-hunt"
    """The game the card belongs to (schema 0007); absent: Wyld Hunt."""
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class PlayerModel(_Model):
    """A player and their collection."""

    name: Name
    created_at: Stamp
    collection: list[OwnedModel]
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class CreationCardModel(_Model):
    """A Merit or Flaw taken at creation."""

    role: Literal["merit", "flaw"]
    card: Name
    position: Position
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class EventModel(_Model):
    """One chronicle event: its number, kind, stored payload, time and game (by name)."""

    seq: Seq
    kind: EventKind
    payload: dict[str, Any]
    recorded_at: Stamp
    game: Name | None
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class CharacterModel(_Model):
    """A character, its creation cards and its chronicle."""

    player: Name
    name: Name
    system: System
    icon: Name | None
    court: Literal["seelie", "unseelie"] | None
    background: Text | None
    version: Version
    created_at: Stamp
    creation_cards: list[CreationCardModel]
    events: list[EventModel]
    archived_at: Stamp | None = None
    """When the character was archived (schema 0005); absent or null while in play."""
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class SeatModel(_Model):
    """One player's part of a game. ``character`` is one of the seat player's characters
    (of ``character_player``'s, when that is given)."""

    position: Position
    player: Name
    character: Name | None
    character_player: Name | None = None
    target: Name | None
    quests: Names
    waylays: Names
    treasures: Names
    leagues: Names
    pool: Names | None
    completed: Names | None
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class GameModel(_Model):
    """A game, prepared or played, with its seats."""

    name: Name
    system: System
    solo: bool
    status: Literal["prepared", "played"]
    version: Version
    created_at: Stamp
    played_at: Stamp | None
    seats: list[SeatModel]
    archived_at: Stamp | None = None
    """When the game was archived (schema 0005); absent or null while listed."""
    epic_order: Literal["quest_number", "waylay_rating"] | None = None
    """The game's reading of epic order (schema 0006); absent or null: the rulebook's example."""
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


RecordKindName = Annotated[str, Field(min_length=1, max_length=RECORD_KIND_MAX)]


class RecordEventModel(_Model):
    """One event of a game record's history (schema 0007)."""

    seq: Seq
    kind: RecordKindName
    payload: dict[str, Any]
    recorded_at: Stamp
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class RecordModel(_Model):
    """What a game keeps in the database (schema 0007): its game, kind, owner (a player's
    name, or null for the group's), name, the game's JSON and its history. Where the game
    names a player or another record (``RecordKind.players``, ``links``), the file names them
    by name (the database keeps ids, schema 0008): a guest marked ``(guest)``, a record no
    longer kept ``(gone)``."""

    game: System
    kind: RecordKindName
    player: Name | None
    name: Name
    data: dict[str, Any]
    version: Version
    created_at: Stamp
    archived_at: Stamp | None = None
    events: list[RecordEventModel]
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class GroupCardModel(_Model):
    """A card the play group created or corrected for a game other than Wyld Hunt (whose are
    in ``cards``): the ``[[card]]`` table as stored (schema 0007)."""

    game: System
    card: dict[str, Any]
    version: Version = 1
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class ExportModel(_Model):
    """The whole export file."""

    format: Literal["arcadia-chronicle-export"]
    version: Literal[1]
    schema_: Annotated[str, Field(alias="schema", min_length=1, max_length=40)]
    exported_at: Stamp
    players: list[PlayerModel]
    characters: list[CharacterModel]
    games: list[GameModel]
    cards: list[dict[str, Any]] = []
    """The user's own cards and corrections (``[[card]]`` tables), so that the database's card
    names mean the same on another machine."""
    records: list[RecordModel] = []
    """Every game's records with their histories (schema 0007)."""
    group_cards: list[GroupCardModel] = []
    """The group's cards of the games other than Wyld Hunt (schema 0007)."""
