"""Plain-Python checks of parsed TOML values, shared by each game's quick reader (its
``quickcheck`` module): a reader that vouches for a plainly valid file without building any
pydantic validator, and hands anything it cannot vouch for to the game's models, which word
the problems. Each check answers only "plainly valid?"; never a message.

Why: each format is defined once, by the game's pydantic models, and those models are the
judges: they word every problem, located by the line map. But a ``chronicle check`` is one short
process, and building the models' validators (and importing pydantic) is most of its time while
most files are valid. So a game's quick reader vouches first, and a test feeds it and the models
the same generated documents and requires the same answer from each.

The field tables are not written in a quick reader: each comes from its model through the
game's generated ``quickspec.json`` (``chronicle.catalog.quickspec``; regenerate it after
changing a model). A quick reader says only how the validators the types do not show are
accounted for, and builds the game's values.

The limits are those of ``chronicle.domain.limits``, the same the models apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from chronicle.domain.limits import NAME_MAX, TEXT_MAX, valid_name, valid_text

if TYPE_CHECKING:
    from chronicle.domain.values import Origin

Check = Callable[[Any], bool]
"""True when a parsed value is plainly valid."""


def _stripped(value: Any, most: int, valid: Callable[[str], object]) -> bool:
    """A stripped string of 1 to ``most`` characters that ``valid`` takes (raises no
    ``ValueError`` for)."""
    if type(value) is not str or not 0 < len(value) <= most or value != value.strip():
        return False
    try:
        valid(value)
    except ValueError:
        return False
    return True


def name(value: Any) -> bool:
    """A name the models accept: a stripped string of 1 to ``NAME_MAX`` characters that
    ``valid_name`` takes."""
    return _stripped(value, NAME_MAX, valid_name)


def text(value: Any) -> bool:
    """A text the models accept: a stripped string of 1 to ``TEXT_MAX`` characters that
    ``valid_text`` takes."""
    return _stripped(value, TEXT_MAX, valid_text)


def whole(low: int, high: int) -> Check:
    """An integer (not a bool) from ``low`` to ``high``."""
    return lambda value: type(value) is int and low <= value <= high


def flag(value: Any) -> bool:
    """A bool."""
    return type(value) is bool


def listed(most: int, item: Check) -> Check:
    """A list of at most ``most`` values, each passing ``item``."""
    return lambda value: type(value) is list and len(value) <= most and all(map(item, value))


# Checks derived from a generated field table (chronicle.catalog.quickspec) ---------------------

def generated_tables(module_file: str) -> Any:
    """The generated field tables (``quickspec.json``) beside the module ``module_file``, by
    name (``tables.GAME``): plain data read as JSON."""
    import json
    from pathlib import Path
    from types import SimpleNamespace

    text = Path(module_file).with_name("quickspec.json").read_text(encoding="utf-8")
    return SimpleNamespace(**json.loads(text)["tables"])


INNER = "inner"
"""``refine``: vouch for a judged field by its type alone (the quick reader's own code checks
what its validators add)."""
DEFER = "defer"
"""``refine``: never vouch for the field: a table holding it goes to the model."""
SHALLOW = "shallow"
"""``refine``: a list vouched for by its type and length only (the quick reader checks each
item itself)."""


Handled = dict[str, Check | None]
"""Validators a quick reader accounts for, each with the check saying what it adds (None: a
value in its final form passes it unchanged, or the reader's own code checks it)."""


def _never(value: Any) -> bool:
    return False


def check_of(spec: tuple[Any, ...], handled: Handled | None = None) -> Check:
    """The check of one generated ``spec``: a judged one by its type when every validator it
    names is ``handled`` (and passes the check given for each), else (and an unknown one)
    never vouching."""
    handled = handled if handled is not None else {}
    shape = spec[0]
    if shape == "str":
        least, most, said = spec[1], spec[2], spec[3]
        named = {"name": name, "text": text}.get(said)

        def string(value: Any) -> bool:
            return (type(value) is str and least <= len(value)
                    and (most is None or len(value) <= most) and value == value.strip()
                    and (named is None or named(value)))
        return string
    if shape == "int":
        low, high = spec[1], spec[2]
        return lambda value: (type(value) is int and (low is None or low <= value)
                              and (high is None or value <= high))
    if shape == "bool":
        return flag
    if shape == "value":
        return lambda value: True
    if shape == "choice":
        values = spec[1]
        return lambda value: any(type(value) is type(v) and value == v for v in values)
    if shape == "list":
        least, most, item = spec[1], spec[2], check_of(spec[3], handled)
        return lambda value: (type(value) is list and least <= len(value)
                              and (most is None or len(value) <= most)
                              and all(map(item, value)))
    if shape == "map":
        most, key, entry = spec[1], check_of(spec[2], handled), check_of(spec[3], handled)
        return lambda value: (type(value) is dict and (most is None or len(value) <= most)
                              and all(key(k) and entry(v) for k, v in value.items()))
    if shape == "table":
        fields = {field: check_of(inner, handled) for field, inner in spec[1].items()}
        return table_check(fields, spec[2])
    if shape == "any":
        options = [check_of(option, handled) for option in spec[1]]
        return lambda value: any(option(value) for option in options)
    if shape == "judged" and set(spec[2]) <= handled.keys():
        base = check_of(spec[1], handled)
        extra = [check for check in map(handled.get, spec[2]) if check is not None]
        return base if not extra else (lambda value: base(value)
                                       and all(check(value) for check in extra))
    return _never


def table_check(fields: dict[str, Check], required: tuple[str, ...] = ()) -> Check:
    """A table whose every key is one of ``fields``, each passing its check, with every key of
    ``required``."""
    def check(data: Any) -> bool:
        return (type(data) is dict and data.keys() <= fields.keys()
                and all(key in data for key in required)
                and all(fields[key](value) for key, value in data.items()))
    return check


def checks(spec: tuple[Any, ...], refine: dict[str, Check | str] | None = None,
           handled: Handled | tuple[str, ...] = ()) -> dict[str, Check]:
    """Each field's check of a generated table ``spec`` (``("table", ...)``, or judged by
    the model's own validators), in the order of the model's fields.

    ``handled`` names the validators (the model's, a field's, a before validator that only
    normalises) the quick reader accounts for: its own code checks what they add, a value
    already in its final form passes them unchanged, or (a mapping) the check given for a
    validator says what it adds. ``refine`` says how it vouches for a
    field otherwise (a check; ``INNER``: by the field's type whatever its validators;
    ``SHALLOW``: a list by its length, the reader checking each item; ``DEFER``: never). A
    table judged by a validator not handled vouches for nothing: the model judges it.
    """
    refine = refine or {}
    known: Handled = (dict(handled) if isinstance(handled, dict)
                      else dict.fromkeys(handled))
    validators: tuple[str, ...] = ()
    if spec[0] == "judged":
        spec, validators = spec[1], spec[2]
    found: dict[str, Check] = {}
    for field, inner in spec[1].items():
        how = refine.get(field)
        if callable(how):
            found[field] = how
        elif how == INNER and inner[0] == "judged":
            found[field] = check_of(inner[1], known)
        elif how == DEFER:
            found[field] = _never
        elif how == SHALLOW and inner[0] == "list":
            found[field] = check_of(("list", inner[1], inner[2], ("value",)))
        else:
            found[field] = check_of(inner, known)
    if not set(validators) <= known.keys():
        return {field: _never for field in found}
    return found


def required(spec: tuple[Any, ...]) -> tuple[str, ...]:
    """The required fields of a generated table ``spec``."""
    return tuple(spec[1][2] if spec[0] == "judged" else spec[2])


# A game's card schema -------------------------------------------------------------------------

C = TypeVar("C")


class QuickSchema(Generic[C]):
    """A game's card schema for the loader (``chronicle.catalog.loader.CardSchema``): its quick
    reader first (``card_data``: the keys a plainly valid card table sets, or None), the
    pydantic card schema (``models``, a lazy ``"module:attribute"`` name imported on first
    need) for every table the quick reader does not vouch for.

    A game states only what is its own: its key and format version, each card kind's checks
    (``fields``; None: every table goes to the models, whose kinds are ``kinds``), its quick
    reader, its models, how a card is built (``to_card``; default the models') and which key of
    one kind means another kind's (``aliases``; default the models').
    """

    def __init__(self, game: str, version: int, models: str, *,
                 fields: dict[str, dict[str, Check]] | None = None,
                 card_data: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None,
                 to_card: Callable[[dict[str, Any], Origin, str | None], C] | None = None,
                 aliases: dict[tuple[str, str], str] | None = None,
                 kinds: tuple[str, ...] = ()) -> None:
        self.game = game
        self.version = version
        self.kinds: tuple[str, ...] = tuple(fields) if fields is not None else kinds
        self._models_name = models
        self._fields = fields
        self._card_data = card_data
        self._to_card = to_card
        self._aliases = aliases
        self._models: Any = None

    @property
    def models(self) -> Any:
        """The pydantic card schema, imported now."""
        if self._models is None:
            import importlib

            module, _, attribute = self._models_name.partition(":")
            self._models = getattr(importlib.import_module(module), attribute)
        return self._models

    def fields(self, kind: str) -> list[str]:
        """Every key a card of ``kind`` may have."""
        if self._fields is None:
            found: list[str] = self.models.fields(kind)
            return found
        return list(self._fields[kind])

    def all_fields(self) -> list[str]:
        """Every key any card may have."""
        if self._fields is None:
            found: list[str] = self.models.all_fields()
            return found
        return list(dict.fromkeys(key for fields in self._fields.values() for key in fields))

    def alias(self, kind: str, key: str) -> str | None:
        """The key of ``kind`` that means what ``key`` means on another kind, if any."""
        if self._aliases is None:
            found: str | None = self.models.alias(kind, key)
            return found
        return self._aliases.get((kind, key))

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        """The keys a card table sets, normalised.

        Raises:
            KeyError: when ``kind`` is missing or not a known kind.
            pydantic.ValidationError: when a value or key is wrong.
        """
        found = self._card_data(data) if self._card_data is not None else None
        if found is not None:
            return found
        validated: dict[str, Any] = self.models.validate(data)
        return validated

    def to_card(self, data: dict[str, Any], origin: Origin, path: str | None) -> C:
        """Build the domain card from validated, possibly merged, card data."""
        if self._to_card is not None:
            return self._to_card(data, origin, path)
        card: C = self.models.to_card(data, origin, path)
        return card
