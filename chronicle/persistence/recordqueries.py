"""Reading and writing the generic record store's rows (revision 0007): a game's records and
their append-only histories.

Functions over a ``Session`` that never commit (the service layer,
``chronicle.services.recordstore``, owns each transaction and the game's rules). Events are
only ever inserted, numbered from 1 without gaps: two writers appending at once are
serialised on the record's version, and the later one gets a
``Collision`` (run the use case again) instead of a duplicate number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Text, cast, delete, func
from sqlmodel import Session, col, select

from chronicle.domain.values import name_key
from chronicle.persistence.grouptables import ChangeRow, RecordEventRow, RecordRow
from chronicle.persistence.models import PlayerRow
from chronicle.persistence.repository import Collision, guard, now

GROUP = 0
"""The ``owner`` of a record that belongs to the group rather than to a player."""


def find_records(session: Session, game: str, kind: str, name: str | None = None, *,
                 owner: int | None = None, archived: bool | None = False,
                 ) -> list[RecordRow]:
    """Records of ``game`` and ``kind`` (called ``name``, of ``owner`` — a player's id or
    ``GROUP`` — when given): those in use, the archived ones (``archived=True``) or both
    (``None``); by name, then owner."""
    query = select(RecordRow).where(RecordRow.game == game, RecordRow.kind == kind)
    if name is not None:
        query = query.where(RecordRow.name_key == name_key(name))
    if owner is not None:
        query = query.where(RecordRow.owner == owner)
    if archived is not None:
        query = query.where(col(RecordRow.archived_at).is_not(None) if archived
                            else col(RecordRow.archived_at).is_(None))
    return list(session.exec(query.order_by(col(RecordRow.name_key), col(RecordRow.owner),
                                            col(RecordRow.id))).all())


def add_record(session: Session, game: str, kind: str, name: str, data: dict[str, Any],
               player_id: int | None) -> RecordRow:
    """Insert a record with an empty history."""
    row = RecordRow(game=game, kind=kind, player_id=player_id,
                    owner=GROUP if player_id is None else player_id,
                    name=" ".join(name.split()), name_key=name_key(name), data=data,
                    version=1, created_at=now())
    session.add(row)
    session.flush()
    return row


def record_events(session: Session, record_ids: list[int]) -> dict[int, list[RecordEventRow]]:
    """The histories of these records, oldest first, by record id."""
    found: dict[int, list[RecordEventRow]] = {record_id: [] for record_id in record_ids}
    if not record_ids:
        return found
    rows = session.exec(select(RecordEventRow)
                        .where(col(RecordEventRow.record_id).in_(record_ids))
                        .order_by(col(RecordEventRow.record_id), col(RecordEventRow.seq))).all()
    for row in rows:
        found[row.record_id].append(row)
    return found


def history_tail(session: Session, record_id: int,
                 ) -> tuple[tuple[int, int, int, int], RecordEventRow | None]:
    """What a record's history looks like without reading it: its mark (how many events, the
    last number, the total length of the kinds and of the payloads as stored text), summed by
    the database, and its last event. Any write of the program moves the mark; so does a
    hand edit that adds, removes or resizes an event (``services.recordstate`` rebuilds
    then)."""
    count, last, kinds, payloads = session.exec(
        select(func.count(), func.max(RecordEventRow.seq),
               func.sum(func.length(RecordEventRow.kind)),
               func.sum(func.length(cast(col(RecordEventRow.payload), Text))))
        .where(RecordEventRow.record_id == record_id)).one()
    row = None
    if count:
        row = session.exec(select(RecordEventRow).where(RecordEventRow.record_id == record_id)
                           .order_by(col(RecordEventRow.seq).desc()).limit(1)).first()
    return (int(count or 0), int(last or 0), int(kinds or 0), int(payloads or 0)), row


def event_mark(session: Session, event_id: int) -> tuple[int, int]:
    """The length of one event's kind and of its payload as stored text (what it adds to its
    history's mark, ``history_tail``)."""
    kind, payload = session.exec(
        select(func.length(RecordEventRow.kind),
               func.length(cast(col(RecordEventRow.payload), Text)))
        .where(RecordEventRow.id == event_id)).one()
    return int(kind or 0), int(payload or 0)


def append_record_event(session: Session, row: RecordRow, kind: str,
                        payload: dict[str, Any]) -> RecordEventRow:
    """Insert an event at the end of ``row``'s history; returns it (numbered).

    The record is locked first, on the version this transaction read (``guard``): a writer
    that read the history before someone else appended finds it grown and stops.

    Raises:
        Collision: someone else changed the record since it was read; nothing is written.
    """
    return append_record_events(session, row, [(kind, payload)])[0]


def append_record_events(session: Session, row: RecordRow,
                         events: Sequence[tuple[str, dict[str, Any]]]) -> list[RecordEventRow]:
    """Insert ``events`` (kind, payload) at the end of ``row``'s history in one flush (a new
    record's whole history: an import); returns them, numbered. The record is locked first,
    as ``append_record_event`` locks it.

    Raises:
        Collision: someone else changed the record since it was read; nothing is written.
    """
    from sqlalchemy.exc import IntegrityError

    if not events:
        return []
    guard(row)
    last = session.exec(select(func.max(RecordEventRow.seq))
                        .where(RecordEventRow.record_id == row.id)).one()
    assert row.id is not None
    stamp = now()
    rows = [RecordEventRow(record_id=row.id, seq=int(last or 0) + number, kind=kind,
                           payload=payload, recorded_at=stamp)
            for number, (kind, payload) in enumerate(events, start=1)]
    session.add_all(rows)
    try:
        session.flush()
    except IntegrityError as exc:
        found = str(exc.orig)
        if "uq_record_event_seq" not in found and \
                "record_event.record_id, record_event.seq" not in found:
            raise  # not two writers numbering an event alike: a bug, left visible
        gained = f"event {rows[0].seq}" if len(rows) == 1 else "events"
        raise Collision(f"{row.name} gained {gained} from someone else at the same moment; "
                        "nothing was written: try again") from None
    return rows


def erase_record(session: Session, row: RecordRow) -> None:
    """Delete a record that has no history, with its change log."""
    session.execute(delete(ChangeRow).where(col(ChangeRow.subject) == "record",
                                            col(ChangeRow.subject_id) == row.id))
    session.delete(row)
    session.flush()


def player_names(session: Session, ids: set[int]) -> dict[int, str]:
    """Players' names by id."""
    if not ids:
        return {}
    rows = session.exec(select(PlayerRow.id, PlayerRow.name)
                        .where(col(PlayerRow.id).in_(sorted(ids)))).all()
    return {int(player_id or 0): name for player_id, name in rows}


def share_group_card(session: Session, game: str, data: dict[str, Any]) -> None:
    """Add ``data`` to the group's cards of ``game`` unless the group has a card of that name
    and kind (a record's card shared from a member's own folder; the group's stays as it is).

    Raises:
        Collision: another writer shared the same card at the same moment (run again: the
            card is then the group's already); nothing is written.
    """
    from sqlalchemy.exc import IntegrityError

    from chronicle.persistence.grouptables import GroupCardRow

    key, kind = name_key(str(data["name"])), str(data["kind"])
    if session.exec(select(GroupCardRow.id).where(
            GroupCardRow.game == game, GroupCardRow.name_key == key,
            GroupCardRow.kind == kind)).first() is not None:
        return
    session.add(GroupCardRow(game=game, name=str(data["name"]), name_key=key, kind=kind,
                             data=dict(data), version=1, changed_at=now()))
    try:
        session.flush()
    except IntegrityError:
        raise Collision(f"the card {data['name']} was shared with the group by someone else "
                        "at the same moment; nothing was written: try again") from None
