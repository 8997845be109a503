"""Character files and game setup files: their strict TOML format and how they are read.

A file is told apart by content: one with ``[[player]]`` tables is a game setup, anything else a
character. Both may carry ``[[card]]`` tables that define or correct cards for that file only.
Every mistake is reported with the file, line, table and key, and a hint for misspellings; a file
with any such problem cannot be checked (``chronicle check`` exits 2).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from chronicle.catalog.loader import CardEntry, read_toml, validate_card_tables
from chronicle.catalog.problems import FileProblem, did_you_mean
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.dates import CODE as DATE_CODE
from chronicle.domain.dates import date_problem
from chronicle.domain.values import Origin
from chronicle.rules.editions import edition_keys as _edition_keys
from chronicle.systems.wyld_hunt.cards import Court
from chronicle.systems.wyld_hunt.chronicle import (
    CharacterBuild,
    Correction,
    EpicOrder,
    Event,
    FlawBoughtOff,
    GamePlayed,
    MeritBought,
    Undo,
)
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.fields import Count, CourtField, Name, Text
from chronicle.systems.wyld_hunt.setup import GameSetup, PlayerSetup

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
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True,
                              defer_build=True)


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
        kind = self._kinds()[0]
        if kind == "buy":
            assert self.buy is not None
            return MeritBought(merit=self.buy, date=self.date, note=self.note)
        if kind == "buy_off":
            assert self.buy_off is not None
            return FlawBoughtOff(flaw=self.buy_off, date=self.date, note=self.note)
        if kind == "undo":
            assert self.undo is not None
            return Undo(event=self.undo, date=self.date, note=self.note)
        if kind == "correction":
            return Correction(note=self.note or "", add_merits=tuple(self.add_merits or ()),
                              remove_merits=tuple(self.remove_merits or ()),
                              add_flaws=tuple(self.add_flaws or ()),
                              remove_flaws=tuple(self.remove_flaws or ()), xp=self.xp or 0,
                              date=self.date)
        return GamePlayed(quests=tuple(self.quests or ()), completed=tuple(self.completed or ()),
                          date=self.date, opponent=self.opponent, note=self.note,
                          epic_order=self.epic_order or EpicOrder.QUEST_NUMBER)


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


class SetupFile(_Strict):
    """A game setup file."""

    system: System = "wyld-hunt"
    solo: Annotated[bool, Strict()] = False
    epic_order: EpicOrderField = EpicOrder.QUEST_NUMBER
    player: Annotated[list[PlayerModel], Field(min_length=1, max_length=12)]
    card: list[Any] = []


@dataclass
class Loaded:
    """A readable file: what it holds, the cards it defines, and any problems found."""

    path: Path
    kind: str
    """"character" or "setup"."""
    character: CharacterBuild | None = None
    setup: GameSetup | None = None
    cards: list[CardEntry] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)


def load_file(path: Path, *, character_only: bool = False) -> Loaded:
    """Read a character or setup file. When ``problems`` is not empty, the file is unusable.
    With ``character_only`` (a file a setup file names) a setup file is refused unread, so a
    setup file naming itself, or one that names it back, is a problem and not a loop."""
    problems: list[FileProblem] = []
    parsed = read_toml(path, problems)
    if parsed is None:
        return Loaded(path, "unknown", problems=problems)
    document, lines = parsed
    kind = "setup" if isinstance(document.get("player"), list) else "character"
    model_cls: type[CharacterFile | SetupFile] = SetupFile if kind == "setup" else CharacterFile
    loaded = Loaded(path, kind)
    if character_only and kind == "setup":
        loaded.problems.append(FileProblem(str(path), "is a setup file, not a character",
                                           hint="a setup file names character files only"))
        return loaded
    try:
        model = model_cls.model_validate(document)
    except ValidationError as exc:
        loaded.problems.extend(_problems(exc, model_cls, str(path), lines))
        return loaded
    if model.card:
        from chronicle.systems.wyld_hunt.schema import SCHEMA

        loaded.cards, card_problems = validate_card_tables(model.card, SCHEMA, path=str(path),
                                                           lines=lines, origin=Origin.FILE)
        loaded.problems.extend(card_problems)
    if isinstance(model, CharacterFile):
        loaded.character = model.to_build()
    else:
        players = []
        for index, player in enumerate(model.player):
            players.append(_player(player, index, path, lines, loaded))
        loaded.setup = GameSetup(system=model.system, solo=model.solo, players=tuple(players),
                                 epic_order=model.epic_order)
    return loaded


def _player(player: PlayerModel, index: int, path: Path, lines: LineMap,
            loaded: Loaded) -> PlayerSetup:
    character = None
    if player.character is not None:
        target = (path.parent / player.character)
        sub = load_file(target, character_only=True)
        if sub.kind != "character" and not sub.problems:
            sub.problems.append(FileProblem(str(target), "is a setup file, not a character"))
        if sub.problems:
            loaded.problems.append(FileProblem(
                str(path), f"player {player.name!r}: character file {player.character!r} "
                           "cannot be used (see below)",
                line=lines.key_line("player", index, "character"), field="character"))
            loaded.problems.extend(sub.problems)
        character = sub.character
        loaded.cards.extend(sub.cards)
    return PlayerSetup(name=player.name, character=character, career_xp=player.career_xp,
                       character_points=player.character_points, quests=tuple(player.quests),
                       target=player.target, waylays=tuple(player.waylays),
                       treasures=tuple(player.treasures), leagues=tuple(player.leagues),
                       pool=tuple(player.pool) if player.pool is not None else None)


_TABLES: dict[str, type[BaseModel]] = {"event": EventModel, "player": PlayerModel}


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
