"""Loading the Wyld Hunt catalog (bundled cards, then the user's own) and querying it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from chronicle import paths
from chronicle.catalog.loader import CardEntry, card_files, load_card_file
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.store import Catalog, merge_entries
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt import GAME
from chronicle.systems.wyld_hunt.cards import Card
from chronicle.systems.wyld_hunt.schema import SCHEMA

WyldHuntCatalog = Catalog[Card]


@dataclass
class CatalogSources:
    """The card entries of every layer, read once, and the problems found reading them."""

    bundled: list[CardEntry]
    user: list[CardEntry]
    problems: list[FileProblem]
    bundled_dir: Path
    user_dir: Path

    def build(self, extra: Iterable[CardEntry] = ()) -> WyldHuntCatalog:
        """A catalog of bundled, then user, then ``extra`` cards (each layer correcting the
        one before)."""
        cards, problems = merge_entries([self.bundled, self.user, list(extra)], SCHEMA.to_card)
        order = {kind: i for i, kind in enumerate(SCHEMA.kinds)}
        cards.sort(key=lambda c: (order[c.kind.value], c.name.casefold()))
        return Catalog(cards, self.problems + problems)


def _read_dir(directory: Path, origin: Origin) -> tuple[list[CardEntry], list[FileProblem]]:
    entries: list[CardEntry] = []
    problems: list[FileProblem] = []
    for path in card_files(directory):
        found, bad = load_card_file(path, SCHEMA, origin)
        entries.extend(found)
        problems.extend(bad)
    return entries, problems


def read_sources(bundled_dir: Path | None = None, user_dir: Path | None = None,
                 ) -> CatalogSources:
    """Read the bundled and user card files. Bad files or cards are recorded, never fatal."""
    bundled_dir = bundled_dir or paths.bundled_cards_dir(GAME)
    user_dir = user_dir or paths.user_cards_dir(GAME)
    bundled, bundled_problems = _read_dir(bundled_dir, Origin.BUNDLED)
    if not bundled and not bundled_problems:
        bundled_problems.append(FileProblem(str(bundled_dir), "holds no bundled card files; "
                                                              "the installation is incomplete"))
    user, user_problems = _read_dir(user_dir, Origin.USER)
    return CatalogSources(bundled, user, bundled_problems + user_problems, bundled_dir, user_dir)


def load_catalog(extra: Iterable[CardEntry] = ()) -> WyldHuntCatalog:
    """The catalog as the user sees it: bundled cards corrected by the user's own files."""
    return read_sources().build(extra)


def validate_files(files: Iterable[Path]) -> tuple[int, list[FileProblem]]:
    """Validate the given card files only: how many cards are good, and every problem."""
    count = 0
    problems: list[FileProblem] = []
    layer: list[CardEntry] = []
    for path in files:
        entries, bad = load_card_file(path, SCHEMA, Origin.USER)
        count += len(entries)
        layer.extend(entries)
        problems.extend(bad)
    _cards, duplicates = merge_entries([layer], SCHEMA.to_card)
    return count, problems + duplicates
