"""Wyld Hunt's ``chronicle export`` subcommands (its ``sheet_front``): a character's ``sheet``
(``--pencil``: the play aid), its chronicle (``log``), a game's preparation (``game``) and all
of a player's characters (``player``), each with the destination and paper options every
export has (``chronicle.cli.exports``), written by ``services.sheetfiles``."""

from __future__ import annotations

import argparse
from typing import Any

from chronicle.cli.common import add_player, command, database
from chronicle.cli.exports import add_destination, export_options
from chronicle.cli.output import emit

PENCIL = ("a play aid: exhausted boxes, lines to write on, an experience tally and a Quest "
          "Treasures box")


def register(sub: Any) -> None:
    """Add ``sheet``, ``log``, ``game`` and ``player`` to ``chronicle export``'s subcommands."""
    sheet = command(sub, "sheet", _sheet, "a character sheet",
                    "Write a character's sheet, laid out like the rulebook's.",
                    args=("character",))
    add_player(sheet)
    sheet.add_argument("--pencil", action="store_true", help=PENCIL)
    add_destination(sheet)

    log = command(sub, "log", _log, "a character's chronicle",
                  "Write every game and purchase of a character's chronicle, in order, with "
                  "running totals.", args=("character",))
    add_player(log)
    add_destination(log)

    game = command(sub, "game", _game, "a game's preparation sheet",
                   "Write a game's preparation: each player's quests with effective ratings, "
                   "chosen Waylays, Treasures and Leagues against their limits, and who "
                   "waylays whom.", args=("game",))
    add_destination(game)

    player = command(sub, "player", _player, "all characters of a player, in one file",
                     "Write the sheets of all of a player's characters into one PDF.",
                     args=("player",))
    player.add_argument("--pencil", action="store_true", help=PENCIL)
    add_destination(player)


def _sheet(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.sheetfiles import export_sheet

    path = export_sheet(database(args), args.character, args.player, pencil=args.pencil,
                        **export_options(args))
    emit(f"Wrote {path}")
    return 0


def _log(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.sheetfiles import export_log

    path = export_log(database(args), args.character, args.player, **export_options(args))
    emit(f"Wrote {path}")
    return 0


def _game(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.sheetfiles import export_game

    path = export_game(database(args), args.game, **export_options(args))
    emit(f"Wrote {path}")
    return 0


def _player(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.sheetfiles import export_player

    path = export_player(database(args), args.player, pencil=args.pencil,
                         **export_options(args))
    emit(f"Wrote {path}")
    return 0
