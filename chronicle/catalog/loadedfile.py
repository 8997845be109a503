"""A game's file as read, the same for every game: the cards the file defines, the problems that
make it unusable; each game's reader adds what the file holds (a campaign's events, a force, a
game log).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from chronicle.catalog.loader import CardEntry, CardSchema, read_toml, validate_card_tables
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.values import Origin


@dataclass
class LoadedFile:
    """A file read: the cards it defines, and any problems found. When ``problems`` is not
    empty the file is unusable."""

    path: Path
    cards: list[CardEntry] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)

    def read_cards(self, tables: Any, schema: CardSchema, shown: str, lines: LineMap | None,
                   origin: Origin = Origin.FILE) -> None:
        """Validate the file's own ``[[card]]`` tables: the cards kept, their problems added."""
        self.cards, found = validate_card_tables(tables, schema, path=shown, lines=lines,
                                                 origin=origin)
        self.problems.extend(found)


L = TypeVar("L", bound=LoadedFile)


def load_toml(loaded: L, read: Callable[[dict[str, Any], LineMap | None, str, L], L]) -> L:
    """Parse ``loaded.path`` and hand the document, its line map, the name problems give the
    file and ``loaded`` to ``read`` (the game's reader); ``loaded`` with the located problem when
    the file cannot be parsed."""
    parsed = read_toml(loaded.path, loaded.problems)
    return loaded if parsed is None else read(parsed[0], parsed[1], str(loaded.path), loaded)
