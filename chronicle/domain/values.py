"""Small value types used across game systems."""

from __future__ import annotations

import enum
from functools import lru_cache


class Origin(enum.StrEnum):
    """Where a card's facts come from, shown in every listing."""

    BUNDLED = "bundled"
    """Shipped in ``cards/`` with the researched catalog."""
    USER = "user"
    """Defined by the user in a card file of their data directory."""
    CORRECTED = "corrected"
    """A bundled card whose values the user filled in or corrected."""
    FILE = "file"
    """Defined by the character or setup file being checked."""


@lru_cache(maxsize=16384)
def name_key(name: str) -> str:
    """The key under which a card name is looked up: case and surrounding space ignored."""
    return " ".join(name.split()).casefold()
