"""The outcome of checking one file, the same for every game: a report of the rules, or the
located problems that make the file unusable; and the problems of card files met on the way.

Exit status, as ``chronicle check`` gives it: 0 legal (warnings allowed), 1 a rule is broken,
2 the file cannot be used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from chronicle.catalog.problems import FileProblem
from chronicle.rules.report import Report


@dataclass
class CheckOutcome:
    """The outcome of checking one file."""

    path: Path
    report: Report | None = None
    problems: list[FileProblem] = field(default_factory=list)
    """Problems that make the file unusable; when present there is no report."""
    catalog_problems: list[FileProblem] = field(default_factory=list)
    """Problems in card files: those cards were skipped, the check still ran."""
    kind: str = "file"
    """What the file is (``campaign``, ``roster``, ``game``), for the JSON output."""

    @property
    def exit_code(self) -> int:
        """0 without errors, 1 with rule errors, 2 when the file cannot be used."""
        if self.problems or self.report is None:
            return 2
        return 0 if self.report.valid else 1

    def to_dict(self) -> dict[str, object]:
        """The ``--json`` shape: the report, or ``file_problems`` when unusable."""
        if self.report is None:
            return {"valid": False, "kind": self.kind,
                    "file_problems": [p.to_dict() for p in self.problems]}
        return {**self.report.to_dict(), "kind": self.kind,
                "card_problems": [p.to_dict() for p in self.catalog_problems]}
