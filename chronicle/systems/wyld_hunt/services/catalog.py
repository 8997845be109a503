"""Loading the Wyld Hunt catalog (bundled cards, then the user's own) and querying it.

Validating every card file on every command would cost the start-up of the validation
machinery each time, so the validated entries are cached (``paths.cache_dir()``) under a
fingerprint of every card file's path, size and modification time. Any change to a card file,
to the package version or to the card format rebuilds the cache; a cache that cannot be read or
written is simply ignored. The cache holds plain values only (``chronicle.catalog.cachefile``,
``chronicle.catalog.plain``): the catalog is built again from the entries it keeps, and a cache
whose entries do not make one is a miss.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chronicle import __version__, paths
from chronicle.catalog import cachefile, plain
from chronicle.catalog.loader import CardEntry, card_files
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.store import Catalog, merge_entries
from chronicle.domain.values import Origin, name_key
from chronicle.systems.wyld_hunt import GAME
from chronicle.systems.wyld_hunt.cards import KIND_ORDER, Card, Waylay, card_from_data

WyldHuntCatalog = Catalog[Card]
CACHE_FORMAT = 4
_IN_PROCESS: dict[tuple[Path, Path], tuple[list[object], CatalogSources]] = {}
"""The sources read in this process, by folders, with the fingerprint they were read at."""


@dataclass
class CatalogSources:
    """The card entries of every layer, read once, and the problems found reading them."""

    bundled: list[CardEntry]
    user: list[CardEntry]
    problems: list[FileProblem]
    bundled_dir: Path
    user_dir: Path
    base: WyldHuntCatalog | None = field(default=None, repr=False, compare=False)
    """The catalog without extra cards, built on first use (``read_sources`` builds it when it
    reads the sources, from the files or the cache)."""

    def build(self, extra: Iterable[CardEntry] = ()) -> WyldHuntCatalog:
        """A catalog of bundled, then user, then ``extra`` cards (each layer correcting the
        one before). Without extra cards the catalog is built once and shared. The group's
        cards handed to ``chronicle.catalog.group`` (``chronicle check`` with a database
        configured) go between bundled and user; the database's own group layer is
        ``usercards``'s."""
        from chronicle.catalog import group as given

        more = list(extra)
        group: list[CardEntry] = []
        group_problems: list[FileProblem] = []
        if given.tables(GAME):
            from chronicle.systems.wyld_hunt.schema import SCHEMA

            group, group_problems = given.layer(GAME, SCHEMA)
        if not more and not group and not group_problems:
            return self.build_base()
        return self._merged([self.bundled, group, self.user, more], group_problems)

    def build_base(self) -> WyldHuntCatalog:
        """The catalog of bundled, then user cards, built once and shared."""
        if self.base is None:
            self.base = self._merged([self.bundled, self.user], [])
        return self.base

    def _merged(self, layers: list[list[CardEntry]],
                more_problems: list[FileProblem]) -> WyldHuntCatalog:
        cards, problems = merge_entries(layers, card_from_data)
        cards.sort(key=lambda c: (KIND_ORDER[c.kind], c.name.casefold()))
        return Catalog(cards, self.problems + more_problems + problems
                       + card_problems(cards, layers))


def card_problems(cards: Iterable[Card],
                  layers: Iterable[Iterable[CardEntry]] = ()) -> list[FileProblem]:
    """What the rulebook rules out in a card as merged from every layer, located at the last
    entry that defined it: a Waylay whose four Attributes all print no number ("Each Waylay has
    at least one Attribute with a rating", Waylay Cards: Attributes). The card still loads, and
    the rules that rely on it report it again (``card.no_attribute``)."""
    lines: dict[tuple[str, str, str], int | None] = {}
    for layer in layers:
        for entry in layer:
            lines[(name_key(entry.data["name"]), str(entry.data["kind"]), entry.path)] = \
                entry.line
    found: list[FileProblem] = []
    for card in cards:
        if isinstance(card, Waylay) and card.lacks_attribute():
            path = card.path or "the catalog"
            found.append(FileProblem(
                path, "lists no Attribute with a rating (Might, Savvy, Resolve and Combat are "
                      "all 'none'), but each Waylay has at least one", card=card.name,
                field="might, savvy, resolve, combat",
                line=lines.get((name_key(card.name), card.kind.value, path)),
                hint="give the Attribute printed on the card a number; 'none' is for an "
                     "Attribute the card prints no number for"))
    return found


def table_problems(tables: list[dict[str, Any]], path: str) -> list[FileProblem]:
    """The rulebook's rules on typed cards by themselves (``GameSystem.card_rules``): the
    ``[[card]]`` tables ``tables`` (valid by the schema, merged with what the card had)."""
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    entries, problems = validate_card_tables(tables, SCHEMA, path=path, lines=None,
                                             origin=Origin.USER)
    cards, _twice = merge_entries([entries], card_from_data)
    return problems + card_problems(cards, [entries])


def _read_dir(files: list[Path], origin: Origin) -> tuple[list[CardEntry], list[FileProblem]]:
    from chronicle.catalog.layers import read_files
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    return read_files(files, SCHEMA, origin)


def _fingerprint(*groups: list[Path]) -> list[object]:
    """A plain value that changes when a card file does (empty: one cannot be seen)."""
    stamps: list[object] = [__version__, CACHE_FORMAT]
    for group in groups:
        for path in group:
            try:
                stat = path.stat()
            except OSError:
                return []
            stamps.append([str(path), stat.st_size, stat.st_mtime_ns])
        stamps.append("|")
    return stamps


def _cache_file() -> Path:
    return cachefile.location(f"{GAME}-catalog.json")


def _load_cached(fingerprint: list[object], bundled_dir: Path,
                 user_dir: Path) -> CatalogSources | None:
    """The sources kept for ``fingerprint``, their catalog built, or None (a miss: nothing
    kept, another fingerprint, or what is kept does not make a catalog)."""
    kept = cachefile.read(_cache_file().name)
    if not isinstance(kept, dict) or kept.get("fingerprint") != fingerprint \
            or kept.get("bundled_dir") != str(bundled_dir) \
            or kept.get("user_dir") != str(user_dir):
        return None
    try:
        sources = CatalogSources(plain.entries_from_plain(kept.get("bundled")),
                                 plain.entries_from_plain(kept.get("user")),
                                 plain.problems_from_plain(kept.get("problems")),
                                 bundled_dir, user_dir)
        sources.build_base()
    except Exception:  # a damaged or planted cache is a miss (a bug in building the
        return None  # catalog shows on the read from the files that follows)
    return sources


def _store_cached(fingerprint: list[object], sources: CatalogSources) -> None:
    try:
        kept = {"fingerprint": fingerprint, "bundled_dir": str(sources.bundled_dir),
                "user_dir": str(sources.user_dir),
                "bundled": plain.entries_to_plain(sources.bundled),
                "user": plain.entries_to_plain(sources.user),
                "problems": plain.problems_to_plain(sources.problems)}
    except TypeError:  # a value that cannot be kept: read the files again next time
        return
    cachefile.write(_cache_file().name, kept)


def read_sources(bundled_dir: Path | None = None, user_dir: Path | None = None,
                 *, use_cache: bool = True) -> CatalogSources:
    """Read the bundled and user card files. Bad files or cards are recorded, never fatal."""
    bundled_dir = bundled_dir or paths.bundled_cards_dir(GAME)
    user_dir = user_dir or paths.user_cards_dir(GAME)
    bundled_files, user_files = card_files(bundled_dir), card_files(user_dir)
    fingerprint = _fingerprint(bundled_files, user_files) if use_cache else []
    if fingerprint:
        remembered = _IN_PROCESS.get((bundled_dir, user_dir))
        if remembered is not None and remembered[0] == fingerprint:
            return remembered[1]
        cached = _load_cached(fingerprint, bundled_dir, user_dir)
        if cached is not None:
            _IN_PROCESS[(bundled_dir, user_dir)] = (fingerprint, cached)
            return cached
    bundled, bundled_problems = _read_dir(bundled_files, Origin.BUNDLED)
    if not bundled and not bundled_problems:
        bundled_problems.append(FileProblem(str(bundled_dir), "holds no bundled card files; "
                                                              "the installation is incomplete"))
    user, user_problems = _read_dir(user_files, Origin.USER)
    sources = CatalogSources(bundled, user, bundled_problems + user_problems, bundled_dir,
                             user_dir)
    if fingerprint:
        sources.build_base()  # as a read from the cache does
        _store_cached(fingerprint, sources)
        _IN_PROCESS[(bundled_dir, user_dir)] = (fingerprint, sources)
    return sources


def load_catalog(extra: Iterable[CardEntry] = ()) -> WyldHuntCatalog:
    """The catalog as the user sees it: bundled cards corrected by the user's own files."""
    return read_sources().build(extra)


def validate_files(files: Iterable[Path]) -> tuple[int, list[FileProblem]]:
    """Validate the given card files only: how many cards are good, and every problem."""
    entries, problems = _read_dir(list(files), Origin.USER)
    cards, duplicates = merge_entries([entries], card_from_data)
    return len(entries), problems + duplicates + card_problems(cards, [entries])
