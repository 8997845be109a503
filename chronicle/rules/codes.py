"""Violation codes as values: one ``Code`` a rule, which makes the ``Violation`` it reports.

Each game system declares its codes as data (``chronicle/systems/<game>/codes.json``: a stable
dotted name, a default severity, the rulebook section and a one-line title), read by
``code_table``, and names them in its ``codes`` module for its rules; ``all_codes`` collects a
module's codes for the docs test. A rule reports ``CODE(message, cards, fix)``, the fix in plain
words or as a ``Fix`` in the terms of each front.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


CODE_KEYS = frozenset({"severity", "section", "title", "scope"})
"""What a code's entry in ``codes.json`` may say (``scope`` is optional, "file" by default)."""


def code_table(beside: str, name: str) -> tuple[Code, ...]:
    """The codes a game declares in the JSON file ``name`` beside its module ``beside`` (the
    module's ``__file__``), in the file's order: an object by dotted code (``"card.unknown"``)
    with its ``severity`` (``error`` or ``warning``), rulebook ``section``, one-line ``title``
    and, for a code only the database knows enough to report, ``"scope": "database"``. JSON,
    not TOML: the rules load no TOML reader (a check's start-up).

    Raises:
        ValueError: an entry that says anything else, leaves out what a code needs, or
            declares a code twice.
    """
    import json

    path = Path(beside).with_name(name)
    tables = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_unique)
    found: list[Code] = []
    for code, entry in tables.items():
        if not isinstance(entry, dict) or not CODE_KEYS - {"scope"} <= set(entry) <= CODE_KEYS:
            raise ValueError(f"{path.name}: code {code} needs severity, section and title "
                             "(and may say scope)")
        found.append(Code(code, Severity(entry["severity"]), entry["section"], entry["title"],
                          entry.get("scope", "file")))
    return tuple(found)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise ValueError(f"a code declared twice among {', '.join(sorted(found))}")
    return found


def code_named(codes: Iterable[Code], code: str) -> Code:
    """The code of ``codes`` whose dotted name is ``code`` (a game's codes module names each code
    of its table this way, for its rules).

    Raises:
        KeyError: no code of that name.
    """
    for found in codes:
        if found.code == code:
            return found
    raise KeyError(code)
