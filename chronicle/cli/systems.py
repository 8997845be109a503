"""``chronicle systems``: the installed game systems, from the registry; and each installed
game's command groups (``chronicle character ...``, ``chronicle force ...``) added to the command
line.

A group is listed from the registry's plain data (its name and help line); its subcommands come
from the game's lazily named ``register``, imported only when the group is the command being
run, so a built-in command never reads the registry and one game's command imports no other
game's command-line code. A group of the home system (the registry's default game: Wyld Hunt's
``character``, ``game``, ``cards``...) is found without loading the other games.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.cli.common import add_json, command
from chronicle.cli.output import emit, emit_json, fail

if TYPE_CHECKING:
    from chronicle.systems.protocol import CommandGroup, GameSystem

_BUILDING: ContextVar[Sequence[str] | None] = ContextVar("chronicle_cli_building", default=None)


def building() -> Sequence[str] | None:
    """The command line whose groups are being added (a group's ``register`` may depend on
    it, as ``cards new --system GAME`` does); None for the whole command tree."""
    return _BUILDING.get()


def register(commands: Any) -> None:
    """Add the ``systems`` command."""
    parser = command(
        commands, "systems", run, "list the installed game systems",
        "List the installed game systems: the keys a file may name in `system = ...`, their "
        "editions, file kinds, card kinds, odds commands, command groups and what they keep in "
        "the database. Exit status 1 when a registered system cannot be loaded (it is named).",
        json=True, service=False)
    actions = parser.add_subparsers(dest="systems_action", metavar="{verify}")
    verify = command(
        actions, "verify", run_verify, "hold one game system to the plug-in contract",
        "Resolve every lazy name the game states, load its card schema and bundled cards, "
        "check its sample files (and those given with --file) and build each of its sheets "
        "against an empty database. Exit status 0: no problem; 1: every problem listed; 2: no "
        "game has that key.", service=False)
    verify.add_argument("key", metavar="KEY", help="the game's key (chronicle systems)")
    verify.add_argument("--file", type=Path, action="append", default=[], metavar="FILE",
                        help="a file the game should find legal (repeatable)")
    add_json(verify)


def run_verify(args: argparse.Namespace) -> int:
    """``chronicle systems verify KEY``: every problem of one game's plug-in, listed."""
    from chronicle.services.pluginverify import verify
    from chronicle.systems import registry

    try:
        found = verify(args.key, args.file)
    except registry.UnknownSystem as exc:
        fail(str(exc))
        return 2
    if args.json:
        emit_json(found.to_dict())
        return found.exit_code
    if not found.problems:
        emit(f"{found.key}: holds to the plug-in contract ({len(found.checked)} things "
             "checked)")
        return 0
    emit(f"{found.key}: {len(found.problems)} problem"
         f"{'' if len(found.problems) == 1 else 's'} with the plug-in contract:")
    for problem in found.problems:
        emit(f"  - {problem}")
    return 1


class BrokenGroup(Exception):
    """The command being run is a game's group that cannot be loaded (a broken installation
    of that game): the message names the game and why."""


def add_groups(commands: Any, word: str | None = None, *, every: bool = False,
               argv: Sequence[str] | None = None, only: bool = False) -> tuple[str, ...]:
    """Add a top-level command for every installed game's command group, the home system's
    first, then by key; a name already taken (a built-in command, an earlier game) is left out.
    The subcommands of the group called ``word`` are added (of ``every`` group with ``every``),
    ``argv`` being the command line they are added for (:func:`building`). A ``word`` the home
    system's groups have adds those groups only: the other games are not loaded. With ``only``,
    the home system's group called ``word`` is the one added, and nothing when it has none.

    Returns:
        The names of the groups added, in order.

    Raises:
        BrokenGroup: when ``word`` names a group whose ``register`` cannot be imported or
            fails, or no group while some game system cannot be loaded.
    """
    from chronicle.systems import registry

    found = _home_with(word) if word is not None and not every else None
    if only and found is None:
        return ()
    if found is None:
        found = registry.systems()
        found.sort(key=lambda system: system.key != registry.home())
    added: list[str] = []
    token = _BUILDING.set(argv)
    try:
        for system in found:
            chosen = tuple(g for g in system.commands if g.name == word) if only else None
            added += _add_system_groups(commands, system, word, every, groups=chosen)
    finally:
        _BUILDING.reset(token)
    if word is not None and word not in commands.choices and registry.broken():
        raise BrokenGroup(f"{word!r} is not a command of the installed games, and a game "
                          f"system cannot be loaded: {'; '.join(registry.broken().values())}")
    return tuple(added)


def _home_with(word: str) -> list[GameSystem] | None:
    """The home system alone when it has a group called ``word`` (None otherwise, or when it
    cannot be loaded: then every system is read, and the trouble reported)."""
    from chronicle.systems import registry

    try:
        home = registry.system(registry.home())
    except (registry.UnknownSystem, registry.BadSystem):
        return None
    return [home] if home.command_group(word) is not None else None


def _add_system_groups(commands: Any, system: GameSystem, word: str | None, every: bool, *,
                       groups: tuple[CommandGroup, ...] | None = None) -> list[str]:
    """Add the command groups of one game (see :func:`add_groups`): ``groups`` of them, or
    all."""
    added: list[str] = []
    for group in system.commands if groups is None else groups:
        if group.name in commands.choices:
            continue
        added.append(group.name)
        parser = _group_parser(commands, system, group)
        if not (every or group.name == word):
            continue
        try:
            chosen = _subcommand(group.name) if groups is not None else None
            if chosen is not None and not _register_one(parser, group, chosen):
                parser = _group_parser(commands, system, group, again=True)
                chosen = None
            if chosen is None:
                group.registrar()(parser)
        except Exception as exc:
            if os.environ.get("CHRONICLE_DEBUG"):
                raise
            why = (f"the command {group.name!r} of {system.label} cannot be loaded "
                   f"({group.register}): {type(exc).__name__}: {exc}")
            if not every:
                raise BrokenGroup(why) from exc
            parser.set_defaults(handler=_refuse(why))
    return added


def _group_parser(commands: Any, system: GameSystem, group: CommandGroup, *,
                  again: bool = False) -> argparse.ArgumentParser:
    """The top-level parser of a game's command group (``again``: in place of the one just
    added, which is dropped)."""
    if again:
        del commands.choices[group.name]
        commands._choices_actions.pop()
    parser: argparse.ArgumentParser = commands.add_parser(
        group.name, help=group.help, description=f"{group.help} ({system.label})")
    parser.set_defaults(handler=_usage(parser))
    return parser


def _subcommand(group: str) -> str | None:
    """The subcommand word of ``group`` in the command line being built (the first word after
    the group's that is not an option); None when there is none, or help is asked for."""
    argv = list(building() or ())
    if "-h" in argv or "--help" in argv or group not in argv:
        return None
    return next((word for word in argv[argv.index(group) + 1:] if not word.startswith("-")),
                None)


class _Dropped:
    """A subcommand's parser that is not being run: every call is taken and dropped."""

    def __getattr__(self, _name: str) -> Callable[..., _Dropped]:
        return self._take

    def _take(self, *_args: Any, **_kwargs: Any) -> _Dropped:
        return self


class _OneSubcommand(argparse._SubParsersAction):  # type: ignore[type-arg]
    """A group's subcommands where only the one being run gets a parser (start-up: the
    ``character`` group has eleven, with some sixty options); the others' are dropped."""

    def __init__(self, *args: Any, chosen: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.chosen = chosen
        self.found = False

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        """The subcommand's parser when it is the one being run; else one that drops all."""
        if self.chosen != name and self.chosen not in kwargs.get("aliases", ()):
            return _Dropped()
        self.found = True
        return super().add_parser(name, **kwargs)


def _register_one(parser: argparse.ArgumentParser, group: CommandGroup, chosen: str) -> bool:
    """Add to ``parser`` only the subcommand ``chosen`` of ``group``; False when the group has
    no such subcommand (a typo: then every subcommand is needed, to list them)."""
    made: list[_OneSubcommand] = []

    def one(*args: Any, **kwargs: Any) -> _OneSubcommand:
        made.append(_OneSubcommand(*args, chosen=chosen, **kwargs))
        return made[-1]

    parser.register("action", "parsers", one)
    group.registrar()(parser)
    return len(made) == 1 and made[0].found


def _usage(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """A group's handler when no subcommand was given: its usage, exit status 2."""
    def handler(_args: argparse.Namespace) -> int:
        parser.print_usage(sys.stderr)
        fail(f"{parser.prog} needs a subcommand (see {parser.prog} --help)")
        return 2
    return handler


def _refuse(why: str) -> Callable[[argparse.Namespace], int]:
    def handler(_args: argparse.Namespace) -> int:
        fail(why)
        return 2
    return handler


class EditionKeys:
    """The keys one installed game answers to (``wyld-hunt``, ``ironheart``), as argparse
    ``choices`` read from the registry only when argparse checks a given value or shows them:
    a command line that does not use the option never reads the registry."""

    def __init__(self, key: str | None = None) -> None:
        self.key = key
        """The game's system key; None for the registry's default game."""

    def keys(self) -> tuple[str, ...]:
        """The keys, read now."""
        from chronicle.systems import registry

        return registry.system(self.key or registry.home()).keys

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __contains__(self, value: object) -> bool:
        return value in self.keys()

    def __len__(self) -> int:
        return len(self.keys())


def run(args: argparse.Namespace) -> int:
    """Print every installed system."""
    from chronicle.systems import registry

    found = registry.systems()
    broken = registry.broken()
    for why in broken.values():
        fail(f"left out: {why}")
    if args.json:
        emit_json({"systems": [one.to_dict() for one in found],
                   "broken": [{"key": key, "problem": why} for key, why in broken.items()]})
        return 1 if broken else 0
    for number, one in enumerate(found):
        if number:
            emit()
        emit(f"{one.key}: {one.label}")
        editions = [e.key for e in one.editions if e.key != one.key]
        if editions:
            emit(f"  editions:   {', '.join(editions)}")
        emit(f"  files:      {', '.join(kind.name for kind in one.file_kinds)}"
             "  (chronicle check FILE)")
        emit(f"  card kinds: {', '.join(one.card_kinds)}")
        if one.odds:
            emit(f"  odds:       {', '.join(f'chronicle odds {c.name}' for c in one.odds)}")
        if one.commands:
            emit(f"  commands:   {', '.join(f'chronicle {g.name}' for g in one.commands)}")
        if one.records:
            emit(f"  keeps:      {', '.join(kind.label for kind in one.records)}"
                 "  (in the database)")
    return 1 if broken else 0
