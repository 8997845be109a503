"""``chronicle odds``: every game system's odds commands, from the registry.

Wyld Hunt's ``test`` and ``trial``, Tales of Arcadia's ``attack`` and ``pool``, Arcadia Quest's
``aq-attack``, Hunters of Arcfall's ``bust``: each game system describes its commands and their
options as data, and its ``run`` is imported only when the command runs. The registry is read
only when the command line holds ``odds``. Odds that read cards (a die's faces) see the play
group's cards of the database configured, as ``chronicle check`` does.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from chronicle.cli.output import emit, emit_json, fail
from chronicle.domain.limits import printable

if TYPE_CHECKING:
    from chronicle.systems.protocol import OddsCommand


def register(commands: Any, *, with_systems: bool = True) -> None:
    """Add the ``odds`` command with (``with_systems``) the odds commands of every installed
    game system: Wyld Hunt's ``test`` and ``trial`` first."""
    parser = commands.add_parser("odds", help="exact chances of dice rolls in every game",
                                 description="Exact chances, as fractions, of Tests and Trials "
                                             "and of every installed game's dice rolls.")
    found = _system_commands() if with_systems else []
    names = "|".join(command.name for _game, _label, command in found)
    kinds = parser.add_subparsers(dest="odds_kind", metavar=names or "KIND", required=True)
    for game, label, command in found:
        _add_system_command(kinds, game, label, command)


def _system_commands() -> list[tuple[str, str, OddsCommand]]:
    from chronicle.systems import registry

    taken: set[str] = set()
    found: list[tuple[str, str, OddsCommand]] = []
    every = registry.systems()
    every.sort(key=lambda system: system.key != registry.home())
    for system in every:
        for command in system.odds:
            if command.name not in taken:
                taken.add(command.name)
                found.append((system.key, system.label, command))
    return found


def _add_system_command(kinds: Any, game: str, label: str, command: OddsCommand) -> None:
    sub = kinds.add_parser(command.name, help=command.help,
                           description=f"{command.description} ({label})")
    for option in command.options:
        extra: dict[str, Any] = {"help": option.help}
        if option.metavar:
            extra["metavar"] = option.metavar
        if option.choices:
            extra["choices"] = option.choices
        if option.type == "flag":
            sub.add_argument(*option.flags, action="store_true", **extra)
            continue
        extra["type"] = int if option.type == "int" else str
        if option.flags[0].startswith("-"):
            extra["dest"] = option.dest
            extra["required"] = option.required
            extra["default"] = option.default
        sub.add_argument(*option.flags, **extra)
    sub.add_argument("--json", action="store_true", help="print JSON (exact fractions as "
                                                         "strings, with floats)")
    sub.set_defaults(handler=_runner(game, command))


def _runner(game: str, command: OddsCommand) -> Any:
    def run(args: argparse.Namespace) -> int:
        from chronicle.cli.check import with_group_cards

        options = {option.dest: getattr(args, option.dest) for option in command.options}
        options.setdefault("db", getattr(args, "db", None))  # odds that read stored records
        answer = with_group_cards(args, game, lambda: command.runner()(options))
        if args.json and answer.exit_code != 2:
            emit_json(answer.data)
            return answer.exit_code
        if answer.exit_code == 2:
            for line in answer.lines:
                fail(printable(line))
            return 2
        for line in answer.lines:
            emit(printable(line))
        return answer.exit_code

    return run
