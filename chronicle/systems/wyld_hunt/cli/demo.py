"""``chronicle demo`` for Wyld Hunt (``GameSystem.demo``): the rulebook's example play group,
and what to try next."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chronicle.services.db import Database


def demo(db: Database) -> list[str]:
    """Write the example play group to ``db``; the lines saying what was done."""
    from chronicle.systems.wyld_hunt.services.demo import run_demo

    result = run_demo(db)
    return [*result.lines, "",
            "Next: 'chronicle character show Winerdria', 'chronicle history Winerdria', "
            "'chronicle game show \"Example of Play\"'."]
