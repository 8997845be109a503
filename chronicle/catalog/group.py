"""The play group's own cards as a catalog layer, for any game (pure: no database here).

A group sharing a database keeps the cards its members created or corrected in it (table
``group_card``, by game). A command that builds a catalog without opening the database stack
(``chronicle check``, ``chronicle odds``) is handed those ``[[card]]`` tables here
(``use``), by whoever read them (``chronicle.services.groupcards``); every game's catalog then
puts them between its bundled cards and the user's card files (``layer``): bundled, then the
group's, then the member's own files, then a checked file's own ``[[card]]`` tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from chronicle.domain.values import Origin

if TYPE_CHECKING:
    from chronicle.catalog.loader import CardEntry, CardSchema
    from chronicle.catalog.problems import FileProblem

PATH = "the group's cards (database)"
"""Where a group card comes from, in messages."""
_TABLES: dict[str, tuple[dict[str, Any], ...]] = {}
"""The group's ``[[card]]`` tables in use in this process, by game."""


def use(game: str, tables: Iterable[dict[str, Any]]) -> None:
    """Make ``tables`` the group's cards of ``game`` for the catalogs built from now on."""
    _TABLES[game] = tuple(tables)


def forget() -> None:
    """No group's cards for any game (no database in use)."""
    _TABLES.clear()


def tables(game: str) -> tuple[dict[str, Any], ...]:
    """The group's ``[[card]]`` tables of ``game`` in use (none when no database is)."""
    return _TABLES.get(game, ())


def layer(game: str, schema: CardSchema) -> tuple[list[CardEntry], list[FileProblem]]:
    """The group's cards of ``game`` validated against its card ``schema``: the entries, and
    a problem for each bad card (skipped; every other card still loads)."""
    found = tables(game)
    if not found:
        return [], []
    from chronicle.catalog.loader import validate_card_tables

    return validate_card_tables(list(found), schema, path=PATH, lines=None, origin=Origin.USER)
