"""``chronicle export``: printable PDFs of a character sheet, a chronicle, a game's preparation
and all characters of a player, and every installed game's sheets (``GameSystem.sheets``: the
export subcommand's name to a lazy ``build(db, name, player) -> Document``), read from the
registry only when the command line holds ``export``."""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from chronicle.cli.common import add_player, command, database, out_file_or_folder, run_service
from chronicle.cli.output import emit, fail

DESTINATION = ("the file to write, or a folder for the default name (default: "
               "exports/<name>.pdf in the current folder, created when missing)")


def _add_destination(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=out_file_or_folder, metavar="PATH", help=DESTINATION)
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    parser.add_argument("--paper", choices=("a4", "letter"), type=str.lower,
                        help="the paper size (default: the CHRONICLE_PAPER setting, else "
                             "letter where the locale's country uses it, else a4)")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """What every export takes from the command line: destination, paper, and where to say
    which characters will not print."""
    return {"out": args.out, "force": args.force, "paper": args.paper, "warn": fail}


def register(commands: Any, *, with_systems: bool = True) -> None:
    """Add ``export`` and its subcommands, with (``with_systems``) every installed game's
    sheets from the registry (``GameSystem.sheets``)."""
    parser = commands.add_parser(
        "export", help="printable PDFs: character sheets, chronicles, game preparation, "
                       "and every game's sheets",
        description="Write printable PDFs. An existing file is never overwritten without "
                    "--force.")
    sub = parser.add_subparsers(dest="export_command", metavar="SHEET", required=True)

    sheet = command(sub, "sheet", _sheet, "a character sheet",
                    "Write a character's sheet, laid out like the "
                    "rulebook's.", args=("character",))
    add_player(sheet)
    sheet.add_argument("--pencil", action="store_true",
                       help="a play aid: exhausted boxes, lines to write on, an "
                            "experience tally and a Quest Treasures box")
    _add_destination(sheet)

    log = command(sub, "log", _log, "a character's chronicle",
                  "Write every game and purchase of a character's "
                  "chronicle, in order, with running totals.", args=("character",))
    add_player(log)
    _add_destination(log)

    game = command(sub, "game", _game, "a game's preparation sheet",
                   "Write a game's preparation: each player's quests with "
                   "effective ratings, chosen Waylays, Treasures and Leagues "
                   "against their limits, and who waylays whom.", args=("game",))
    _add_destination(game)

    player = command(sub, "player", _player, "all characters of a player, in one file",
                     "Write the sheets of all of a player's characters "
                     "into one PDF.", args=("player",))
    player.add_argument("--pencil", action="store_true",
                        help="a play aid: exhausted boxes, lines to write on, an "
                             "experience tally and a Quest Treasures box")
    _add_destination(player)

    stats = command(sub, "stats", _stats, "the group's season summary, with charts",
                    "Write the season summary of every game with recorded "
                    "plays: each player's record, win rates and each "
                    "game's charts and tables (chronicle stats's numbers).")
    stats.add_argument("--system", metavar="KEY", help="only this game")
    stats.add_argument("--since", metavar="DATE", help="only games from this day on")
    add_player(stats)
    _add_destination(stats)
    if with_systems:
        _add_system_sheets(sub)
    sub.metavar = "|".join(sub.choices)


def _add_system_sheets(sub: Any) -> None:
    """``chronicle export <sheet> NAME``: each installed game's sheets (Wyld Hunt's own
    ``sheet``, ``log``, ``game`` and ``player`` keep their names)."""
    from chronicle.systems import registry

    for system in sorted(registry.systems(), key=lambda one: one.key != registry.home()):
        for name, target in system.sheets.items():
            if name in sub.choices:
                continue
            sheet = sub.add_parser(name, help=f"{system.label}: a {name} on paper",
                                   description=f"Write the printable {name} of {system.label} "
                                               "called NAME.")
            sheet.add_argument("name", metavar="NAME")
            add_player(sheet)
            _add_destination(sheet)
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


def _sheet(args: argparse.Namespace) -> int:
    from chronicle.services.exports import export_sheet

    path = export_sheet(database(args), args.character, args.player, pencil=args.pencil,
                        **_options(args))
    emit(f"Wrote {path}")
    return 0


def _log(args: argparse.Namespace) -> int:
    from chronicle.services.exports import export_log

    path = export_log(database(args), args.character, args.player, **_options(args))
    emit(f"Wrote {path}")
    return 0


def _game(args: argparse.Namespace) -> int:
    from chronicle.services.exports import export_game

    path = export_game(database(args), args.game, **_options(args))
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


def _player(args: argparse.Namespace) -> int:
    from chronicle.services.exports import export_player

    path = export_player(database(args), args.player, pencil=args.pencil, **_options(args))
    emit(f"Wrote {path}")
    return 0
