"""``check_path``: the entry ``chronicle check`` dispatches to for a Tales of Arcadia roster.

Reads the roster file, builds the catalog (bundled cards, the user's, the file's own
``[[card]]`` tables) and runs ``check_roster``. The outcome is the shared
``chronicle.catalog.outcome.CheckOutcome`` (kind ``roster``): exit status 0 legal (warnings
allowed), 1 a rule is broken, 2 the file cannot be used (located problems instead of a report).
"""

from __future__ import annotations

from pathlib import Path

from chronicle.catalog.outcome import CheckOutcome

KIND = "roster"


def check_path(path: Path, user_cards_dir: Path | None = None,
               bundled_dir: Path | None = None) -> CheckOutcome:
    """Check the roster file at ``path`` against the bundled cards and the user's own
    (``user_cards_dir``; default: the user's data directory)."""
    from chronicle.systems.tales_of_arcadia.catalog import read_sources
    from chronicle.systems.tales_of_arcadia.files import load_roster
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    loaded = load_roster(path)
    if loaded.problems or loaded.roster is None:
        return CheckOutcome(path, problems=loaded.problems, kind=KIND)
    catalog = read_sources(user_cards_dir, bundled_dir).build(loaded.cards)
    return CheckOutcome(path, check_roster(loaded.roster, catalog),
                        catalog_problems=list(catalog.problems), kind=KIND)


__all__ = ["KIND", "CheckOutcome", "check_path"]
