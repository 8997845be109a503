"""Formatting for the command line: JSON, aligned tables, reports and problems."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from chronicle.catalog.problems import FileProblem
from chronicle.rules.report import Front, Report

LINE_MAX = 1000
"""Characters of one error line printed; the rest (a value echoed whole) is cut."""


def terminal_safe(text: str) -> str:
    """``text`` with control characters (stored before names refused them, or in a file
    name) shown as escapes, so nothing a user typed can drive another member's terminal."""
    from chronicle.domain.limits import printable_line

    return printable_line(text)


def _cut(line: str) -> str:
    return line if len(line) <= LINE_MAX else \
        f"{line[:LINE_MAX]}... ({len(line) - LINE_MAX:,} more characters cut)"


def emit(text: str = "") -> None:
    """Print a line to standard output (control characters escaped)."""
    sys.stdout.write(terminal_safe(text) + "\n")


def fail(text: str) -> None:
    """Print an error line to standard error (control characters escaped, overlong lines
    cut)."""
    shown = "\n".join(_cut(line) for line in terminal_safe(text).split("\n"))
    sys.stderr.write(f"chronicle: {shown}\n")


def emit_json(data: Any) -> None:
    """Print ``data`` as indented JSON."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def listed(found: Sequence[Any], as_json: bool, empty: str) -> bool:
    """Whether a listing is already shown: as JSON (each item's ``to_dict()``), or the ``empty``
    line when there is nothing; False when the caller still prints its rows."""
    if as_json:
        emit_json([item.to_dict() for item in found])
        return True
    if not found:
        emit(empty)
        return True
    return False


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters with an ellipsis."""
    return text if len(text) <= width else text[: width - 1] + "…"


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], widths: Sequence[int]) -> None:
    """Print an aligned table; ``widths`` are the least widths of the columns, which grow to
    their longest cell: nothing is ever cut, so two names that begin alike stay apart. The
    last column is not padded."""
    rows = [list(row) for row in rows]
    widths = [max([w, len(h), *(len(r[i]) for r in rows)])
              for i, (w, h) in enumerate(zip(widths, headers, strict=True))]

    def line(cells: Sequence[str]) -> str:
        parts = [c.ljust(w) for c, w in zip(cells[:-1], widths[:-1], strict=True)]
        return "  ".join([*parts, cells[-1]]).rstrip()

    emit(line(headers))
    emit(line(["-" * w for w in widths]))
    for row in rows:
        emit(line(row))


def problems(found: Iterable[FileProblem], *, to_stderr: bool = True) -> None:
    """Print file problems, one per line."""
    for problem in found:
        text = f"  {problem}"
        if to_stderr:
            sys.stderr.write(text + "\n")
        else:
            emit(text)


def report(result: Report, front: Front = Front.CLI, **names: str) -> None:
    """Print every violation of a report, errors first, each fix in the terms of ``front``
    (a command to run, unless the report is of a file), ``names`` filling its placeholders."""
    ordered = result.errors + result.warnings
    if not ordered:
        emit("No rule is broken.")
        return
    for violation in ordered:
        emit(f"{violation.severity.value:<8}{violation.code}: {violation.message}")
        fix = violation.fix_for(front, **names)
        if fix:
            emit(f"{'':8}fix: {fix}")
        if violation.section:
            emit(f"{'':8}rule: {violation.section}")


TABLE_WORDS = {
    "player": ("player", "players"), "ownership": ("collection entry", "collection entries"),
    "character": ("character", "characters"), "creation_card": ("creation card",
                                                               "creation cards"),
    "ledger_event": ("chronicle event", "chronicle events"), "game": ("game", "games"),
    "game_player": ("seat at a game", "seats at games"), "group_card": ("group card",
                                                                        "group cards"),
    "change_log": ("change record", "change records"),
}
"""What the rows of each table are, in words, for the summaries of exports and backups."""


def counts_in_words(counts: dict[str, int]) -> str:
    """Row counts by table in words: ``2 players, 60 collection entries, ...``.

    >>> counts_in_words({"player": 1, "ownership": 2, "other_table": 3})
    '1 player, 2 collection entries, 3 other table rows'
    """
    def one(table: str, n: int) -> str:
        single, plural = TABLE_WORDS.get(table, (f"{table.replace('_', ' ')} row",
                                                 f"{table.replace('_', ' ')} rows"))
        return f"{n} {single if n == 1 else plural}"
    return ", ".join(one(table, n) for table, n in counts.items())


def percent(value: Any) -> str:
    """A fraction as a percentage with one decimal."""
    return f"{float(value) * 100:.1f}%"
