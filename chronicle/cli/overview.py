"""``chronicle`` without arguments: the home game's catalog at a glance (from the registry)
and the commands."""

from __future__ import annotations

from chronicle import __version__
from chronicle.cli.output import emit


def every_command() -> list[tuple[str, str]]:
    """Every command of the command line with what it does, as ``--help`` lists them."""
    import argparse

    from chronicle.cli.parser import build_parser

    parser = build_parser(["--help"])  # the tree --help lists: games' groups without loading them
    found: list[tuple[str, str]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                found.append((f"chronicle {choice.dest}", " ".join((choice.help or "").split())))
    return found


def run() -> int:
    """Print the overview: the home system's title and its own lines (its catalog at a glance,
    ``GameSystem.overview``), then every command."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    try:
        home = registry.system(registry.DEFAULT)
    except (registry.UnknownSystem, registry.BadSystem) as exc:  # the commands still list
        lines, title = [f"The home game cannot be loaded: {exc}"], ""
    else:
        lines = load_name(home.overview)() if home.overview else []
        title = " and ".join(edition.title for edition in home.editions) or home.label
    emit(f"Arcadia Chronicle {__version__}" + (f" — {title}" if title else ""))
    emit()
    for line in lines:
        emit(line)
    if lines:
        emit()
    emit("Commands (everyday ones first):")
    listed = every_command()
    width = max(len(c) for c, _ in listed)
    for command, what in listed:
        emit(f"  {command.ljust(width)}  {what}")
    emit()
    emit("Run 'chronicle' in a terminal for the app. Add --help to any command for its options.")
    return 0
