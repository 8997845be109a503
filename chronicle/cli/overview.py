"""``chronicle`` without arguments: every installed game with its card count, the home game's
catalog at a glance (from the registry) and the commands."""

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


def game_lines() -> list[str]:
    """One line per installed game: its label, key and card count (computed from its
    catalog: bundled cards, the group's in the database configured, the user's card files),
    the home game first."""
    from chronicle.services.cardfront import card_games, catalog_of, use_group

    found = []
    games = card_games()
    use_group(None, games)  # the group's cards of the database configured, when there is one
    for game in games:
        try:
            count = str(len(catalog_of(game)))
        except Exception as exc:
            count = f"? ({type(exc).__name__})"
        found.append(f"  {game.label} ({game.key}): {count} cards")
    return found


def run() -> int:
    """Print the overview: the home system's title and its own lines (its catalog at a glance,
    ``GameSystem.overview``), then every command."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    try:
        home = registry.system(registry.home())
    except (registry.UnknownSystem, registry.BadSystem) as exc:  # the commands still list
        lines, title = [f"The home game cannot be loaded: {exc}"], ""
    else:
        lines = load_name(home.home.overview)() if home.home.overview else []
        title = " and ".join(edition.title for edition in home.editions) or home.label
    games = game_lines()
    emit(f"Arcadia Chronicle {__version__}: {len(games)} game(s), each with its cards "
         "(bundled, the group's, your own)" + (f"; at home, {title}" if title else ""))
    emit()
    for line in games:
        emit(line)
    emit("  (chronicle cards list --system KEY lists a game's cards; chronicle systems shows "
         "each game)")
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
