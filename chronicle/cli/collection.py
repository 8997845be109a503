"""``chronicle collection add|remove|list|import|export [--system GAME]``: the cards each player
owns, of every installed game (``chronicle.services.collection``); without ``--system``, the
home game's (the registry's default)."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path
from typing import Any

from chronicle.cli.common import add_json, command, database, out_path, print_or_write, run_service
from chronicle.cli.output import emit, emit_json, table


def _add_system(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--system", metavar="GAME",
                        help="the game of the cards (default: the home game; 'chronicle "
                             "systems' lists the installed games)")


def register(commands: Any) -> None:
    """Add the ``collection`` command and its subcommands."""
    parser = commands.add_parser("collection", help="the cards a player owns",
                                 description="The cards each player owns, of every installed "
                                             "game (--system).")
    sub = parser.add_subparsers(dest="collection_command",
                                metavar="add|remove|list|import|export", required=True)
    for verb, helptext in (("add", "record copies of a card"),
                           ("remove", "take copies of a card out")):
        cmd = sub.add_parser(verb, help=helptext, description=helptext.capitalize() + ".")
        cmd.add_argument("card", help="card name (prefix a kind for shared names: waylay:Slavers)")
        cmd.add_argument("--count", type=int, default=1, help="how many copies (default 1)")
        cmd.add_argument("--player", required=True)
        cmd.add_argument("--kind", help="the card's kind, when several kinds share the name")
        _add_system(cmd)
        add_json(cmd)
        cmd.set_defaults(handler=partial(run_service, _change), sign=1 if verb == "add" else -1)
    listing = command(sub, "list", _list, "a player's cards",
                      "List a player's "
                      "cards.", json=True)
    listing.add_argument("--player", required=True)
    _add_system(listing)
    imp = command(sub, "import", _import, "import a collection CSV (card,set,count)",
                  "Import a collection from CSV (card,set,count plus "
                  "optional kind; card,kind,count for a game without "
                  "sets). Every bad row is reported and nothing is "
                  "imported until the file is fixed.", json=True)
    imp.add_argument("file", type=Path)
    imp.add_argument("--player", required=True)
    imp.add_argument("--replace", action="store_true",
                     help="set the collection to exactly the file's counts (default: add)")
    _add_system(imp)
    exp = command(sub, "export", _export, "export a collection as CSV",
                  "Export a player's collection as CSV.")
    exp.add_argument("--player", required=True)
    exp.add_argument("--out", type=out_path, help="write to this file (default: print)")
    exp.add_argument("--force", action="store_true", help="overwrite an existing file")
    _add_system(exp)


def _game(args: argparse.Namespace) -> str:
    from chronicle.systems import registry

    return str(args.system or registry.home())


def _change(args: argparse.Namespace) -> int:
    from chronicle.services.collection import add_cards

    result = add_cards(database(args), _game(args), args.player,
                       [(args.card, args.sign * args.count)], kind=args.kind)
    if args.json:
        emit_json(result.to_dict())
    else:
        for name, kind, count in result.counts:
            emit(f"{result.player} now owns {count} {name} ({kind}).")
    return 0


def _list(args: argparse.Namespace) -> int:
    from chronicle.services.collection import list_collection

    game = _game(args)
    found = list_collection(database(args), game, args.player)
    if args.json:
        emit_json([o.to_dict() for o in found])
        return 0
    if not found:
        from chronicle.services.gamecards import system_named
        from chronicle.systems import registry

        system = system_named(game)
        flag = "" if system.key == registry.home() else f" --system {system.key}"
        emit(f"{args.player} owns no {system.label} cards yet: 'chronicle collection add "
             f"CARD --player {args.player}{flag}'.")
        return 0
    table(["card", "kind", "count", "note"],
          [[o.name, o.kind, str(o.count), "" if o.card else "not in the catalog"] for o in found],
          [34, 7, 5, 20])
    emit()
    emit(f"{sum(o.count for o in found)} cards, {len(found)} different.")
    return 0


def _import(args: argparse.Namespace) -> int:
    from chronicle.services.collection import import_collection_csv

    result = import_collection_csv(database(args), _game(args), args.player, args.file,
                                   mode="replace" if args.replace else "add")
    if args.json:
        emit_json(result.to_dict())
    else:
        emit(str(result))
    return 0


def _export(args: argparse.Namespace) -> int:
    from chronicle.services.collection import export_collection_csv

    text = export_collection_csv(database(args), _game(args), args.player)
    return print_or_write(text, args.out, args.force)
