"""Writing the small TOML documents this project reads: card files and character files.

Top-level keys hold scalars, arrays of scalars and arrays of inline tables; a list of tables
under a key is written as ``[[key]]`` sections. Strings are always quoted and escaped, so any
text a user typed round-trips through ``tomllib`` unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any


def quote(text: str) -> str:
    """A TOML basic string for ``text``."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def value(item: Any) -> str:
    """A TOML value: string, integer, boolean, array or inline table."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return quote(item)
    if isinstance(item, Mapping):
        return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in item.items()) + " }"
    if isinstance(item, Sequence):
        return "[" + ", ".join(value(v) for v in item) + "]"
    raise TypeError(f"cannot write {type(item).__name__} to TOML")


def key(name: str) -> str:
    """A bare key when possible, else a quoted one."""
    if name and all(c.isalnum() or c in "_-" for c in name) and name.isascii():
        return name
    return quote(name)


def _is_table_list(item: Any) -> bool:
    return (isinstance(item, list) and bool(item)
            and all(isinstance(entry, Mapping) for entry in item))


def dumps(document: Mapping[str, Any], *, header: str = "") -> str:
    """``document`` as TOML text. ``None`` values are left out."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    if lines:
        lines.append("")
    tables: list[tuple[str, list[Mapping[str, Any]]]] = []
    for name, item in document.items():
        if item is None:
            continue
        if _is_table_list(item):
            tables.append((name, item))
        else:
            lines.append(f"{key(name)} = {value(item)}")
    for name, entries in tables:
        for entry in entries:
            lines.append("")
            lines.append(f"[[{key(name)}]]")
            lines.extend(f"{key(k)} = {value(v)}" for k, v in entry.items() if v is not None)
    return "\n".join(lines) + "\n"
