"""The tables. Alembic owns the schema (``migrations/``); these classes describe the newest
revision and are what the repositories read and write.

Cards are referenced by name and kind (``card_key`` holds the case-folded name for lookups):
the catalog lives in card files, not in the database. The chronicle is append-only:
``ledger_event`` rows are inserted and never updated or deleted.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel


class PlayerRow(SQLModel, table=True):
    """A member of the play group."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("name_key", name="uq_player_name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    created_at: datetime


class OwnershipRow(SQLModel, table=True):
    """How many copies of a card a player owns."""

    __tablename__ = "ownership"
    __table_args__ = (UniqueConstraint("player_id", "card_key", "card_kind",
                                       name="uq_ownership_card"),)

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    card_name: str = Field(max_length=200)
    card_key: str = Field(max_length=200)
    card_kind: str = Field(max_length=20)
    count: int


class CharacterRow(SQLModel, table=True):
    """A character's identity and creation choices' scalar parts."""

    __tablename__ = "character"
    __table_args__ = (UniqueConstraint("player_id", "name_key", name="uq_character_name"),)

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    system: str = Field(max_length=40)
    icon: str | None = Field(default=None, max_length=200)
    court: str | None = Field(default=None, max_length=20)
    background: str | None = Field(default=None, max_length=4000)
    version: int = 1
    created_at: datetime


class CreationCardRow(SQLModel, table=True):
    """A Merit or Flaw taken at creation, in the order chosen."""

    __tablename__ = "creation_card"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", index=True)
    role: str = Field(max_length=20)
    card_name: str = Field(max_length=200)
    position: int


class EventRow(SQLModel, table=True):
    """One event of a character's chronicle; ``seq`` numbers them from 1, oldest first."""

    __tablename__ = "ledger_event"
    __table_args__ = (UniqueConstraint("character_id", "seq", name="uq_ledger_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", index=True)
    seq: int
    kind: str = Field(max_length=20)
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    recorded_at: datetime
    game_id: int | None = None
    """The game whose result appended this event (revision 0002), if any."""


class GameRow(SQLModel, table=True):
    """A game being prepared or already played."""

    __tablename__ = "game"
    __table_args__ = (UniqueConstraint("name_key", name="uq_game_name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    system: str = Field(max_length=40)
    solo: bool = False
    status: str = Field(default="prepared", max_length=20)
    created_at: datetime
    played_at: datetime | None = None
    version: int = 1


class GamePlayerRow(SQLModel, table=True):
    """One player's part of a game: character, quests, target and chosen cards."""

    __tablename__ = "game_player"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    character_id: int | None = Field(default=None, foreign_key="character.id")
    position: int
    target_player_id: int | None = Field(default=None, foreign_key="player.id")
    quests: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    waylays: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    treasures: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    leagues: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    pool: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    completed: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
