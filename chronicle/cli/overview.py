"""``chronicle`` without arguments: the catalog at a glance and the commands."""

from __future__ import annotations

from collections import Counter

from chronicle import __version__
from chronicle.cli.output import emit
from chronicle.domain.values import Origin


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
    """Print the overview."""
    from chronicle.services.catalog import read_sources

    sources = read_sources()
    catalog = sources.build()
    kinds = Counter(card.kind.value for card in catalog)
    own = sum(1 for card in catalog if card.origin is not Origin.BUNDLED)
    incomplete = sum(1 for card in catalog if card.missing())
    emit(f"Arcadia Chronicle {__version__} — Arcadia: The Wyld Hunt and King Ironheart's "
         "Madness")
    emit()
    emit(f"Catalog: {len(catalog)} cards — " + ", ".join(
        f"{kinds[k]} {k}s" for k in ("icon", "merit", "flaw", "quest", "league", "waylay")))
    emit(f"  {own} from your own card files, {incomplete} with values still unknown "
         "(fill them in from your physical cards)")
    emit(f"  your card files: {sources.user_dir}/*.toml")
    if catalog.problems:
        emit(f"  {len(catalog.problems)} problem(s) in card files: "
             "run 'chronicle cards validate'")
    emit()
    emit("Commands (everyday ones first):")
    listed = every_command()
    width = max(len(c) for c, _ in listed)
    for command, what in listed:
        emit(f"  {command.ljust(width)}  {what}")
    emit()
    emit("Run 'chronicle' in a terminal for the app. Add --help to any command for its options.")
    return 0
