"""A validated card table as every reader of card files gives it (``loader``), every catalog
merges it (``store``) and the card caches keep it (``plain``): a module of its own, so that the
cache's plain values and the loader do not import each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronicle.domain.values import Origin


@dataclass(frozen=True)
class CardEntry:
    """One validated card table: the keys it sets, where it came from (kept in the card-file
    caches as plain values, ``chronicle.catalog.plain``)."""

    data: dict[str, Any]
    origin: Origin
    path: str
    line: int | None
