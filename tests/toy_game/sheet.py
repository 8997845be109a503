"""The toy game on paper: one part, a bag's sheet (its pebbles against the limit, with blank
lines to pencil in more), headed by the game's own label; ``chronicle export bag`` prints it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronicle.errors import BadInput
from chronicle.export.model import Document, Field, FieldGrid, ItemList, Part
from chronicle.export.wording import brand
from toy_game import KEY
from toy_game.service import BagView

if TYPE_CHECKING:
    from chronicle.services.db import Database


def bag_part(view: BagView) -> Part:
    """A bag's sheet."""
    grid = FieldGrid(((Field("Bag", view.name), Field("Player", view.player or ""),
                       Field("Limit", str(view.limit))),), (2.0, 2.0, 1.0))
    pebbles = ItemList("Pebbles", view.pebbles, blank_lines=3, empty="none yet")
    history = ItemList("History", view.history, empty="nothing yet")
    return Part(kind="Bag of Pebbles", title=view.name, caption=f"{view.player}'s bag",
                footer="Pebbles · a toy game of Arcadia Chronicle's tests",
                blocks=(grid, pebbles, history), brand=brand(KEY))


def bag_document(db: Database, name: str, player: str | None) -> Document:
    """``chronicle export bag NAME --player P``: the whole PDF of one bag (the services'
    ``NotFound`` for an unknown bag or player)."""
    from toy_game.service import show

    if player is None:
        raise BadInput("name the bag's player with --player")
    view = show(db, player, name)
    return Document(title=f"{view.name} (a bag of pebbles)", parts=(bag_part(view),))
