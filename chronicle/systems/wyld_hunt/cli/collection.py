"""``chronicle collection`` and ``chronicle pack``: the Wyld Hunt cards each player owns (two of
Wyld Hunt's command groups)."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from chronicle.cli.common import add_json, database, out_path, print_or_write, run_service
from chronicle.cli.output import emit, emit_json, table


def register_collection(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``collection`` (the command group's ``register``)."""
    parser.description = "The cards each player owns."
    sub = parser.add_subparsers(dest="collection_command",
                              metavar="add|remove|list|import|export", required=True)
    for verb, helptext in (("add", "record copies of a card"),
                           ("remove", "take copies of a card out")):
        cmd = sub.add_parser(verb, help=helptext, description=helptext.capitalize() + ".")
        cmd.add_argument("card", help="card name (prefix a kind for shared names: waylay:Slavers)")
        cmd.add_argument("--count", type=int, default=1, help="how many copies (default 1)")
        cmd.add_argument("--player", required=True)
        cmd.add_argument("--kind", help="the card's kind, when several kinds share the name")
        add_json(cmd)
        cmd.set_defaults(handler=partial(run_service, _collection_change), sign=1 if verb ==
                         "add" else -1)
    listing = sub.add_parser("list", help="a player's cards", description="List a player's "
                             "cards.")
    listing.add_argument("--player", required=True)
    add_json(listing)
    listing.set_defaults(handler=partial(run_service, _collection_list))
    imp = sub.add_parser("import", help="import a collection CSV (card,set,count)",
                         description="Import a collection from CSV (card,set,count plus "
                                     "optional kind). Every bad row is reported and nothing is "
                                     "imported until the file is fixed.")
    imp.add_argument("file", type=Path)
    imp.add_argument("--player", required=True)
    imp.add_argument("--replace", action="store_true",
                     help="set the collection to exactly the file's counts (default: add)")
    add_json(imp)
    imp.set_defaults(handler=partial(run_service, _collection_import))
    exp = sub.add_parser("export", help="export a collection as CSV",
                         description="Export a player's collection as CSV.")
    exp.add_argument("--player", required=True)
    exp.add_argument("--out", type=out_path, help="write to this file (default: print)")
    exp.add_argument("--force", action="store_true", help="overwrite an existing file")
    exp.set_defaults(handler=partial(run_service, _collection_export))


def register_pack(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``pack`` (the command group's ``register``)."""
    parser.description = "Record the cards of a pack in one step."
    sub = parser.add_subparsers(dest="pack_command", metavar="open", required=True)
    opened = sub.add_parser("open", help="open a Character Pack or a Story Pack",
                            description="Record a Character Pack (1 icon, 14 Merits and Flaws) "
                                        "or a Story Pack (1 quest, 7 Leagues, 7 Waylays); a "
                                        "pack that differs is recorded with a warning.")
    opened.add_argument("type", choices=("character", "story"))
    opened.add_argument("cards", nargs="+", help="the cards in the pack")
    opened.add_argument("--player", required=True)
    add_json(opened)
    opened.set_defaults(handler=partial(run_service, _pack_open))


def _collection_change(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.collection import add_cards

    result = add_cards(database(args), args.player, [(args.card, args.sign * args.count)],
                       kind=args.kind)
    if args.json:
        emit_json(result.to_dict())
    else:
        for name, kind, count in result.counts:
            emit(f"{result.player} now owns {count} {name} ({kind}).")
    return 0


def _collection_list(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.collection import list_collection

    found = list_collection(database(args), args.player)
    if args.json:
        emit_json([o.to_dict() for o in found])
        return 0
    if not found:
        emit(f"{args.player} owns no cards yet: 'chronicle pack open' or 'chronicle collection "
             "add'.")
        return 0
    table(["card", "kind", "count", "note"],
          [[o.name, o.kind, str(o.count), "" if o.card else "not in the catalog"] for o in found],
          [34, 7, 5, 20])
    emit()
    emit(f"{sum(o.count for o in found)} cards, {len(found)} different.")
    return 0


def _collection_import(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.csvio import import_collection_csv

    result = import_collection_csv(database(args), args.player, args.file,
                                   mode="replace" if args.replace else "add")
    if args.json:
        emit_json(result.to_dict())
    else:
        emit(str(result))
    return 0


def _collection_export(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.csvio import export_collection_csv

    text = export_collection_csv(database(args), args.player)
    return print_or_write(text, args.out, args.force)


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
