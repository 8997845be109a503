"""A game's catalog in layers: its bundled card files, then the play group's cards (when a
database is in use: ``chronicle.catalog.group``), then the user's, then a file's own cards.

Every game system reads its cards the same way: the bundled files (``cards/<game>/*.toml``), the
user's files (``<data dir>/cards/<game>/*.toml``) and the ``[[card]]`` tables of the file being
checked, each later layer correcting a card of the same name and kind key by key
(``store.merge_entries``). ``read_sources`` reads the two folders once; ``Sources.build`` makes
the catalog, with a file's own cards on top when given. A bad card is reported with its file,
line and field and skipped; every other card still loads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from chronicle import paths
from chronicle.catalog.group import layer
from chronicle.catalog.loader import CardEntry, CardSchema, card_files, load_card_file
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.store import CardFactory, Catalog, CatalogCard, merge_entries
from chronicle.domain.values import Origin

C = TypeVar("C", bound=CatalogCard)


def read_files(files: Iterable[Path], schema: CardSchema,
               origin: Origin) -> tuple[list[CardEntry], list[FileProblem]]:
    """Every valid card entry of ``files`` and every problem found in them."""
    entries: list[CardEntry] = []
    problems: list[FileProblem] = []
    for path in files:
        found, bad = load_card_file(path, schema, origin)
        entries.extend(found)
        problems.extend(bad)
    return entries, problems


@dataclass
class Sources(Generic[C]):
    """The card entries of the bundled and user layers of one game, read once."""

    bundled: list[CardEntry]
    user: list[CardEntry]
    problems: list[FileProblem]
    factory: CardFactory[C]
    order: Callable[[C], Any]
    """The sort key of the catalog's cards (kind, then name, for listings)."""
    base: Catalog[C] | None = field(default=None, repr=False)
    group: list[CardEntry] = field(default_factory=list)
    """The play group's cards (``chronicle.catalog.group``), between bundled and user."""

    def build(self, extra: Iterable[CardEntry] = ()) -> Catalog[C]:
        """The catalog of bundled, then the group's, then user, then ``extra`` cards (a
        checked file's own)."""
        more = list(extra)
        if not more and self.base is not None:
            return self.base
        cards, problems = merge_entries([self.bundled, self.group, self.user, more],
                                        self.factory)
        cards.sort(key=self.order)
        built: Catalog[C] = Catalog(cards, self.problems + problems)
        if not more:
            self.base = built
        return built


def read_sources(game: str, schema: CardSchema, factory: CardFactory[C],
                 order: Callable[[C], Any], user_dir: Path | None = None,
                 bundled_dir: Path | None = None) -> Sources[C]:
    """Read ``game``'s bundled card files and the user's (default: the user's data directory).
    A game with no bundled files at all is an incomplete installation, reported as a problem."""
    bundled_dir = bundled_dir or paths.bundled_cards_dir(game)
    user_dir = user_dir if user_dir is not None else paths.user_cards_dir(game)
    bundled, problems = read_files(card_files(bundled_dir), schema, Origin.BUNDLED)
    if not bundled and not problems:
        problems.append(FileProblem(str(bundled_dir), "holds no bundled card files; the "
                                                      "installation is incomplete"))
    user, user_problems = read_files(card_files(user_dir), schema, Origin.USER)
    group, group_problems = layer(game, schema)
    return Sources(bundled, user, problems + group_problems + user_problems, factory, order,
                   group=group)
