"""Line numbers for TOML content, which ``tomllib`` does not report.

Finds where the n-th ``[[table]]`` of an array starts and where a key is written inside it, by
scanning the text. Good enough for hand-written files; when a line cannot be found the problem is
reported without one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]")
_KEY = re.compile(r"^\s*\"?([A-Za-z0-9_\-]+)\"?\s*=")


@dataclass
class LineMap:
    """Where each array-of-tables entry starts and ends in a TOML text."""

    lines: list[str]
    starts: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str) -> LineMap:
        """Scan ``text`` once."""
        lines = text.splitlines()
        starts: dict[str, list[int]] = {}
        for number, line in enumerate(lines, start=1):
            header = _HEADER.match(line)
            if header:
                starts.setdefault(header.group(1).replace(" ", ""), []).append(number)
        return cls(lines, starts)

    def entry_line(self, table: str, index: int) -> int | None:
        """The line of the ``index``-th ``[[table]]`` header (1-based), if found."""
        found = self.starts.get(table, [])
        return found[index] if index < len(found) else None

    def key_line(self, table: str | None, index: int, key: str) -> int | None:
        """The line where ``key`` is set inside the ``index``-th ``[[table]]`` (or at top level)."""
        if table is None:
            start, end = 1, len(self.lines) + 1
            for number, line in enumerate(self.lines, start=1):
                if _HEADER.match(line) or _TABLE.match(line):
                    end = number
                    break
        else:
            begin = self.entry_line(table, index)
            if begin is None:
                return None
            start, end = begin + 1, len(self.lines) + 1
            for number in range(start, len(self.lines) + 1):
                line = self.lines[number - 1]
                header = _HEADER.match(line)
                if header and not header.group(1).replace(" ", "").startswith(table + "."):
                    end = number
                    break
                if not header and _TABLE.match(line):
                    end = number
                    break
        for number in range(start, end):
            match = _KEY.match(self.lines[number - 1])
            if match and match.group(1) == key:
                return number
        return None
