"""Loading the Arcadia Quest catalog: bundled cards, then the user's own, then a file's.

Read through the shared layers (``chronicle.catalog.layers``). The bundled files
(``cards/arcadia-quest/*.toml``: heroes, the five starting cards, the core
campaign's scenarios, the known curses and core monsters) and the user's files
(``<data dir>/cards/arcadia-quest/*.toml``: the upgrade cards, costs, curse values and titles
typed in from their own cards) are read with the shared loader; a later layer corrects a card of
the same name and kind key by key (``chronicle.catalog.store.merge_entries``). A bad card is
reported with its file, line and field and skipped; every other card still loads.

``offered`` narrows heroes or scenarios to the products a group owns (its collection).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from chronicle.catalog import layers
from chronicle.catalog.layers import Sources
from chronicle.catalog.loader import CardEntry
from chronicle.catalog.store import Catalog
from chronicle.domain.values import name_key
from chronicle.systems.arcadia_quest import KEY
from chronicle.systems.arcadia_quest.cards import (
    KIND_ORDER,
    Card,
    Circle,
    Hero,
    Kind,
    Scenario,
    card_from_data,
)

QuestCatalog = Catalog[Card]
CORE_CAMPAIGN = "Arcadia Quest"
"""The campaign book of the core box."""


def read_sources(user_dir: Path | None = None,
                 bundled_dir: Path | None = None) -> Sources[Card]:
    """Read the bundled card files and the user's (default: the user's data directory)."""
    from chronicle.systems.arcadia_quest.quickcheck import CARD_SCHEMA

    return layers.read_sources(KEY, CARD_SCHEMA, card_from_data,
                               lambda card: (KIND_ORDER[card.kind], card.name.casefold()),
                               user_dir, bundled_dir)


def load_catalog(user_dir: Path | None = None, extra: Iterable[CardEntry] = (),
                 bundled_dir: Path | None = None) -> QuestCatalog:
    """The catalog as the user sees it: bundled cards corrected by the user's own files."""
    return read_sources(user_dir, bundled_dir).build(extra)


def products(catalog: QuestCatalog) -> list[str]:
    """Every product named by some card, sorted."""
    found: dict[str, str] = {}
    for card in catalog:
        for product in card.products:
            found.setdefault(name_key(product), product)
    return sorted(found.values(), key=str.casefold)


def offered(catalog: QuestCatalog, kind: Kind, owned: Iterable[str] | None = None) -> list[Card]:
    """The cards of ``kind`` that the ``owned`` products (the collection) offer; every card of
    that kind when ``owned`` is None. A card naming no product (a user's own) is always offered."""
    keys = None if owned is None else {name_key(p) for p in owned}
    return [card for card in catalog
            if card.kind is kind and (keys is None or card.in_products(keys))]


def heroes(catalog: QuestCatalog, owned: Iterable[str] | None = None) -> list[Hero]:
    """The heroes the owned products offer."""
    return [c for c in offered(catalog, Kind.HERO, owned) if isinstance(c, Hero)]


def scenarios(catalog: QuestCatalog, circle: Circle | None = None,
              owned: Iterable[str] | None = None,
              campaign: str | None = CORE_CAMPAIGN) -> list[Scenario]:
    """The scenarios of ``campaign`` (any when None) in ``circle`` (any when None) that the owned
    products offer."""
    book = None if campaign is None else name_key(campaign)
    return [c for c in offered(catalog, Kind.SCENARIO, owned)
            if isinstance(c, Scenario) and (circle is None or c.circle is circle)
            and (book is None or name_key(c.campaign or CORE_CAMPAIGN) == book)]


__all__ = ["CORE_CAMPAIGN", "QuestCatalog", "Sources", "heroes", "load_catalog", "offered",
           "products", "read_sources", "scenarios"]
