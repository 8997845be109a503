"""``chronicle player``: the players of the play group (every game's)."""

from __future__ import annotations

import argparse
from typing import Any

from chronicle.cli.common import command, database
from chronicle.cli.deletecommands import register_player
from chronicle.cli.output import emit, emit_json, table


def register(commands: Any) -> None:
    """Add ``player``."""
    player = commands.add_parser("player", help="players of the group",
                                 description="The players of the play group.")
    sub = player.add_subparsers(dest="player_command", metavar="add|list|rename|delete",
                                required=True)
    command(sub, "add", _player_add, "add a player",
            "Add a player.", args=("name",), json=True)
    command(sub, "list", _player_list, "list players",
            "List the players.", json=True)
    register_player(sub)

def _player_add(args: argparse.Namespace) -> int:
    from chronicle.services.players import add_player

    info = add_player(database(args), args.name)
    if args.json:
        emit_json(info.to_dict())
    else:
        emit(f"Added player {info.name}.")
    return 0


def _player_list(args: argparse.Namespace) -> int:
    from chronicle.services.players import list_players

    found = list_players(database(args))
    if args.json:
        emit_json([p.to_dict() for p in found])
        return 0
    if not found:
        emit("No players yet: 'chronicle player add NAME', or 'chronicle demo' for an example.")
        return 0
    table(["player", "cards", "holds"], [[p.name, str(p.cards), p.said()] for p in found],
          [20, 6, 50])
    return 0
