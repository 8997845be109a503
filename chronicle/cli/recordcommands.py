"""The commands every game's kept records share on the command line: ``rename``, ``delete``,
``restore`` and ``export`` (the record as the game's own file), added to a game's command
group by one call each, over the game's ``chronicle.services.gamerecords.GameRecords``; and
:func:`add_view_command`, a command over one record that prints the view a use case gives
(its ``lines()``, or its ``to_dict()`` with ``--json``).

The game's records and its file writer are lazy names (``"package.module:attribute"``), so
building the parser imports nothing of the game's services. Every handler runs through
``chronicle.cli.common.run_service``: exit 0 done, 1 refused, 2 bad input or an unknown name.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from chronicle.cli.common import add_json, database, out_path, print_or_write, run_service
from chronicle.cli.output import emit, emit_json

if TYPE_CHECKING:
    from chronicle.services.db import Database


def _player(parser: argparse.ArgumentParser, label: str) -> None:
    parser.add_argument("--player", help=f"whose {label} (needed when two players have one "
                                          "of that name)")


def add_record_commands(sub: Any, records: str, label: str, *, player: bool = False,
                        history: str = "history") -> None:
    """Add ``rename NAME NEW_NAME``, ``delete NAME`` and ``restore NAME`` to the subparsers
    ``sub`` of a game's command group. ``records``: the lazy name of the kind's
    ``GameRecords``; ``label``: how a person calls one (``"game"``); ``player``: a record
    belongs to a player (``--player`` is taken); ``history``: what a record has that makes
    deleting it archive it."""
    rename = sub.add_parser("rename", help=f"rename a {label}",
                            description=f"Give a {label} another name; its {history} is kept.")
    rename.add_argument("name")
    rename.add_argument("new_name")
    delete = sub.add_parser(
        "delete", help=f"delete a {label} (one with a {history} is archived)",
        description=f"Delete a {label}. One with a {history} is archived, not erased: "
                    f"'restore' brings it back.")
    delete.add_argument("name")
    restore = sub.add_parser("restore", help=f"bring back an archived {label}",
                             description=f"Bring back an archived {label}.")
    restore.add_argument("name")
    for parser, handler in ((rename, _rename), (delete, _delete), (restore, _restore)):
        if player:
            _player(parser, label)
        parser.set_defaults(handler=partial(run_service, partial(handler, records, label)))


def add_export_file(sub: Any, export: str, label: str, file: str, *, player: bool = False,
                    flags: tuple[str, ...] = ("--out",)) -> argparse.ArgumentParser:
    """Add ``export NAME [--out FILE] [--force]``: the record as the game's ``file`` (printed
    without ``--out``, never over a file unasked). ``export``: the lazy name of
    ``export(db, name[, player]) -> str`` (with ``player`` when a record is a player's)."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "export", help=f"write a {label} as {file}",
        description=f"Write a {label} as {file} (printed when no file is named), which "
                    "'chronicle check' and 'import' read back.")
    parser.add_argument("name")
    parser.add_argument(*flags, dest="out", type=out_path, metavar="FILE",
                        help="the file to write (default: print it)")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    if player:
        _player(parser, label)
    parser.set_defaults(handler=partial(run_service, partial(_export, export, player)))
    return parser


def add_view_command(sub: Any, name: str, help: str,
                     use: Callable[[Database, argparse.Namespace], Any], *,
                     player: bool = False) -> argparse.ArgumentParser:
    """Add ``name NAME [--player P] [--json]``: runs ``use(db, args)`` (a use case giving a
    view: a dataclass, or anything with ``to_dict()``) and prints the view: its ``lines()``
    when it has them, else a line per key (``--json``: them all). ``player``:
    ``--player`` is required (a record of the kind is a player's). The caller adds the
    command's own arguments to the parser returned."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help,
                                                     description=help[:1].upper() + help[1:])
    parser.add_argument("name")
    if player:
        parser.add_argument("--player", required=True, help="whose it is")
    add_json(parser)
    parser.set_defaults(handler=partial(run_service, partial(_view, use)))
    return parser


def _view(use: Callable[[Database, argparse.Namespace], Any], args: argparse.Namespace) -> int:
    from chronicle.services.gamerecords import as_dict

    view = use(database(args), args)
    if args.json:
        emit_json(as_dict(view))
        return 0
    said = getattr(view, "lines", None)
    for line in said() if said is not None else (
            f"{key}: {', '.join(map(str, value)) if isinstance(value, list) else value}"
            for key, value in as_dict(view).items()):
        emit(line)
    return 0


def _records(name: str) -> Any:
    from chronicle.systems.protocol import load_name

    return load_name(name)


def _rename(records: str, label: str, args: argparse.Namespace) -> int:
    view = _records(records).rename(database(args), args.name, args.new_name,
                                    getattr(args, "player", None))
    emit(f"Renamed {args.name} to {view.name}.")
    return 0


def _delete(records: str, label: str, args: argparse.Namespace) -> int:
    emit(_records(records).delete(database(args), args.name, getattr(args, "player", None)))
    return 0


def _restore(records: str, label: str, args: argparse.Namespace) -> int:
    view = _records(records).restore(database(args), args.name, getattr(args, "player", None))
    owner = getattr(view, "player", None)
    emit(f"Restored {view.name}" + (f" ({owner}'s {label})" if owner else "")
         + ": it is back in use.")
    return 0


def _export(export: str, player: bool, args: argparse.Namespace) -> int:
    writer = _records(export)
    text = writer(database(args), args.name, args.player) if player else \
        writer(database(args), args.name)
    return print_or_write(str(text), args.out, args.force)
