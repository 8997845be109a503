"""The whole-database export file format (``arcadia-chronicle-export`` version 1) as pydantic
models, every field held to the limits of ``chronicle.domain.limits`` through the field types
of ``chronicle.persistence.payloads``: what a database can hold, an export can carry.

The generic part is every game's: players and their collections, the records of the generic
store, the group's cards; the file's ``cards`` are the home game's (``registry.home()``, its
``HomeParts.exchange``). A game that keeps tables of its own adds their sections through its
``GameSystem.chronicles`` module (``SECTIONS``: key and type, each required; ``TABLES``: their
database tables): :func:`export_model` is the format with them, and :func:`tables` every
table an export holds. Keys added by later schemas have defaults, so that
older exports stay readable: ``game`` of an owned card (0007; absent, the home game, whose
files need not name their game),
``records`` and ``group_cards`` (0007, none), the ``uid`` of every
entry (0009: its identity across databases; absent, the import gives a fresh one)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from chronicle.domain.limits import RECORD_KIND_MAX
from chronicle.persistence.payloads import (
    Count,
    Name,
    Seq,
    Stamp,
    System,
    Version,
)

FORMAT = "arcadia-chronicle-export"
VERSION = 1

# The file format ----------------------------------------------------------------------------

class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


SectionModel = _Model
"""The base of every table of the file, a home game's sections' too (strict, no other key)."""


Uid = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]
"""An entry's identity across databases (schema 0009): 32 lower-case hexadecimal digits."""


def uid_of(entry: Any) -> dict[str, Any]:
    """A row's identity as the file gives it (schema 0009), as keyword arguments of its row;
    none: the table's fresh one."""
    uid = getattr(entry, "uid", None)
    return {"uid": uid} if uid is not None else {}


def _home_game() -> str:
    """The home game's key (what an owned card of a file that names no game belongs to)."""
    from chronicle.systems import registry

    return registry.home()


class OwnedModel(_Model):
    """How many copies of a card of a game a player owns (zero counts are kept too). ``kind``
    is one of the game's card kinds."""

    card: Name
    kind: Annotated[str, Field(min_length=1, max_length=20)]
    count: Count
    game: System = Field(default_factory=lambda: _home_game())
    """The game the card belongs to (schema 0007); absent: the home game (``registry.home()``,
    the setting ``CHRONICLE_HOME_GAME``), whose files need not name their game."""
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class PlayerModel(_Model):
    """A player and their collection."""

    name: Name
    created_at: Stamp
    collection: list[OwnedModel]
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


RecordKindName = Annotated[str, Field(min_length=1, max_length=RECORD_KIND_MAX)]


class RecordEventModel(_Model):
    """One event of a game record's history (schema 0007)."""

    seq: Seq
    kind: RecordKindName
    payload: dict[str, Any]
    recorded_at: Stamp
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class RecordModel(_Model):
    """What a game keeps in the database (schema 0007): its game, kind, owner (a player's
    name, or null for the group's), name, the game's JSON and its history. Where the game
    names a player or another record (``RecordKind.players``, ``links``), the file names them
    by name (the database keeps ids, schema 0008): a guest marked ``(guest)``, a record no
    longer kept ``(gone)``."""

    game: System
    kind: RecordKindName
    player: Name | None
    name: Name
    data: dict[str, Any]
    version: Version
    created_at: Stamp
    archived_at: Stamp | None = None
    events: list[RecordEventModel]
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class GroupCardModel(_Model):
    """A card the play group created or corrected for a game other than the home game (whose
    are in ``cards``): the ``[[card]]`` table as stored (schema 0007)."""

    game: System
    card: dict[str, Any]
    version: Version = 1
    uid: Uid | None = None
    """Its identity across databases (schema 0009); absent: a fresh one on import."""


class ExportModel(_Model):
    """The whole export file: the generic part (the subclass :func:`export_model` builds adds
    the home game's sections)."""

    format: Literal["arcadia-chronicle-export"]
    version: Literal[1]
    schema_: Annotated[str, Field(alias="schema", min_length=1, max_length=40)]
    exported_at: Stamp
    players: list[PlayerModel]
    cards: list[dict[str, Any]] = []
    """The user's own cards and corrections (``[[card]]`` tables), so that the database's card
    names mean the same on another machine."""
    records: list[RecordModel] = []
    """Every game's records with their histories (schema 0007)."""
    group_cards: list[GroupCardModel] = []
    """The group's cards of the games other than the home game (schema 0007)."""


def home_exchange() -> Any:
    """The home game's part of the format (``HomeParts.exchange``, see
    ``chronicle.systems.protocol``); None when it names none."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    name = registry.system(registry.home()).home.exchange
    return load_name(name) if name else None


def section_games() -> list[Any]:
    """The modules of the installed games that keep tables of their own in the file (their
    ``GameSystem.chronicles`` holding ``SECTIONS``), by game key: whichever game is home, a
    game's tables travel in every export and backup."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    found = []
    for game in registry.systems():
        module = load_name(game.chronicles) if game.chronicles else None
        if getattr(module, "SECTIONS", None):
            found.append(module)
    return found


_BUILT: dict[tuple[str, ...], type[ExportModel]] = {}


def export_model() -> type[ExportModel]:
    """The whole export file with the games' own sections (built once per set of games)."""
    games = section_games()
    key = tuple(module.__name__ for module in games)
    if key not in _BUILT:
        from pydantic import create_model

        sections: dict[str, Any] = {name: (kind, ...) for module in games
                                    for name, kind in module.SECTIONS.items()}
        _BUILT[key] = create_model("ExportModel", __base__=ExportModel, **sections)
    return _BUILT[key]


def tables() -> tuple[str, ...]:
    """The tables an export holds, by their database names (the keys of the import counts):
    the players', each game's own, the records'."""
    return ("player", "ownership", *(table for module in section_games()
                                     for table in module.TABLES), "record", "record_event")


def stamp(value: datetime | None) -> str | None:
    """A time as the file writes it: ISO 8601 with its offset (a naive one is UTC)."""
    if value is None:
        return None
    if value.utcoffset() is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat()
