"""Editions: the numbers that differ between printings of one game, and the registry of games.

Each game system registers its editions here. The Wyld Hunt has two: the base set (5 starting
points, one die) and King Ironheart's Madness (10 starting points, two dice). Sister games will
add their own systems beside it; this registry is the seam they plug into.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Edition:
    """One playable edition of a game system."""

    key: str
    """The value of ``system =`` in character and setup files."""
    game: str
    """The game system this edition belongs to (its package under ``chronicle.systems``)."""
    label: str
    starting_points: int
    dice: int


_EDITIONS: dict[str, Edition] = {}


def register(edition: Edition) -> Edition:
    """Make an edition findable by its key."""
    _EDITIONS[edition.key] = edition
    return edition


def find_edition(key: str) -> Edition | None:
    """The edition registered under ``key``, or None."""
    return _EDITIONS.get(key)


def edition_keys() -> list[str]:
    """Every registered edition key, in registration order."""
    return list(_EDITIONS)
