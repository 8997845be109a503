"""Entering a sourcebook's army list by hand: what is wrong with a card as it is typed (the app's
unit entry form checks as you type), and the rules every typed unit is held to before the card
front saves it to the group's cards (``table_problems``, the game's ``card_rules``: used by
``chronicle army unit``, ``chronicle cards new --system tales-of-arcadia``, the unit form and
the app's card form). The card format checks every card; a unit is also checked by the rules
(an error refuses it, except a value nobody knows yet: ``card.incomplete``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chronicle.rules.report import Severity, Violation
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.stored import catalog_for

if TYPE_CHECKING:
    from chronicle.catalog.problems import FileProblem
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog


def user_catalog() -> TalesCatalog:
    """The bundled cards and the user's card files."""
    from chronicle import paths
    from chronicle.systems.protocol import RecordContext

    return catalog_for(RecordContext(paths.user_cards_dir(KEY)))


UNIT_KEYS = ("name", "army", "cost", "power", "accuracy", "speed", "wounds", "range", "defense",
             "types", "movement", "keywords", "special", "summary")
_TABLE_INTS = {"cost", "power", "accuracy", "speed", "wounds", "range", "defense", "min", "max"}
TABLE_KEYS: dict[str, tuple[str, ...]] = {
    "variant": ("cost", "power", "accuracy", "speed", "wounds", "range", "defense", "summary"),
    "option": ("cost", "min", "max", "group", "keywords", "summary"),
}
"""The keys a variant or an option is typed with (``read_table``)."""


def read_table(text: str, what: str) -> dict[str, Any]:
    """A variant or option typed as ``NAME[:key=value,...]`` (``"Lancer:cost=50,power=4"``,
    ``"Tower Shield:cost=10,group=Shield,keyword=Shroud/Flying"``) as its table: whole numbers
    read as such, ``keyword=A/B`` as the list ``keywords``. The card format then checks it.

    Raises:
        ValueError: a part that is not ``key=value``, an unknown key, a number that is not one.
    """
    allowed = TABLE_KEYS[what]
    name, colon, rest = text.partition(":")
    table: dict[str, Any] = {"name": name.strip()}
    if not colon:
        return table
    for part in rest.split(","):
        key, equals, value = (x.strip() for x in part.partition("="))
        if not equals or not key:
            raise ValueError(f"{part.strip()!r} is not key=value (in {text!r})")
        if key == "keyword":
            key = "keywords"
        if key not in allowed:
            raise ValueError(f"unknown key {key!r} (in {text!r}); one of: {', '.join(allowed)}")
        if key in _TABLE_INTS:
            try:
                table[key] = int(value)
            except ValueError:
                raise ValueError(f"{key} is a whole number, not {value!r} (in {text!r})") \
                    from None
        elif key == "keywords":
            table[key] = [word.strip() for word in value.split("/") if word.strip()]
        else:
            table[key] = value
    return table


def read_tables(text: str, what: str) -> list[dict[str, Any]]:
    """Several variants or options typed in one field, separated by ``;``."""
    return [read_table(part, what) for part in text.split(";") if part.strip()]


def _table(values: dict[str, Any]) -> dict[str, Any]:
    """The card table typed: ``kind`` (default unit) and every value given."""
    kind = values.get("kind") or "unit"
    return {"kind": kind, **{k: v for k, v in values.items()
                             if k != "kind" and v not in (None, "", [])}}


def unit_problems(values: dict[str, Any], cards: TalesCatalog | None = None) -> list[str]:
    """Everything wrong with a unit as typed (``values``: the card keys, unknown ones left
    out): the card format's problems, then the rules' findings for that unit (no Wounds, an
    Accuracy above 6, unknown keywords, a Rise Again without its chance, unknown values)."""
    found, violations = _findings(values, cards)
    return found or [f"{v.severity.value}: {v.message}" for v in violations]


def _findings(values: dict[str, Any], cards: TalesCatalog | None) -> tuple[list[str],
                                                                          list[Violation]]:
    """The card format's problems (then nothing else), or the rules' violations of the
    unit (messages without the unit's name in front)."""
    from dataclasses import replace

    from chronicle.catalog.loader import validate_card_tables
    from chronicle.domain.values import Origin
    from chronicle.systems.tales_of_arcadia.quickcheck import SCHEMA
    from chronicle.systems.tales_of_arcadia.rules import check_army

    table = _table(values)
    entries, problems = validate_card_tables([table], SCHEMA, path=f"the {table['kind']}",
                                             lines=None, origin=Origin.USER)
    if problems:
        return [problem.message + (f" ({problem.field})" if problem.field else "")
                for problem in problems], []
    if table["kind"] != "unit":
        return [], []
    base = cards if cards is not None else user_catalog()
    if not table.get("army"):
        return ["say which army list the unit belongs to (army)"], []
    joined = _with_card(base, entries)
    report = check_army(joined, str(table["army"]))
    name = str(table["name"])
    return [], [replace(v, message=v.message.removeprefix(name + ": "))
                for v in report.violations if name in v.cards]


def table_problems(tables: list[dict[str, Any]], path: str) -> list[FileProblem]:
    """The rules on typed cards by themselves (``GameSystem.card_rules``): a unit must name
    its army list and break no rule of it (no Wounds, an Accuracy above 6...); a value nobody
    knows yet (``card.incomplete``) is no reason to refuse it. A rule broken carries its code."""
    from chronicle.catalog.problems import FileProblem

    found: list[FileProblem] = []
    for table in tables:
        if table.get("kind") != "unit":
            continue
        name = str(table.get("name"))
        if not table.get("army"):           # the field named, as every bad value is
            found.append(FileProblem(path, "say which army list the unit belongs to",
                                     card=name, field="army"))
            continue
        messages, violations = _findings(dict(table), None)
        found.extend(FileProblem(path, message, card=name) for message in messages)
        found.extend(FileProblem(path, v.message, card=name, code=v.code) for v in violations
                     if v.severity is Severity.ERROR and v.code != "card.incomplete")
    return found


def _with_card(base: TalesCatalog, entries: list[Any]) -> TalesCatalog:
    """``base`` with the typed unit added (or correcting the card of that name)."""
    from chronicle.catalog.store import Catalog
    from chronicle.domain.values import name_key
    from chronicle.systems.tales_of_arcadia.cards import card_from_data

    added = [card_from_data(e.data, e.origin, e.path) for e in entries]
    names = {(name_key(c.name), c.kind) for c in added}
    kept = [c for c in base if (name_key(c.name), c.kind) not in names]
    return Catalog([*kept, *added], [])


__all__ = ["TABLE_KEYS", "UNIT_KEYS", "read_table", "read_tables", "table_problems",
           "unit_problems", "user_catalog"]
