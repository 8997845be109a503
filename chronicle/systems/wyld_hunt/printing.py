"""Wyld Hunt's sheets as the game system names them (``GameSystem.sheets``): each
``build(db, name, player) -> Document`` reads the character, player or game through the
services and builds the pure document (``chronicle.systems.wyld_hunt.sheets.document``).

The export service (``chronicle.services.exports``) finds these through the registry and may
hand in the view it already read (``view=``/``views=``) so nothing is read twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chronicle.export.model import Document
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.cards import Card
    from chronicle.systems.wyld_hunt.services.characters import CharacterView
    from chronicle.systems.wyld_hunt.services.games import GameView


def flaw_named(name: str) -> Card | None:
    """A Flaw card of the catalog (for the Flaws a character has bought off)."""
    from chronicle.systems.wyld_hunt.cards import Card as Known
    from chronicle.systems.wyld_hunt.services.common import catalog

    found = catalog().get(name, "flaw")
    return found if isinstance(found, Known) else None


def sheet(db: Database, name: str, player: str | None = None, *, pencil: bool = False,
          view: CharacterView | None = None) -> Document:
    """A character sheet (``pencil``: the play aid)."""
    from chronicle.systems.wyld_hunt.services.characters import show_character
    from chronicle.systems.wyld_hunt.sheets.document import sheet_document

    view = view or show_character(db, name, player)
    return sheet_document(view, pencil=pencil, card_named=flaw_named)


def log(db: Database, name: str, player: str | None = None, *,
        view: CharacterView | None = None) -> Document:
    """A character's chronicle: every game and purchase in order, with running totals."""
    from chronicle.systems.wyld_hunt.services.characters import show_character
    from chronicle.systems.wyld_hunt.sheets.document import log_document

    return log_document(view or show_character(db, name, player))


def game(db: Database, name: str, player: str | None = None, *,
         view: GameView | None = None) -> Document:
    """A game's preparation sheet (a game is the group's: ``player`` is not used)."""
    from chronicle.systems.wyld_hunt.services.games import show_game
    from chronicle.systems.wyld_hunt.services.maps import show_map
    from chronicle.systems.wyld_hunt.sheets.document import game_document

    shown = view or show_game(db, name)
    board = show_map(db, shown.name)
    return game_document(shown, board.state, board.report if board.state.cells else None)


def player(db: Database, name: str, player: str | None = None, *, pencil: bool = False,
           views: Sequence[CharacterView] | None = None) -> Document:
    """The sheets of all of the player ``name``'s characters, one after another."""
    from chronicle.systems.wyld_hunt.services.characters import list_characters
    from chronicle.systems.wyld_hunt.sheets.document import player_document

    found = list(views) if views is not None else list_characters(db, name)
    owner = found[0].player if found else name
    return player_document(owner, found, pencil=pencil, card_named=flaw_named)
