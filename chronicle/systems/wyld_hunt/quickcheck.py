"""Wyld Hunt's character files and card tables, read without building pydantic's validators
when they are plainly valid (why, and how the field tables come from the models:
``chronicle.catalog.quick``).

The models of ``filemodels.py`` (character and setup files) and ``schema.py`` (cards) judge. A
character file or card table whose every key is known and every value is already in its final
form (text trimmed and within its length, whole numbers in range, an enumerated value in lower
case, lists within their length, no control characters, an event of exactly one kind with what
that kind needs) is returned here as the model would return it; anything else (a stray key,
text with surrounding space, a number as text, a TOML date, ``effects`` or ``score_changes``)
goes to the model, which accepts, normalises or refuses it with its located message. Setup
files always go to the model.
"""

from __future__ import annotations

import enum
from typing import Any

from chronicle.catalog.quick import DEFER, SHALLOW, Check, QuickSchema, checks, generated_tables
from chronicle.domain.dates import date_problem
from chronicle.rules.editions import edition_keys
from chronicle.systems.wyld_hunt import cards as c
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, Event, event_of
from chronicle.systems.wyld_hunt.editions import GAME

spec = generated_tables(__file__)
"""The field tables generated from the models (``quickspec.json``)."""


def _date(value: Any) -> bool:
    return (type(value) is str and len(value) <= 40 and value == value.strip()
            and date_problem(value) is None)


NORMALISERS = ("_date_text", "_lower", "_lower_list", "_sides")
"""The models' before validators that leave a value already in its final form unchanged (a
date as text, an enumerated value in lower case, a league's sides as lists)."""
EVENT: dict[str, Check] = checks(spec.EVENT, {"date": _date},  # _event checks one kind
                                 handled=(*NORMALISERS, "_one_kind"))
"""An ``[[event]]``'s checks, from ``filemodels.EventModel``'s generated table."""
CHARACTER: dict[str, Check] = checks(spec.CHARACTER, {
    "system": lambda v: type(v) is str and v in edition_keys(GAME), "event": SHALLOW},
    handled=NORMALISERS)
"""A character file's checks, from ``filemodels.CharacterFile``'s generated table."""
_CORRECTION = ("add_merits", "remove_merits", "add_flaws", "remove_flaws", "xp")


def _table(data: Any, fields: dict[str, Check]) -> dict[str, Any] | None:
    """``data`` in the order of ``fields`` when every key is known and every value final."""
    if type(data) is not dict or not data.keys() <= fields.keys():
        return None
    found = {key: data[key] for key in fields if key in data}
    return found if all(fields[key](value) for key, value in found.items()) else None


def _event(data: Any) -> Event | None:
    found = _table(data, EVENT)
    if found is None:
        return None
    kinds = [kind for kind, keys in (("game", ("quests", "completed")), ("buy", ("buy",)),
                                     ("buy_off", ("buy_off",)), ("undo", ("undo",)),
                                     ("correction", _CORRECTION))
             if any(key in found for key in keys)]
    if len(kinds) != 1 or ("completed" in found and "quests" not in found):
        return None
    if kinds == ["correction"] and "note" not in found:
        return None
    if kinds != ["game"] and ("opponent" in found or "epic_order" in found):
        return None
    return event_of(kinds[0], found)


def character_file(document: dict[str, Any]) -> tuple[CharacterBuild, list[Any]] | None:
    """A plainly valid character file as the character and its ``[[card]]`` tables (not yet
    validated: the card schema judges them); None when the model must judge it."""
    found = _table(document, CHARACTER)
    if found is None or "name" not in found:
        return None
    events = [_event(item) for item in found.get("event", ())]
    if any(event is None for event in events):
        return None
    icon = found.get("icon", ())
    court = found.get("court")
    return (CharacterBuild(name=found["name"], system=found.get("system", "wyld-hunt"),
                           icons=(icon,) if isinstance(icon, str) else tuple(icon),
                           court=c.Court(court) if court else None,
                           merits=tuple(found.get("merits", ())),
                           flaws=tuple(found.get("flaws", ())),
                           background=found.get("background"), player=found.get("player"),
                           events=tuple(e for e in events if e is not None)),
            found.get("card", []))


_MODEL_READS: dict[str, Check | str] = {"effects": DEFER, "aliases": DEFER,
                                        "score_changes": DEFER}
"""Keys the models read (other names, effects, score changes typed as text)."""
FIELDS: dict[str, dict[str, Check]] = {
    kind: checks(table, _MODEL_READS, handled=NORMALISERS)
    for kind, table in (("icon", spec.ICON), ("merit", spec.MERIT), ("flaw", spec.FLAW),
                        ("quest", spec.QUEST), ("league", spec.LEAGUE),
                        ("waylay", spec.WAYLAY))}
"""Each kind's checks, from its model's generated table (``quickspec.json``)."""
_ENUMS: dict[str, type[enum.StrEnum]] = {
    "set": c.CardSet, "court": c.Court, "attribute": c.Attribute}
_TYPES: dict[str, type[enum.StrEnum]] = {"merit": c.MeritType, "flaw": c.FlawType}


def card_data(data: dict[str, Any]) -> dict[str, Any] | None:
    """The keys a valid card table sets, as the card's model returns them; None when the
    table is not plainly valid (the model then judges it)."""
    kind = data.get("kind")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    found = _table(data, fields) if fields is not None else None
    if found is None or "name" not in found:
        return None
    for key, value in found.items():
        if key in _ENUMS:
            found[key] = _ENUMS[key](value)
        elif key == "type":
            found[key] = _TYPES[str(kind)](value)
        elif key == "terrain":
            found[key] = [c.Terrain(v) for v in value]
        elif key == "tests":
            found[key] = [c.TestType(v) for v in value]
        elif key == "sides":
            found[key] = [[c.Terrain(v) for v in side] for side in value]
    return found


SCHEMA: QuickSchema[c.Card] = QuickSchema(
    "wyld-hunt", 1, "chronicle.systems.wyld_hunt.schema:SCHEMA", fields=FIELDS,
    card_data=card_data, to_card=c.card_from_data,
    aliases={("flaw", "cost"): "bonus", ("merit", "bonus"): "cost",
             ("waylay", "waylay_rating"): "rating", ("quest", "rating"): "waylay_rating"})
"""The card schema the character file loader uses for a file's own cards."""

__all__ = ["CHARACTER", "EVENT", "FIELDS", "SCHEMA", "card_data",
           "character_file"]
