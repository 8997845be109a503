"""Loading the Tales of Arcadia catalog: bundled cards, then the user's own, then a file's.

The bundled files (``cards/tales-of-arcadia/*.toml``: the seed's keywords and terrain, and one
example army list) and the user's files (``<data dir>/cards/tales-of-arcadia/*.toml``: their
own sourcebook lists) are read with the shared layers (``chronicle.catalog.layers``); a later
layer corrects a card of the same name and kind key by key. A bad card is reported with its
file, line and field and skipped; every other card still loads.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from chronicle.catalog import layers
from chronicle.catalog.loader import CardEntry
from chronicle.catalog.store import Catalog
from chronicle.domain.values import name_key
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.cards import (
    KIND_ORDER,
    Army,
    Card,
    Keyword,
    Terrain,
    Unit,
    card_from_data,
)

TalesCatalog = Catalog[Card]
Sources = layers.Sources[Card]


def _order(card: Card) -> tuple[int, str]:
    return KIND_ORDER[card.kind], card.name.casefold()


def read_sources(user_dir: Path | None = None, bundled_dir: Path | None = None) -> Sources:
    """Read the bundled card files and the user's (default: the user's data directory)."""
    from chronicle.systems.tales_of_arcadia.quickcheck import SCHEMA

    return layers.read_sources(KEY, SCHEMA, card_from_data, _order, user_dir, bundled_dir)


def load_catalog(user_dir: Path | None = None, extra: Iterable[CardEntry] = (),
                 bundled_dir: Path | None = None) -> TalesCatalog:
    """The catalog as the user sees it: bundled cards corrected by the user's own files."""
    return read_sources(user_dir, bundled_dir).build(extra)


def armies(catalog: TalesCatalog) -> list[str]:
    """Every army list's name: army cards, and armies named only by their units."""
    found: dict[str, str] = {}
    for card in catalog:
        if isinstance(card, Army):
            found.setdefault(name_key(card.name), card.name)
    for card in catalog:
        if isinstance(card, Unit) and card.army:
            found.setdefault(name_key(card.army), card.army)
    return sorted(found.values(), key=str.casefold)


def army_named(catalog: TalesCatalog, army: str) -> str:
    """The army list's own name for ``army``: the name of the army card called so or having it
    among its other names (``aliases``), else ``army`` as given."""
    card = catalog.get(army, "army")
    return card.name if isinstance(card, Army) else army


def units_of(catalog: TalesCatalog, army: str) -> list[Unit]:
    """The units of the army list called ``army`` (case and spacing ignored; one of the army
    card's other names too)."""
    key = name_key(army_named(catalog, army))
    return [card for card in catalog
            if isinstance(card, Unit) and card.army is not None and name_key(card.army) == key]


def keywords(catalog: TalesCatalog) -> list[Keyword]:
    """Every keyword card."""
    return [card for card in catalog if isinstance(card, Keyword)]


def terrains(catalog: TalesCatalog) -> list[Terrain]:
    """Every terrain card."""
    return [card for card in catalog if isinstance(card, Terrain)]


__all__ = ["Sources", "TalesCatalog", "armies", "army_named", "keywords", "load_catalog",
           "read_sources", "terrains", "units_of"]
