"""A collection CSV file, for any game: reading its records with their lines, its header, its
counts, and writing cells a spreadsheet shows as text. What a game's collection file adds (a
set column checked against its catalog) is the game's; the rest is here, written once.

The file has a header naming its columns, in any order and case (with a few other names
understood: ``name`` or ``quantity``); commas, or semicolons or tabs when the header line uses
those instead. A file is read whole (a regular file, UTF-8 with or without a byte-order mark);
every bad row is reported with its line by the caller, and then nothing is imported.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from chronicle.domain.text import did_you_mean
from chronicle.errors import BadInput

Mode = Literal["add", "replace"]
ALIASES = {"name": "card", "card name": "card", "quantity": "count", "qty": "count",
           "note": "notes"}
"""Other header names understood for a column."""
MAX_COUNT = 1000
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula."""


@dataclass
class ImportResult:
    """What an import did: each card's new count and, when replacing, the cards that dropped
    to zero."""

    player: str
    mode: str
    rows: int
    counts: list[tuple[str, str, int]] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)

    def __str__(self) -> str:
        """What the import did, for people: a summary line, then a line per card."""
        rows = f"{self.rows} row{'' if self.rows == 1 else 's'}"
        if self.mode == "replace":
            head = f"Replaced {self.player}'s collection with the {rows} of the file"
        else:
            head = f"Added the {rows} of the file to {self.player}'s collection"
        lines = [head + ("." if self.counts or self.removed else "; nothing changed.")]
        lines += [f"  {name} ({kind}): {count}" for name, kind, count in self.counts]
        lines += [f"  {name} ({kind}): 0 (not in the file)" for name, kind in self.removed]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle collection import --json``."""
        return {"player": self.player, "mode": self.mode, "rows": self.rows,
                "cards": [{"name": n, "kind": k, "count": c} for n, k, c in self.counts],
                "removed": [{"name": n, "kind": k} for n, k in self.removed]}


def neutralise(cell: str) -> str:
    """A cell a spreadsheet shows as text: one starting like a formula gets a leading ``'``
    (what spreadsheet users type themselves), which ``restore`` takes off again.

    >>> neutralise("=cmd|' /C calc'!A0"), restore(neutralise("=cmd|' /C calc'!A0"))
    ("'=cmd|' /C calc'!A0", "=cmd|' /C calc'!A0")
    """
    return f"'{cell}" if cell.startswith(FORMULA_STARTS) else cell


def restore(cell: str) -> str:
    """A cell as written before ``neutralise``."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell


def write_rows(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """CSV text: ``header``, then ``rows``, each text cell neutralised."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([neutralise(cell) if isinstance(cell, str) else cell for cell in row])
    return buffer.getvalue()


def read_text(path: Path) -> str:
    """The text of a collection file.

    Raises:
        BadInput: not a regular file, too large, or not UTF-8 (naming the file).
    """
    from chronicle.reading import read_bytes, shown_path

    raw = read_bytes(path, what="collection CSV")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadInput(f"{shown_path(path)} is not UTF-8 text (byte {exc.start}); save it as "
                       "'CSV UTF-8' and try again") from None


def delimiter(text: str) -> str:
    """Commas, unless the header line uses semicolons or tabs instead (some spreadsheets)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if "," not in first:
        for other in (";", "\t"):
            if other in first:
                return other
    return ","


def records(text: str, where: str) -> list[tuple[int, list[str]]]:
    """The non-blank records with the line each starts on.

    Raises:
        BadInput: the text is not CSV (an open quote), naming the line.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter(text), strict=True)
    found: list[tuple[int, list[str]]] = []
    start = 1
    try:
        while True:
            start = reader.line_num + 1
            try:
                record = next(reader)
            except StopIteration:
                break
            if any(cell.strip() for cell in record):
                found.append((start, record))
    except csv.Error as exc:
        raise BadInput(f"{where} line {start}: cannot be read as CSV ({exc}); check the "
                       "quotes: a value in quotes must end with a quote followed by a comma "
                       "or the end of the line") from None
    return found


def header(record: list[str], where: str, line: int, columns: Sequence[str],
           required: Sequence[str] = ("card", "count")) -> dict[str, int]:
    """Column name to index, from the header record; ``columns`` the names a file may use.

    Raises:
        BadInput: an unknown or repeated column, or a required one missing.
    """
    found: dict[str, int] = {}
    for index, cell in enumerate(record):
        name = " ".join(cell.replace("\ufeff", "").split()).casefold()
        name = ALIASES.get(name, name)
        if not name:
            continue
        if name not in columns:
            hint = did_you_mean(name, list(columns))
            raise BadInput(f"{where} line {line}: unknown column {cell.strip()!r}"
                           + (f" ({hint})" if hint else "")
                           + f"; the columns are {', '.join(columns)}")
        if name in found:
            raise BadInput(f"{where} line {line}: the column {name!r} appears twice")
        found[name] = index
    missing = [c for c in required if c not in found]
    if missing:
        optional = [c for c in columns if c not in required]
        raise BadInput(f"{where} line {line}: the first line must be a header naming the "
                       f"columns ({' and '.join(required)}, optionally "
                       f"{', '.join(optional[:-1])} and {optional[-1]}); it has no "
                       f"{' or '.join(repr(m) for m in missing)} column")
    return found


def count(raw: str, name: str, mode: Mode) -> tuple[int | None, str | None]:
    """The count of a row, or the reason it is bad."""
    low = 0 if mode == "replace" else 1
    text = raw.strip()
    if not text:
        return None, f"no count for {name!r}"
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_COUNT:
        return None, (f"count {text!r} for {name!r} is not a whole number from {low} to "
                      f"{MAX_COUNT}")
    value = int(text)
    if value < low:
        return None, (f"count 0 for {name!r} adds nothing; use 1 to {MAX_COUNT} (0 is allowed "
                      "only when replacing the collection)")
    return value, None


def too_many_values(record: list[str], width: int) -> str | None:
    """Why a record holds more values than the header names columns (None when it does not)."""
    if len(record) > width and any(c.strip() for c in record[width:]):
        return (f"has {len(record)} values but the header names {width} columns (quote a "
                "value that contains a comma)")
    return None


def nothing_imported(where: str, problems: list[str]) -> BadInput:
    """The refusal of a file with bad rows: every one listed."""
    rows_text = "this row" if len(problems) == 1 else f"these {len(problems)} rows"
    return BadInput(f"nothing was imported from {where}; fix {rows_text} and try again:\n"
                    + "\n".join(f"  {p}" for p in problems))
