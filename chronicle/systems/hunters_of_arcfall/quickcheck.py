"""Hunters of Arcfall's game log and card tables, read without building pydantic's validators
when they are plainly valid (why, and how the field tables come from the models:
``chronicle.catalog.quick``).

The models of ``gamelogfile.py`` (game logs) and ``schema.py`` (cards) judge. A game log or card
table whose every key is known and every value already in its final form (text trimmed and
within its length, no control characters in names, whole numbers in range, results and ends in
lower case, lists within their length, each turn a turn or an undo with what it needs, each
player seated once and every turn's player at the table) is read here as the models would read
it; anything else goes to the models, which accept, normalise or refuse it with their located
message.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chronicle.catalog.loadedfile import LoadedFile
from chronicle.catalog.loader import read_toml
from chronicle.catalog.quick import INNER, SHALLOW, Check, QuickSchema, checks, generated_tables
from chronicle.catalog.quick import whole as _whole
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.values import name_key
from chronicle.systems.hunters_of_arcfall import KEY, WOUND_CAPACITY
from chronicle.systems.hunters_of_arcfall import cards as c
from chronicle.systems.hunters_of_arcfall.log import (
    Entry,
    GameLog,
    Seat,
    TurnPlayed,
    entry_of,
    log_of,
)

spec = generated_tables(__file__)
"""The field tables generated from the models (``quickspec.json``)."""

ENTRIES_MAX = 10_000
"""Entries in one log (``files.ENTRIES_MAX``; a test holds them equal)."""


@dataclass
class LoadedGame(LoadedFile):
    """A readable game log: the game (with the cards it defines and any problems found). When
    ``problems`` is not empty the file is unusable and ``log`` is None."""

    log: GameLog | None = None


NORMALISERS = ("_date_text", "_lower", "_lower_list", "_system")
"""The models' before validators that leave a value already in its final form unchanged (a
date as text, a result in lower case, this game's key)."""
PLAYER: dict[str, Check] = checks(spec.PLAYER)
TURN: dict[str, Check] = checks(spec.TURN, handled=(*NORMALISERS, "_turn_or_undo"))  # _entry
GAME: dict[str, Check] = checks(spec.GAME, {"player": SHALLOW, "turn": SHALLOW},
                                handled=NORMALISERS)
"""Each table's checks, from the models' generated table (``quickspec.json``); the players and turns
are checked one by one below."""


def _table(data: Any, fields: dict[str, Check], required: tuple[str, ...]) -> bool:
    return (type(data) is dict and data.keys() <= fields.keys()
            and all(key in data for key in required)
            and all(fields[key](value) for key, value in data.items()))


def _entry(data: Any) -> Entry | None:
    if type(data) is dict and "undo" in data:
        if not _table(data, TURN, ()) or not data.keys() <= {"undo", "note"}:
            return None
        return entry_of(data)
    if not _table(data, TURN, ("player", "end")):
        return None
    return entry_of(data)


def game(document: Any) -> tuple[GameLog, list[Any]] | None:
    """A plainly valid game log as the game and its ``[[card]]`` tables (not yet validated:
    the card schema judges them); None when the models must judge it."""
    if not _table(document, GAME, ("system", "name", "player")):
        return None
    if not all(_table(p, PLAYER, ("name", "hunter")) for p in document["player"]):
        return None
    seats = [Seat(name=p["name"], hunter=p["hunter"]) for p in document["player"]]
    keys = {name_key(seat.name) for seat in seats}
    entries = [_entry(item) for item in document.get("turn", ())]
    if len(keys) != len(seats) or any(e is None for e in entries):
        return None
    if any(isinstance(e, TurnPlayed) and name_key(e.player) not in keys for e in entries):
        return None
    return (log_of(document, seats, (e for e in entries if e is not None)),
            document.get("card", []))


def quick_game(path: Path) -> tuple[LoadedGame, tuple[dict[str, Any], LineMap] | None]:
    """Read a game-log file: the file as read when it could not be parsed or is plainly valid
    (its cards judged by ``SCHEMA``), else with the parsed document and its line map for the
    models (``gamelogfile.read_document``)."""
    loaded = LoadedGame(path)
    parsed = read_toml(path, loaded.problems)
    if parsed is None:
        return loaded, None
    document, lines = parsed
    quick = game(document)
    if quick is None:
        return loaded, parsed
    log, tables = quick
    if tables:
        loaded.read_cards(tables, SCHEMA, str(path), lines)
    if not loaded.problems:
        loaded.log = log
    return loaded, None


FIELDS: dict[str, dict[str, Check]] = {
    "hunter": checks(spec.HUNTER, {"wounds": _whole(WOUND_CAPACITY, WOUND_CAPACITY)}),
    "bounty": checks(spec.BOUNTY, {"chevrons": INNER},  # card_data checks the slots named
                     handled=NORMALISERS),
    "die": checks(spec.DIE, {"faces": INNER}),  # card_data checks that a face is known
}
"""Each card kind's checks, from its model's generated table (``quickspec.json``)."""
_FACES = spec.DIE[1]["faces"][1][1]
"""The results a die's faces count, in the order of the model's fields."""


def card_data(data: dict[str, Any]) -> dict[str, Any] | None:
    """The keys a valid card table sets, as the card's model returns them; None when the
    table is not plainly valid (the model then judges it)."""
    kind = data.get("kind")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None or "name" not in data or not _table(data, fields, ()):
        return None
    found = {key: data[key] for key in fields if key in data}
    chevrons = found.get("chevrons")
    if chevrons is not None and (len(set(chevrons)) != len(chevrons) or (
            "slots" in found and any(n > len(found["slots"]) for n in chevrons))):
        return None
    faces = found.get("faces")
    if faces is not None:
        if len(faces) == len(_FACES) and not sum(faces.values()):
            return None
        found["faces"] = {k: faces[k] for k in _FACES if k in faces}
    return found


SCHEMA: QuickSchema[c.Card] = QuickSchema(
    KEY, 1, "chronicle.systems.hunters_of_arcfall.schema:SCHEMA", fields=FIELDS,
    card_data=card_data, to_card=c.card_from_data)
"""The card schema the catalog and the game log's loader use for Hunters of Arcfall cards."""

__all__ = ["FIELDS", "GAME", "PLAYER", "SCHEMA", "TURN", "LoadedGame",
           "card_data", "game", "quick_game"]
