"""Editions: the printings of a game that a file names in ``system = "..."``, and the registry
of them.

:class:`Edition` is the base every game extends with its own numbers (starting points, dice:
each in the game's own folder); this module knows only a key,
the game it belongs to and a label. Each game registers its editions when its package is
imported; :func:`find_edition` can ask for the game's own class, so a rule reads its fields
typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, overload


@dataclass(frozen=True, slots=True)
class Edition:
    """One playable edition of a game system."""

    key: str
    """The value of ``system =`` in the game's files."""
    game: str
    """The game system this edition belongs to (its system key)."""
    label: str


E = TypeVar("E", bound=Edition)

_EDITIONS: dict[str, Edition] = {}


def register(edition: E) -> E:
    """Make an edition findable by its key."""
    _EDITIONS[edition.key] = edition
    return edition


@overload
def find_edition(key: str) -> Edition | None: ...
@overload
def find_edition(key: str, of: type[E]) -> E | None: ...
def find_edition(key: str, of: type[Edition] = Edition) -> Edition | None:
    """The edition registered under ``key``, or None (also when it is not an ``of``: another
    game's edition)."""
    found = _EDITIONS.get(key)
    return found if isinstance(found, of) else None


def edition_keys(game: str | None = None) -> list[str]:
    """Every registered edition key (of ``game`` only, when given), in registration order."""
    return [key for key, edition in _EDITIONS.items() if game is None or edition.game == game]
