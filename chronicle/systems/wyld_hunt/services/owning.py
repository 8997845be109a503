"""Wyld Hunt's collection rules as the generic ``chronicle collection`` commands reach them
(the game's ``GameSystem.collection``): a card owned is a catalog card, named as the game
names its cards (``services.collection``), and its CSV file has a set column checked against
the catalog (``services.csvio``)."""

from __future__ import annotations

from chronicle.systems.wyld_hunt.services.collection import add_cards, list_collection
from chronicle.systems.wyld_hunt.services.csvio import (
    export_collection_csv,
    import_collection_csv,
)

__all__ = ["add_cards", "export_collection_csv", "import_collection_csv", "list_collection"]
