"""What Wyld Hunt's use cases share: the catalog they check against and the rule violations
that refuse a change (the generic helpers, finding players, characters and games by name, are
``chronicle.services.common``'s)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chronicle.catalog.loader import CardEntry
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog

EDIT_REFUSALS = frozenset({"card.unknown", "card.wrong_kind", "collection.not_owned",
                           "icon.multiple"})
"""Errors that refuse a change to a character being built. Others (over budget, no icon yet,
a court tie) describe a build in progress and are shown, not refused."""

UNFINISHED = frozenset({"icon.missing", "icon.multiple", "points.over_budget", "court.tie",
                        "collection.not_owned", "card.unknown", "card.wrong_kind"})
"""Errors that mean the character is not finished: its chronicle cannot start until fixed."""


def catalog(extra: Iterable[CardEntry] = ()) -> WyldHuntCatalog:
    """The catalog for a use case: bundled cards corrected by the group's cards (in the
    database), the user's own card files and ``extra`` (a file's own cards), in that order."""
    from chronicle.systems.wyld_hunt.services.usercards import layered_catalog

    return layered_catalog(extra)
