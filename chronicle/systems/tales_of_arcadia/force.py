"""A battle force (roster) as plain, immutable data, and edits that make a new one.

A battle force is drawn from one army list up to an agreed point limit (seed, *Introduction*;
*Units*). Each line is a unit, optionally a variant of it, the options bought for it (an option
taken twice is named twice) and how many identical units the line stands for. Edits never change
a force in place: they return the changed copy, which the caller checks again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from chronicle.systems.tales_of_arcadia import KEY


@dataclass(frozen=True, kw_only=True, slots=True)
class RosterLine:
    """One ``[[unit]]`` of a battle force."""

    unit: str
    variant: str | None = None
    options: tuple[str, ...] = ()
    count: int = 1
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The ``[[unit]]`` table (defaults left out)."""
        table: dict[str, Any] = {"unit": self.unit}
        if self.variant is not None:
            table["variant"] = self.variant
        if self.options:
            table["options"] = list(self.options)
        if self.count != 1:
            table["count"] = self.count
        if self.note is not None:
            table["note"] = self.note
        return table


@dataclass(frozen=True, kw_only=True, slots=True)
class Roster:
    """A battle force: its name, its army list, the agreed point limit and its units."""

    name: str
    army: str
    limit: int
    units: tuple[RosterLine, ...] = ()
    player: str | None = None
    notes: str | None = None
    trim_from: int | None = None
    """What the force cost when it was copied down to a lower limit (``copy``): while it
    costs no more than that and is over its limit it is being trimmed, and the rules say so as
    a warning; once it fits, or costs more than when copied, the limit is the rule again."""

    def to_dict(self) -> dict[str, Any]:
        """The roster file's document (``system``, ``name``, ``army``, ``limit``, ``[[unit]]``),
        ready for ``chronicle.catalog.tomlwrite.dumps``."""
        document: dict[str, Any] = {"system": KEY, "name": self.name, "army": self.army,
                                    "limit": self.limit}
        if self.player is not None:
            document["player"] = self.player
        if self.notes is not None:
            document["notes"] = self.notes
        if self.trim_from is not None:
            document["trim_from"] = self.trim_from
        if self.units:
            document["unit"] = [line.to_dict() for line in self.units]
        return document

    @property
    def unit_count(self) -> int:
        """Units in the force, counting each line's ``count``."""
        return sum(line.count for line in self.units)

    def add(self, line: RosterLine) -> Roster:
        """This force with ``line`` added at the end."""
        return replace(self, units=(*self.units, line))

    def remove(self, index: int) -> Roster:
        """This force without its line number ``index`` (0-based).

        Raises:
            IndexError: when there is no such line.
        """
        if not 0 <= index < len(self.units):
            raise IndexError(f"the force has no unit line #{index + 1}")
        return replace(self, units=self.units[:index] + self.units[index + 1:])

    def set_line(self, index: int, line: RosterLine) -> Roster:
        """This force with line ``index`` (0-based) replaced by ``line``.

        Raises:
            IndexError: when there is no such line.
        """
        if not 0 <= index < len(self.units):
            raise IndexError(f"the force has no unit line #{index + 1}")
        return replace(self, units=(*self.units[:index], line, *self.units[index + 1:]))

    def copy(self, limit: int | None = None, name: str | None = None,
             trim_from: int | None = None) -> Roster:
        """The same force under another point limit and/or name ("the same force at 750
        points"); check the copy again, it may now be over or under its limit. ``trim_from``:
        what the force costs, when the copy is to a limit it no longer fits (it is kept, to be
        trimmed)."""
        if limit is not None and limit < 1:
            raise ValueError(f"a point limit is at least 1, not {limit}")
        return replace(self, limit=self.limit if limit is None else limit,
                       name=self.name if name is None else name,
                       trim_from=trim_from if trim_from is not None else self.trim_from)
