"""Every game's cards through its card schema alone: the fields a card kind has (their shape,
choices and bounds, read from the schema's pydantic models), any game's catalog in layers as
plain cards, the card's other names (``aliases``), and typed values read as TOML.

This is what the generic card front (``chronicle cards``, the app's card form) is made of: a
game that declares a card schema (``GameSystem.card_schema``) gets it with no code of its own.
Nothing here opens a database: the group's cards reach a catalog through
``chronicle.catalog.group`` (``chronicle.services.cardfront`` puts them there).
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Literal, NamedTuple

from chronicle.catalog.loader import CardEntry, CardSchema
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.store import Catalog
from chronicle.domain.values import Origin

Shape = Literal["int", "bool", "text", "choice", "texts", "table", "tables", "value"]
"""How a field is typed in: a whole number, yes/no, a text, one of ``choices``, a list of
texts, a table (``{hit = 2, miss = 1}``), a list of tables, or any TOML value."""

META = ("summary", "notes", "source", "confidence", "aliases", "products", "example")
"""Fields that say where a card comes from or what it is called, not a printed value: a card
lacking them is not incomplete."""


class FieldSpec(NamedTuple):
    """One field of a game's cards, as a front shows and takes it."""

    name: str
    shape: Shape
    kinds: tuple[str, ...]
    """The kinds of card that have the field."""
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    longest: int | None = None
    """The most characters (texts) or items (lists)."""
    fields: tuple[FieldSpec, ...] = ()
    """A table's own fields (``table`` and ``tables``)."""

    @property
    def flag(self) -> str:
        """The command line's option: ``--waylay-rating``."""
        return "--" + self.name.replace("_", "-")

    def describe(self) -> str:
        """One line: what the field takes."""
        said = {"int": "a whole number", "bool": "yes or no", "text": "a text",
                "choice": "one of " + ", ".join(self.choices), "texts": "a list of texts",
                "table": "a table", "tables": "a list of tables",
                "value": "a value (TOML)"}[self.shape]
        if self.low is not None or self.high is not None:
            said += f" from {self.low if self.low is not None else '…'} to " \
                    f"{self.high if self.high is not None else '…'}"
        if self.fields:
            said += " (" + ", ".join(f.name for f in self.fields) + ")"
        return said


def model_schema(schema: Any) -> Any:
    """The schema holding pydantic models by kind (``chronicle.catalog.schema.ModelSchema``)
    behind ``schema``: itself, or the models a quick schema defers to (its ``models``)."""
    models = getattr(schema, "models", None)
    if isinstance(models, dict):
        return schema
    inner = getattr(models, "models", None)
    if isinstance(inner, dict):
        return models
    return None


def _bounds(metadata: Iterable[Any]) -> tuple[int | None, int | None, int | None]:
    low = high = longest = None
    for item in metadata:
        for attr, kind in (("ge", "low"), ("gt", "low+"), ("le", "high"), ("lt", "high-"),
                           ("max_length", "longest")):
            found = getattr(item, attr, None)
            if isinstance(found, int) and not isinstance(found, bool):
                if kind == "low":
                    low = found
                elif kind == "low+":
                    low = found + 1
                elif kind == "high":
                    high = found if high is None else min(high, found)
                elif kind == "high-":
                    high = found - 1
                else:
                    longest = found
        inner = getattr(item, "metadata", None)
        if isinstance(inner, list) and inner:
            more = _bounds(inner)
            low = more[0] if more[0] is not None else low
            high = more[1] if more[1] is not None else high
            longest = more[2] if more[2] is not None else longest
    return low, high, longest


def _strip(annotation: Any) -> tuple[Any, list[Any]]:
    """The type under ``Annotated``/``Optional``, and the metadata met on the way."""
    metadata: list[Any] = []
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation, *more = typing.get_args(annotation)
            metadata.extend(more)
            continue
        if origin in (typing.Union, types.UnionType):
            kept = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(kept) == 1:
                annotation = kept[0]
                continue
        return annotation, metadata


def _spec(name: str, annotation: Any, extra: Iterable[Any], kinds: tuple[str, ...]) -> FieldSpec:
    from pydantic import BaseModel

    base, metadata = _strip(annotation)
    metadata.extend(extra)
    low, high, longest = _bounds(metadata)
    origin = typing.get_origin(base)
    if origin in (typing.Union, types.UnionType):
        return FieldSpec(name, "value", kinds)
    if origin is Literal:
        return FieldSpec(name, "choice", kinds, tuple(str(a) for a in typing.get_args(base)))
    if origin is list:
        item, _meta = _strip(typing.get_args(base)[0]) if typing.get_args(base) else (str, [])
        if isinstance(item, type) and issubclass(item, BaseModel):
            return FieldSpec(name, "tables", kinds, longest=longest, fields=fields_of(item))
        if isinstance(item, type) and issubclass(item, enum.Enum):
            return FieldSpec(name, "texts", kinds, tuple(str(m.value) for m in item),
                             longest=longest)
        if item is str:
            return FieldSpec(name, "texts", kinds, longest=longest)
        return FieldSpec(name, "value", kinds, longest=longest)
    if isinstance(base, type):
        if issubclass(base, BaseModel):
            return FieldSpec(name, "table", kinds, fields=fields_of(base))
        if issubclass(base, bool):
            return FieldSpec(name, "bool", kinds)
        if issubclass(base, enum.Enum):
            return FieldSpec(name, "choice", kinds, tuple(str(m.value) for m in base))
        if issubclass(base, int):
            return FieldSpec(name, "int", kinds, low=low, high=high)
        if issubclass(base, str):
            return FieldSpec(name, "text", kinds, longest=longest)
    return FieldSpec(name, "value", kinds)


def fields_of(model: Any, kinds: tuple[str, ...] = ()) -> tuple[FieldSpec, ...]:
    """The fields of a pydantic model (a card kind's, or a table's)."""
    return tuple(_spec(name, info.annotation, info.metadata, kinds)
                 for name, info in model.model_fields.items())


def kind_fields(schema: CardSchema, kind: str) -> tuple[FieldSpec, ...]:
    """The fields a card of ``kind`` has (``name`` and ``kind`` left out), from the schema's
    models; a schema without models gives every field as a TOML value."""
    found = model_schema(schema)
    if found is None:
        return tuple(FieldSpec(name, "value", (kind,)) for name in schema.fields(kind)
                     if name not in ("name", "kind"))
    specs = [spec for spec in fields_of(found.models[kind], (kind,))
             if spec.name not in ("name", "kind")]
    said = {spec.name for spec in specs}
    specs.extend(FieldSpec(name, "texts", (kind,)) for name in schema.fields(kind)
                 if name not in said and name not in ("name", "kind"))   # every game's aliases
    return tuple(specs)


def game_fields(schema: CardSchema) -> tuple[FieldSpec, ...]:
    """Every field of any kind of the game, once each, with the kinds that have it (the first
    kind's shape when two kinds type it differently)."""
    merged: dict[str, FieldSpec] = {}
    for kind in schema.kinds:
        for spec in kind_fields(schema, kind):
            had = merged.get(spec.name)
            merged[spec.name] = spec if had is None else had._replace(
                kinds=(*had.kinds, kind),
                choices=tuple(dict.fromkeys((*had.choices, *spec.choices))))
    return tuple(merged.values())


# Typed values --------------------------------------------------------------------------------

def toml_value(text: str) -> Any:
    """``text`` read as one TOML value (``3``, ``true``, ``"x"``, ``[1, 2]``, ``{hit = 2}``).

    Raises:
        ValueError: it is not one.
    """
    import tomllib

    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{text[:60]!r} is not a TOML value ({exc})") from None


def _scalar(text: str) -> Any:
    """A shorthand's value: a TOML value when it reads as one, else the text itself."""
    try:
        return toml_value(text)
    except ValueError:
        return text.strip()


def read_shorthand(text: str, spec: FieldSpec) -> dict[str, Any]:
    """A table typed as ``NAME[:key=value,...]`` (``"Lancer:cost=50,power=4"``) or as a TOML
    inline table (``{name = "Lancer", cost = 50}``); a key naming a list field by its singular
    (``keyword=A/B`` for ``keywords``) gives that list, split on ``/``.

    Raises:
        ValueError: a part that is not ``key=value``.
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        found = toml_value(stripped)
        if not isinstance(found, dict):
            raise ValueError(f"{text[:60]!r} is not a table")
        return found
    lists = {f.name for f in spec.fields if f.shape == "texts"}
    table: dict[str, Any] = {}
    rest = stripped
    if any(f.name == "name" for f in spec.fields):   # a named table: "NAME:key=value,..."
        name, colon, rest = stripped.partition(":")
        table["name"] = name.strip()
        if not colon:
            return table
    for part in rest.split(","):
        key, equals, value = (x.strip() for x in part.partition("="))
        if not equals or not key:
            raise ValueError(f"{part.strip()!r} is not key=value (in {text[:60]!r})")
        if key not in lists and key + "s" in lists:
            key += "s"
        table[key] = ([w.strip() for w in value.split("/") if w.strip()] if key in lists
                      else _scalar(value))
    return table


def typed(spec: FieldSpec, texts: list[str]) -> Any:
    """The value of a named option given ``texts`` (each time the option was given). A table,
    a list of tables or a TOML value given once in a form of neither (``--score-changes
    "Combat+1"``, ``--sides fields,road/forest/border/fields``) is handed to the game's schema
    as the text typed: the schema reads its own text forms, and refuses what it cannot read,
    naming the field.

    Raises:
        ValueError: a text the field cannot take (said with the field's name).
    """
    if spec.shape in ("tables", "table", "value") and len(texts) == 1:
        try:
            return typed_strictly(spec, texts)
        except ValueError:
            return texts[0]
    return typed_strictly(spec, texts)


def typed_strictly(spec: FieldSpec, texts: list[str]) -> Any:
    """The value of a named option given ``texts``, read in the field's own shape.

    Raises:
        ValueError: a text the field cannot take (said with the field's name).
    """
    try:
        if spec.shape == "texts":
            return [part.strip() for text in texts for part in text.split(",") if part.strip()]
        if spec.shape == "tables":
            return [read_shorthand(text, spec) for text in texts]
        last = texts[-1]
        if spec.shape == "int":
            try:
                return int(last)
            except ValueError:
                raise ValueError(f"{str(last)[:40]!r} is not a whole number") from None
        if spec.shape in ("text", "choice"):
            return last
        if spec.shape == "table":
            return read_shorthand(last, spec)
        if spec.shape == "bool":
            return last if isinstance(last, bool) else toml_value(str(last).lower())
        return _scalar(last)
    except ValueError as exc:
        raise ValueError(f"{spec.name}: {exc}") from None


def plain(value: Any) -> Any:
    """A validated value as plain JSON/TOML values (enums as their text, tuples as lists)."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


# Any game's catalog, as plain cards ----------------------------------------------------------

class FrontCard(NamedTuple):
    """A card of any game as the card front shows it: its merged values."""

    game: str
    name: str
    kind: str
    origin: Origin
    data: dict[str, Any]
    path: str | None = None

    @property
    def summary(self) -> str | None:
        """What the card does, in words."""
        found = self.data.get("summary")
        return found if isinstance(found, str) else None

    @property
    def aliases(self) -> tuple[str, ...]:
        """The card's other names (``aliases``)."""
        return tuple(str(a) for a in self.data.get("aliases") or ())

    def fields(self, schema: CardSchema) -> list[tuple[str, Any]]:
        """Each field of the card's kind in the schema's order, with its value (None when the
        card leaves it out), then any value the schema does not list."""
        names = [f for f in schema.fields(self.kind) if f not in ("name", "kind")] \
            if self.kind in schema.kinds else []
        shown = [(name, self.data.get(name)) for name in names]
        shown += [(k, v) for k, v in self.data.items() if k not in names and k not in
                  ("name", "kind")]
        return shown

    def missing(self, schema: CardSchema) -> list[str]:
        """The printed values of the card nobody entered yet."""
        return [spec.name for spec in kind_fields(schema, self.kind)
                if spec.name not in META and self.data.get(spec.name) in (None, [], {})
                and spec.shape not in ("tables",)]


def front_catalog(game: str, schema: CardSchema, *, bundled_dir: Any = None,
                  user_dir: Any = None, group_tables: Iterable[dict[str, Any]] | None = None,
                  ) -> Catalog[FrontCard]:
    """``game``'s catalog as plain cards: its bundled card files, the group's cards (those
    ``group_tables`` hold, else those in use: ``chronicle.catalog.group``), the user's card
    files; each layer correcting the one before."""
    from chronicle import paths
    from chronicle.catalog.group import PATH, layer
    from chronicle.catalog.layers import read_files
    from chronicle.catalog.loader import card_files
    from chronicle.catalog.store import merge_entries

    bundled, problems = read_files(card_files(bundled_dir or paths.bundled_cards_dir(game)),
                                   schema, Origin.BUNDLED)
    group, group_problems = layer(game, schema) if group_tables is None \
        else entries_of(group_tables, schema, PATH)
    user, user_problems = read_files(card_files(user_dir if user_dir is not None
                                                else paths.user_cards_dir(game)),
                                     schema, Origin.USER)

    def card(data: dict[str, Any], origin: Origin, path: str | None) -> FrontCard:
        return FrontCard(game, str(data["name"]), str(data["kind"]), origin, plain(data), path)

    cards, merge_problems = merge_entries([bundled, group, user], card)
    order = {kind: index for index, kind in enumerate(schema.kinds)}
    cards.sort(key=lambda c: (order.get(c.kind, len(order)), c.name.casefold()))
    return Catalog(cards, [*problems, *group_problems, *user_problems, *merge_problems])


def entries_of(tables: Iterable[dict[str, Any]], schema: CardSchema,
               path: str) -> tuple[list[CardEntry], list[FileProblem]]:
    """``[[card]]`` tables validated by ``schema``."""
    from chronicle.catalog.loader import validate_card_tables

    return validate_card_tables(list(tables), schema, path=path, lines=None, origin=Origin.USER)


__all__ = ["META", "FieldSpec", "FrontCard", "entries_of", "fields_of", "front_catalog",
           "game_fields", "kind_fields", "model_schema", "plain", "read_shorthand",
           "toml_value", "typed"]
