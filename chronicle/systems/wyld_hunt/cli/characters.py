"""``chronicle character``: create, build, show, list, export and import characters."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from chronicle.cli.common import (
    add_json,
    add_player,
    command,
    database,
    out_path,
    print_or_write,
    run_service,
)
from chronicle.cli.output import emit, fail, listed, table
from chronicle.cli.systems import EditionKeys
from chronicle.systems.wyld_hunt.cli.mendcommands import register_character
from chronicle.systems.wyld_hunt.cli.show import show_character


def register(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``character`` (the command group's ``register``)."""
    parser.description = "Characters, built from their player's cards."
    sub = parser.add_subparsers(dest="character_command",
                                metavar="new|show|list|add|remove|set|export|import|rename|"
                                        "delete|restore-archived",
                                required=True)
    new = command(sub, "new", _new, "create a character",
                  "Create a character.", args=("name",), json=True)
    new.add_argument("--player", required=True)
    new.add_argument("--system", default="wyld-hunt", choices=EditionKeys(), metavar="EDITION",
                     help="the edition: %(choices)s (default %(default)s)")
    new.add_argument("--icon", help="the Character Icon, e.g. 'Sidhe Female'")
    new.add_argument("--court", choices=("seelie", "unseelie"),
                     help="your choice, used on a tie")
    new.add_argument("--background", help="who the character is, in a few words")

    show = command(sub, "show", _show, "a character's sheet and report",
                   "Show a character: its cards, points, experience, "
                   "Waylay bonus and every rule problem.", args=("name",), json=True)
    add_player(show)

    listing = command(sub, "list", _list, "list characters",
                      "List characters.", json=True)
    add_player(listing)
    listing.add_argument("--archived", action="store_true",
                         help="list the archived characters instead")
    listing.add_argument("--page", type=int, default=None, metavar="N",
                         help=f"the Nth page of {PER_PAGE} (a table shows the first page when "
                         "there are more; --json lists every character unless given)")

    for verb, helptext in (("add", "add creation Merits and Flaws"),
                           ("remove", "remove creation Merits and Flaws")):
        cmd = sub.add_parser(verb, help=helptext,
                             description=helptext.capitalize() + " (while the chronicle is "
                             "empty; afterwards use 'chronicle xp').")
        cmd.add_argument("name")
        cmd.add_argument("--merit", action="append", default=[], help="a Merit (repeatable)")
        cmd.add_argument("--flaw", action="append", default=[], help="a Flaw (repeatable)")
        add_player(cmd)
        cmd.add_argument("--expect-version", type=int, dest="expected_version",
                         help="refuse if the character changed since this version")
        add_json(cmd)
        cmd.set_defaults(handler=partial(run_service, _cards), verb=verb)

    setter = command(sub, "set", _set, "set the name, icon, court or background",
                     "Set a character's name, icon, court or background.",
                     args=("name",), json=True)
    setter.add_argument("--name", dest="new_name", help="a new name")
    setter.add_argument("--icon")
    setter.add_argument("--court", choices=("seelie", "unseelie", ""))
    setter.add_argument("--background")
    add_player(setter)
    setter.add_argument("--expect-version", type=int, dest="expected_version")

    export = command(sub, "export", _export, "write the character file",
                     "Write a character, chronicle included, as the "
                     "character file 'chronicle check' reads.", args=("name",))
    add_player(export)
    export.add_argument("--out", type=out_path, help="the file (default: print it)")
    export.add_argument("--force", action="store_true", help="overwrite an existing file")

    imported = command(sub, "import", _import, "create a character from a character file",
                       "Create a character, chronicle included, from a "
                       "character file.", json=True)
    imported.add_argument("file", type=Path)
    imported.add_argument("--player", help="the owner (default: the file's player)")
    imported.add_argument("--own-missing", action="store_true",
                          help="add the cards it uses that the player lacks to the collection")
    register_character(sub)


def _new(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import new_character

    view = new_character(database(args), args.player, args.name, system=args.system,
                         icon=args.icon, court=args.court, background=args.background)
    return show_character(view, args.json)


def _show(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import show_character as service

    return show_character(service(database(args), args.name, args.player), args.json)


PER_PAGE = 50
"""Characters per page of ``character list`` (each is read whole: its chronicle replayed)."""


def _list(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import count_characters, list_characters

    db = database(args)
    if args.page is not None and args.page < 1:
        fail(f"--page counts from 1, not {args.page}")
        return 2
    total = count_characters(db, args.player, archived=args.archived)
    pages = max(1, -(-total // PER_PAGE))
    number = args.page if args.page is not None else 1
    paged = args.page is not None or (not args.json and total > PER_PAGE)
    found = list_characters(db, args.player, archived=args.archived,
                            page=((number - 1) * PER_PAGE, PER_PAGE) if paged else None)
    if listed(found, args.json, "No archived characters." if args.archived else
              "No characters yet: 'chronicle character new NAME --player P'."):
        return 0
    rows = []
    for view in found:
        s = view.report.summary
        rows.append([view.name, view.player, s["icon"] or "-", s["court"] or "-",
                     f"{s['xp_earned']}/{s['xp_unspent']}", f"+{s['waylay_bonus']}",
                     "valid" if view.report.valid else f"{len(view.report.errors)} error(s)"])
    table(["character", "player", "icon", "court", "xp/unspent", "bonus", "rules"], rows,
          [16, 10, 16, 8, 10, 5, 10])
    if paged and pages > 1:
        emit(f"page {number} of {pages} ({total} characters): --page N shows another")
    return 0


def _cards(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import edit_character

    if not args.merit and not args.flaw:
        fail("name at least one --merit or --flaw")
        return 2
    if args.verb == "add":
        view = edit_character(database(args), args.name, player=args.player,
                              add_merits=tuple(args.merit), add_flaws=tuple(args.flaw),
                              expected_version=args.expected_version)
    else:
        view = edit_character(database(args), args.name, player=args.player,
                              remove_merits=tuple(args.merit), remove_flaws=tuple(args.flaw),
                              expected_version=args.expected_version)
    return show_character(view, args.json)


def _set(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import edit_character, rename_character

    if args.new_name is not None:
        view = rename_character(database(args), args.name, args.new_name, player=args.player,
                                expected_version=args.expected_version)
        args.name = view.name
        args.expected_version = None
        if args.icon is None and args.court is None and args.background is None:
            return show_character(view, args.json)
    view = edit_character(database(args), args.name, player=args.player, icon=args.icon,
                          court=args.court, background=args.background,
                          expected_version=args.expected_version)
    return show_character(view, args.json)


def _export(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import export_character

    text = export_character(database(args), args.name, args.player)
    return print_or_write(text, args.out, args.force)


def _import(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.characters import import_character

    view = import_character(database(args), args.file, player=args.player,
                            own_missing=args.own_missing)
    if not args.json:
        emit(f"Imported {view.name} for {view.player} with {len(view.history)} event(s).")
    return show_character(view, args.json)
