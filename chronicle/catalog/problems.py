"""Problems found while reading a data file, located as precisely as the file allows.

Loaders collect problems instead of raising on the first one, so a user sees every mistake of a
file at once, and one bad file never hides the good ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronicle.domain.text import did_you_mean, suggest

__all__ = ["FileProblem", "did_you_mean", "suggest"]


@dataclass(frozen=True, slots=True)
class FileProblem:
    """One thing wrong in a file: where it is (file, line, card, field), what, and a hint."""

    path: str
    message: str
    line: int | None = None
    card: str | None = None
    field: str | None = None
    hint: str | None = None
    code: str | None = None
    """A stable code for problems a test or a script may look for (``date.not_iso``)."""

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        parts = []
        if self.card:
            parts.append(f"card {self.card!r}")
        if self.field:
            parts.append(f"field {self.field!r}")
        text = f"{where}: " + (", ".join(parts) + ": " if parts else "") \
            + (f"{self.code}: " if self.code else "") + self.message
        if self.hint:
            text += f" ({self.hint})"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by ``--json`` output."""
        shape = {"path": self.path, "line": self.line, "card": self.card, "field": self.field,
                 "message": self.message, "hint": self.hint}
        return {**shape, "code": self.code} if self.code else shape
