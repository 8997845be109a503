"""Violation codes as values: one ``Code`` a rule, which makes the ``Violation`` it reports.

Each game system lists its codes (``chronicle/systems/<game>/codes.py``) with a stable dotted
name, a default severity, the rulebook section and a one-line title; ``all_codes`` collects them
for the docs test. A rule reports ``CODE(message, cards, fix)``, the fix in plain words or as a
``Fix`` in the terms of each front.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from chronicle.rules.report import Fix, Severity, Violation


@dataclass(frozen=True, slots=True)
class Code:
    """A violation code and where its rule comes from."""

    code: str
    severity: Severity
    section: str
    title: str
    scope: str = "file"
    """"file" when checking a file can report it; "database" when only the database knows
    enough."""

    def __call__(self, message: str, cards: tuple[str, ...] | list[str] = (),
                 fix: str | Fix | None = None, severity: Severity | None = None) -> Violation:
        """A violation of this code; ``fix`` in plain words, or in the terms of each front."""
        if isinstance(fix, Fix):
            return Violation(self.code, severity or self.severity, message, tuple(cards),
                             fix.text, self.section, fix)
        return Violation(self.code, severity or self.severity, message, tuple(cards), fix,
                         self.section)


def all_codes(values: Iterable[object]) -> tuple[Code, ...]:
    """The codes among ``values`` (a module's ``globals().values()``), in order."""
    return tuple(v for v in values if isinstance(v, Code))
