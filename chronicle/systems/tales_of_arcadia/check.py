"""``check_path``: the entry ``chronicle check`` dispatches to for a Tales of Arcadia roster.

Reads the roster file, builds the catalog (bundled cards, the user's, the file's own
``[[card]]`` tables) and runs ``check_roster``. The outcome is the shared
``chronicle.catalog.outcome.CheckOutcome`` (kind ``roster``): exit status 0 legal (warnings
allowed), 1 a rule is broken, 2 the file cannot be used (located problems instead of a report).
``check_cards``: the rules on the card files of a folder by themselves (``card_check``).
"""

from __future__ import annotations

from pathlib import Path

from chronicle.catalog.outcome import CheckOutcome
from chronicle.rules.report import Report

KIND = "roster"


def check_path(path: Path, user_cards_dir: Path | None = None,
               bundled_dir: Path | None = None) -> CheckOutcome:
    """Check the roster file at ``path`` against the bundled cards and the user's own
    (``user_cards_dir``; default: the user's data directory)."""
    from chronicle.systems.tales_of_arcadia.catalog import read_sources
    from chronicle.systems.tales_of_arcadia.rosterfile import load_roster
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    loaded = load_roster(path)
    if loaded.problems or loaded.roster is None:
        return CheckOutcome(path, problems=loaded.problems, kind=KIND)
    catalog = read_sources(user_cards_dir, bundled_dir).build(loaded.cards)
    return CheckOutcome(path, check_roster(loaded.roster, catalog),
                        catalog_problems=list(catalog.problems), kind=KIND)


def check_cards(directory: Path) -> Report:
    """What the rules say of the card files of ``directory`` by themselves (the bundled
    example list; ``GameSystem.card_check``): each army list's units (``check_army``), and each
    unit in each of its forms bought with the options it must take as a one-line force
    (``check_roster``), so a list whose own mandatory options break its rules is an error."""
    from chronicle.systems.tales_of_arcadia import codes as k
    from chronicle.systems.tales_of_arcadia.catalog import armies, read_sources, units_of
    from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
    from chronicle.systems.tales_of_arcadia.limits import MAX_COST
    from chronicle.systems.tales_of_arcadia.rules import check_army, check_roster

    catalog = read_sources(directory / "(no user cards)", directory).build(())
    found = Report()
    bought = {k.ROSTER_MIXED_ARMIES.code, k.UNIT_OPTION_UNKNOWN.code, k.UNIT_OPTION_OVER_MAX.code,
              k.UNIT_OPTION_UNDER_MIN.code, k.UNIT_OPTION_GROUP.code}
    for army in armies(catalog):
        found.extend(check_army(catalog, army).violations)
        for unit in units_of(catalog, army):
            must = tuple(o.name for o in unit.options for _ in range(o.min))
            for variant in (None, *unit.variants):
                line = RosterLine(unit=unit.name, variant=variant.name if variant else None,
                                  options=must)
                force = Roster(name=f"{unit.name} as bought", army=army, limit=MAX_COST,
                               units=(line,))
                found.extend(v for v in check_roster(force, catalog).errors if v.code in bought)
    found.summary = {"cards": len(catalog), "armies": armies(catalog),
                     "problems": [str(p) for p in catalog.problems]}
    return found


__all__ = ["KIND", "CheckOutcome", "check_cards", "check_path"]
