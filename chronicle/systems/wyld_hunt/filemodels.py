"""The pydantic models of Wyld Hunt's character and setup files (``files.py`` describes the
format and reads a file): they define the format and word every problem, located by the line
map. ``files.load_file`` asks them only about what ``quickcheck`` does not vouch for, so that
checking a plainly valid character file neither imports pydantic nor builds their validators.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    Field,
    Strict,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from chronicle.catalog.modelconfig import STRICT
from chronicle.catalog.problems import FileProblem, did_you_mean
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.dates import CODE as DATE_CODE
from chronicle.domain.dates import date_problem
from chronicle.rules.editions import edition_keys as _edition_keys
from chronicle.systems.wyld_hunt.cards import Court
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, EpicOrder, Event, event_of
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.fields import Count, CourtField, Name, Text
from chronicle.systems.wyld_hunt.rules.map import SQUARE_MAX

Names = Annotated[list[Name], Field(max_length=500)]


def _date_text(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date | dt.datetime) else value


def _iso(value: str) -> str:
    """The one rule for dates (``chronicle.domain.dates``): an ISO date of the calendar."""
    problem = date_problem(value)
    if problem:
        raise PydanticCustomError(DATE_CODE, "{problem}", {"problem": problem})
    return value.strip()


DateText = Annotated[str, BeforeValidator(_date_text), Strict(), Field(max_length=40),
                     AfterValidator(_iso)]


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


EpicOrderField = Annotated[EpicOrder, BeforeValidator(_lower)]
"""``epic_order = "quest_number"`` (the rulebook's example, the default) or
``"waylay_rating"`` (the house rule reading "increasing Rating" as the Waylay rating)."""


def edition_keys() -> list[str]:
    """The keys a Wyld Hunt file may name in ``system =``."""
    return _edition_keys(GAME)


def _system(value: Any) -> Any:
    if isinstance(value, str) and value not in edition_keys():
        hint = did_you_mean(value, edition_keys())
        raise ValueError(f"unknown system {value!r}; use one of {', '.join(edition_keys())}"
                         + (f" ({hint})" if hint else ""))
    return value


System = Annotated[str, Strict(), BeforeValidator(_system)]


class _Strict(BaseModel):
    model_config = STRICT


class EventModel(_Strict):
    """One ``[[event]]``: a game (``quests``, ``completed``), a ``buy``, a ``buy_off``, an
    ``undo`` (the number of the event it reverses) or a correction (``add_merits``,
    ``remove_merits``, ``add_flaws``, ``remove_flaws``, ``xp``, with a ``note`` saying why)."""

    quests: Names | None = None
    completed: Names | None = None
    buy: Name | None = None
    buy_off: Name | None = None
    undo: Annotated[int, Strict(), Field(ge=1)] | None = None
    add_merits: Names | None = None
    remove_merits: Names | None = None
    add_flaws: Names | None = None
    remove_flaws: Names | None = None
    xp: Annotated[int, Strict(), Field(ge=-1000, le=1000)] | None = None
    date: DateText | None = None
    opponent: Name | None = None
    epic_order: EpicOrderField | None = None
    note: Text | None = None

    def _kinds(self) -> list[str]:
        correction = any(v is not None for v in (self.add_merits, self.remove_merits,
                                                 self.add_flaws, self.remove_flaws, self.xp))
        return [k for k, v in (("game", self.quests is not None or self.completed is not None),
                               ("buy", self.buy is not None),
                               ("buy_off", self.buy_off is not None),
                               ("undo", self.undo is not None),
                               ("correction", correction)) if v]

    @model_validator(mode="after")
    def _one_kind(self) -> EventModel:
        kinds = self._kinds()
        if len(kinds) != 1:
            raise ValueError("an event is a game (quests, completed), a buy, a buy_off, an undo "
                             "or a correction (add_merits, remove_merits, add_flaws, "
                             "remove_flaws, xp)"
                             + (f"; this one mixes {' and '.join(kinds)}" if kinds else
                                "; this one is none of them"))
        if self.completed is not None and self.quests is None:
            raise ValueError("a game event lists its quests (quests = [...]) as well as those "
                             "completed")
        if kinds == ["correction"] and not self.note:
            raise ValueError("a correction says why in note = \"...\"")
        if self.opponent is not None and kinds != ["game"]:
            raise ValueError("only a game event has an opponent")
        if self.epic_order is not None and kinds != ["game"]:
            raise ValueError("only a game event has an epic_order")
        return self

    def to_event(self) -> Event:
        """The domain event."""
        return event_of(self._kinds()[0], dict(self))


class CharacterFile(_Strict):
    """A character file: creation choices, the chronicle (``[[event]]``) and own cards."""

    system: System = "wyld-hunt"
    name: Name
    player: Name | None = None
    icon: Name | Annotated[list[Name], Field(max_length=20)] | None = None
    court: CourtField | None = None
    merits: Names = []
    flaws: Names = []
    background: Text | None = None
    event: Annotated[list[EventModel], Field(max_length=100_000)] = []
    card: list[Any] = []

    def to_build(self) -> CharacterBuild:
        """The domain character."""
        icons = (self.icon,) if isinstance(self.icon, str) else tuple(self.icon or ())
        return CharacterBuild(name=self.name, system=self.system, icons=icons,
                              court=Court(self.court) if self.court else None,
                              merits=tuple(self.merits), flaws=tuple(self.flaws),
                              background=self.background, player=self.player,
                              events=tuple(e.to_event() for e in self.event))


class PlayerModel(_Strict):
    """One ``[[player]]`` of a setup file."""

    name: Name
    character: Name | None = None
    career_xp: Count | None = None
    character_points: Count | None = None
    quests: Names = []
    target: Name | None = None
    waylays: Names = []
    treasures: Names = []
    leagues: Names = []
    pool: Names | None = None

    @model_validator(mode="after")
    def _backing(self) -> PlayerModel:
        stated = self.career_xp is not None or self.character_points is not None
        if self.character is not None and stated:
            raise ValueError("give either character (a character file) or career_xp and "
                             "character_points, not both")
        if self.character is None and (self.career_xp is None or self.character_points is None):
            raise ValueError("give character (a character file), or both career_xp and "
                             "character_points")
        return self


Square = Annotated[int, Strict(), Field(ge=-SQUARE_MAX, le=SQUARE_MAX)]


class MapModel(_Strict):
    """One ``[[map]]`` table of a setup file: one event of the League map, in the order played
    (``chronicle.systems.wyld_hunt.rules.map``). Exactly one of ``place`` (a League, with
    ``player``, ``at`` and optionally ``turn``), ``treasure`` (with ``player`` and ``at``),
    ``camp`` (whose Base Camp, with ``by`` and ``at``) or ``undo`` (the number of the event,
    counted from 1, to take back)."""

    place: Name | None = None
    treasure: Name | None = None
    camp: Name | None = None
    undo: Annotated[int, Strict(), Field(ge=1, le=100_000)] | None = None
    player: Name | None = None
    by: Name | None = None
    at: Annotated[list[Square], Field(min_length=2, max_length=2)] | None = None
    turn: Annotated[int, Strict(), Field(ge=-360, le=360)] = 0

    @model_validator(mode="after")
    def _one_kind(self) -> MapModel:
        kinds = [k for k in ("place", "treasure", "camp", "undo") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("give exactly one of place, treasure, camp or undo")
        needs = {"place": ("player", "at"), "treasure": ("player", "at"), "camp": ("by", "at"),
                 "undo": ()}[kinds[0]]
        lacking = [k for k in needs if getattr(self, k) is None]
        if lacking:
            raise ValueError(f"{kinds[0]} needs {' and '.join(lacking)}")
        return self

    def to_event(self) -> dict[str, Any]:
        """The map event this table records (``{"kind", "payload"}``)."""
        x, y = self.at or (0, 0)
        if self.place is not None:
            return {"kind": "place", "payload": {"league": self.place, "player": self.player,
                                                 "x": x, "y": y, "turn": self.turn}}
        if self.treasure is not None:
            return {"kind": "treasure", "payload": {"treasure": self.treasure,
                                                    "player": self.player, "x": x, "y": y}}
        if self.camp is not None:
            return {"kind": "camp", "payload": {"player": self.camp, "by": self.by,
                                                "x": x, "y": y}}
        return {"kind": "undo", "payload": {"seq": self.undo}}


class SetupFile(_Strict):
    """A game setup file."""

    system: System = "wyld-hunt"
    solo: Annotated[bool, Strict()] = False
    epic_order: EpicOrderField = EpicOrder.QUEST_NUMBER
    player: Annotated[list[PlayerModel], Field(min_length=1, max_length=12)]
    card: list[Any] = []
    map: Annotated[list[MapModel], Field(max_length=10_000)] = []


_TABLES: dict[str, type[BaseModel]] = {"event": EventModel, "player": PlayerModel,
                                       "map": MapModel}


def _problems(exc: ValidationError, model_cls: type[BaseModel], path: str,
              lines: LineMap) -> list[FileProblem]:
    found: list[FileProblem] = []
    for error in exc.errors():
        loc = list(error["loc"])
        table: str | None = None
        index = 0
        fields: type[BaseModel] = model_cls
        if len(loc) >= 2 and loc[0] in _TABLES and isinstance(loc[1], int):
            table, index = str(loc[0]), loc[1]
            fields = _TABLES[table]
            loc = loc[2:]
        key = str(loc[0]) if loc else None
        where = (lines.key_line(table, index, key) if key else None) or (
            lines.entry_line(table, index) if table else None)
        label = f"{table} #{index + 1}" if table else None
        dotted = ".".join(str(p) for p in loc) or None
        if error["type"] == "extra_forbidden" and key:
            found.append(FileProblem(path, "unknown key", line=where, card=None,
                                     field=_field(label, dotted),
                                     hint=did_you_mean(key, list(fields.model_fields))))
        elif error["type"] == "missing":
            found.append(FileProblem(path, "is required", line=where,
                                     field=_field(label, dotted)))
        elif error["type"] == DATE_CODE:
            found.append(FileProblem(path, error["msg"], line=where, field=_field(label, dotted),
                                     code=DATE_CODE))
        else:
            message = error["msg"].removeprefix("Value error, ")
            shown = error.get("input")
            if error["type"] != "value_error" and not isinstance(shown, dict | list):
                message += f", got {shown!r}"
            found.append(FileProblem(path, message, line=where, field=_field(label, dotted)))
    return found


def _field(label: str | None, dotted: str | None) -> str | None:
    if label and dotted:
        return f"{label}: {dotted}"
    return label or dotted


def validate(document: dict[str, Any], kind: str, path: str,
             lines: LineMap) -> tuple[CharacterFile | SetupFile | None, list[FileProblem]]:
    """The file's model (``kind`` "setup" or "character"), or its problems, located."""
    model_cls: type[CharacterFile | SetupFile] = SetupFile if kind == "setup" else CharacterFile
    try:
        return model_cls.model_validate(document), []
    except ValidationError as exc:
        return None, _problems(exc, model_cls, path, lines)
