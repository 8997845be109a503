"""The rows side of the generic record store (``chronicle.services.recordstore``): a call's names
made rows (the game and kind it names, a record's name, data and events held to the shared
limits, the owner and the record found by name, a new record's name free), and rows made the
records the services see (``StoredRecord``: decoded in one place, ``damage.decode``, with the
store's ids as names). ``StoredEvent`` and ``StoredRecord`` are re-exported by
``chronicle.services.recordstore``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from chronicle.domain import limits
from chronicle.domain.text import suggest
from chronicle.errors import AlreadyExists, BadInput, NotFound
from chronicle.rules.report import Report
from chronicle.services.common import installed_game, one_named
from chronicle.services.recordchecks import check_record, new_errors, refused

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.grouptables import RecordEventRow, RecordRow
    from chronicle.persistence.models import PlayerRow
    from chronicle.services.damage import Damage
    from chronicle.services.playernames import Boundary
    from chronicle.systems.protocol import RecordKind


@dataclass(frozen=True)
class StoredEvent:
    """One event of a record's history."""

    seq: int
    kind: str
    payload: dict[str, Any]
    recorded_at: datetime


@dataclass(frozen=True)
class StoredRecord:
    """A record as stored: its game's JSON and its whole history, oldest first."""

    id: int
    game: str
    kind: str
    name: str
    player: str | None
    """The owner's name (None for the group's records)."""
    data: dict[str, Any]
    events: tuple[StoredEvent, ...]
    version: int
    created_at: datetime
    archived_at: datetime | None
    damage: tuple[Damage, ...] = ()
    """What is wrong with a row edited outside the program (then ``data`` and ``events`` are
    empty); the store's reads and writes refuse such a record and its lists leave it out."""

    def history(self) -> list[dict[str, Any]]:
        """The events as a record kind's check takes them: ``{"kind", "payload"}``, oldest
        first."""
        return [{"kind": e.kind, "payload": e.payload} for e in self.events]


@dataclass(frozen=True)
class _Kind:
    """The record kind a call names, resolved: the game's system key and its ``RecordKind``."""

    game: str
    spec: RecordKind

    @property
    def label(self) -> str:
        return self.spec.label


def _system_key(game: str) -> str:
    """The system key of the installed game ``game`` (an edition key names its game).

    Raises:
        NotFound: no installed game is called ``game``.
    """
    return installed_game(game).key


def _kind(game: str, kind: str) -> _Kind:
    """The game's record kind called ``kind``.

    Raises:
        NotFound: no installed game is called ``game``.
        BadInput: the game keeps no records of that kind.
    """
    system = installed_game(game)
    kinds: tuple[RecordKind, ...] = getattr(system, "records", ())
    found = next((k for k in kinds if k.name == kind), None)
    if found is None:
        kept = ", ".join(k.name for k in kinds) or "none"
        raise BadInput(f"{system.label} keeps no records of kind {limits.cut(kind)} "
                       f"(it keeps: {kept})")
    return _Kind(system.key, found)


def _name(name: object, kind: _Kind) -> str:
    """``name`` trimmed, once it passes the limits of a name.

    Raises:
        BadInput: naming what is wrong.
    """
    problem = limits.name_problem(name, f"the {kind.label}'s name")
    if problem:
        raise BadInput(problem)
    assert isinstance(name, str)
    return " ".join(name.split())


def _json(value: object, what: str, max_bytes: int) -> dict[str, Any]:
    """A deep copy of ``value`` once it passes the limits of a game's JSON.

    Raises:
        BadInput: naming the value at fault.
    """
    problem = limits.json_problem(value, what, max_bytes=max_bytes)
    if problem:
        raise BadInput(f"{problem}; nothing was written")
    assert isinstance(value, dict)
    return copy.deepcopy(value)


def _event_kind(value: object, what: str) -> str:
    """An event's kind, once it passes the limits of a name (``RECORD_KIND_MAX``).

    Raises:
        BadInput: naming what is wrong.
    """
    problem = limits.name_problem(value, f"{what}'s kind", limit=limits.RECORD_KIND_MAX)
    if problem:
        raise BadInput(problem)
    assert isinstance(value, str)
    return value


def _owner(session: Session, kind: _Kind, player: str | None, *,
           required: bool = False) -> PlayerRow | None:
    """The player a record of ``kind`` belongs to (None: the group's, or any player's when
    ``player`` is not given for a lookup).

    Raises:
        BadInput: a player is named for a group's record, or none for a new player's record.
        NotFound: no player is called ``player`` (with the nearest name).
    """
    from chronicle.persistence import repository as repo

    if not kind.spec.per_player:
        if player is not None:
            raise BadInput(f"a {kind.label} belongs to the group, not to a player; name no "
                           "player")
        return None
    if player is None:
        if required:
            raise BadInput(f"a {kind.label} belongs to a player: say whose (--player)")
        return None
    row = repo.find_player(session, player)
    if row is None:
        near = suggest(player, [p.name for p in repo.list_players(session)])
        raise NotFound(f"no player is called {player!r}" + (
            f"; did you mean {near!r}?" if near else
            f"; add one with 'chronicle player add {player}'"))
    return row


def _find(session: Session, kind: _Kind, name: str, player: str | None, *,
          archived: bool = False) -> RecordRow:
    """The record called ``name`` (of ``player``, for a player's kind).

    Raises:
        NotFound: naming the nearest record, or saying it is (not) archived, or that several
            players have one of that name.
    """
    from chronicle.persistence import recordqueries as store

    owner = _owner(session, kind, player)
    owner_id = owner.id if owner is not None else (None if kind.spec.per_player else store.GROUP)
    every = store.find_records(session, kind.game, kind.spec.name, name, owner=owner_id,
                               archived=None)
    found = one_named(every, archived, kind.label, name)
    if found is not None:
        return found
    if every:
        state = "archived; restore it first" if not archived else "not archived"
        raise NotFound(f"the {kind.label} {every[0].name} is {state}")
    near = suggest(name, [r.name for r in store.find_records(
        session, kind.game, kind.spec.name, owner=owner_id, archived=archived)])
    whose = f" for {owner.name}" if owner is not None else ""
    raise NotFound(f"no {kind.label} is called {name!r}{whose}"
                   + (f"; did you mean {near!r}?" if near else ""))


def _stored(session: Session, row: RecordRow, events: list[RecordEventRow] | None = None,
            player: str | None = None, names: Boundary | None = None, *,
            checked: bool = False) -> StoredRecord:
    """A record's row as the services see it, decoded in one place (``damage.decode``): its
    player places as names (``playernames``); a row edited outside the program comes back
    with its ``damage`` and empty data, never raises. ``checked``: the write that returns it
    just checked it with the game's rules (the game's own reader is not run again)."""
    from chronicle.persistence import recordqueries as store
    from chronicle.services import playernames
    from chronicle.services.damage import decode, spec_of

    assert row.id is not None
    if events is None:
        events = store.record_events(session, [row.id])[row.id]
    if player is None and row.player_id is not None:
        player = store.player_names(session, {row.player_id}).get(row.player_id)
    spec = spec_of(row.game, row.kind)
    if names is None:
        names = playernames.Boundary.of(session, row.game, spec)
    decoded = decode(None if checked else spec, row.name, row.data,
                     [(e.kind, e.payload) for e in events],
                     owner_missing=row.player_id is not None and player is None,
                     seen=names.seen)
    return StoredRecord(
        id=row.id, game=row.game, kind=row.kind, name=row.name, player=player,
        data=decoded.data,
        events=tuple(StoredEvent(e.seq, kind, payload, e.recorded_at)
                     for e, (kind, payload) in zip(events, decoded.events, strict=False)),
        version=row.version, created_at=row.created_at, archived_at=row.archived_at,
        damage=decoded.damage)


def _owner_id(session: Session, kind: _Kind, player: str | None) -> int | None:
    from chronicle.persistence import recordqueries as store

    owner = _owner(session, kind, player)
    return owner.id if owner is not None else (None if kind.spec.per_player else store.GROUP)


def _created(session: Session, kind: _Kind, name: str, player: str | None,
             data: dict[str, Any], names: Boundary) -> RecordRow:
    """A new record with an empty history, once the game's check finds no error in ``data``
    (two writers creating it at once: the later one's insert is a ``Collision``, run again,
    and finds it)."""
    from chronicle.persistence import recordqueries as store

    owner = _owner(session, kind, player, required=True)
    _free(session, kind, name, owner.id if owner is not None else store.GROUP)
    kept = names.kept("data", data, f"the {kind.label} {name}")
    fresh = new_errors(Report(), check_record(session, kind.game, kind.spec,
                                              names.seen("data", kept), []))
    if fresh:
        raise refused(f"creating the {kind.label} {name}", fresh, name)
    return store.add_record(session, kind.game, kind.spec.name, name, kept,
                            owner.id if owner is not None else None)


def _free(session: Session, kind: _Kind, name: str, owner_id: int | None) -> None:
    """Refuse a new record of ``kind`` called ``name``: the name is taken (by an archived
    record too), or the group keeps one record of the kind and has it.

    Raises:
        AlreadyExists: naming the record that stands in the way.
    """
    from chronicle.persistence import recordqueries as store
    from chronicle.services.playernames import NOT_SINGLE

    taken = store.find_records(session, kind.game, kind.spec.name, name, owner=owner_id,
                               archived=None)
    if taken:
        archived = " (archived: restore it instead)" if taken[0].archived_at else ""
        raise AlreadyExists(f"there is already a {kind.label} called {taken[0].name}"
                            f"{archived}")
    one = store.find_records(session, kind.game, kind.spec.name, archived=None) \
        if kind.spec.single else []
    if one:
        raise AlreadyExists(f"the group keeps one {kind.label}, and has it: {one[0].name}"
                            + (" (archived: restore it instead)" if one[0].archived_at
                               else "") + f" ({NOT_SINGLE})")
