"""The ``chronicle`` command line: a thin front over ``chronicle.services``.

Heavy modules are imported inside each command, so ``chronicle check`` and ``chronicle odds``
never load the database, TUI or PDF stacks. No traceback reaches the user: expected failures
print a message naming the file or value, and anything unexpected is reported as an internal
error (set ``CHRONICLE_DEBUG=1`` to see the traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from chronicle import __version__
from chronicle.cli import (
    cards,
    characters,
    check,
    completion,
    data,
    exports,
    games,
    group,
    ledger,
    odds,
    overview,
    systems,
)
from chronicle.cli.output import fail


def build_parser(argv: Sequence[str] | None = None, *, completing: bool = False,
                 ) -> argparse.ArgumentParser:
    """The whole command tree (no ``argv``), or the tree ``argv`` needs (start-up): the game
    systems' odds commands are read from the registry only when ``odds`` is in it, and their
    command groups only when the command word is not a built-in command (or for the top-level
    ``--help``, or when the shell is ``completing`` the command word); a group's subcommands
    are added only when it is the command being run.

    Raises:
        systems.BrokenGroup: when the command being run is a game's group that cannot be
            loaded (or may belong to a game system that cannot be loaded).
    """
    parser = argparse.ArgumentParser(
        prog="chronicle",
        description="Arcadia Chronicle: cards, characters, chronicles and game preparation for "
                    "Arcadia: The Wyld Hunt, and each installed game's own commands (chronicle "
                    "systems lists the games). Run without arguments for an overview.")
    parser.add_argument("--version", action="version", version=f"chronicle {__version__}")
    parser.add_argument("--db", metavar="URL",
                        help="the database (any SQLAlchemy URL; default: CHRONICLE_DB, else a "
                             "SQLite file in your data folder)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    cards.register(commands, argv)
    check.register(commands)
    odds.register(commands, with_systems=argv is None or "odds" in argv)
    systems.register(commands)
    group.register(commands)
    characters.register(commands)
    ledger.register(commands)
    games.register(commands)
    data.register(commands)
    __import__("chronicle.cli.backup", fromlist=["register"]).register(commands)  # backup, restore
    exports.register(commands, with_systems=argv is None or "export" in argv)
    word = None if argv is None else command_word(argv)
    groups: tuple[str, ...] = ()
    if argv is None:
        groups = systems.add_groups(commands, every=True)
    elif word is not None and word not in commands.choices:
        groups = systems.add_groups(commands, word)
    elif word is None and (completing or "-h" in argv or "--help" in argv):
        groups = systems.add_groups(commands)
    _everyday_first(commands, groups)
    return parser


def command_word(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs: its first word that is not a top-level option (``--db URL``
    takes the word after it)."""
    words = iter(argv)
    for word in words:
        if word == "--db":
            next(words, None)
        elif word == "--" or not word.startswith("-"):
            return next(words, None) if word == "--" else word
    return None


EVERYDAY = ("character", "game", "quest", "xp", "history", "undo", "player", "collection",
            "pack", "cards", "check", "odds", "export")
"""The commands ``chronicle --help`` and the overview list first, in this order; the installed
games' command groups follow, then the rest (setting up, backups, the database) in the order
they were added."""


def _everyday_first(commands: argparse._SubParsersAction[argparse.ArgumentParser],
                    groups: tuple[str, ...] = ()) -> None:
    """Order the listed commands everyday ones first, then the games' ``groups``."""
    rank = {name: index for index, name in enumerate((*EVERYDAY, *groups))}
    listed = commands._choices_actions
    listed.sort(key=lambda action: rank.get(action.dest, len(rank)))


def _completed_words() -> list[str]:
    """The words of the line the shell is completing (argcomplete's ``COMP_LINE``), so that
    the command being completed gets its subcommands."""
    import shlex

    line = os.environ.get("COMP_LINE", "")[:int(os.environ.get("COMP_POINT", "0") or 0) or None]
    try:
        return shlex.split(line)[1:]
    except ValueError:  # an open quote
        return line.split()[1:]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = (build_parser(_completed_words(), completing=True) if completion.active()
                  else build_parser(argv))
    except systems.BrokenGroup as exc:
        fail(str(exc))
        return 2
    if completion.active():
        completion.complete(parser)  # the shell asks for completions: answers and exits
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            if sys.stdin.isatty() and sys.stdout.isatty() and not os.environ.get(
                    "CHRONICLE_NO_TUI"):
                from chronicle.tui import run

                return run(args.db)
            return overview.run()
        result: int = args.handler(args)
        return result
    except KeyboardInterrupt:
        fail("interrupted")
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except Exception as exc:  # the last line of defence: never a traceback
        if os.environ.get("CHRONICLE_DEBUG"):
            raise
        from chronicle.persistence.engine import scrub

        message = scrub(str(exc).splitlines()[0] if str(exc) else "")[:300]
        fail(f"internal error: {type(exc).__name__}: {message} "
             "(set CHRONICLE_DEBUG=1 for details, and please report it)")
        return 3
