"""Wyld Hunt's characters and games as the generic services see them (``GameSystem.chronicles``):
the printable exports, the card front's re-check and the players' mending
(``chronicle.services.exports``, ``cardfront``, ``playermending``: what keeps a player from
being deleted) call these through the registry and never import Wyld Hunt themselves."""

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

__all__ = ["catalog", "character_view", "game_view", "list_characters", "player_blockers",
           "show_character", "show_game"]


def character_view(session: Session, row: CharacterRow,
                   cat: WyldHuntCatalog | None = None) -> CharacterView:
    """The character of ``row`` as the services show it, checked by the rules."""
    from chronicle.systems.wyld_hunt.services.characters import view

    return view(session, row, cat or catalog())


def game_view(session: Session, row: GameRow, cat: WyldHuntCatalog | None = None) -> GameView:
    """The game of ``row`` as the services show it, checked by the rules."""
    from chronicle.systems.wyld_hunt.services.games import _view

    return _view(session, row, cat)


def player_blockers(session: Session, player_id: int) -> list[tuple[str, str]]:
    """What of Wyld Hunt's tables keeps a player from being deleted, each with what to do
    first in the app (``chroniclemending.player_blockers``)."""
    from chronicle.systems.wyld_hunt.services.chroniclemending import player_blockers as found

    return found(session, player_id)
