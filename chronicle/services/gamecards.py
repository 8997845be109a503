"""Every installed game's cards as plain values, read through the game's card schema alone:
the generic catalog the collection commands and the app's Cards area use for any game, a fifth
one included, with no code of the game's own.

A game's catalog is its bundled card files (``cards/<game>/``), then the play group's cards of
the game kept in the database (when one is given), then the user's card files
(``<data dir>/cards/<game>/``), each later layer correcting a card of the same name and kind key
by key. A card is the card front's one plain card, ``chronicle.catalog.front.FrontCard``: its
name, kind, origin and every validated value (``data``), the game's own enumerations shown as
their values.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from chronicle.catalog.front import FrontCard, front_catalog
from chronicle.catalog.store import Catalog
from chronicle.errors import NotFound

if TYPE_CHECKING:
    from chronicle.catalog.loader import CardSchema
    from chronicle.services.db import Database
    from chronicle.systems.protocol import GameSystem

GameCatalog = Catalog[FrontCard]


def schema_of(system: GameSystem) -> CardSchema:
    """The game's card schema, imported now.

    Raises:
        NotFound: the game has no card schema.
    """
    from chronicle.systems.protocol import load_name

    if system.card_schema is None:
        raise NotFound(f"{system.label} has no cards")
    found: CardSchema = load_name(system.card_schema)
    return found


def system_named(key: str) -> GameSystem:
    """The installed game ``key`` names (a system or an edition key).

    Raises:
        NotFound: no installed game is called ``key`` (naming the installed ones).
    """
    from chronicle.systems import registry

    try:
        return registry.system(key)
    except (registry.UnknownSystem, registry.BadSystem):
        games = ", ".join(registry.system_keys())
        raise NotFound(f"no installed game is called {key[:40]!r}; the games: {games}") \
            from None


def build(system: GameSystem, group_tables: Iterable[dict[str, Any]] = ()) -> GameCatalog:
    """The catalog of ``system``: bundled, then ``group_tables`` (the group's cards of the
    game), then the user's card files; bad cards are in ``problems``, the rest load."""
    return front_catalog(system.key, schema_of(system), group_tables=list(group_tables))


def game_catalog(key: str, db: Database | None = None) -> GameCatalog:
    """The catalog of the game ``key`` names, with the group's cards of ``db`` when given.

    Raises:
        NotFound: no such game, or a game without cards.
    """
    system = system_named(key)
    tables: list[dict[str, Any]] = []
    if db is not None:
        from chronicle.persistence import repository as repo

        with db.transaction() as session:
            tables = [data for _id, _version, data in repo.group_cards(session, system.key)]
    return build(system, tables)


def card_games() -> list[GameSystem]:
    """Every installed game that has a card schema, by key."""
    from chronicle.systems import registry

    return [system for system in registry.systems() if system.card_schema]
