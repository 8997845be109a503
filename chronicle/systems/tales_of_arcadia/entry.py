"""Entering a sourcebook's army list by hand: what is wrong with a card as it is typed, and saving
it to the user's card files. Used by the app's unit entry form, ``chronicle army unit`` and
``chronicle cards new --system tales-of-arcadia``; no database is needed (the cards are the
user's own files).

Every kind can be entered: a ``unit`` (with its ``variant`` and ``option`` tables) and its
``army`` card go to the file of its army list (``<army>.toml``), a ``keyword`` to
``keywords.toml`` and a ``terrain`` to ``terrain.toml`` in the user's card folder; a card of the
same name and kind there is replaced. The card format checks every card; a unit is also checked
by the rules (an error refuses it, except a value nobody knows yet: ``card.incomplete``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import BadInput, Refused
from chronicle.rules.report import Report, Severity, Violation
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.stored import catalog_for

if TYPE_CHECKING:
    from chronicle.catalog.problems import FileProblem
    from chronicle.systems.tales_of_arcadia.cards import Card
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog


def user_catalog() -> TalesCatalog:
    """The bundled cards and the user's card files."""
    from chronicle import paths
    from chronicle.systems.protocol import RecordContext

    return catalog_for(RecordContext(paths.user_cards_dir(KEY)))


UNIT_KEYS = ("name", "army", "cost", "power", "accuracy", "speed", "wounds", "range", "defense",
             "types", "movement", "keywords", "special", "summary")
CARD_KEYS: dict[str, tuple[str, ...]] = {
    "unit": (*UNIT_KEYS, "variant", "option"),
    "army": ("name", "summary"),
    "keyword": ("name", "summary", "parameter", "category"),
    "terrain": ("name", "summary", "hindering", "movement_cost", "ignored_by",
                "blocks_movement", "blocks_attacks", "imperfect_los"),
}
"""The keys each kind can be entered with (``chronicle cards new`` flags)."""
FILES = {"keyword": "keywords", "terrain": "terrain"}
"""The user's card file of the kinds that belong to no army list."""


@dataclass(frozen=True)
class Saved:
    """A card saved to the user's card files: the card, its file, the rules' warnings (and the
    values still unknown) it was saved with."""

    card: Card
    path: Path
    table: dict[str, Any]
    findings: list[Violation]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape (``chronicle cards new --json``)."""
        return {"saved": True, "name": self.card.name, "kind": str(self.card.kind),
                "path": str(self.path), "card": self.table,
                "violations": [v.to_dict() for v in self.findings]}


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
        return ["say which army list the unit belongs to (army, --army)"], []
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


def save_unit(values: dict[str, Any], folder: Path | None = None) -> Path:
    """Write a unit typed from a sourcebook to the user's card file of its army list
    (``<data dir>/cards/tales-of-arcadia/<army>.toml``), replacing a unit of the same name
    there. Refused when the card format or the rules find an error in it.

    Raises:
        BadInput: the unit is not a valid card. Refused: it breaks a rule (no Wounds, ...).
    """
    return save_card({**values, "kind": "unit"}, folder).path


def save_card(values: dict[str, Any], folder: Path | None = None) -> Saved:
    """Write a card of any kind (``values["kind"]``, default unit) to the user's card files
    (see the module's docstring), replacing the card of the same name and kind there.

    Raises:
        BadInput: the card is not a valid card. Refused: a unit breaks a rule (no Wounds...).
    """
    from chronicle import paths
    from chronicle.catalog.loader import load_card_file
    from chronicle.domain.values import Origin, name_key
    from chronicle.export.files import safe_name
    from chronicle.services.files import write_atomically
    from chronicle.systems.tales_of_arcadia.cards import card_from_data
    from chronicle.systems.tales_of_arcadia.files import dump_cards
    from chronicle.systems.tales_of_arcadia.quickcheck import SCHEMA
    from chronicle.systems.tales_of_arcadia.stored import clear_cache

    table = _table(values)
    kind = str(table["kind"])
    found, violations = _findings(values, None)
    if found:
        raise BadInput(f"the {kind} cannot be saved: " + "; ".join(found))
    # A value nobody knows yet stays unknown (card.incomplete); every other error refuses.
    errors = [v for v in violations if v.severity is Severity.ERROR
              and v.code != "card.incomplete"]
    if errors:
        said = "; ".join(f"{v.message} ({v.code})" for v in errors)
        raise Refused(f"the unit breaks the rules: {said}", Report(errors))
    target = folder if folder is not None else paths.user_cards_dir(KEY)
    target.mkdir(parents=True, exist_ok=True)
    army = str(table["army"] if kind == "unit" else table["name"])
    path = target / f"{FILES.get(kind) or safe_name(army, 'army')}.toml"
    entries: list[Any] = []
    if path.exists():
        entries, problems = load_card_file(path, SCHEMA, Origin.USER)
        if problems:
            raise BadInput(f"{path} has problems; mend it first: {problems[0]}")
    cards = [card_from_data(e.data, e.origin, e.path) for e in entries
             if not (name_key(e.data["name"]) == name_key(str(table["name"]))
                     and e.data.get("kind") == kind)]
    data = SCHEMA.validate(table)
    card = card_from_data(data, Origin.USER, str(path))
    cards.append(card)
    header = (f"Army list {army}: your own cards, entered in Arcadia Chronicle"
              if kind not in FILES else f"Your own {kind} cards, entered in Arcadia Chronicle")
    write_atomically(path, dump_cards(cards, header=header))
    clear_cache()
    return Saved(card, path, table, [v for v in violations if v.severity is not Severity.ERROR
                                     or v.code == "card.incomplete"])


__all__ = ["CARD_KEYS", "TABLE_KEYS", "UNIT_KEYS", "Saved", "read_table", "read_tables",
           "save_card", "save_unit", "unit_problems", "user_catalog"]
