"""``chronicle export``: printable PDFs of every installed game's sheets (``GameSystem.sheets``:
the export subcommand's name to a lazy ``build(db, name, player) -> Document``; a game whose
sheets take options of their own adds them through its ``sheet_front``), read from the
registry only when the command line holds ``export``, and the season summary of every game
(``stats``). Every export takes the same destination and paper options."""

from __future__ import annotations

import argparse
from functools import partial
from typing import TYPE_CHECKING, Any

from chronicle.cli.common import add_player, command, database, out_file_or_folder, run_service
from chronicle.cli.output import emit, fail

if TYPE_CHECKING:
    from chronicle.systems.protocol import GameSystem

DESTINATION = ("the file to write, or a folder for the default name (default: "
               "exports/<name>.pdf in the current folder, created when missing)")


def add_destination(parser: argparse.ArgumentParser) -> None:
    """Add what every export takes: ``--out``, ``--force`` and ``--paper``."""
    parser.add_argument("--out", type=out_file_or_folder, metavar="PATH", help=DESTINATION)
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    parser.add_argument("--paper", choices=("a4", "letter"), type=str.lower,
                        help="the paper size (default: the CHRONICLE_PAPER setting, else "
                             "letter where the locale's country uses it, else a4)")


def export_options(args: argparse.Namespace) -> dict[str, Any]:
    """What every export takes from the command line: destination, paper, and where to say
    which characters will not print."""
    return {"out": args.out, "force": args.force, "paper": args.paper, "warn": fail}


def register(commands: Any, *, with_systems: bool = True) -> None:
    """Add ``export`` and its subcommands, with (``with_systems``) every installed game's
    sheets from the registry, the home game's first."""
    parser = commands.add_parser(
        "export", help="printable PDFs: every game's sheets, and the season summary",
        description="Write printable PDFs. An existing file is never overwritten without "
                    "--force.")
    sub = parser.add_subparsers(dest="export_command", metavar="SHEET", required=True)
    systems: list[GameSystem] = []
    if with_systems:
        from chronicle.systems import registry

        systems = sorted(registry.systems(), key=lambda one: one.key != registry.home())
    for system in systems[:1]:
        _add_system_sheets(sub, system)
    stats = command(sub, "stats", _stats, "the group's season summary, with charts",
                    "Write the season summary of every game with recorded "
                    "plays: each player's record, win rates and each "
                    "game's charts and tables (chronicle stats's numbers).")
    stats.add_argument("--system", metavar="KEY", help="only this game")
    stats.add_argument("--since", metavar="DATE", help="only games from this day on")
    add_player(stats)
    add_destination(stats)
    for system in systems[1:]:
        _add_system_sheets(sub, system)
    sub.metavar = "|".join(sub.choices)


def _add_system_sheets(sub: Any, system: GameSystem) -> None:
    """``chronicle export <sheet> NAME``: one game's sheets, those of its ``sheet_front`` with
    the options it gives them, the others with ``NAME`` and ``--player``; a name already taken
    is left out."""
    from chronicle.systems.protocol import load_name

    if system.sheet_front is not None:
        try:
            front = load_name(system.sheet_front)
        except (ImportError, AttributeError, ValueError):
            front = None  # its sheets are added the plain way (chronicle systems verify says)
        if front is not None:
            front(sub)
    for name, target in system.sheets.items():
        if name in sub.choices:
            continue
        sheet = sub.add_parser(name, help=f"{system.label}: a {name} on paper",
                               description=f"Write the printable {name} of {system.label} "
                                           "called NAME.")
        sheet.add_argument("name", metavar="NAME")
        add_player(sheet)
        add_destination(sheet)
        sheet.set_defaults(handler=partial(run_service, partial(_system_sheet, system.label,
                                                                name, target)))


def _system_sheet(label: str, sheet: str, target: str, args: argparse.Namespace) -> int:
    """Build a game's sheet with its ``build(db, name, player) -> Document`` and write it as
    every export is written."""
    from chronicle.services.exports import destination, write_document
    from chronicle.systems.protocol import load_name

    try:
        build = load_name(target)
    except (ImportError, AttributeError, ValueError) as exc:
        fail(f"the {sheet} of {label} cannot be printed: its builder {target!r} cannot be "
             f"loaded ({type(exc).__name__}: {exc})")
        return 2
    document = build(database(args), args.name, args.player)
    stem = document.parts[0].title if document.parts else args.name
    path = write_document(document, destination(stem, args.out, suffix=f"-{sheet}",
                                                fallback=sheet),
                          force=args.force, paper=args.paper, warn=fail)
    emit(f"Wrote {path}")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from chronicle.services.exports import destination, write_document
    from chronicle.services.stats import parse_since
    from chronicle.services.statsexport import season_document

    document = season_document(database(args), system=args.system, player=args.player,
                               since=parse_since(args.since))
    path = write_document(document, destination("season-summary", args.out),
                          force=args.force, paper=args.paper, warn=fail)
    emit(f"Wrote {path}")
    return 0
