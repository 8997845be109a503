"""``chronicle backup [PATH]`` and ``chronicle restore PATH``: whole-database copies that are safe
while the app runs (``chronicle.services.backup``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from chronicle.cli.common import add_json, command, database, out_path
from chronicle.cli.output import counts_in_words, emit, emit_json


def register(commands: Any) -> None:
    """Add ``backup`` and ``restore``."""
    saved = command(
        commands, "backup", _backup,
        "write a consistent copy of the whole database (safe while in use)",
        "Write a consistent copy of the whole database, even while the app is running: PATH "
        "ending in .db is a SQLite copy of a SQLite database (SQLite's online backup), .json "
        "the JSON export of any database. Without PATH: a new timestamped file in the data "
        "folder's backups/. An existing file is never overwritten without --force.")
    saved.add_argument("path", nargs="?", type=out_path, metavar="PATH",
                       help="the file to write (.db, .sqlite, .sqlite3 or .json)")
    saved.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_json(saved)
    restored = command(
        commands, "restore", _restore, "replace the database's contents with a backup",
        "Load a backup (a SQLite copy, a JSON export, or an automatic backup taken before a "
        "schema upgrade) into the database, all or nothing. The file is checked completely "
        "first. A database that holds anything is refused unless --force is given; then a "
        "backup of it is taken first.")
    restored.add_argument("path", type=Path, metavar="PATH", help="the backup file")
    restored.add_argument("--force", action="store_true",
                          help="replace a database that is not empty (after backing it up)")
    add_json(restored)


def _backup(args: argparse.Namespace) -> int:
    from chronicle.services.backup import backup

    result = backup(database(args), args.path, force=args.force)
    if args.json:
        emit_json({"path": str(result.path), "kind": result.kind, "counts": result.counts})
        return 0
    what = "SQLite copy" if result.kind == "sqlite" else "JSON export"
    emit(f"Backed up the database to {result.path} ({what}"
         + (": " + counts_in_words(result.counts)
            if result.counts else "") + ").")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from chronicle.services.backup import restore

    result = restore(database(args), args.path, force=args.force)
    if args.json:
        emit_json({"counts": result.counts,
                   "replaced": str(result.replaced) if result.replaced else None})
        return 0
    if result.replaced is not None:
        emit(f"Backed up what the database held to {result.replaced} first.")
    emit(f"Restored {args.path}: " + counts_in_words(result.counts) + ".")
    return 0
