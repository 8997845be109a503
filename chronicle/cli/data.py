"""``chronicle demo`` and ``chronicle db export|import``: example data and whole-database
transfer."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from chronicle.cli.common import command, database, out_path
from chronicle.cli.output import counts_in_words, emit, emit_json


def register(commands: Any) -> None:
    """Add ``demo`` and ``db`` (``export``, ``import``, ``path``, ``check``; ``checkout``,
    ``sync``, ``conflicts``: ``chronicle.cli.sync``)."""
    command(commands, "demo", _demo, "fill a fresh database with the rulebook's example",
            "Fill a fresh database with the rulebook's example: "
            "Tim with Winerdria and Josh with Annoyicus, their "
            "packs, and a first game.")
    db = commands.add_parser("db", help="export or import the whole database",
                             description="The whole database as one JSON file.")
    sub = db.add_subparsers(dest="db_command",
                            metavar="export|import|path|check|checkout|sync|conflicts",
                            required=True)
    export = command(sub, "export", _export, "write every table to one JSON file",
                     "Write the whole database to one JSON file.")
    export.add_argument("file", type=out_path)
    export.add_argument("--force", action="store_true", help="overwrite an existing file")
    imported = command(sub, "import", _import, "load a JSON export into an empty database",
                       "Load a JSON export into an empty database, all or "
                       "nothing.")
    imported.add_argument("file", type=Path)
    imported.add_argument("--json", action="store_true", help="print JSON")
    command(sub, "path", _path, "which database is in use",
            "Print the database URL in use.")
    check = command(sub, "check", _check, "name every row edited into something unusable",
                    "Read every row and name each one edited outside the "
                    "program into something the program cannot use (table, "
                    "id, name, game, what is wrong, code); exit status 1 "
                    "when there is one, 0 when the database is sound.")
    check.add_argument("--json", action="store_true", help="print JSON")
    from chronicle.cli.sync import register as register_sync

    register_sync(sub)


def _demo(args: argparse.Namespace) -> int:
    """The home game's example play group (``HomeParts.demo``)."""
    from chronicle.errors import BadInput
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    home = registry.system(registry.home())
    if home.home.demo is None:
        raise BadInput(f"{home.label} has no example play group")
    for line in load_name(home.home.demo)(database(args)):
        emit(line)
    return 0


def _export(args: argparse.Namespace) -> int:
    from chronicle.services.transfer import write_export

    counts = write_export(database(args), args.file, force=args.force)
    emit(f"Wrote {args.file}: " + counts_in_words(counts)
         + ".")
    return 0


def _import(args: argparse.Namespace) -> int:
    from chronicle.services.transfer import import_all

    counts = import_all(database(args), args.file)
    if args.json:
        emit_json(counts)
    else:
        emit("Imported " + counts_in_words(counts) + ".")
    return 0


def _check(args: argparse.Namespace) -> int:
    from chronicle.cli.output import table
    from chronicle.services.dbcheck import check_database

    found = check_database(database(args))
    if args.json:
        emit_json({"rows": found.rows, "damaged": [r.to_dict() for r in found.damaged]})
        return 1 if found.damaged else 0
    if not found.damaged:
        emit(f"The database is sound: {found.rows:,} rows read, none damaged.")
        return 0
    table(["table", "id", "name", "game", "code", "what is wrong"],
          [[r.table, str(r.id), r.name, r.game, r.code, r.problem] for r in found.damaged],
          [12, 4, 16, 16, 20, 20])
    emit(f"{len(found.damaged)} damaged row(s) of {found.rows:,}: restore them from a backup, "
         "or delete the records named.")
    return 1


def _path(args: argparse.Namespace) -> int:
    from chronicle.persistence.engine import safe_url
    from chronicle.services.db import default_url

    emit(safe_url(args.db or default_url()))  # never the password
    return 0
