"""Wyld Hunt's sections of the whole-database export file (``characters`` and ``games``) as
pydantic models, every field held to the limits of ``chronicle.domain.limits`` through the
field types of ``chronicle.persistence.payloads``; the generic format
(``chronicle.services.exportformat``) takes them from the home game's ``exchange``
(``SECTIONS``), and its rows from ``TABLES``.

Keys added by later schemas have defaults, so that older exports stay readable:
``archived_at`` (0005), ``epic_order`` (0006), a seat's ``character_player``, every entry's
``uid`` (0009: its identity across databases; absent, the import gives a fresh one)."""

from __future__ import annotations

from typing import Any, Literal, Protocol

from chronicle.persistence.payloads import (
    Name,
    Names,
    Position,
    Seq,
    Stamp,
    System,
    Text,
    Version,
)
from chronicle.services.exportformat import SectionModel, Uid

CardKind = Literal["icon", "merit", "flaw", "quest", "league", "waylay"]
EventKind = Literal["game", "buy", "buy_off", "correction", "undo"]


class CreationCardModel(SectionModel):
    """A Merit or Flaw taken at creation."""

    role: Literal["merit", "flaw"]
    card: Name
    position: Position
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""



class EventModel(SectionModel):
    """One chronicle event: its number, kind, stored payload, time and game (by name)."""

    seq: Seq
    kind: EventKind
    payload: dict[str, Any]
    recorded_at: Stamp
    game: Name | None
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""



class CharacterModel(SectionModel):
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



class SeatModel(SectionModel):
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



class GameModel(SectionModel):
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


SECTIONS: dict[str, Any] = {"characters": list[CharacterModel], "games": list[GameModel]}
"""The file's keys this game adds (each required), with their types."""
TABLES = ("character", "creation_card", "ledger_event", "game", "game_player")
"""The tables of this game an export holds, by their database names."""


class Sections(Protocol):
    """An export document as this game reads its sections."""

    @property
    def characters(self) -> list[CharacterModel]: ...

    @property
    def games(self) -> list[GameModel]: ...
