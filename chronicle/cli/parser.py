"""The ``chronicle`` command tree: the built-in commands and the installed games' command groups
(read from the registry only when the command line needs them), everyday commands listed first.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from chronicle import __version__
from chronicle.cli.backup import register as add_backup
from chronicle.cli.cards import register as add_cards
from chronicle.cli.check import register as add_check
from chronicle.cli.collection import register as add_collection
from chronicle.cli.data import register as add_data
from chronicle.cli.exports import register as add_exports
from chronicle.cli.group import register as add_player
from chronicle.cli.odds import register as add_odds
from chronicle.cli.stats import register as add_stats
from chronicle.cli.systems import add_groups
from chronicle.cli.systems import register as add_systems


def build_parser(argv: Sequence[str] | None = None, *, completing: bool = False,
                 ) -> argparse.ArgumentParser:
    """The whole command tree (no ``argv``), or the tree ``argv`` needs (start-up): the game
    systems' odds commands are read from the registry only when ``odds`` is in it, and their
    command groups only when the command word is not a built-in command (or for the top-level
    ``--help``, or when the shell is ``completing`` the command word); a group's subcommands
    are added only when it is the command being run. A built-in command word run alone
    (not the top-level ``--help``, not completing) builds its own parser only (``_ALONE``), and
    so does a command group of the home game run alone.

    Raises:
        systems.BrokenGroup: when the command being run is a game's group that cannot be
            loaded (or may belong to a game system that cannot be loaded).
    """
    parser = argparse.ArgumentParser(
        prog="chronicle",
        description="Arcadia Chronicle: every installed game's cards (chronicle cards), and what "
                    "a play group keeps of each game, through its own commands (chronicle "
                    "systems lists the games). Run without arguments for an overview naming "
                    "each game with its card count.")
    parser.add_argument("--version", action="version", version=f"chronicle {__version__}")
    parser.add_argument("--db", metavar="URL",
                        help="the database (any SQLAlchemy URL; default: CHRONICLE_DB, else a "
                             "SQLite file in your data folder)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    word = None if argv is None else command_word(argv)
    if argv is not None and word is not None and not completing and not _top_help(argv, word):
        if word in _ALONE:
            _ALONE[word](commands, argv)  # start-up: a built-in command needs no other parser
            return parser
        if add_groups(commands, word, argv=argv, only=True):
            return parser  # start-up: the home game's group being run needs no other parser
    add_cards(commands, argv)
    add_check(commands)
    add_odds(commands, with_systems=argv is None or "odds" in argv)
    add_systems(commands)
    add_player(commands)
    add_collection(commands)
    add_data(commands)  # demo, db
    add_backup(commands)  # backup, restore
    add_exports(commands, with_systems=argv is None or "export" in argv)
    add_stats(commands)  # stats, plays
    groups: tuple[str, ...] = ()
    if argv is None:
        groups = add_groups(commands, every=True)
    elif word is not None and word not in commands.choices:
        groups = add_groups(commands, word, argv=argv)
    elif word is None and (completing or "-h" in argv or "--help" in argv):
        groups = add_groups(commands, argv=argv)
    _everyday_first(commands, groups)
    return parser


_ALONE: dict[str, Callable[[Any, Sequence[str]], None]] = {
    "cards": lambda commands, argv: add_cards(commands, argv),
    "check": lambda commands, _argv: add_check(commands),
    "odds": lambda commands, argv: add_odds(commands, with_systems="odds" in argv),
    "systems": lambda commands, _argv: add_systems(commands),
    "player": lambda commands, _argv: add_player(commands),
    "collection": lambda commands, _argv: add_collection(commands),
    "demo": lambda commands, _argv: add_data(commands),
    "db": lambda commands, _argv: add_data(commands),
    "backup": lambda commands, _argv: add_backup(commands),
    "restore": lambda commands, _argv: add_backup(commands),
    "export": lambda commands, argv: add_exports(commands, with_systems="export" in argv),
    "stats": lambda commands, _argv: add_stats(commands),
    "plays": lambda commands, _argv: add_stats(commands),
}
"""Each built-in command word and what adds it (with its siblings of the same module): run
alone, its parser is the only one built (``tests/test_cli_parser_alone.py`` holds this table to
the whole tree)."""


def _top_help(argv: Sequence[str], word: str) -> bool:
    """Whether ``argv`` asks for the top-level help (``-h`` before the command word)."""
    before = list(argv)[:list(argv).index(word)] if word in argv else list(argv)
    return "-h" in before or "--help" in before


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


EVERYDAY = ("player", "collection", "cards", "check", "odds", "export")
"""The built-in commands ``chronicle --help`` and the overview list first, in this order, after
the home game's command groups (in the order the game declares them); the other installed
games' groups follow, then the rest (setting up, backups, the database) in the order they were
added. The choices an unknown command word is told (and the shell completes) are in the same
order."""


def home_groups() -> tuple[str, ...]:
    """The home game's command groups, in the order it declares them (none when it cannot be
    loaded: the trouble is reported where its commands are added)."""
    from chronicle.systems import registry

    try:
        return tuple(group.name for group in registry.system(registry.home()).commands)
    except (registry.UnknownSystem, registry.BadSystem):
        return ()


def _everyday_first(commands: argparse._SubParsersAction[argparse.ArgumentParser],
                    groups: tuple[str, ...] = ()) -> None:
    """Order the listed commands and the choices: the home game's groups (when the games'
    ``groups`` were added), the everyday built-in commands, the other games' groups, the
    rest."""
    rank: dict[str, int] = {}
    for name in (*(home_groups() if groups else ()), *EVERYDAY, *groups):
        rank.setdefault(name, len(rank))
    listed = commands._choices_actions
    listed.sort(key=lambda action: rank.get(action.dest, len(rank)))
    ordered = sorted(enumerate(commands.choices.items()),
                     key=lambda item: (rank.get(item[1][0], len(rank)), item[0]))
    commands.choices.clear()
    commands.choices.update(pair for _index, pair in ordered)
