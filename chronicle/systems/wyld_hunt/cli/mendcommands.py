"""Mending mistakes in Wyld Hunt's characters and games: ``character rename|delete|
restore-archived``, ``game rename|delete|restore-archived`` and ``game seat|unseat``, thin over
``chronicle.systems.wyld_hunt.services.chroniclemending``; a delete asks as every delete does
(``chronicle.cli.deletecommands``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from chronicle.cli.common import add_player, command, database
from chronicle.cli.deletecommands import add_delete, remove, sentence
from chronicle.cli.output import emit
from chronicle.systems.wyld_hunt.cli.show import show_character, show_view


def register_character(sub: Any) -> None:
    """Add ``character rename``, ``character delete`` and ``character restore-archived``."""
    rename = command(sub, "rename", _character_rename, "rename a character",
                     "Give a character another name; its chronicle and "
                     "games stay with it.", args=("name", "new_name"), json=True)
    add_player(rename)
    add_delete(sub, _character_delete, "character", "delete (or archive) a character",
               "Delete a character never played. One whose chronicle has begun is archived "
               "instead: hidden from lists, its cards no longer in use, restorable. Refused "
               "while a game not yet played seats it (named).", player=True)
    restore = command(sub, "restore-archived", _character_restore,
                      "bring back an archived character",
                      "Bring an archived character back into play (refused "
                      "when its cards are now used by others).", args=("name",), json=True)
    add_player(restore)


def register_game(sub: Any) -> None:
    """Add ``game rename|delete|restore-archived`` and ``game seat|unseat``."""
    command(sub, "rename", _game_rename, "rename a game", "Give a game another name.",
            args=("name", "new_name"), json=True)
    add_delete(sub, _game_delete, "game", "delete (or archive) a game",
               "Delete a game not yet played. One whose result is recorded is archived instead "
               "(hidden from lists, restorable); the characters keep their chronicles.")
    command(sub, "restore-archived", _game_restore, "bring back an archived game",
            "Bring an archived game back into the lists.", args=("name",), json=True)
    seat = command(sub, "seat", _seat, "seat a player, or change their character",
                   "Seat a player at a game with a character (or none), "
                   "or change the character of their seat; until the "
                   "result is recorded.", args=("name",), json=True)
    seat.add_argument("seat", metavar="PLAYER[:CHARACTER]")
    command(sub, "unseat", _unseat, "take a player's seat away",
            "Take a player's seat (and their choices) away from a "
            "game; until the result is recorded.", args=("name", "player"), json=True)


def _said(view: Any, args: argparse.Namespace, text: str,
          show: Callable[[Any, bool], int]) -> int:
    """``text`` as a sentence, or the view's JSON with ``--json``."""
    if args.json:
        return show(view, args.json)
    emit(sentence(text))
    return 0


def _character_rename(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import rename_character

    view = rename_character(database(args), args.name, args.new_name, player=args.player)
    return _said(view, args, f"Renamed {args.name} to {view.name}", show_character)


def _character_restore(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.chroniclemending import restore_character

    view = restore_character(database(args), args.name, args.player)
    return _said(view, args, f"Brought {view.name} back into play", show_character)


def _game_rename(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.chroniclemending import rename_game

    view = rename_game(database(args), args.name, args.new_name)
    return _said(view, args, f"Renamed {args.name} to {view.name}", show_view)


def _game_restore(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.chroniclemending import restore_game

    view = restore_game(database(args), args.name)
    return _said(view, args, f"Brought {view.name} back into the lists", show_view)


def _seat(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.chroniclemending import seat

    player, _colon, character = args.seat.partition(":")
    view = seat(database(args), args.name, player.strip(), character.strip() or None)
    return show_view(view, args.json)


def _unseat(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.chroniclemending import unseat

    return show_view(unseat(database(args), args.name, args.player), args.json)


def _character_delete(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import chroniclemending as mending

    db = database(args)
    plan = mending.plan_character_delete(db, args.name, args.player)
    return remove(plan, args, lambda planned: mending.delete_character(
        db, args.name, args.player, expected=planned.action))


def _game_delete(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import chroniclemending as mending

    db = database(args)
    plan = mending.plan_game_delete(db, args.name)
    return remove(plan, args, lambda planned: mending.delete_game(db, args.name,
                                                                  expected=planned.action))
