"""The Tales of Arcadia card and roster formats, read without building pydantic's validators
when a table is plainly valid (why, and how the field tables come from the models:
``chronicle.catalog.quick``).

The models of ``schema.py`` (cards) and ``filemodels.py`` (rosters, battles) judge. A table
whose every key is known and every value is already in its final form (text trimmed, whole
numbers in range, lists of the allowed length, no control characters, no two variants or
options of one name, ``min`` at most ``max``) is returned here as the model would return it;
anything else (a stray key, text with surrounding space, a number as text, ``None``) goes to the
model, which accepts, normalises or refuses it with its located message.

``SCHEMA`` is the card schema the loader uses (``chronicle.catalog.loader.CardSchema``).
"""

from __future__ import annotations

from typing import Any

from chronicle.catalog.quick import SHALLOW, Check, QuickSchema, checks, generated_tables, required
from chronicle.domain.values import name_key
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.cards import Card, Movement, card_from_data
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.limits import (
    FORMAT_VERSION,
    MAX_LIST,
)

spec = generated_tables(__file__)
"""The field tables generated from the models (``quickspec.json``)."""

_MOVEMENTS: dict[str, Movement] = {m.value: m for m in Movement}
FIELDS: dict[str, dict[str, Check]] = {
    "army": checks(spec.ARMY),
    "unit": checks(spec.UNIT, handled=("_distinct", "_lower")),  # card_data: the names
    "keyword": checks(spec.KEYWORD),
    "terrain": checks(spec.TERRAIN),
}
"""Each kind's checks, from its model's generated table (``quickspec.json``)."""
NESTED: dict[str, dict[str, Check]] = {
    "variant": checks(spec.VARIANT),
    "option": checks(spec.OPTION, handled=("_bounds",)),  # card_data checks min <= max
}


def _table(data: Any, fields: dict[str, Check],
           nested: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """``data`` in the order of ``fields`` when every key is known and every value final
    (the ``nested`` tables are looked at by the caller)."""
    if type(data) is not dict or not data.keys() <= fields.keys():
        return None
    found = {key: data[key] for key in fields if key in data}
    if not all(fields[key](value) for key, value in found.items() if key not in nested):
        return None
    return found


def _nested(items: Any, fields: dict[str, Check]) -> list[dict[str, Any]] | None:
    if type(items) is not list or len(items) > MAX_LIST:
        return None
    tables = [_table(item, fields) for item in items]
    if any(t is None for t in tables):
        return None
    seen = {name_key(t["name"]) for t in tables if t is not None and "name" in t}
    if len(seen) != len(tables) or any(t is not None and "name" not in t for t in tables):
        return None
    return [t for t in tables if t is not None]


def card_data(data: dict[str, Any]) -> dict[str, Any] | None:
    """The keys a valid card table sets, as the card's model returns them; None when the
    table is not plainly valid (the model then judges it)."""
    kind = data.get("kind")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    found = _table(data, fields, tuple(NESTED)) if fields is not None else None
    if found is None or "name" not in found:
        return None
    for key, inner in NESTED.items():
        if key in found:
            tables = _nested(found[key], inner)
            if tables is None:
                return None
            found[key] = tables
    for option in found.get("option", ()):
        if option.get("min", 0) > option.get("max", 1):
            return None
    if "movement" in found:
        found["movement"] = _MOVEMENTS[found["movement"]]
    return found


_ROSTER: dict[str, Check] = checks(spec.ROSTER, {"unit": SHALLOW})  # roster() reads each
_LINE: dict[str, Check] = checks(spec.LINE)


def roster(document: dict[str, Any]) -> tuple[Roster, list[Any]] | None:
    """A plainly valid roster document as the force and its ``[[card]]`` tables (not yet
    validated: the card schema judges them); None when the model must judge it."""
    found = _table(document, _ROSTER)
    if found is None or not set(required(spec.ROSTER)) <= found.keys():
        return None
    lines: list[RosterLine] = []
    for item in found.get("unit", ()):
        line = _table(item, _LINE)
        if line is None or not set(required(spec.LINE)) <= line.keys():
            return None
        lines.append(RosterLine(unit=line["unit"], variant=line.get("variant"),
                                options=tuple(line.get("options", ())),
                                count=line.get("count", 1), note=line.get("note")))
    return (Roster(name=found["name"], army=found["army"], limit=found["limit"],
                   units=tuple(lines), player=found.get("player"), notes=found.get("notes"),
                   trim_from=found.get("trim_from")),
            found.get("card", []))


SCHEMA: QuickSchema[Card] = QuickSchema(
    KEY, FORMAT_VERSION, "chronicle.systems.tales_of_arcadia.schema:MODEL_SCHEMA",
    fields=FIELDS, card_data=card_data, to_card=card_from_data, aliases={})
"""The card schema the catalog loader uses for Tales of Arcadia files."""

__all__ = ["FIELDS", "FORMAT_VERSION", "SCHEMA", "card_data", "roster"]
