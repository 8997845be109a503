"""Validation reports: every violation found, each with a stable code and the numbers behind it.

A check never stops at the first problem. ``Report.valid`` means "no errors"; warnings never make
a report invalid. Tests assert on ``Violation.code``, never on message wording.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any


class Severity(enum.StrEnum):
    """How serious a violation is."""

    ERROR = "error"
    """The build, chronicle or setup breaks a rule and is not legal as it stands."""
    WARNING = "warning"
    """Legal, but probably not what the player wants (unspent points, an unused terrain)."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken or doubtful rule.

    Attributes:
        code: stable dotted identifier, documented in ``docs/rules.md``; never renamed.
        severity: error or warning.
        message: one sentence with the actual numbers.
        cards: names of the cards involved.
        fix: the smallest change that resolves it, when one exists.
        section: the rulebook section the rule comes from.
    """

    code: str
    severity: Severity
    message: str
    cards: tuple[str, ...] = ()
    fix: str | None = None
    section: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by ``--json`` output."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "cards": list(self.cards),
            "fix": self.fix,
            "section": self.section,
        }


@dataclass
class Report:
    """All violations of one check plus a summary of the computed state."""

    violations: list[Violation] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    def add(self, violation: Violation) -> None:
        """Record one violation."""
        self.violations.append(violation)

    def extend(self, violations: Iterable[Violation]) -> None:
        """Record several violations."""
        self.violations.extend(violations)

    @property
    def valid(self) -> bool:
        """True when no violation is an error."""
        return not any(v.severity is Severity.ERROR for v in self.violations)

    @property
    def errors(self) -> list[Violation]:
        """The error-level violations."""
        return [v for v in self.violations if v.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Violation]:
        """The warning-level violations."""
        return [v for v in self.violations if v.severity is Severity.WARNING]

    @property
    def codes(self) -> list[str]:
        """The codes of all violations, in the order found."""
        return [v.code for v in self.violations]

    def __iter__(self) -> Iterator[Violation]:
        return iter(self.violations)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by ``--json`` output: ``valid``, ``violations``, ``summary``."""
        return {
            "valid": self.valid,
            "violations": [v.to_dict() for v in self.violations],
            "summary": self.summary,
        }
