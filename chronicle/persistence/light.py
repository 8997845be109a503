"""Light views of tables for reads: SQLAlchemy Core ``table()`` constructs naming the columns
a read of a character needs, so that reading a character, its player's name, its creation
cards, its chronicle and its player's collection builds no table class and compiles no ORM
query (``chronicle character show`` starts in a fraction of the time; see
:mod:`chronicle.persistence.reads`). A character is read as :class:`CharacterFacts`. Each
column's name and type are those of the table class (``tests/test_persistence_light.py`` holds
them to it).
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from sqlalchemy import JSON, Integer, String, column, table

from chronicle.persistence.types import UTCDateTime

OWNERSHIP = table("ownership", column("player_id", Integer), column("game", String),
                  column("card_name", String), column("card_key", String),
                  column("card_kind", String), column("count", Integer))
"""``ownership`` (``OwnershipRow``): how many copies of a card a player owns."""

CREATION_CARD = table("creation_card", column("character_id", Integer), column("role", String),
                      column("card_name", String), column("position", Integer))
"""``creation_card`` (``CreationCardRow``): the Merits and Flaws taken at creation."""

LEDGER_EVENT = table("ledger_event", column("character_id", Integer), column("seq", Integer),
                     column("kind", String), column("payload", JSON),
                     column("recorded_at", UTCDateTime()), column("game_id", Integer))
"""``ledger_event`` (``EventRow``): a character's chronicle."""

GROUP_CARD = table("group_card", column("id", Integer), column("game", String),
                   column("version", Integer), column("data", JSON))
"""``group_card`` (``GroupCardRow``): the group's cards (their stamp, their tables)."""

CHARACTER = table("character", column("id", Integer), column("player_id", Integer),
                  column("name", String), column("name_key", String), column("system", String),
                  column("icon", String), column("court", String), column("background", String),
                  column("version", Integer), column("created_at", UTCDateTime()),
                  column("archived_at", UTCDateTime()), column("uid", String))
"""``character`` (``CharacterRow``): every column, read as :class:`CharacterFacts`."""

PLAYER = table("player", column("id", Integer), column("name", String),
               column("name_key", String))
"""``player`` (``PlayerRow``): the names of players, read as :class:`PlayerFacts`."""

GAME = table("game", column("id", Integer), column("name", String))
"""``game`` (``GameRow``): the names of games."""

RECORD = table("record", column("id", Integer), column("game", String), column("kind", String),
               column("player_id", Integer), column("name", String),
               column("name_key", String), column("owner", Integer), column("data", JSON),
               column("version", Integer), column("created_at", UTCDateTime()),
               column("archived_at", UTCDateTime()))
"""``record`` (``RecordRow``): a game's record, read whole (statistics over every record)."""

RECORD_EVENT = table("record_event", column("record_id", Integer), column("seq", Integer),
                     column("kind", String), column("payload", JSON),
                     column("recorded_at", UTCDateTime()))
"""``record_event`` (``RecordEventRow``): a record's history."""

EVERY = {"CharacterRow": CHARACTER, "PlayerRow": PLAYER,
         "OwnershipRow": OWNERSHIP, "CreationCardRow": CREATION_CARD, "EventRow": LEDGER_EVENT,
         "GroupCardRow": GROUP_CARD, "GameRow": GAME, "RecordRow": RECORD,
         "RecordEventRow": RECORD_EVENT}
"""Each light view by the table class it reads."""


class CharacterFacts(NamedTuple):
    """A character's row as read through :data:`CHARACTER`, for reading only: what a
    ``CharacterRow`` holds, without the table class (``tests/test_persistence_light.py`` holds
    the fields to its columns). A change is written through the ``CharacterRow``."""

    id: int
    player_id: int
    name: str
    name_key: str
    system: str
    icon: str | None
    court: str | None
    background: str | None
    version: int
    created_at: datetime
    archived_at: datetime | None
    uid: str


class PlayerFacts(NamedTuple):
    """A player as read through :data:`PLAYER`, for reading only."""

    id: int
    name: str
