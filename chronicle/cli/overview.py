"""``chronicle`` without arguments: the catalog at a glance and the commands."""

from __future__ import annotations

from collections import Counter

from chronicle import __version__
from chronicle.cli.output import emit
from chronicle.domain.values import Origin

COMMANDS = [
    ("chronicle cards list [--kind K] [filters] [--json]", "list the catalog"),
    ("chronicle cards search TEXT [filters] [--json]", "find cards by name or summary"),
    ("chronicle cards show NAME [--json]", "every known value of a card"),
    ("chronicle cards validate [FILE...]", "check card files (yours by default)"),
    ("chronicle check FILE [--json]", "check a character or game setup file"),
    ("chronicle odds test MINE THEIRS [--dice 2]", "chances of an opposed Test"),
    ("chronicle odds trial ATTRIBUTE DIFFICULTY", "chance of passing a Trial"),
]


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
    emit("Commands:")
    width = max(len(c) for c, _ in COMMANDS)
    for command, what in COMMANDS:
        emit(f"  {command.ljust(width)}  {what}")
    emit()
    emit("Add --help to any command for its options.")
    return 0
