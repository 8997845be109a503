"""The tables. Alembic owns the schema (``migrations/``); these classes describe the newest
revision and are what the repositories read and write.

Cards are referenced by name and kind (``card_key`` holds the case-folded name for lookups):
the catalog lives in card files, not in the database. The chronicle is append-only:
``ledger_event`` rows are inserted and never updated or deleted, and so are ``change_log``
rows (what each write of a character or game changed, for conflict messages).

Every timestamp is a point in time in UTC (``UTCDateTime``): timezone-aware columns on
PostgreSQL (revision 0003); SQLite keeps no offset, so the value is stored as UTC and read back
as UTC. Both databases return timezone-aware datetimes.

Only the players and the characters are here: the other tables are in
:mod:`chronicle.persistence.grouptables`, built when a command first uses them (building a
SQLModel table class costs a command's start-up several milliseconds). A command that only
reads a character builds neither: it reads through :mod:`chronicle.persistence.reads`.

The annotations are real objects (no ``from __future__ import annotations``): SQLModel reads
each table's annotations twice, for pydantic and for SQLAlchemy, and strings would be compiled
and evaluated both times on every start-up.
"""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Column, UniqueConstraint
from sqlmodel import Field, SQLModel
from sqlmodel._compat import SQLModelConfig

from chronicle.persistence.types import UTCDateTime as UTCDateTime  # re-exported


def _stamp(nullable: bool = False) -> Any:
    """A timestamp field (its own column object: SQLModel tables cannot share one)."""
    if nullable:
        return Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    return Field(sa_column=Column(UTCDateTime(), nullable=False))


def new_uid() -> str:
    """A fresh identity unique across databases (revision 0009): a uuid4 as 32 hex digits."""
    return uuid.uuid4().hex


def _uid() -> Any:
    """A row's identity field (its own column: SQLModel tables cannot share one)."""
    return Field(default_factory=new_uid, max_length=32, unique=True, index=True)


class _Row(SQLModel):
    """A table's row. Rows are made by the repositories and read from the database, never
    validated as pydantic models: the validator is built only if something asks for one
    (``defer_build``), not for every table whenever the module is imported."""

    model_config = SQLModelConfig(defer_build=True)


class _Keyed(_Row):
    """A row of a table that a sync merges: its local ``id`` and its ``uid``, the row's identity
    across databases (revision 0009)."""

    id: int | None = Field(default=None, primary_key=True)
    uid: str = _uid()


class PlayerRow(_Keyed, table=True):
    """A member of the play group."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("name_key", name="uq_player_name_key"),)

    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    created_at: datetime = _stamp()



class CharacterRow(_Keyed, table=True):
    """A character's identity and creation choices' scalar parts."""

    __tablename__ = "character"
    __table_args__ = (UniqueConstraint("player_id", "name_key", name="uq_character_name"),)

    player_id: int = Field(foreign_key="player.id", index=True)
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    system: str = Field(max_length=40)
    icon: str | None = Field(default=None, max_length=200)
    court: str | None = Field(default=None, max_length=20)
    background: str | None = Field(default=None, max_length=4000)
    version: int = 1
    created_at: datetime = _stamp()
    archived_at: datetime | None = _stamp(nullable=True)
    """When the character was archived (revision 0005): hidden from lists, its cards no longer
    in use; None while it is in play."""
