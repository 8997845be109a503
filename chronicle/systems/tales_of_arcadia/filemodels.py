"""The pydantic models of the battle-force (roster) file and the battle record file: they define
the formats (``files.py`` describes them) and word every problem, located by
``chronicle.catalog.located``. ``files.py`` imports them only for a document that
``quickcheck.roster`` does not vouch for (and for battle files), so that checking a plainly
valid roster neither imports pydantic nor builds a validator.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, Strict, model_validator

from chronicle.catalog.modelconfig import STRICT
from chronicle.domain.limits import YEAR_MAX, YEAR_MIN
from chronicle.systems.tales_of_arcadia.battles import Battle, Side, Victory
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.limits import (
    MAX_COUNT,
    MAX_LIMIT,
    MAX_LINES,
    MAX_OPTIONS,
)
from chronicle.systems.tales_of_arcadia.schema import Name, Text


class _Strict(BaseModel):
    model_config = STRICT


class UnitLineModel(_Strict):
    """One ``[[unit]]``: the unit's name, an optional variant, options, a count."""

    unit: Name
    variant: Name | None = None
    options: Annotated[list[Name], Field(max_length=MAX_OPTIONS)] = []
    count: Annotated[int, Strict(), Field(ge=1, le=MAX_COUNT)] = 1
    note: Text | None = None

    def to_line(self) -> RosterLine:
        """The domain line."""
        return RosterLine(unit=self.unit, variant=self.variant, options=tuple(self.options),
                          count=self.count, note=self.note)


class RosterFile(_Strict):
    """A battle-force file."""

    system: Literal["tales-of-arcadia"] = "tales-of-arcadia"
    name: Name
    army: Name
    limit: Annotated[int, Strict(), Field(ge=1, le=MAX_LIMIT)]
    player: Name | None = None
    notes: Text | None = None
    trim_from: Annotated[int, Strict(), Field(ge=0, le=MAX_LIMIT)] | None = None
    unit: Annotated[list[UnitLineModel], Field(max_length=MAX_LINES)] = []
    card: list[Any] = []

    def to_roster(self) -> Roster:
        """The domain battle force."""
        return Roster(name=self.name, army=self.army, limit=self.limit,
                      units=tuple(u.to_line() for u in self.unit), player=self.player,
                      notes=self.notes, trim_from=self.trim_from)


class SideModel(_Strict):
    """One ``[[battle.side]]``: a player, the force they brought, its points."""

    player: Name
    force: Name | None = None
    points: Annotated[int, Strict(), Field(ge=0, le=MAX_LIMIT)] | None = None


class BattleModel(_Strict):
    """One ``[[battle]]`` of a battle record file."""

    date: dt.date
    limit: Annotated[int, Strict(), Field(ge=1, le=MAX_LIMIT)]
    victory: Victory = Victory.LAST_UNIT_STANDING
    condition: Text | None = None
    side: Annotated[list[SideModel], Field(min_length=1, max_length=16)]
    winner: Name | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _condition(self) -> BattleModel:
        if self.victory is Victory.OTHER and not self.condition:
            raise ValueError('victory = "other" says which condition in condition = "..."')
        if not YEAR_MIN <= self.date.year <= YEAR_MAX:
            raise ValueError(f"the date {self.date.isoformat()} is not a plausible battle date")
        return self

    def to_battle(self) -> Battle:
        """The domain battle."""
        return Battle(date=self.date, limit=self.limit, victory=self.victory,
                      sides=tuple(Side(player=s.player, force=s.force, points=s.points)
                                  for s in self.side),
                      winner=self.winner, condition=self.condition, note=self.note)


class BattleFile(_Strict):
    """A battle record file: ``system`` and ``[[battle]]`` tables."""

    system: Literal["tales-of-arcadia"] = "tales-of-arcadia"
    battle: Annotated[list[BattleModel], Field(max_length=100_000)] = []


__all__ = ["BattleFile", "BattleModel", "RosterFile", "SideModel", "UnitLineModel"]
