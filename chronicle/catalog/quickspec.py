"""Plain-data field tables generated from a game's pydantic models, so that a quick reader
(``chronicle.catalog.quick.checks``) derives from the one declaration of each format instead of
repeating it.

A game's ``quickspec.json`` is generated (plain data, never code): it names its sources
(``sources``: a table's name and the lazy name of the pydantic model it is read from) and
holds, for each, the model's fields in order with what each accepts in its final form
(``spec``), which fields are required, and the validators the types alone do not say (a
field's or the whole model's): a quick reader either says how it vouches for those itself or
leaves such a table to the models. Regenerate it after changing a model::

    python -m chronicle.catalog.quickspec chronicle.systems.<game>

and ``tests/test_quickspec.py`` fails while a generated table is stale. Importing pydantic is
this module's business only: the quick reader reads the generated plain data.

A spec is a plain tuple (a list, read back from JSON):

- ``("str", least, most, check)``: a string already stripped, ``check`` being ``"name"``
  (``valid_name``), ``"text"`` (``valid_text``) or ``""``;
- ``("int", low, high)``: an integer (not a bool), bounds None when open;
- ``("bool",)``; ``("value",)``: anything (``Any``);
- ``("choice", values)``: one of the values exactly (an enum's, a ``Literal``'s);
- ``("list", least, most, item)``; ``("map", most, key, value)``;
- ``("table", fields, required)``: a nested model's table (``fields``: name -> spec);
- ``("any", specs)``: any one of them;
- ``("judged", spec, validators)``: validators the type does not show (named; a before
  validator may change or refuse a value): the quick reader vouches by ``spec`` only for
  those it names as handled (a plain normaliser, a rule its own code checks), else the model
  judges; ``("unknown", text)``: a type this generator does not read (the model judges).
"""

from __future__ import annotations

import enum
import importlib
import importlib.util
import sys
import types
import typing
from pathlib import Path
from typing import Any

Spec = tuple[Any, ...]
NOTE = ("GENERATED from the pydantic models named in sources: do not edit. Edit the models, "
        "then: python -m chronicle.catalog.quickspec {package} (tests/test_quickspec.py fails "
        "while this is stale). What each field accepts in its final form, for the quick reader "
        "(chronicle.catalog.quick.checks).")
FILE = "quickspec.json"
"""The generated file's name, in the game's package."""


def _load(name: str) -> Any:
    module_name, _, attribute = name.partition(":")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


def _bounds(metadata: list[Any]) -> dict[str, Any]:
    """The tightest of every bound met (``Annotated[Count, Field(le=100)]``: 100)."""
    found: dict[str, Any] = {}
    tighter = {"ge": max, "min_length": max, "le": min, "max_length": min}
    for item in metadata:
        for attr, wanted, step in (("ge", "ge", 0), ("le", "le", 0), ("gt", "ge", 1),
                                   ("lt", "le", -1), ("min_length", "min_length", 0),
                                   ("max_length", "max_length", 0)):
            value = getattr(item, attr, None)
            if value is not None:
                value += step
                found[wanted] = tighter[wanted](found.get(wanted, value), value)
    return found


def _split(annotation: Any) -> tuple[Any, list[Any]]:
    """The bare type under ``Annotated`` layers, and every metadata item met (a nested
    ``FieldInfo``'s own metadata and validators included)."""
    from pydantic.fields import FieldInfo

    metadata: list[Any] = []
    while typing.get_origin(annotation) is typing.Annotated:
        annotation, *extras = typing.get_args(annotation)
        for extra in extras:
            if isinstance(extra, FieldInfo):
                metadata.extend(extra.metadata)
            else:
                metadata.append(extra)
    return annotation, metadata


def spec(annotation: Any, metadata: list[Any] | None = None) -> Spec:
    """What a value of ``annotation`` (with the field's ``metadata``) is in its final form."""
    from pydantic import (
        AfterValidator,
        BaseModel,
        BeforeValidator,
        PlainValidator,
        WrapValidator,
    )

    from chronicle.domain.limits import valid_name, valid_text

    bare, inner = _split(annotation)
    metadata = [*(metadata or []), *inner]
    after = [m.func for m in metadata if isinstance(m, AfterValidator)]
    before = sorted(m.func.__name__ for m in metadata if isinstance(m, BeforeValidator))
    if any(isinstance(m, PlainValidator | WrapValidator) for m in metadata):
        return ("unknown", "a plain or wrap validator")
    if before:  # it may change or refuse a value: the quick reader says whether it knows it
        rest = [m for m in metadata if not isinstance(m, BeforeValidator)]
        return ("judged", spec(bare, rest), tuple(before))
    origin = typing.get_origin(bare)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(bare) if a is not type(None)]
        found = [spec(a, metadata if len(options) == 1 else None) for a in options]
        return found[0] if len(found) == 1 else ("any", tuple(found))
    bounds = _bounds(metadata)
    checks = {valid_name: "name", valid_text: "text"}
    unknown = [f for f in after if f not in checks]
    if unknown:
        rest = [m for m in metadata
                if not (isinstance(m, AfterValidator) and m.func in unknown)]
        return ("judged", spec(bare, rest), tuple(sorted(f.__name__ for f in unknown)))
    if bare is str:
        check = next((checks[f] for f in after if f in checks), "")
        return ("str", bounds.get("min_length", 0), bounds.get("max_length"), check)
    if bare is bool:
        return ("bool",)
    if bare is int:
        return ("int", bounds.get("ge"), bounds.get("le"))
    if bare is Any:
        return ("value",)
    if origin is typing.Literal:
        return ("choice", tuple(typing.get_args(bare)))
    if isinstance(bare, type) and issubclass(bare, enum.Enum):
        return ("choice", tuple(member.value for member in bare))
    if origin is list:
        (item,) = typing.get_args(bare) or (Any,)
        return ("list", bounds.get("min_length", 0), bounds.get("max_length"), spec(item))
    if origin is dict:
        key, value = typing.get_args(bare)
        return ("map", bounds.get("max_length"), spec(key), spec(value))
    if isinstance(bare, type) and issubclass(bare, BaseModel):
        return table(bare)
    return ("unknown", repr(bare))


def table(model: Any) -> Spec:
    """A model's fields as a ``("table", fields, required)`` spec; a model with validators of
    its own (``model_validator``) or on a field is read as it is, and each such validator is
    named: ``("judged", table, validators)``."""
    model.model_rebuild()
    decorators = model.__pydantic_decorators__
    fields: dict[str, Spec] = {}
    for name, info in model.model_fields.items():
        found = spec(info.annotation, list(info.metadata))
        validated = sorted(key for key, v in decorators.field_validators.items()
                           if name in v.info.fields)
        fields[name] = ("judged", found, tuple(validated)) if validated else found
    required = tuple(name for name, info in model.model_fields.items() if info.is_required())
    found_table: Spec = ("table", fields, required)
    own = tuple(sorted(decorators.model_validators))
    return ("judged", found_table, own) if own else found_table


def generate(package: str) -> str:
    """The text of the generated file of ``package`` (``quickspec.json`` in its folder) from
    the ``sources`` it names."""
    import json

    sources: dict[str, str] = json.loads(path_of(package).read_text(encoding="utf-8"))["sources"]
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    named = [f"  {line(name)}: {line(source)}" for name, source in sources.items()]
    tables = [f"  {line(name)}: {line(table(_load(source)))}" for name, source in sources.items()]
    return ("{\n" + f' "note": {line(NOTE.format(package=package))},\n'
            + ' "sources": {\n' + ",\n".join(named) + "\n },\n"
            + ' "tables": {\n' + ",\n".join(tables) + "\n }\n}\n")  # a table a line


def path_of(package: str) -> Path:
    """The generated file of ``package``."""
    found = importlib.util.find_spec(package)
    assert found is not None and found.origin is not None, package
    return Path(found.origin).with_name(FILE)


def main(argv: list[str] | None = None) -> int:
    """Generate the file of each package named on the command line again, in place."""
    for package in argv if argv is not None else sys.argv[1:]:
        path_of(package).write_text(generate(package), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
