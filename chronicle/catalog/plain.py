"""Card entries and file problems as plain values (what a cache keeps) and back, the shape of
every value checked on the way back.

A card's validated keys hold strings, numbers, booleans, lists, tables and the game's own
enumerations (``StrEnum`` members such as a Wyld Hunt card's terrain). A member is kept as
``{"$enum": "module:Class", "value": ...}`` and comes back only as a member of an ``Enum``
class of an already imported ``chronicle`` module, looked up by its value: nothing is imported
or called on a cache's say. Anything else (a tuple, a date, a table key starting with ``$``)
cannot be kept: :func:`entries_to_plain` raises ``TypeError`` and the caller keeps nothing.
Every reader raises :class:`BadShape` on a value it did not write (the caller's miss).
"""

from __future__ import annotations

import enum
import math
import sys
from collections.abc import Iterator
from typing import Any

from chronicle.catalog.entry import CardEntry
from chronicle.catalog.problems import FileProblem
from chronicle.domain.values import Origin

_ENUM = "$enum"
_SCALARS = (str, int, float, bool, type(None))


class BadShape(ValueError):
    """A plain value that is not what a cache writer wrote (damaged or planted)."""


def _to_plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        kind = type(value)
        if not kind.__module__.startswith("chronicle.") or not isinstance(value.value, str | int):
            raise TypeError(f"{kind.__module__}.{kind.__qualname__} cannot be kept")
        return {_ENUM: f"{kind.__module__}:{kind.__qualname__}", "value": value.value}
    if type(value) is float and not math.isfinite(value):
        raise TypeError("a float that is not finite cannot be kept")
    if type(value) in _SCALARS:
        return value
    if type(value) is list:
        return [_to_plain(item) for item in value]
    if type(value) is dict:
        kept: dict[str, Any] = {}
        for key, item in value.items():
            if type(key) is not str or key.startswith("$"):
                raise TypeError(f"a table key {key!r} cannot be kept")
            kept[key] = _to_plain(item)
        return kept
    raise TypeError(f"a {type(value).__name__} cannot be kept")


def _enum_member(name: Any, value: Any) -> enum.Enum:
    if not isinstance(name, str) or not isinstance(value, str | int) or isinstance(value, bool):
        raise BadShape("an enumeration member is malformed")
    module, _, qualname = name.partition(":")
    found: Any = sys.modules.get(module) if module.startswith("chronicle.") else None
    for part in qualname.split("."):
        if found is None or not part.isidentifier() or part.startswith("_"):
            raise BadShape(f"{name} is not an enumeration of chronicle's")
        found = vars(found).get(part) if hasattr(found, "__dict__") else None
    if not (isinstance(found, type) and issubclass(found, enum.Enum)
            and found.__module__ == module):
        raise BadShape(f"{name} is not an enumeration of chronicle's")
    try:
        return found(value)
    except ValueError:
        raise BadShape(f"{value!r} is not a {name}") from None


def _from_plain(value: Any) -> Any:
    if type(value) in _SCALARS:
        return value
    if type(value) is list:
        return [_from_plain(item) for item in value]
    if type(value) is dict:
        if _ENUM in value:
            if set(value) != {_ENUM, "value"}:
                raise BadShape("an enumeration member is malformed")
            return _enum_member(value[_ENUM], value["value"])
        if any(key.startswith("$") for key in value):
            raise BadShape("a table key starting with '$'")
        return {key: _from_plain(item) for key, item in value.items()}
    raise BadShape(f"a {type(value).__name__} is not a plain value")


def _optional(value: Any, kind: type, what: str) -> Any:
    if value is not None and (type(value) is not kind):
        raise BadShape(f"{what} is not a {kind.__name__} or null")
    return value


def _rows(value: Any, width: int, plural: str, single: str) -> Iterator[list[Any]]:
    """The rows of ``value``, a list of lists of ``width`` values each.

    Raises:
        BadShape: it is not (``plural`` and ``single`` name the rows in the message).
    """
    if type(value) is not list:
        raise BadShape(f"{plural} are not a list")
    for item in value:
        if type(item) is not list or len(item) != width:
            raise BadShape(f"{single} is malformed")
        yield item


def entries_to_plain(entries: list[CardEntry]) -> list[Any]:
    """Card entries as plain values.

    Raises:
        TypeError: a value of a card cannot be kept.
    """
    return [[_to_plain(entry.data), entry.origin.value, entry.path, entry.line]
            for entry in entries]


def entries_from_plain(value: Any) -> list[CardEntry]:
    """Card entries from what :func:`entries_to_plain` made, fresh objects.

    Raises:
        BadShape: ``value`` is not what it made.
    """
    entries: list[CardEntry] = []
    for data, origin, path, line in _rows(value, 4, "card entries", "a card entry"):
        if type(data) is not dict or type(path) is not str \
                or not isinstance(data.get("name"), str) or not isinstance(data.get("kind"), str):
            raise BadShape("a card entry is malformed (every card has a name and a kind)")
        try:
            kept_origin = Origin(origin)
        except ValueError:
            raise BadShape(f"{origin!r} is not an origin") from None
        entries.append(CardEntry(_from_plain(data), kept_origin, path,
                                 _optional(line, int, "a line")))
    return entries


_PROBLEM = ("path", "message", "line", "card", "field", "hint", "code")


def problems_to_plain(problems: list[FileProblem]) -> list[Any]:
    """File problems as plain values."""
    return [[getattr(problem, name) for name in _PROBLEM] for problem in problems]


def problems_from_plain(value: Any) -> list[FileProblem]:
    """File problems from what :func:`problems_to_plain` made.

    Raises:
        BadShape: ``value`` is not what it made.
    """
    problems: list[FileProblem] = []
    for path, message, line, card, field, hint, code in _rows(value, len(_PROBLEM), "problems",
                                                              "a problem"):
        if type(path) is not str or type(message) is not str:
            raise BadShape("a problem is malformed")
        problems.append(FileProblem(path, message, _optional(line, int, "a line"),
                                    _optional(card, str, "a card"),
                                    _optional(field, str, "a field"),
                                    _optional(hint, str, "a hint"),
                                    _optional(code, str, "a code")))
    return problems
