"""The card a record names, found by any of its names: the record store keeps a card named by
one of its other names (``aliases``, the rulebook's Spanish name) or in other letter case under
the card's own name (``RecordKind.cards`` says where a record names cards; the walk is
``chronicle.domain.cardrefs``).

The game's catalog is its bundled cards, the group's cards as the writing transaction reads
them and the user's card files (``chronicle.catalog.front``); it is built once per state of
those layers and kept (a write that names no card builds none).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.catalog.front import FrontCard
    from chronicle.catalog.store import Catalog
    from chronicle.domain.cardrefs import Resolve
    from chronicle.services.db import Database

_KEPT: dict[str, tuple[Any, Catalog[FrontCard]]] = {}
"""The last catalog built, by game, with the state of its layers it was built from (the
group's cards themselves, not their ids: two databases may number theirs alike)."""


def _user_files(game: str) -> tuple[object, ...]:
    """The user's card files of ``game`` as they are now: folder, names, times and sizes."""
    from chronicle import paths

    folder = paths.user_cards_dir(game)
    try:
        found = sorted(folder.glob("*.toml"))
        return (str(folder), *((p.name, p.stat().st_mtime_ns, p.stat().st_size)
                               for p in found))
    except OSError:
        return (str(folder),)


def catalog(session: Session, game: str) -> Catalog[FrontCard] | None:
    """The game's cards as ``session`` reads the group's (None: a game without cards)."""
    from chronicle.catalog.front import front_catalog
    from chronicle.errors import NotFound
    from chronicle.persistence import repository as repo
    from chronicle.services.gamecards import schema_of, system_named

    try:
        system = system_named(game)
        schema = schema_of(system)
    except NotFound:
        return None
    rows = repo.group_cards(session, system.key)
    state = (json.dumps([data for _i, _v, data in rows], sort_keys=True, default=str),
             _user_files(game))       # the group's cards themselves: any database's
    kept = _KEPT.get(game)
    if kept is not None and kept[0] == state:
        return kept[1]
    built = front_catalog(system.key, schema, group_tables=[data for _i, _v, data in rows])
    _KEPT[game] = (state, built)
    return built


def resolver(session: Session, game: str) -> Resolve:
    """The card's own name for a name (its own, in any case, or another of its names) of one
    of the kinds asked, in ``game``'s cards as ``session`` reads them; None when no card has
    it. The catalog is read at the first name asked."""
    found: list[Catalog[FrontCard] | None] = []

    def resolve(name: str, kinds: tuple[str, ...]) -> str | None:
        if not found:
            found.append(catalog(session, game))
        cards = found[0]
        if cards is None:
            return None
        for kind in kinds:
            card = cards.get(name, kind)
            if card is not None:
                return card.name
        return None

    return resolve


def card_named(db: Database, game: str, name: str, kinds: tuple[str, ...]) -> str | None:
    """The own name of ``game``'s card of one of ``kinds`` called ``name`` (or having it among
    its other names, in any case); None when no card has it."""
    with db.transaction() as session:
        return resolver(session, game)(name, kinds)


def own_names(db: Database, game: str, kind: str, where: str,
              value: dict[str, Any]) -> dict[str, Any]:
    """``value`` (a record's data, ``where`` being ``"data"``, or the payload of an event of
    kind ``where``) with every card the record kind ``kind`` of ``game`` names there under the
    card's own name, as the store would keep it: a game's service judges and says a write in
    the card's name before the store sees it (a campaign refusing "Hoja oxidada" as not held
    when its guild holds Rusty Blade). A game, kind or name unknown: left as given."""
    from chronicle.domain.cardrefs import named
    from chronicle.systems import registry

    try:
        system = registry.system(game)
    except (registry.UnknownSystem, registry.BadSystem):
        return value
    spec = next((r for r in system.records if r.name == kind), None)
    if spec is None or not spec.cards:
        return value
    with db.transaction() as session:
        return named([(place.at, place.kinds) for place in spec.cards], where, value,
                     resolver(session, system.key))


__all__ = ["card_named", "catalog", "own_names", "resolver"]
