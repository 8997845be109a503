"""The generic record store: what any game keeps in the database (a battle force, a campaign, a
hunt), checked by the game's own rules on every write.

A game declares its record kinds in its ``GameSystem.records``
(``chronicle.systems.protocol.RecordKind``): the kind's name, label, whether a record belongs to
a player or to the group, and its ``check(data, events, context) -> Report``. A record is a name,
the game's JSON ``data`` and an append-only history of events (``{"kind", "payload"}``,
numbered from 1 without gaps). Undo is the game's own compensating event, appended like any
other; nothing is overwritten but ``data``, and only through :func:`update` or :func:`modify`
on the version read in the write's own transaction.

Every write runs in one transaction (``Database.run``: run again on the fresh state when another
writer got there first) and is held to ``chronicle.domain.limits`` (names, text, the size and
nesting of data and payloads). Creating, updating or appending runs the game's check before and
after the change and refuses (``Refused``, nothing written) a change that brings an error the
record did not already have. An append judges the event alone, on the derived state kept for
the version it read (``chronicle.services.recordstate``; rebuilt from the whole history when
the record changed in any other way), so its cost does not grow with the history. Unknown
names are ``NotFound`` with the nearest name; a save from an older version is a ``Conflict``
naming what changed meanwhile.

No write loses another: a read-modify-write of a record's data is :func:`modify` (the change is
made on the record as its transaction reads it, and made again on the fresh record when another
writer got there first); an event built from what a member saw passes that ``expected_version``
(refused with a ``Conflict`` when the record moved on); a history created by its first event is
``append(..., create_with=data)`` (two first events at once both land).

Where a kind names players or other records (``RecordKind.players``, ``links``), the database
keeps their ids and everything else sees names: a write's names become ids (a name the group
lacks is ``NotFound``: ``record.unknown_player``, ``record.unknown_record``), and a record read
back, its check included, names each by its current name (``playernames.Boundary``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from chronicle.domain import limits
from chronicle.errors import AlreadyExists, BadInput, NotFound
from chronicle.rules.report import Report
from chronicle.services import damage
from chronicle.services.db import Database
from chronicle.services.recordchecks import (  # the rules side, re-exported
    check_record,
    first_breach,
    new_errors,
    record_context,
    refused,
    said,
)
from chronicle.services.recordrows import (  # the rows side, StoredEvent and StoredRecord
    StoredEvent,
    StoredRecord,
    _created,
    _event_kind,
    _find,
    _free,
    _json,
    _Kind,
    _kind,
    _name,
    _owner,
    _owner_id,
    _stored,
    _system_key,
)
from chronicle.services.recordstate import Folded
from chronicle.services.sharing import share_cards

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.systems.protocol import RecordContext


# The game's rules (chronicle.services.recordchecks) ------------------------------------------

def context(db: Database, game: str) -> RecordContext:
    """The context the store checks ``game``'s records with, for a game's service that replays
    a stored record read-only with the same cards.

    Raises:
        NotFound: no installed game is called ``game``.
    """
    found = _system_key(game)
    with db.transaction() as session:
        return record_context(session, found)


def _refuse_new(session: Session, kind: _Kind, before: Report, data: dict[str, Any],
                events: list[dict[str, Any]], what: str, name: str) -> None:
    """Refuse the change when the record after it has an error ``before`` had not.

    Raises:
        Refused: naming ``what`` was tried and each new violation (code, message, fix).
    """
    after = check_record(session, kind.game, kind.spec, data, events)
    fresh = new_errors(before, after)
    if fresh:
        raise refused(what, fresh, name)


# Use cases -----------------------------------------------------------------------------------

def create(db: Database, game: str, kind: str, name: str, data: dict[str, Any], *,
           player: str | None = None, events: Sequence[tuple[str, dict[str, Any]]] = (),
           final_data: dict[str, Any] | None = None) -> StoredRecord:
    """Store a new record, once the game's check finds no error in it, with ``events`` (kind,
    payload) as its history, numbered from 1 (an imported file's history: each event checked
    in turn as if appended, all or nothing). ``final_data``: the data the record takes once its
    history is in, checked as :func:`update` checks it, in the same transaction (an imported
    game that says it ended: nobody sees it half-imported, nobody writes in between).

    Raises:
        BadInput: a name, data or event beyond the limits; a player missing or not expected.
        AlreadyExists: the name is taken (by an archived record too), or the group keeps one
            record of the kind and has it.
        NotFound: an unknown game or player. Refused: the game's rules (naming the event).
    """
    from chronicle.persistence import recordqueries as store

    found = _kind(game, kind)
    clean = _name(name, found)
    value = _json(data, f"the {found.label}'s data", limits.RECORD_BYTES_MAX)
    history = [(_event_kind(k, f"event {n}"),
                _json(p, f"event {n}'s payload", limits.PAYLOAD_BYTES_MAX))
               for n, (k, p) in enumerate(events, start=1)]
    if len(history) > limits.EVENTS_MAX:
        raise BadInput(f"{len(history):,} events are more than one history may hold "
                       f"({limits.EVENTS_MAX:,})")
    final = None if final_data is None else _json(final_data, f"the {found.label}'s data",
                                                  limits.RECORD_BYTES_MAX)

    def work(session: Session) -> StoredRecord:
        from chronicle.services.playernames import Boundary

        owner = _owner(session, found, player, required=True)
        _free(session, found, clean, owner.id if owner is not None else store.GROUP)
        names = Boundary.of(session, found.game, found.spec)
        kept = names.kept("data", value, f"the {found.label} {clean}")
        kept_history = [(k, names.kept(k, p, f"event {n} of the {found.label} {clean}"))
                        for n, (k, p) in enumerate(history, start=1)]
        data_seen, listed = names.seen("data", kept), names.events(kept_history)
        breach = first_breach(session, found.game, found.spec, data_seen, listed)
        if breach is not None:
            index, fresh = breach
            what = f"creating the {found.label} {clean}" if not index else \
                f"event {index} ({history[index - 1][0]}) of the {found.label} {clean}"
            raise refused(what, fresh, clean)
        share_cards(session, found.game, data_seen, listed,
                    record_context(session, found.game))
        row = store.add_record(session, found.game, kind, clean, kept,
                               owner.id if owner is not None else None)
        rows = store.append_record_events(session, row, kept_history)
        if rows:
            row.version += len(rows)
            session.add(row)
            session.flush()
        if final is not None:
            final_kept = names.kept("data", final, f"changing {clean}")
            before = check_record(session, found.game, found.spec, data_seen, listed)
            final_seen = names.seen("data", final_kept)
            _refuse_new(session, found, before, final_seen, listed, f"changing {clean}", clean)
            share_cards(session, found.game, final_seen, listed,
                        record_context(session, found.game))
            row.data = final_kept
            session.add(row)
            session.flush()
        return _stored(session, row, rows, owner.name if owner is not None else None, names,
                       checked=True)

    return db.run(work)


def get(db: Database, game: str, kind: str, name: str, *, player: str | None = None,
        archived: bool = False) -> StoredRecord:
    """The record called ``name`` with its history (an archived one only when ``archived``).

    Raises:
        NotFound: with the nearest name.
    """
    found = _kind(game, kind)
    with db.transaction() as session:
        row = _find(session, found, name, player, archived=archived)
        return damage.sound(_stored(session, row), found.label)


def list_records(db: Database, game: str, kind: str, *, player: str | None = None,
                 archived: bool = False) -> list[StoredRecord]:
    """Every record of ``kind`` (of ``player``, when given), by name: those in use, or the
    archived ones."""
    from chronicle.persistence import recordqueries as store
    from chronicle.services.playernames import Boundary

    found = _kind(game, kind)
    with db.transaction() as session:
        owner = _owner(session, found, player)
        owner_id = owner.id if owner is not None else (
            None if found.spec.per_player else store.GROUP)
        rows = store.find_records(session, found.game, kind, owner=owner_id,
                                  archived=archived)
        histories = store.record_events(session, [r.id for r in rows if r.id is not None])
        names = store.player_names(session, {r.player_id for r in rows
                                             if r.player_id is not None})
        crossing = Boundary.of(session, found.game, found.spec)
        stored = [_stored(session, r, histories[r.id or 0],
                          names.get(r.player_id) if r.player_id is not None else None,
                          crossing)
                  for r in rows]
    return damage.listed(stored, found.label)


def update(db: Database, game: str, kind: str, name: str, data: dict[str, Any], *,
           player: str | None = None, expected_version: int | None = None) -> StoredRecord:
    """Replace a record's data, once the game's check finds no new error with its history.
    Data computed from a record read earlier passes that read's ``expected_version`` (or is
    :func:`modify`): without one, whatever the record holds is replaced.

    Raises:
        Conflict: ``expected_version`` is given and the record changed since.
        Refused: the new data brings an error; NotFound, BadInput as for ``create``.
    """
    found = _kind(game, kind)
    value = _json(data, f"the {found.label}'s data", limits.RECORD_BYTES_MAX)
    return modify(db, game, kind, name, lambda _record: value, player=player,
                  expected_version=expected_version)


def modify(db: Database, game: str, kind: str, name: str,
           change: Callable[[StoredRecord], dict[str, Any]], *, player: str | None = None,
           expected_version: int | None = None) -> StoredRecord:
    """Change a record's data from what it holds now: ``change`` is given the record as this
    write's transaction reads it and returns its new data, checked as :func:`update` checks
    it. When another writer changes the record between that read and this write, the whole
    runs again on the fresh record (``Database.run``, locking what it reads): two members
    adding a unit to one force at once both land. ``change`` may run more than once, so it
    only computes; it refuses by raising a service error (nothing is written).

    Raises:
        Conflict: ``expected_version`` is given and the record changed since (naming what).
        Refused: the new data brings an error; NotFound, BadInput as for ``create``.
    """
    from chronicle.persistence import recordqueries as store
    from chronicle.persistence import repository as repo

    found = _kind(game, kind)

    def work(session: Session) -> StoredRecord:
        from chronicle.services.playernames import Boundary

        row = _find(session, found, name, player)
        if expected_version is not None and row.version != expected_version:
            raise repo.stale(session, row, expected_version)
        assert row.id is not None
        names = Boundary.of(session, found.game, found.spec)
        history = store.record_events(session, [row.id])[row.id]
        current = _stored(session, row, history, names=names)
        damage.sound(current, found.label, write=True)
        value = _json(change(current), f"the {found.label}'s data", limits.RECORD_BYTES_MAX)
        kept = names.kept("data", value, f"changing {row.name}")
        seen = names.seen("data", kept)
        events = names.events((e.kind, e.payload) for e in history)
        before = check_record(session, found.game, found.spec, current.data, events)
        _refuse_new(session, found, before, seen, events, f"changing {row.name}", row.name)
        share_cards(session, found.game, seen, events, record_context(session, found.game))
        repo.touch(row, "its data was changed")  # on the version read: else run again
        row.data = kept
        session.add(row)
        session.flush()
        return _stored(session, row, history, names=names, checked=True)

    return db.run(work)


def append(db: Database, game: str, kind: str, name: str, event_kind: str,
           payload: dict[str, Any], *, player: str | None = None,
           expected_version: int | None = None,
           create_with: dict[str, Any] | None = None) -> StoredRecord:
    """Append an event to a record's history, once the game's check finds no new error with
    it (undo is the game's own compensating event, appended the same way). The check runs on
    the history as the write's transaction reads it (run again on the fresh history when
    another writer appended first: both land); the event alone is judged, on the state kept
    for the version read (``recordstate``: the game's fold when its kind has one).

    ``expected_version``: the version the event was built from (the next player, the last
    turn, what a member saw); a record changed since is refused with a ``Conflict``.
    ``create_with``: the data of the record to create, in the same transaction, when there is
    none of that name (a history that starts with its first event: two first events written
    at once both land, the record made once).

    Raises:
        Conflict: ``expected_version`` is given and the record changed since.
        Refused: the event brings an error; NotFound, BadInput as for ``create``.
    """
    stored = _appending(db, game, kind, name, event_kind, payload, player, expected_version,
                        create_with, whole=True)[2]
    assert stored is not None
    return stored


def advance(db: Database, game: str, kind: str, name: str, event_kind: str,
            payload: dict[str, Any] | Callable[[Folded], dict[str, Any]], *,
            player: str | None = None, expected_version: int | None = None,
            create_with: dict[str, Any] | None = None) -> tuple[Folded, Folded]:
    """Append an event as :func:`append` does, and return the record's derived state
    (``recordstate.Folded``) before and after it instead of the whole record: what a game
    that steps through a long history builds its view from, in time independent of the
    history's length. ``payload`` may be made from the state before the event, as the write's
    own transaction reads it (``payload(before)``: it may run more than once, so it only
    computes; it refuses by raising a service error).

    Raises:
        As :func:`append`.
    """
    before, after, _stored_record = _appending(db, game, kind, name, event_kind, payload,
                                               player, expected_version, create_with,
                                               whole=False)
    return before, after


def folded(db: Database, game: str, kind: str, name: str, *,
           player: str | None = None) -> Folded:
    """A record's derived state as it stands (``recordstate.Folded``: the kept one when the
    record has not changed since, else rebuilt from its whole history).

    Raises:
        NotFound: with the nearest name. Damaged: the record was edited outside the program.
    """
    from chronicle.services import recordstate
    from chronicle.services.playernames import Boundary

    found = _kind(game, kind)
    with db.transaction() as session:
        row = _find(session, found, name, player)
        assert row.id is not None
        return recordstate.current(session, (db.url, row.id), row, found.spec,
                                   Boundary.of(session, found.game, found.spec),
                                   record_context(session, found.game), write=False)


def _appending(db: Database, game: str, kind: str, name: str, event_kind: str,
               payload: dict[str, Any] | Callable[[Folded], dict[str, Any]],
               player: str | None, expected_version: int | None,
               create_with: dict[str, Any] | None, *,
               whole: bool) -> tuple[Folded, Folded, StoredRecord | None]:
    """:func:`append`'s work: the state before and after the event, and the whole record
    (``whole``)."""
    from chronicle.persistence import recordqueries as store
    from chronicle.persistence import repository as repo
    from chronicle.services import recordstate

    found = _kind(game, kind)
    _event_kind(event_kind, "the event")
    given = None if callable(payload) else _json(payload, "the event's payload",
                                                 limits.PAYLOAD_BYTES_MAX)
    start = None if create_with is None else _json(create_with, f"the {found.label}'s data",
                                                   limits.RECORD_BYTES_MAX)
    clean = _name(name, found) if start is not None else name

    def work(session: Session) -> tuple[Folded, Folded, StoredRecord | None]:
        from chronicle.services.playernames import Boundary

        names = Boundary.of(session, found.game, found.spec)
        try:
            row = _find(session, found, clean, player)
        except NotFound:
            if start is None:
                raise
            if store.find_records(session, found.game, kind, clean, archived=None,
                                  owner=_owner_id(session, found, player)):
                # another writer's first event made it since the read above (committed in
                # between: PostgreSQL reads each statement afresh), or it is archived or
                # several players': found now, or said as it is
                row = _find(session, found, clean, player)
            else:
                row = _created(session, found, clean, player, start, names)
        if expected_version is not None and row.version != expected_version:
            raise repo.stale(session, row, expected_version)
        assert row.id is not None
        context = record_context(session, found.game)
        before = recordstate.current(session, (db.url, row.id), row, found.spec, names,
                                     context, write=True)
        if before.events >= limits.EVENTS_MAX:
            raise BadInput(f"{row.name} holds {before.events:,} events, the most one history "
                           "may hold")
        what = f"{event_kind} on {row.name}"
        value = _json(payload(before), "the event's payload", limits.PAYLOAD_BYTES_MAX) \
            if callable(payload) else given
        assert value is not None
        kept = names.kept(event_kind, value, what)
        event = {"kind": event_kind, "payload": names.seen(event_kind, kept)}
        before, state, report = recordstate.stepped(session, (db.url, row.id), row,
                                                    found.spec, names, context, before, event)
        fresh = new_errors(before.report, report)
        if fresh:
            raise refused(what, fresh, row.name)
        share_cards(session, found.game, before.data, [event], context)
        written = store.append_record_event(session, row, event_kind, kept)
        repo.touch(row, f"event {written.seq} ({event_kind}) was appended")
        session.add(row)
        after = recordstate.written(session, row, found.spec, names, context, before, written,
                                    state, report)
        return before, after, _stored(session, row, names=names, checked=True) if whole \
            else None

    before, after, stored = db.run(work)
    recordstate.keep((db.url, after.id), after)  # committed: the state of the new version
    return before, after, stored


def rename(db: Database, game: str, kind: str, name: str, new_name: str, *,
           player: str | None = None) -> StoredRecord:
    """Give a record another name (its history is kept).

    Raises:
        AlreadyExists: the new name is taken; NotFound, BadInput as for ``create``.
    """
    from chronicle.domain.values import name_key
    from chronicle.persistence import recordqueries as store
    from chronicle.persistence import repository as repo

    found = _kind(game, kind)
    clean = _name(new_name, found)

    def work(session: Session) -> StoredRecord:
        row = _find(session, found, name, player)
        damage.sound(_stored(session, row), found.label, write=True)
        if name_key(clean) != row.name_key:
            taken = store.find_records(session, found.game, kind, clean, owner=row.owner,
                                       archived=None)
            if taken:
                raise AlreadyExists(f"there is already a {found.label} called "
                                    f"{taken[0].name}")
        old = row.name
        repo.touch(row, f"renamed from {old}")
        row.name, row.name_key = clean, name_key(clean)
        session.add(row)
        session.flush()
        return _stored(session, row, checked=True)

    return db.run(work)


def delete(db: Database, game: str, kind: str, name: str, *, player: str | None = None,
           named_by: str | None = None, archive: bool = False) -> str:
    """Delete a record: one with a history, or one another record names (``named_by`` says
    which: a battle force a battle names), or any with ``archive``, is archived (hidden from
    lists, restorable), one without is erased. Returns what was done, in a sentence."""
    from chronicle.persistence import recordqueries as store
    from chronicle.persistence import repository as repo

    found = _kind(game, kind)

    def work(session: Session) -> str:
        row = _find(session, found, name, player)
        assert row.id is not None
        count = len(store.record_events(session, [row.id])[row.id])
        if count or named_by or archive:
            repo.touch(row, "it was archived")
            row.archived_at = repo.now()
            session.add(row)
            session.flush()
            kept = "its event is kept" if count == 1 else f"its {count:,} events are kept"
            if not count:
                kept = f"{named_by} names it" if named_by else "nothing of it is erased"
            return (f"the {found.label} {row.name} was archived: {kept} "
                    "and it can be restored")
        label = row.name
        store.erase_record(session, row)
        return f"the {found.label} {label} was deleted"

    return db.run(work)


def restore(db: Database, game: str, kind: str, name: str, *,
            player: str | None = None) -> StoredRecord:
    """Bring an archived record back into use.

    Raises:
        NotFound: no archived record of that name (with the nearest name).
    """
    from chronicle.persistence import repository as repo

    found = _kind(game, kind)

    def work(session: Session) -> StoredRecord:
        row = _find(session, found, name, player, archived=True)
        damage.sound(_stored(session, row), found.label, write=True)
        repo.touch(row, "it was restored")
        row.archived_at = None
        session.add(row)
        session.flush()
        return _stored(session, row, checked=True)

    return db.run(work)


def read_records(db: Database, game: str, kind: str) -> list[StoredRecord]:
    """Every record of ``kind`` in use, read in one Core transaction that only reads (no ORM
    rows built): what :func:`list_records` gives for the group's records, for a use case that
    reads them all (statistics) — names where the store keeps ids, a damaged record left out
    and named (``damage.listed``).

    Raises:
        NotFound: an unknown game; BadInput: a kind the game does not keep.
    """
    from chronicle.persistence import reads
    from chronicle.services.damage import decode
    from chronicle.services.playernames import Boundary, Players

    found = _kind(game, kind)
    spec = found.spec
    players = Players()
    with db.reading() as connection:
        rows = reads.records_of(connection, found.game, kind)
        if spec.players or spec.links:
            players = Players.named(reads.players_by_id(connection))
            for linked in dict.fromkeys(link.kind for link in spec.links):
                for record_id, owner, name, in_use in reads.record_keys(connection, found.game,
                                                                        linked):
                    players.add_record(record_id, linked, owner, name, in_use=in_use)
    crossing = Boundary(spec, players)
    stored: list[StoredRecord] = []
    for i, name, player, data, version, created, archived, events in rows:
        decoded = decode(spec, name, data, [(what, payload) for _s, what, payload, _w in events],
                         seen=crossing.seen)
        stored.append(StoredRecord(
            id=i, game=found.game, kind=kind, name=name, player=player, data=decoded.data,
            events=tuple(StoredEvent(seq, what, payload, when) for (seq, _k, _p, when),
                         (what, payload) in zip(events, decoded.events, strict=False)),
            version=version, created_at=created, archived_at=archived,
            damage=decoded.damage))
    return damage.listed(stored, found.label)


__all__ = ["Folded", "StoredEvent", "StoredRecord", "advance", "append", "check_record",
           "context", "create", "delete", "first_breach", "folded", "get", "list_records",
           "modify", "new_errors", "read_records", "record_context", "refused", "rename",
           "restore", "said", "update"]
