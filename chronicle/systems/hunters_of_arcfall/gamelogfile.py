"""The game-log file: its strict TOML format and how it is read.

A game log is::

    system = "hunters-of-arcfall"
    name = "Friday night"
    limit = 15                  # the point limit (default 15, the rulebook's recommendation)
    ended = true                # optional: true = the game is over, false = still going

    [[player]]                  # in seating order, clockwise from the first player
    name = "Ana"
    hunter = "Gus"

    [[turn]]                    # the log, oldest first
    player = "Ana"
    drawn = ["Vex the Smuggler"]
    captured = ["Vex the Smuggler"]
    ability = false
    end = "claimed"             # "claimed", "wounded" or "no_dice"
    heals = 1

    [[turn]]
    undo = 1                    # takes back entry 1 (a compensating entry; nothing is erased)

and may carry ``[[card]]`` tables that define or correct cards for this game only. Every mistake
is reported with the file, line, table and key, and a hint for misspellings; a file with any such
problem cannot be checked (exit status 2).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    Field,
    Strict,
    ValidationError,
    model_validator,
)

from chronicle.catalog.located import located_problems
from chronicle.catalog.modelconfig import STRICT
from chronicle.catalog.problems import FileProblem, did_you_mean
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.limits import SEATS_MAX
from chronicle.domain.values import Origin, name_key
from chronicle.systems.hunters_of_arcfall import DEFAULT_LIMIT, KEY, LABEL
from chronicle.systems.hunters_of_arcfall.fields import Flag, Name, Names, Text
from chronicle.systems.hunters_of_arcfall.log import (
    End,
    Entry,
    GameLog,
    Seat,
    TurnUndone,
    entry_of,
    log_of,
)
from chronicle.systems.hunters_of_arcfall.quickcheck import ENTRIES_MAX, LoadedGame, quick_game


def _date_text(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date | dt.datetime) else value


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _system(value: Any) -> Any:
    if isinstance(value, str) and value != KEY:
        raise ValueError(f"this is a Hunters of Arcfall game log: system = {KEY!r}, "
                         f"not {value[:60]!r}")
    return value


DateText = Annotated[str, BeforeValidator(_date_text), Strict(), Field(max_length=40)]
EndField = Annotated[End, BeforeValidator(_lower)]


class _Strict(BaseModel):
    model_config = STRICT


class PlayerModel(_Strict):
    """One ``[[player]]``: the player's name and hunter."""

    name: Name
    hunter: Name


class TurnModel(_Strict):
    """One ``[[turn]]``: a turn (``player`` and ``end``, with ``drawn``, ``captured``,
    ``ability``, ``heals``), or an ``undo`` naming the entry it takes back."""

    player: Name | None = None
    drawn: Names = []
    captured: Names = []
    ability: Flag = False
    end: EndField | None = None
    heals: Annotated[int, Strict(), Field(ge=0, le=100)] = 0
    undo: Annotated[int, Strict(), Field(ge=1, le=ENTRIES_MAX)] | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _turn_or_undo(self) -> TurnModel:
        if self.undo is not None:
            extra = [k for k in ("player", "drawn", "captured", "ability", "end", "heals")
                     if k in self.model_fields_set]
            if extra:
                raise ValueError(f"an undo entry holds only undo (and a note), not "
                                 f"{', '.join(extra)}")
            return self
        if self.player is None:
            raise ValueError("a turn names its player (player = \"...\"), or is an undo "
                             "(undo = <entry number>)")
        if self.end is None:
            raise ValueError("a turn says how it ended: end = \"claimed\", \"wounded\" or "
                             "\"no_dice\"")
        return self

    def to_entry(self) -> Entry:
        """The ledger entry."""
        return entry_of(dict(self))


class GameFile(_Strict):
    """A game-log file."""

    system: Annotated[Literal["hunters-of-arcfall"], BeforeValidator(_system)]
    name: Name
    limit: Annotated[int, Strict(), Field(ge=1, le=1000)] = DEFAULT_LIMIT
    ended: Flag | None = None
    date: DateText | None = None
    note: Text | None = None
    player: Annotated[list[PlayerModel], Field(min_length=1, max_length=SEATS_MAX)]
    turn: Annotated[list[TurnModel], Field(max_length=ENTRIES_MAX)] = []
    card: Annotated[list[Any], Field(max_length=1000)] = []

    def to_log(self) -> GameLog:
        """The domain game."""
        return log_of(dict(self), (Seat(name=p.name, hunter=p.hunter) for p in self.player),
                      (t.to_entry() for t in self.turn))


def load_game(path: Path) -> LoadedGame:
    """Read a game-log file, every problem located. A plainly valid file is read without the
    models (``quickcheck``), any other by them."""
    loaded, parsed = quick_game(path)
    if parsed is None:
        return loaded
    document, lines = parsed
    return read_document(document, path, lines)


def read_document(document: Any, path: Path, lines: LineMap | None = None,
                  origin: Origin = Origin.FILE) -> LoadedGame:
    """A game-log document (a parsed file, or a game stored in the database) held to the
    file's format and limits; ``lines`` locate problems when the document came from a file."""
    loaded = LoadedGame(path)
    shown = str(path)
    try:
        model = GameFile.model_validate(document)
    except ValidationError as exc:
        loaded.problems.extend(located_problems(exc, shown, lines, GameFile, _TABLES))
        return loaded
    if model.card:
        from chronicle.systems.hunters_of_arcfall.quickcheck import SCHEMA

        loaded.read_cards(model.card, SCHEMA, shown, lines, origin)
    loaded.problems.extend(_references(model, shown, lines))
    if not loaded.problems:
        loaded.log = model.to_log()
    return loaded


def _references(model: GameFile, path: str, lines: LineMap | None) -> list[FileProblem]:
    """Players named once each, and every turn played by a player at the table."""
    found: list[FileProblem] = []
    seats: dict[str, int] = {}
    for index, player in enumerate(model.player):
        key = name_key(player.name)
        if key in seats:
            found.append(FileProblem(path, f"{player.name!r} sits at the table twice (player "
                                           f"#{seats[key] + 1} too)",
                                     line=_line(lines, "player", index, "name"),
                                     field=f"player #{index + 1}: name",
                                     hint="give each player a different name"))
        else:
            seats[key] = index
    names = [p.name for p in model.player]
    for index, turn in enumerate(model.turn):
        if turn.player is not None and name_key(turn.player) not in seats:
            found.append(FileProblem(path, f"{turn.player!r} is not at the table",
                                     line=_line(lines, "turn", index, "player"),
                                     field=f"turn #{index + 1}: player",
                                     hint=did_you_mean(turn.player, names)
                                     or f"players: {', '.join(names)}"))
    return found


def _line(lines: LineMap | None, table: str, index: int, key: str) -> int | None:
    return lines.key_line(table, index, key) if lines is not None else None


class EntryRejected(ValueError):
    """A log entry from outside a file (a database row, an app form) that breaks the format;
    the message lists every problem."""


def entry_payload(entry: Entry) -> dict[str, Any]:
    """One entry as its ``[[turn]]`` table (defaults left out): how a database stores it."""
    if isinstance(entry, TurnUndone):
        data: dict[str, Any] = {"undo": entry.entry, "note": entry.note}
    else:
        data = {"player": entry.player, "drawn": list(entry.drawn) or None,
                "captured": list(entry.captured) or None, "ability": entry.ability or None,
                "end": entry.end.value, "heals": entry.heals or None, "note": entry.note}
    return {k: v for k, v in data.items() if v is not None}


def entry_from_payload(data: Any) -> Entry:
    """An entry from its table, held to the same limits as a ``[[turn]]`` of a file.

    Raises:
        EntryRejected: with every problem, each naming its key.
    """
    try:
        return TurnModel.model_validate(data).to_entry()
    except ValidationError as exc:
        problems = located_problems(exc, "entry", None, TurnModel, {})
        raise EntryRejected("; ".join(f"{p.field}: {p.message}" if p.field else p.message
                                      for p in problems)) from None


def game_document(log: GameLog, cards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The game as the TOML document ``load_game`` reads (defaults left out), with ``cards``
    as its own ``[[card]]`` tables."""
    return {"system": KEY, "name": log.name, "limit": log.limit, "ended": log.ended,
            "date": log.date, "note": log.note,
            "player": [{"name": s.name, "hunter": s.hunter} for s in log.seats],
            "turn": [entry_payload(e) for e in log.entries], "card": cards or None}


def dump_game(log: GameLog, cards: list[dict[str, Any]] | None = None) -> str:
    """The game-log file of ``log``: what an export writes and an import reads back unchanged."""
    from chronicle.catalog.tomlwrite import dumps

    return dumps(game_document(log, cards), header=f"{LABEL} game log; see "
                                                    "docs/games/hunters-of-arcfall.md")


_TABLES: dict[str, type[BaseModel]] = {"player": PlayerModel, "turn": TurnModel}
