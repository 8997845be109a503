"""Mending Wyld Hunt's characters and games, typed as its own views: the generic mending
(``chronicle.services.playermending``) does the work and reaches Wyld Hunt's views through the
registry (``GameSystem.chronicles``), so it can only say it returns a game's view; Wyld Hunt's
fronts call these to get theirs back as :class:`CharacterView` and :class:`GameView`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import CharacterView
    from chronicle.systems.wyld_hunt.services.games import GameView


def restore_character(db: Database, name: str, player: str | None = None) -> CharacterView:
    """``chronicle.services.playermending.restore_character``, its view typed."""
    from chronicle.services import playermending as mending

    return cast("CharacterView", mending.restore_character(db, name, player))


def rename_game(db: Database, name: str, new_name: str, *,
                expected_version: int | None = None) -> GameView:
    """``chronicle.services.playermending.rename_game``, its view typed."""
    from chronicle.services import playermending as mending

    return cast("GameView", mending.rename_game(db, name, new_name,
                                                expected_version=expected_version))


def restore_game(db: Database, name: str) -> GameView:
    """``chronicle.services.playermending.restore_game``, its view typed."""
    from chronicle.services import playermending as mending

    return cast("GameView", mending.restore_game(db, name))


def seat(db: Database, game: str, player: str, character: str | None = None, *,
         expected_version: int | None = None) -> GameView:
    """``chronicle.services.playermending.seat``, its view typed."""
    from chronicle.services import playermending as mending

    return cast("GameView", mending.seat(db, game, player, character,
                                         expected_version=expected_version))


def unseat(db: Database, game: str, player: str, *,
           expected_version: int | None = None) -> GameView:
    """``chronicle.services.playermending.unseat``, its view typed."""
    from chronicle.services import playermending as mending

    return cast("GameView", mending.unseat(db, game, player,
                                           expected_version=expected_version))
