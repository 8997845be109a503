"""``check_path``: the entry ``chronicle check`` dispatches to for an Arcadia Quest campaign.

Reads the campaign file, builds the catalog (bundled cards, the user's, the file's own
``[[card]]`` tables) and replays the campaign with every rule. Exit status as for every checked
file: 0 legal (warnings allowed), 1 a rule is broken, 2 the file cannot be used (located problems
instead of a report).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from chronicle.catalog.problems import FileProblem
from chronicle.rules.report import Report


@dataclass
class CheckOutcome:
    """The outcome of checking one campaign file."""

    path: Path
    report: Report | None = None
    problems: list[FileProblem] = field(default_factory=list)
    """Problems that make the file unusable; when present there is no report."""
    catalog_problems: list[FileProblem] = field(default_factory=list)
    """Problems in card files: those cards were skipped, the check still ran."""

    @property
    def exit_code(self) -> int:
        """0 without errors, 1 with rule errors, 2 when the file cannot be used."""
        if self.problems or self.report is None:
            return 2
        return 0 if self.report.valid else 1

    def to_dict(self) -> dict[str, object]:
        """The ``--json`` shape: the report, or ``file_problems`` when unusable."""
        if self.report is None:
            return {"valid": False, "file_problems": [p.to_dict() for p in self.problems]}
        return {**self.report.to_dict(), "kind": "campaign",
                "card_problems": [p.to_dict() for p in self.catalog_problems]}


def check_path(path: Path, user_cards_dir: Path | None = None,
               bundled_dir: Path | None = None) -> CheckOutcome:
    """Check the campaign file at ``path`` against the bundled cards and the user's own
    (``user_cards_dir``; default: the user's data directory)."""
    from chronicle.systems.arcadia_quest.catalog import read_sources
    from chronicle.systems.arcadia_quest.files import load_campaign
    from chronicle.systems.arcadia_quest.rules import check_campaign

    loaded = load_campaign(path)
    if loaded.problems:
        return CheckOutcome(path, problems=loaded.problems)
    catalog = read_sources(user_cards_dir, bundled_dir).build(loaded.cards)
    return CheckOutcome(path, check_campaign(loaded.events, catalog),
                        catalog_problems=list(catalog.problems))
