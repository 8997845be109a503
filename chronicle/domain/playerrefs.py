"""Where a game's stored record names a player, and the walk that reads or rewrites those
places: pure functions over JSON values, shared by the record store, the imports, the exports
and the migration that moved players' names to their ids (revision 0008).

A game declares the places in its ``RecordKind.players`` as paths: ``"battle:side[].player"``
is the ``player`` of every table of the ``side`` list of each event of kind ``battle``;
``"data:guild[].player"`` the same in the record's data. In the database a place holds the
player's id (an int): a rename follows everywhere, a deleted player's name is never inherited
by a new one of the same name. A place may instead hold text: a *guest*, a name that is no
player of the group (a visitor at a convention table, or a name the migration found no player
for). The fronts, the files and the games' rules see names: a player's current name, and a
guest's name, followed by :data:`GUEST` when a player has that name (so a guest never passes
for a player of the same name), and always in a whole-database export and where the record
kind takes no guests (so what is shown reads back as it was, whatever players there are).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Container, Iterable, Iterator
from typing import Any

from chronicle.domain.values import name_key

DATA = "data"
"""The place of a path in the record's data (any other place is an event kind)."""
GUEST = " (guest)"
"""What follows a guest's name wherever names are shown or written to a file."""
GONE = " (gone)"
"""What follows, in a whole-database export, the name of a record another record names
(``RecordKind.links``: a battle side's force) that the database no longer keeps (the
migration found none of that name): kept as text, not a reference."""

Leaf = str | int


def split(path: str) -> tuple[str, list[str]]:
    """A path as its place (``data`` or an event kind) and its steps (``side[]``, ``player``).

    Raises:
        ValueError: a path without its place.
    """
    where, sep, rest = path.partition(":")
    if not sep or not where or not rest:
        raise ValueError(f"{path!r} is not a player path like 'battle:side[].player'")
    return where, rest.split(".")


def _visit(value: Any, steps: list[str], at: str,
           fn: Callable[[Leaf, str], Any]) -> Any:
    """``value`` with each leaf at ``steps`` replaced by ``fn(leaf, location)`` (in place)."""
    if not steps or not isinstance(value, dict):
        return value
    step, rest = steps[0], steps[1:]
    many = step.endswith("[]")
    key = step[:-2] if many else step
    if key not in value:
        return value
    found = value[key]
    where = f"{at}.{key}" if at else key
    if many:
        if isinstance(found, list):
            for index, item in enumerate(found):
                found[index] = _visit(item, rest, f"{where}[{index}]", fn) if rest else \
                    _leaf(item, f"{where}[{index}]", fn)
        return value
    value[key] = _visit(found, rest, where, fn) if rest else _leaf(found, where, fn)
    return value


def _leaf(value: Any, where: str, fn: Callable[[Leaf, str], Any]) -> Any:
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return fn(value, where)
    return value


def rewrite(paths: Iterable[str], where: str, value: dict[str, Any],
            fn: Callable[[Leaf, str], Any]) -> dict[str, Any]:
    """A copy of ``value`` (the data, or the payload of an event of kind ``where``) with every
    player place of ``paths`` replaced by ``fn(leaf, location)``; a leaf that is neither text
    nor a number is left as it is (``None``: no player)."""
    found = copy.deepcopy(value)
    for path in paths:
        place, steps = split(path)
        if place == where:
            found = _visit(found, steps, "", fn)
    return found


def leaves(paths: Iterable[str], where: str, value: dict[str, Any]) -> Iterator[Leaf]:
    """Every player place's value of ``value`` (text or id), in order."""
    seen: list[Leaf] = []

    def keep(leaf: Leaf, _where: str) -> Leaf:
        seen.append(leaf)
        return leaf

    rewrite(paths, where, value, keep)
    yield from seen


def tables(path: str, where: str, value: dict[str, Any]) -> list[dict[str, Any]]:
    """The tables at ``path`` (a place and steps ending at a table or a list of tables) of
    ``value``: ``"battle:side[]"`` gives each side of a ``battle`` event's payload."""
    place, steps = split(path)
    if place != where:
        return []
    current: list[Any] = [value]
    for step in steps:
        many = step.endswith("[]")
        key = step[:-2] if many else step
        following: list[Any] = []
        for item in current:
            if isinstance(item, dict) and key in item:
                inner = item[key]
                following.extend(inner if many and isinstance(inner, list) else
                                 [] if many else [inner])
        current = following
    return [item for item in current if isinstance(item, dict)]


def guest_of(text: str) -> str | None:
    """The guest's own name when ``text`` is a guest as shown (``"Zed (guest)"``)."""
    if text.endswith(GUEST):
        name = text[: -len(GUEST)].strip()
        return name or None
    return None


def gone_of(text: str) -> str | None:
    """The record's own name when ``text`` names one no longer kept (``"Iron (gone)"``)."""
    if text.endswith(GONE):
        name = text[: -len(GONE)].strip()
        return name or None
    return None


def shown(leaf: Leaf, names: dict[int, str], taken: Container[str] | None = None) -> str:
    """How a stored place is shown: a player's current name; a guest's name, marked as a
    guest when a player has that name (its ``name_key`` is in ``taken``) or always when
    ``taken`` is None (a whole-database export, read back by any chronicle); an id no player
    has any more as such."""
    if isinstance(leaf, str):
        return leaf + GUEST if taken is None or name_key(leaf) in taken else leaf
    return names.get(leaf, f"player #{leaf} (deleted)")


__all__ = ["DATA", "GONE", "GUEST", "gone_of", "guest_of", "leaves", "rewrite", "shown",
           "split", "tables"]
