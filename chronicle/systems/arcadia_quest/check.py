"""``check_path``: the entry ``chronicle check`` dispatches to for an Arcadia Quest campaign.

Reads the campaign file, builds the catalog (bundled cards, the user's, the file's own
``[[card]]`` tables) and replays the campaign with every rule. The outcome is the shared
``chronicle.catalog.outcome.CheckOutcome``: exit status 0 legal (warnings allowed), 1 a rule is
broken, 2 the file cannot be used (located problems instead of a report).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from chronicle.catalog.outcome import CheckOutcome

KIND = "campaign"


def check_path(path: Path, user_cards_dir: Path | None = None,
               bundled_dir: Path | None = None,
               owned: Iterable[str] | None = None) -> CheckOutcome:
    """Check the campaign file at ``path`` against the bundled cards and the user's own
    (``user_cards_dir``; default: the user's data directory); ``owned`` products, when given,
    narrow the next scenario's choices."""
    from chronicle.systems.arcadia_quest.catalog import read_sources
    from chronicle.systems.arcadia_quest.quickcheck import quick_campaign
    from chronicle.systems.arcadia_quest.rules import check_campaign

    loaded, parsed = quick_campaign(path)
    if parsed is not None:  # not plainly valid: the models judge it (files.load_campaign)
        from chronicle.systems.arcadia_quest.campaignfile import read_campaign

        loaded = read_campaign(*parsed, str(path), loaded)
    if loaded.problems:
        return CheckOutcome(path, problems=loaded.problems, kind=KIND)
    catalog = read_sources(user_cards_dir, bundled_dir).build(loaded.cards)
    return CheckOutcome(path, check_campaign(loaded.events, catalog, owned),
                        catalog_problems=list(catalog.problems), kind=KIND)


__all__ = ["CheckOutcome", "check_path"]
