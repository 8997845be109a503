"""The cards a shared record depends on travel with the group: when the record store writes a
record, the cards of the member's own card folder that it names and that nobody else has (not
bundled, not the group's, not the record's own ``card`` tables) are copied into the group's
cards in the same transaction, so every member's checks and every backup see them. A
member's correction of a card the others have stays that member's personal layer.

Written once for every game: a card is "named" by a record when its name is one of the
record's text values (its data or its events' payloads, at any depth), compared as names are
(case and spacing ignored); the folders are read with the game's own card schema
(``GameSystem.card_schema``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.systems.protocol import RecordContext


def _texts(value: Any, depth: int = 0) -> Iterator[str]:
    if depth > 40:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item, depth + 1)


def _key(table: dict[str, Any]) -> tuple[str, str]:
    from chronicle.domain.values import name_key

    return name_key(str(table.get("name", ""))), str(table.get("kind", ""))


def own_cards(game: str, data: dict[str, Any], events: list[dict[str, Any]],
              context: RecordContext) -> list[dict[str, Any]]:
    """The ``[[card]]`` tables of the member's own card folder (``context.user_cards_dir``,
    else the default one) that the record names and nobody else has (see the module)."""
    from chronicle import paths
    from chronicle.catalog.layers import read_files
    from chronicle.catalog.loader import card_files
    from chronicle.domain.values import Origin, name_key
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    system = registry.system(game)
    if not system.card_schema:
        return []
    folder = context.user_cards_dir or paths.user_cards_dir(game)
    files = card_files(folder)
    if not files:
        return []
    schema = load_name(system.card_schema)
    own, _problems = read_files(files, schema, Origin.USER)
    named = {name_key(text) for text in _texts([data, [e.get("payload") for e in events]])
             if 0 < len(text) <= 200}
    candidates = [entry.data for entry in own if _key(entry.data)[0] in named]
    if not candidates:
        return []
    bundled, _bad = read_files(card_files(paths.bundled_cards_dir(game)), schema,
                               Origin.BUNDLED)
    found_inline = data.get("card")
    inline: list[Any] = found_inline if isinstance(found_inline, list) else []
    kept = {_key(t) for t in (*context.group_cards, *(e.data for e in bundled),
                              *(t for t in inline if isinstance(t, dict)))}
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for table in candidates:
        key = _key(table)
        if key not in kept:
            found[key] = {**found.get(key, {}), **table}
    return list(found.values())


def share_cards(session: Session, game: str, data: dict[str, Any],
                events: list[dict[str, Any]], context: RecordContext) -> None:
    """Copy into the group's cards of ``game`` the member's own cards the record names and
    nobody else has (:func:`own_cards`).

    Raises:
        Collision: another writer shared the same card at the same moment (the store runs
            the write again).
    """
    from chronicle.persistence import recordqueries as store

    for table in own_cards(game, data, events, context):
        store.share_group_card(session, game, table)
