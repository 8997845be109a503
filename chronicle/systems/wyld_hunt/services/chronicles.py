"""Wyld Hunt's characters and games as the generic services see them (``GameSystem.chronicles``):
the printable exports, the card front's re-check, the players' mending
(``chronicle.services.exports``, ``cardfront``, ``playermending``: what keeps a player from
being deleted) and the whole-database export (``chronicle.services.exportformat``: the
file's ``characters`` and ``games``, ``SECTIONS`` to ``insert``) call these through the
registry and never import Wyld Hunt themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.grouptables import GameRow
    from chronicle.persistence.models import CharacterRow
    from chronicle.persistence.reads import Reader
    from chronicle.services.players import PlayerInfo
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
    from chronicle.systems.wyld_hunt.services.characters import CharacterView
    from chronicle.systems.wyld_hunt.services.games import GameView

__all__ = ["CHARACTER", "character_view", "characters_of", "game_view", "holdings", "kept",
           "player_blockers"]
# and _EXPORT's (the views' ``catalog``, ``list_characters``, ``show_character``,
# ``show_game``; the export's sections), when asked


_EXPORT = {"SECTIONS": "exchangeformat", "TABLES": "exchangeformat", "check_payloads": "exchange",
           **dict.fromkeys(("check_references", "counts", "export_sections", "insert"),
                           "exchangetables"),
           "list_characters": "characters", "show_character": "characters",
           "catalog": "common", "show_game": "games"}
"""The file's ``characters`` and ``games`` in the whole-database export (pydantic's models),
and the services' views, imported when asked (the players' list needs none of them): the
module each name lives in."""


def __getattr__(name: str) -> Any:
    import importlib

    if name not in _EXPORT:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"chronicle.systems.wyld_hunt.services.{_EXPORT[name]}")
    return getattr(module, name)


def character_view(session: Session, row: CharacterRow,
                   cat: WyldHuntCatalog | None = None) -> CharacterView:
    """The character of ``row`` as the services show it, checked by the rules."""
    from chronicle.systems.wyld_hunt.services.characters import view
    from chronicle.systems.wyld_hunt.services.common import catalog

    return view(session, row, cat or catalog())


def game_view(session: Session, row: GameRow, cat: WyldHuntCatalog | None = None) -> GameView:
    """The game of ``row`` as the services show it, checked by the rules."""
    from chronicle.systems.wyld_hunt.services.games import _view

    return _view(session, row, cat)


CHARACTER = "character"
"""What a player holds in Wyld Hunt's own tables is called (``PlayerInfo.holdings``)."""


def holdings(reader: Reader) -> list[tuple[int, str, str]]:
    """Every player's characters in play, as (player id, ``"character"``, name), in order of
    their names: what a player holds of Wyld Hunt in its own tables (the players' list)."""
    from chronicle.persistence import reads

    return [(player, CHARACTER, name)
            for player, names in reads.character_names(reader).items() for name in names]


def characters_of(player: PlayerInfo) -> list[str]:
    """The names of a player's characters in play, as the players' list read them."""
    from chronicle.systems.wyld_hunt.editions import GAME

    return player.held(GAME, CHARACTER)


def player_blockers(session: Session, player_id: int) -> list[tuple[str, str]]:
    """What of Wyld Hunt's tables keeps a player from being deleted (their characters, their
    seats), each with what to do first in the app."""
    from chronicle.persistence import repository as repo
    from chronicle.persistence.removals import games_seating

    found = []
    characters = repo.list_characters(session, player_id, archived=None)
    if characters:
        found.append(("their characters " + ", ".join(
            c.name + (" (archived)" if c.archived_at else "") for c in characters),
            "delete or archive their characters (2, then del)"))
    seated = games_seating(session, player_id=player_id)
    if seated:
        found.append(("their seats in " + ", ".join(g.name for g in seated),
                      "the games that seat them (3, then del)"))
    return found


def kept(session: Session, keys: set[str]) -> list[tuple[str, Any, Any]]:
    """Every character in play, then every game listed, of the editions ``keys``, each with
    the view that checks it against a catalog (``view(session, row, catalog)``): what a
    corrected card is checked against (``chronicle.services.cardfront``)."""
    from chronicle.persistence import repository as repo

    return [*(("character", row, character_view) for row in repo.list_characters(session)
              if row.system in keys),
            *(("game", row, game_view) for row in repo.list_games(session)
              if getattr(row, "system", "") in keys)]
