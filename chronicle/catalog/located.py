"""pydantic's validation errors of a whole file as located problems: the line, the table entry
(``turn #3``), the key, a "did you mean" hint for a misspelt key, and the offending value cut
short. Every game system's file reader uses it for its own top-level model and tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from chronicle.catalog.problems import FileProblem, did_you_mean
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.limits import cut

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError


def located_problems(exc: ValidationError, path: str, lines: LineMap | None,
                     model: type[BaseModel],
                     tables: Mapping[str, type[BaseModel]]) -> list[FileProblem]:
    """One problem per error of ``exc`` raised validating a file against ``model``; ``tables``
    names the arrays of tables (``[[turn]]``) and the model of each entry."""
    found: list[FileProblem] = []
    for error in exc.errors():
        loc = list(error["loc"])
        table: str | None = None
        index = 0
        fields: type[BaseModel] = model
        if len(loc) >= 2 and loc[0] in tables and isinstance(loc[1], int):
            table, index, fields, loc = str(loc[0]), loc[1], tables[str(loc[0])], loc[2:]
        key = str(loc[0]) if loc else None
        line = None
        if lines is not None:
            line = (lines.key_line(table, index, key) if key else None) or (
                lines.entry_line(table, index) if table else
                lines.key_line(None, 0, key or "")
                or (lines.entry_line(key, 0) if key is not None and key in tables else None))
        label = f"{table} #{index + 1}" if table else None
        dotted = ".".join(str(p) for p in loc) or None
        where = f"{label}: {dotted}" if label and dotted else (label or dotted)
        if error["type"] == "extra_forbidden" and key:
            found.append(FileProblem(path, "unknown key", line=line, field=where,
                                     hint=did_you_mean(key, list(fields.model_fields))))
        elif error["type"] == "missing":
            found.append(FileProblem(path, "is required", line=line, field=where))
        else:
            message = error["msg"].removeprefix("Value error, ")
            shown = error.get("input")
            if error["type"] != "value_error" and not isinstance(shown, dict | list):
                message += f", got {cut(shown)}"
            found.append(FileProblem(path, message, line=line, field=where))
    return found
