"""Loading the Tales of Arcadia catalog: bundled cards, then the user's own, then a file's.

The bundled files (``cards/tales-of-arcadia/*.toml``: the seed's keywords and terrain, and one
example army list) and the user's files (``<data dir>/cards/tales-of-arcadia/*.toml``: their
own sourcebook lists) are read with the shared loader; a later layer corrects a card of the same
name and kind key by key (``chronicle.catalog.store.merge_entries``). A bad card is reported
with its file, line and field and skipped; every other card still loads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from chronicle import paths
from chronicle.catalog.loader import CardEntry, card_files, load_card_file
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.store import Catalog, merge_entries
from chronicle.domain.values import Origin, name_key
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


def read_files(files: Iterable[Path], origin: Origin) -> tuple[list[CardEntry],
                                                                list[FileProblem]]:
    """Every valid card entry of ``files`` and every problem found in them."""
    from chronicle.systems.tales_of_arcadia.schema import SCHEMA

    entries: list[CardEntry] = []
    problems: list[FileProblem] = []
    for path in files:
        found, bad = load_card_file(path, SCHEMA, origin)
        entries.extend(found)
        problems.extend(bad)
    return entries, problems


@dataclass
class Sources:
    """The card entries of the bundled and user layers, read once."""

    bundled: list[CardEntry]
    user: list[CardEntry]
    problems: list[FileProblem]
    base: TalesCatalog | None = field(default=None, repr=False)

    def build(self, extra: Iterable[CardEntry] = ()) -> TalesCatalog:
        """The catalog of bundled, then user, then ``extra`` cards (a roster's own)."""
        more = list(extra)
        if not more and self.base is not None:
            return self.base
        cards, problems = merge_entries([self.bundled, self.user, more], card_from_data)
        cards.sort(key=lambda card: (KIND_ORDER[card.kind], card.name.casefold()))
        built: TalesCatalog = Catalog(cards, self.problems + problems)
        if not more:
            self.base = built
        return built


def read_sources(user_dir: Path | None = None, bundled_dir: Path | None = None) -> Sources:
    """Read the bundled card files and the user's (default: the user's data directory)."""
    bundled_dir = bundled_dir or paths.bundled_cards_dir(KEY)
    user_dir = user_dir if user_dir is not None else paths.user_cards_dir(KEY)
    bundled, problems = read_files(card_files(bundled_dir), Origin.BUNDLED)
    if not bundled and not problems:
        problems.append(FileProblem(str(bundled_dir), "holds no bundled card files; the "
                                                      "installation is incomplete"))
    user, user_problems = read_files(card_files(user_dir), Origin.USER)
    return Sources(bundled, user, problems + user_problems)


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


def units_of(catalog: TalesCatalog, army: str) -> list[Unit]:
    """The units of the army list called ``army`` (case and spacing ignored)."""
    key = name_key(army)
    return [card for card in catalog
            if isinstance(card, Unit) and card.army is not None and name_key(card.army) == key]


def keywords(catalog: TalesCatalog) -> list[Keyword]:
    """Every keyword card."""
    return [card for card in catalog if isinstance(card, Keyword)]


def terrains(catalog: TalesCatalog) -> list[Terrain]:
    """Every terrain card."""
    return [card for card in catalog if isinstance(card, Terrain)]


__all__ = ["Sources", "TalesCatalog", "armies", "keywords", "load_catalog",
           "read_files", "read_sources", "terrains", "units_of"]
