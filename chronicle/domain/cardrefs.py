"""Where a game's stored record names a card, and the walk that rewrites those places: pure
functions over JSON values, used by the record store to keep a card named by one of its other
names (an alias, the rulebook's Spanish name) under the card's own name.

A game declares the places in its ``RecordKind.cards`` (``CardPlace(at, kinds)``), as paths
like the player paths of ``chronicle.domain.playerrefs``, with two more steps for tables keyed
by card names: ``"data:unit[].unit"`` is the ``unit`` of every table of the data's ``unit``
list; ``"data:guild[].slots{}[]"`` every name in the lists that are the values of each guild's
``slots`` table; ``"data:guild[].slots{*}"`` the keys of those tables (a hero's name). The first
part is the place: ``data`` (the record's data) or an event kind.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from chronicle.domain.playerrefs import split

Resolve = Callable[[str, tuple[str, ...]], str | None]
"""The card's own name for a name of one of ``kinds`` (None: no such card: left as typed)."""


def _name(value: Any, kinds: tuple[str, ...], resolve: Resolve) -> Any:
    if not isinstance(value, str):
        return value
    found = resolve(value, kinds)
    return found if found is not None else value


def _marks(step: str) -> tuple[str, list[str]]:
    """A step as its key and its marks, in order: ``"slots{}[]"`` is ``slots``, ``{}``,
    ``[]``."""
    cut = min((i for i in (step.find("["), step.find("{")) if i >= 0), default=len(step))
    key, rest, marks = step[:cut], step[cut:], []
    while rest:
        for mark in ("[]", "{}", "{*}"):
            if rest.startswith(mark):
                marks.append(mark)
                rest = rest[len(mark):]
                break
        else:
            raise ValueError(f"{step!r} is not a card path's step like 'slots{{}}[]'")
    return key, marks


def _inside(value: Any, marks: list[str], rest: list[str], kinds: tuple[str, ...],
            resolve: Resolve) -> Any:
    """``value`` with the marks applied (each item of a list, each value or key of a table),
    then the rest of the path."""
    if not marks:
        return _visit(value, rest, kinds, resolve)
    mark, more = marks[0], marks[1:]
    if mark == "[]" and isinstance(value, list):
        return [_inside(item, more, rest, kinds, resolve) for item in value]
    if mark == "{}" and isinstance(value, dict):
        return {k: _inside(v, more, rest, kinds, resolve) for k, v in value.items()}
    if mark == "{*}" and isinstance(value, dict):
        return {_name(k, kinds, resolve): v for k, v in value.items()}
    return value


def _visit(value: Any, steps: list[str], kinds: tuple[str, ...], resolve: Resolve) -> Any:
    """``value`` with each card name at ``steps`` replaced by its card's name."""
    if not steps:
        return _name(value, kinds, resolve)
    key, marks = _marks(steps[0])
    if not isinstance(value, dict) or key not in value:
        return value
    return {**value, key: _inside(value[key], marks, steps[1:], kinds, resolve)}


def named(places: list[tuple[str, tuple[str, ...]]], where: str, value: dict[str, Any],
          resolve: Resolve) -> dict[str, Any]:
    """A copy of ``value`` (the data, or the payload of an event of kind ``where``) with every
    card named at ``places`` ((path, kinds)) under the card's own name; a name ``resolve`` does
    not know is left as typed (the game's rules say what is wrong with it)."""
    found = copy.deepcopy(value)
    for path, kinds in places:
        place, steps = split(path)
        if place == where:
            found = _visit(found, steps, kinds, resolve)
    return found


__all__ = ["Resolve", "named"]
