"""Helpers for the database commands of every game: opening the database named by ``--db``,
the arguments they share, files to write, and refusals printed the same way everywhere."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.cli.output import emit, emit_json, fail
from chronicle.rules.report import Front

if TYPE_CHECKING:
    from chronicle.services.db import Database


def out_path(text: str) -> Path:
    """An ``argparse`` type for a file to write: a name ending in a folder separator is
    refused (it names a folder, not a file), as is an empty name or one holding NUL."""
    import os

    separators = tuple({os.sep, os.altsep or os.sep, "/"})
    if not text or "\x00" in text:
        raise argparse.ArgumentTypeError("name a file to write")
    if text.endswith(separators):
        raise argparse.ArgumentTypeError(
            f"{text!r:.80} ends with a folder separator: name the file to write after it")
    return Path(text)


def out_file_or_folder(text: str) -> Path:
    """An ``argparse`` type for where to write a file: a file, or an existing folder (for
    the default name). A name ending in a separator must be an existing folder, so it never
    becomes a file of that name."""
    import os

    separators = tuple({os.sep, os.altsep or os.sep, "/"})
    if text.endswith(separators) and not Path(text).is_dir():
        raise argparse.ArgumentTypeError(
            f"{text!r:.80} ends with a folder separator but there is no such folder: create "
            "it first, or name the file to write")
    if text.endswith(separators):
        return Path(text)
    return out_path(text)


def database(args: argparse.Namespace) -> Database:
    """The database of ``--db`` (else ``CHRONICLE_DB``, else the default file), migrated."""
    from chronicle.services.db import open_database

    return open_database(getattr(args, "db", None))


def add_json(parser: argparse.ArgumentParser) -> None:
    """Add ``--json``."""
    parser.add_argument("--json", action="store_true", help="print JSON")


def command(sub: Any, name: str, handler: Callable[[argparse.Namespace], int], help: str,
            description: str | None = None, *, args: tuple[str, ...] = (),
            json: bool = False, service: bool = True) -> argparse.ArgumentParser:
    """Add the subcommand ``name`` to the subparsers ``sub``, run by ``handler`` through
    :func:`run_service` (the services' errors as messages and exit statuses; with ``service``
    false, ``handler`` alone, for a command that reports its own errors): ``args`` its plain
    positional arguments, ``json`` adds ``--json``. The caller adds the rest."""
    from functools import partial

    parser: argparse.ArgumentParser = sub.add_parser(name, help=help,
                                                     description=description or help)
    for arg in args:
        parser.add_argument(arg)
    if json:
        add_json(parser)
    parser.set_defaults(handler=partial(run_service, handler) if service else handler)
    return parser


def add_player(parser: argparse.ArgumentParser, required: bool = False) -> None:
    """Add ``--player``."""
    parser.add_argument("--player", required=required,
                        help="the player (needed when two players' characters share a name)"
                        if not required else "the player")


def run_service(handler: Any, args: argparse.Namespace) -> int:
    """Run a database command, turning the services' errors into messages and exit codes:
    1 when the rules refused or someone else saved first, 2 for bad input or unknown names."""
    from chronicle.errors import ChronicleError, Conflict, NotFound, Refused

    try:
        result: int = handler(args)
        return result
    except Refused as exc:
        names = {**_subjects(args), **exc.names}
        if getattr(args, "json", False):
            emit_json({"refused": str(exc),
                       "violations": [v.to_dict(**names) for v in exc.report.violations]})
        fail(f"refused: {exc}")
        for violation in exc.report.violations:
            fix = violation.fix_for(Front.CLI, **names)
            if fix:
                fail(f"  {violation.code}: fix: {fix}")
        return 1
    except Conflict as exc:
        fail(f"conflict: {exc}")
        return 1
    except NotFound as exc:                     # with the violations when a game's rules
        fail(str(exc))                          # found the name unknown, each with its fix
        names = {**_subjects(args), **exc.names}
        if getattr(args, "json", False) and exc.report.violations:
            emit_json({"not_found": str(exc),
                       "violations": [v.to_dict(**names) for v in exc.report.violations]})
        said: set[str] = set()
        for violation in exc.report.violations:
            fix = violation.fix_for(Front.CLI, **names)
            if fix and fix not in said:     # one command may mend several names
                said.add(fix)
                fail(f"  {violation.code}: fix: {fix}")
        return 2
    except ChronicleError as exc:
        fail(str(exc))
        return 2


def _subjects(args: argparse.Namespace) -> dict[str, str]:
    """The game a command names, for the placeholders of its fixes."""
    name = getattr(args, "name", None)
    return {"game": name} if getattr(args, "command", None) == "game" and name else {}


def print_or_write(text: str, out: Path | None, force: bool) -> int:
    """Print ``text``, or write it to ``out`` (never over an existing file without ``force``);
    returns the exit status."""
    if out is None:
        emit(text.rstrip("\n"))
        return 0
    if out.exists() and not force:
        fail(f"{out} exists; add --force to overwrite it")
        return 2
    from chronicle.services.textfiles import write_atomically

    write_atomically(out, text)
    emit(f"Wrote {out}.")
    return 0
