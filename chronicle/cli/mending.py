"""Mending mistakes on the command line: ``player rename|delete``, ``character
rename|delete|restore-archived``, ``game rename|delete|restore-archived`` and ``game
seat|unseat``, thin over ``chronicle.services.mending``.

A delete first says what it will do and what the thing holds, and asks; ``--yes`` answers for
scripts (without a terminal and without ``--yes`` nothing is deleted, exit status 2).
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import TYPE_CHECKING, Any

from chronicle.cli.common import add_json, add_player, database, run_service, show_character
from chronicle.cli.output import emit, emit_json, fail

if TYPE_CHECKING:
    from chronicle.services.mending import Removal


def _sentence(text: str) -> str:
    """``text`` with one full stop at the end (a name may end with its own)."""
    return text if text.endswith(".") else text + "."


def _add_yes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--yes", action="store_true",
                        help="do it without asking (what it does is still printed)")


def register_player(sub: Any) -> None:
    """Add ``player rename`` and ``player delete``."""
    rename = sub.add_parser("rename", help="rename a player",
                            description="Give a player another name; their cards, characters "
                                        "and seats stay theirs.")
    rename.add_argument("name")
    rename.add_argument("new_name")
    add_json(rename)
    rename.set_defaults(handler=partial(run_service, _player_rename))
    delete = sub.add_parser("delete", help="delete a player",
                            description="Delete a player and their collection. Refused while "
                                        "they have characters or seats at games (named).")
    delete.add_argument("name")
    _add_yes(delete)
    add_json(delete)
    delete.set_defaults(handler=partial(run_service, _delete), subject="player")


def register_character(sub: Any) -> None:
    """Add ``character rename``, ``character delete`` and ``character restore-archived``."""
    rename = sub.add_parser("rename", help="rename a character",
                            description="Give a character another name; its chronicle and "
                                        "games stay with it.")
    rename.add_argument("name")
    rename.add_argument("new_name")
    add_player(rename)
    add_json(rename)
    rename.set_defaults(handler=partial(run_service, _character_rename))
    delete = sub.add_parser("delete", help="delete (or archive) a character",
                            description="Delete a character never played. One whose chronicle "
                                        "has begun is archived instead: hidden from lists, its "
                                        "cards no longer in use, restorable. Refused while a "
                                        "game not yet played seats it (named).")
    delete.add_argument("name")
    add_player(delete)
    _add_yes(delete)
    add_json(delete)
    delete.set_defaults(handler=partial(run_service, _delete), subject="character")
    restore = sub.add_parser("restore-archived", help="bring back an archived character",
                             description="Bring an archived character back into play (refused "
                                         "when its cards are now used by others).")
    restore.add_argument("name")
    add_player(restore)
    add_json(restore)
    restore.set_defaults(handler=partial(run_service, _character_restore))


def register_game(sub: Any) -> None:
    """Add ``game rename|delete|restore-archived`` and ``game seat|unseat``."""
    rename = sub.add_parser("rename", help="rename a game", description="Give a game another "
                                                                        "name.")
    rename.add_argument("name")
    rename.add_argument("new_name")
    add_json(rename)
    rename.set_defaults(handler=partial(run_service, _game_rename))
    delete = sub.add_parser("delete", help="delete (or archive) a game",
                            description="Delete a game not yet played. One whose result is "
                                        "recorded is archived instead (hidden from lists, "
                                        "restorable); the characters keep their chronicles.")
    delete.add_argument("name")
    _add_yes(delete)
    add_json(delete)
    delete.set_defaults(handler=partial(run_service, _delete), subject="game")
    restore = sub.add_parser("restore-archived", help="bring back an archived game",
                             description="Bring an archived game back into the lists.")
    restore.add_argument("name")
    add_json(restore)
    restore.set_defaults(handler=partial(run_service, _game_restore))
    seat = sub.add_parser("seat", help="seat a player, or change their character",
                          description="Seat a player at a game with a character (or none), "
                                      "or change the character of their seat; until the "
                                      "result is recorded.")
    seat.add_argument("name")
    seat.add_argument("seat", metavar="PLAYER[:CHARACTER]")
    add_json(seat)
    seat.set_defaults(handler=partial(run_service, _seat))
    unseat = sub.add_parser("unseat", help="take a player's seat away",
                            description="Take a player's seat (and their choices) away from a "
                                        "game; until the result is recorded.")
    unseat.add_argument("name")
    unseat.add_argument("player")
    add_json(unseat)
    unseat.set_defaults(handler=partial(run_service, _unseat))


def _player_rename(args: argparse.Namespace) -> int:
    from chronicle.services.mending import rename_player

    info = rename_player(database(args), args.name, args.new_name)
    if args.json:
        emit_json(info.to_dict())
    else:
        emit(_sentence(f"Renamed {args.name} to {info.name}"))
    return 0


def _character_rename(args: argparse.Namespace) -> int:
    from chronicle.services.characters import rename_character

    view = rename_character(database(args), args.name, args.new_name, player=args.player)
    if not args.json:
        emit(_sentence(f"Renamed {args.name} to {view.name}"))
        return 0
    return show_character(view, args.json)


def _character_restore(args: argparse.Namespace) -> int:
    from chronicle.services.mending import restore_character

    view = restore_character(database(args), args.name, args.player)
    if not args.json:
        emit(_sentence(f"Brought {view.name} back into play"))
        return 0
    return show_character(view, args.json)


def _game_rename(args: argparse.Namespace) -> int:
    from chronicle.cli.games import show_view
    from chronicle.services.mending import rename_game

    view = rename_game(database(args), args.name, args.new_name)
    if not args.json:
        emit(_sentence(f"Renamed {args.name} to {view.name}"))
        return 0
    return show_view(view, args.json)


def _game_restore(args: argparse.Namespace) -> int:
    from chronicle.cli.games import show_view
    from chronicle.services.mending import restore_game

    view = restore_game(database(args), args.name)
    if not args.json:
        emit(_sentence(f"Brought {view.name} back into the lists"))
        return 0
    return show_view(view, args.json)


def _seat(args: argparse.Namespace) -> int:
    from chronicle.cli.games import show_view
    from chronicle.services.mending import seat

    player, _colon, character = args.seat.partition(":")
    view = seat(database(args), args.name, player.strip(), character.strip() or None)
    return show_view(view, args.json)


def _unseat(args: argparse.Namespace) -> int:
    from chronicle.cli.games import show_view
    from chronicle.services.mending import unseat

    return show_view(unseat(database(args), args.name, args.player), args.json)


def _confirmed(plan: Removal, args: argparse.Namespace) -> bool:
    if args.yes:
        return True
    if not sys.stdin.isatty():
        fail("nothing was deleted: add --yes to confirm (no terminal to ask on)")
        return False
    answer = input(f"{'Archive' if plan.action == 'archive' else 'Delete'} "
                   f"{plan.name}? [y/N] ")
    return answer.strip().casefold() in ("y", "yes")


def _delete(args: argparse.Namespace) -> int:
    from chronicle.services import mending

    db = database(args)
    player = getattr(args, "player", None)
    if args.subject == "player":
        plan = mending.plan_player_delete(db, args.name)
    elif args.subject == "character":
        plan = mending.plan_character_delete(db, args.name, player)
    else:
        plan = mending.plan_game_delete(db, args.name)
    if plan.action == "refuse":
        if args.json:
            emit_json(plan.to_dict())
        fail(f"refused: {plan.describe()}")
        return 1
    if not args.json:
        emit(plan.describe())
    if not _confirmed(plan, args):
        return 2
    if args.subject == "player":
        done = mending.delete_player(db, args.name)
    elif args.subject == "character":
        done = mending.delete_character(db, args.name, player, expected=plan.action)
    else:
        done = mending.delete_game(db, args.name, expected=plan.action)
    if args.json:
        emit_json(done.to_dict())
    else:
        emit(_sentence(f"{'Archived' if done.action == 'archive' else 'Deleted'} {done.name}"))
    return 0
