"""Every installed game's cards as plain values, read through the game's card schema alone: the
generic catalog the collection commands and the app's Cards area use for any game, a fifth one
included, with no code of the game's own.

A game's catalog is its bundled card files (``cards/<game>/``), then the play group's cards of
the game kept in the database (when one is given), then the user's card files
(``<data dir>/cards/<game>/``), each later layer correcting a card of the same name and kind key
by key (``chronicle.catalog.store.merge_entries``). A card is a :class:`GameCard`: its name,
kind, origin, summary and every validated value (``data``), the game's own enumerations shown
as their values.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chronicle.catalog.store import Catalog
from chronicle.domain.values import Origin, name_key
from chronicle.errors import NotFound

if TYPE_CHECKING:
    from chronicle.catalog.loader import CardSchema
    from chronicle.services.db import Database
    from chronicle.systems.protocol import GameSystem

GameCatalog = Catalog["GameCard"]


@dataclass(frozen=True)
class GameCard:
    """One card of any game, as its schema validated it."""

    game: str
    name: str
    kind: str
    origin: Origin
    summary: str | None
    data: dict[str, Any] = field(hash=False, compare=False)
    """Every value the card sets (``name`` and ``kind`` included), plain."""

    def fields(self, schema: CardSchema) -> list[tuple[str, Any]]:
        """Each field of the card's kind in the schema's order, with its value (None when the
        card leaves it out), then any value the schema does not list."""
        names = [f for f in schema.fields(self.kind) if f not in ("name", "kind")] \
            if self.kind in schema.kinds else []
        shown = [(name, self.data.get(name)) for name in names]
        shown += [(k, v) for k, v in self.data.items() if k not in names and k not in
                  ("name", "kind")]
        return shown


def plain(value: Any) -> Any:
    """A validated value without the game's own types: enumerations as their values, tuples
    and sets as lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    return value


def _factory(game: str) -> Any:
    def make(data: dict[str, Any], origin: Origin, _path: str | None) -> GameCard:
        values = {str(k): plain(v) for k, v in data.items()}
        summary = values.get("summary")
        return GameCard(game, str(values["name"]), str(values["kind"]), origin,
                        summary if isinstance(summary, str) else None, values)
    return make


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
    from chronicle import paths
    from chronicle.catalog.group import PATH
    from chronicle.catalog.layers import read_files
    from chronicle.catalog.loader import card_files, validate_card_tables
    from chronicle.catalog.store import merge_entries

    schema = schema_of(system)
    bundled, problems = read_files(card_files(paths.bundled_cards_dir(system.key)), schema,
                                   Origin.BUNDLED)
    group, group_problems = validate_card_tables(list(group_tables), schema, path=PATH,
                                                 lines=None, origin=Origin.USER)
    user, user_problems = read_files(card_files(paths.user_cards_dir(system.key)), schema,
                                     Origin.USER)
    kinds = {kind: index for index, kind in enumerate(schema.kinds)}
    cards, merged = merge_entries([bundled, group, user], _factory(system.key))
    cards.sort(key=lambda c: (kinds.get(c.kind, len(kinds)), name_key(c.name)))
    return Catalog(cards, problems + group_problems + user_problems + merged)


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
