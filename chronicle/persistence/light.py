"""Light views of tables for reads: SQLAlchemy Core ``table()`` constructs naming only the
columns a read of a character needs, so that reading a character, its creation cards, its
chronicle and its player's collection builds no table class beyond the players' and the
characters' (``chronicle character show`` starts in a fraction of the time; see
:mod:`chronicle.persistence.models_more`). Each column's name and type are those of the table
class (``tests/test_persistence_light.py`` holds them to it).
"""

from __future__ import annotations

from sqlalchemy import JSON, Integer, String, column, table

from chronicle.persistence.models import UTCDateTime

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
                   column("version", Integer))
"""``group_card`` (``GroupCardRow``): the group's cards (their stamp)."""

GAME = table("game", column("id", Integer), column("name", String))
"""``game`` (``GameRow``): the names of games."""

EVERY = {"OwnershipRow": OWNERSHIP, "CreationCardRow": CREATION_CARD, "EventRow": LEDGER_EVENT,
         "GroupCardRow": GROUP_CARD, "GameRow": GAME}
"""Each light view by the table class it reads."""
