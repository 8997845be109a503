"""Wyld Hunt's characters and games as the generic services see them (``GameSystem.chronicles``):
the printable exports and the mending of characters and games (``chronicle.services.exports``,
``chronicle.services.playermending``) call these through the registry, by the row's ``system`` or
the home system, and never import Wyld Hunt themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronicle.systems.wyld_hunt.services.characters import list_characters, show_character
from chronicle.systems.wyld_hunt.services.common import catalog
from chronicle.systems.wyld_hunt.services.games import show_game

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.grouptables import GameRow
    from chronicle.persistence.models import CharacterRow
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
    from chronicle.systems.wyld_hunt.services.characters import CharacterView
    from chronicle.systems.wyld_hunt.services.games import GameView

__all__ = ["catalog", "character_view", "game_view", "list_characters", "show_character",
           "show_game"]


def character_view(session: Session, row: CharacterRow,
                   cat: WyldHuntCatalog | None = None) -> CharacterView:
    """The character of ``row`` as the services show it, checked by the rules."""
    from chronicle.systems.wyld_hunt.services.characters import view

    return view(session, row, cat or catalog())


def game_view(session: Session, row: GameRow, cat: WyldHuntCatalog | None = None) -> GameView:
    """The game of ``row`` as the services show it, checked by the rules."""
    from chronicle.systems.wyld_hunt.services.games import _view

    return _view(session, row, cat)
