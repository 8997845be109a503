"""What the rules need from a catalog: cards by name and kind, and near-miss suggestions.

Defined here, as a protocol, so that rules never depend on how cards are loaded or stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

C_co = TypeVar("C_co", covariant=True)


class CardLookup(Protocol[C_co]):
    """Read access to a set of cards."""

    def get(self, name: str, kind: str | None = None) -> C_co | None:
        """The card called ``name`` of ``kind``, or None."""
        ...

    def named(self, name: str) -> Sequence[C_co]:
        """Every card called ``name``, whatever its kind."""
        ...

    def suggest(self, name: str, kind: str | None = None) -> str | None:
        """The nearest card name to a misspelt one, or None."""
        ...
