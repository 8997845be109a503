"""``chronicle bag``: the toy's command group, thin over ``toy_game.service``."""

import argparse

from chronicle.cli.recordcommands import add_record_commands, add_view_command
from toy_game.service import BAGS, undo


def register(parser: argparse.ArgumentParser) -> None:
    """``new``, ``put``, ``undo``, ``show`` and every kept record's rename/delete/restore."""
    sub = parser.add_subparsers(dest="bag_command", required=True)
    add_view_command(sub, "new", "a new empty bag", lambda db, a: BAGS.create(
        db, a.name, {"limit": a.limit}, a.player), player=True).add_argument(
            "--limit", type=int, required=True)
    add_view_command(sub, "put", "put a pebble in a bag", lambda db, a: BAGS.append(
        db, a.name, "put", {"pebble": a.pebble}, a.player), player=True).add_argument("pebble")
    add_view_command(sub, "undo", "take back the latest pebble put in",
                     lambda db, a: undo(db, a.player, a.name), player=True)
    add_view_command(sub, "show", "a bag and its history",
                     lambda db, a: BAGS.get(db, a.name, a.player), player=True)
    add_record_commands(sub, "toy_game.service:BAGS", "bag", player=True)
