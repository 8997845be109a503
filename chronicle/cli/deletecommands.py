"""Mending mistakes on the command line, for every game: ``player rename|delete`` thin over
``chronicle.services.playermending``, and the confirmation every delete asks (a game's own
deletes use it too: Wyld Hunt's ``character delete`` and ``game delete``).

A delete first says what it will do and what the thing holds, and asks; ``--yes`` answers for
scripts (without a terminal and without ``--yes`` nothing is deleted, exit status 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from chronicle.cli.common import add_json, add_player, command, database, run_service
from chronicle.cli.output import emit, emit_json, fail

if TYPE_CHECKING:
    from chronicle.services.playermending import Removal


def sentence(text: str) -> str:
    """``text`` with one full stop at the end (a name may end with its own)."""
    return text if text.endswith(".") else text + "."


def add_yes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--yes", action="store_true",
                        help="do it without asking (what it does is still printed)")


def add_delete(sub: Any, handler: Callable[[argparse.Namespace], int], subject: str,
               help_text: str, description: str, *, player: bool = False) -> None:
    """Add a ``delete NAME`` command that asks as every delete does (``--yes``, ``--json``;
    ``--player`` when ``player``), its refusals printed by ``run_service``."""
    delete = sub.add_parser("delete", help=help_text, description=description)
    delete.add_argument("name")
    if player:
        add_player(delete)
    add_yes(delete)
    add_json(delete)
    delete.set_defaults(handler=partial(run_service, handler), subject=subject)


def register_player(sub: Any) -> None:
    """Add ``player rename`` and ``player delete``."""
    command(sub, "rename", _player_rename, "rename a player",
            "Give a player another name; their cards, characters "
            "and seats stay theirs.", args=("name", "new_name"), json=True)
    add_delete(sub, _player_delete, "player", "delete a player",
               "Delete a player and their collection. Refused while they have characters or "
               "seats at games (named).")


def _player_rename(args: argparse.Namespace) -> int:
    from chronicle.services.playermending import rename_player

    info = rename_player(database(args), args.name, args.new_name)
    if args.json:
        emit_json(info.to_dict())
    else:
        emit(sentence(f"Renamed {args.name} to {info.name}"))
    return 0


def _confirmed(plan: Removal, args: argparse.Namespace) -> bool:
    if args.yes:
        return True
    if not sys.stdin.isatty():
        fail("nothing was deleted: add --yes to confirm (no terminal to ask on)")
        return False
    answer = input(f"{'Archive' if plan.action == 'archive' else 'Delete'} "
                   f"{plan.name}? [y/N] ")
    return answer.strip().casefold() in ("y", "yes")


def remove(plan: Removal, args: argparse.Namespace, done: Callable[[Removal], Removal]) -> int:
    """Carry out a delete ``plan``: print a refusal (exit status 1), else say what it does, ask
    (unless ``--yes``; exit status 2 when not confirmed), then ``done(plan)`` and say what was
    done."""
    if plan.action == "refuse":
        if args.json:
            emit_json(plan.to_dict())
        fail(f"refused: {plan.describe()}")
        return 1
    if not args.json:
        emit(plan.describe())
    if not _confirmed(plan, args):
        return 2
    result = done(plan)
    if args.json:
        emit_json(result.to_dict())
    else:
        emit(sentence(f"{'Archived' if result.action == 'archive' else 'Deleted'} {result.name}"))
    return 0


def _player_delete(args: argparse.Namespace) -> int:
    from chronicle.services import playermending as mending

    db = database(args)
    plan = mending.plan_player_delete(db, args.name)
    return remove(plan, args, lambda _plan: mending.delete_player(db, args.name))
