"""Validation reports: every violation found, each with a stable code and the numbers behind it.

A check never stops at the first problem. ``Report.valid`` means "no errors"; warnings never make
a report invalid. Tests assert on ``Violation.code``, never on message wording.

Each violation carries its smallest fix in the terms of each front that can show it (``Fix``):
the command to run on the command line, the key to press or field to fill in the app, the key to
write in a file, with a plain-words fallback for fronts that have no form of their own. A form
may name its subject by a placeholder (``<character>``, ``<game>``, ``<player>``) that the front
fills in when it knows the name (``Violation.fix_for``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any


class Severity(enum.StrEnum):
    """How serious a violation is."""

    ERROR = "error"
    """The build, chronicle or setup breaks a rule and is not legal as it stands."""
    WARNING = "warning"
    """Legal, but probably not what the player wants (unspent points, an unused terrain)."""


class Front(enum.StrEnum):
    """Where a violation is shown, and so in which terms its fix is given."""

    CLI = "cli"
    """The command line: a command to run."""
    APP = "app"
    """The app: a key to press, a field to fill in."""
    FILE = "file"
    """A character, setup or card file: a key to write."""


_SAFE_WORD = re.compile(r"[\w@%+=:,./-]+")
_PLACEHOLDER = re.compile(r"<(character|game|player)>")


def arg(value: str) -> str:
    """``value`` as one argument of a shell command, quoted only when it needs to be.

    >>> arg("Tim"), arg("Fae Armor"), arg("")
    ('Tim', '"Fae Armor"', '""')
    """
    if value and _SAFE_WORD.fullmatch(value):
        return value
    if not any(ch in value for ch in '"$`\\!'):
        return f'"{value}"'
    return "'" + value.replace("'", "'\"'\"'") + "'"


@dataclass(frozen=True, slots=True)
class Fix:
    """The smallest change that resolves a violation, in the terms of each front.

    Attributes:
        text: the change in plain words; shown by any front without a form of its own.
        cli: the command to run (``chronicle ...``).
        app: the key to press or the field to fill in the app.
        file: the key to write in a character, setup or card file.
    """

    text: str
    cli: str | None = None
    app: str | None = None
    file: str | None = None

    def form(self, front: Front) -> str:
        """The fix as ``front`` shows it (the plain words when it has no form of its own)."""
        value: str | None = getattr(self, front.value)
        return value if value is not None else self.text


def _fill(text: str, names: dict[str, str], front: Front) -> str:
    """Fill the ``<character>``-style placeholders that ``names`` knows."""
    def one(match: re.Match[str]) -> str:
        value = names.get(match.group(1))
        if value is None:
            return match.group(0)
        return arg(value) if front is Front.CLI else value
    return _PLACEHOLDER.sub(one, text)


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken or doubtful rule.

    Attributes:
        code: stable dotted identifier, documented in ``docs/rules.md``; never renamed.
        severity: error or warning.
        message: one sentence with the actual numbers.
        cards: names of the cards involved.
        fix: the smallest change that resolves it, in plain words, when one exists.
        section: the rulebook section the rule comes from.
        fixes: the same change in the terms of each front (``fix_for``), when the rule knows
            them.
    """

    code: str
    severity: Severity
    message: str
    cards: tuple[str, ...] = ()
    fix: str | None = None
    section: str = ""
    fixes: Fix | None = None

    def fix_for(self, front: Front | str, **names: str) -> str | None:
        """The fix as ``front`` shows it, its placeholders filled from ``names`` (``character``,
        ``game``, ``player``); the plain-words fix when the rule gave no form for that front."""
        front = Front(front)
        if self.fixes is None:
            return self.fix
        return _fill(self.fixes.form(front), names, front)

    def to_dict(self, **names: str) -> dict[str, Any]:
        """The JSON shape used by ``--json`` output: ``fix`` in plain words and ``fixes``, the
        form for each front (``cli``, ``app``, ``file``)."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "cards": list(self.cards),
            "fix": self.fix,
            "fixes": ({front.value: self.fix_for(front, **names) for front in Front}
                      if self.fix is not None else None),
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

    def to_dict(self, **names: str) -> dict[str, Any]:
        """The JSON shape used by ``--json`` output: ``valid``, ``violations``, ``summary``;
        ``names`` fill the fixes' placeholders (``character``, ``game``, ``player``)."""
        return {
            "valid": self.valid,
            "violations": [v.to_dict(**names) for v in self.violations],
            "summary": self.summary,
        }
