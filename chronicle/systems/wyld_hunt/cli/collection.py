"""``chronicle pack``: a whole pack of Wyld Hunt cards recorded in a player's collection in one
step (one of Wyld Hunt's command groups; ``chronicle collection`` is the generic command, which
reaches the game's collection rules through ``GameSystem.collection``)."""

from __future__ import annotations

import argparse

from chronicle.cli.common import command, database
from chronicle.cli.output import emit, emit_json


def register_pack(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``pack`` (the command group's ``register``)."""
    parser.description = "Record the cards of a pack in one step."
    sub = parser.add_subparsers(dest="pack_command", metavar="open", required=True)
    opened = command(sub, "open", _pack_open, "open a Character Pack or a Story Pack",
                     "Record a Character Pack (1 icon, 14 Merits and Flaws) "
                     "or a Story Pack (1 quest, 7 Leagues, 7 Waylays); a "
                     "pack that differs is recorded with a warning.", json=True)
    opened.add_argument("type", choices=("character", "story"))
    opened.add_argument("cards", nargs="+", help="the cards in the pack")
    opened.add_argument("--player", required=True)


def _pack_open(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.collection import open_pack

    result = open_pack(database(args), args.player, args.type, args.cards)
    if args.json:
        emit_json(result.to_dict())
        return 0
    emit(f"Recorded {len(args.cards)} cards for {result.player}.")
    for warning in result.warnings:
        emit(f"warning {warning.code}: {warning.message}")
    return 0
