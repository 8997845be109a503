"""Reading and writing the snapshots of records' fold states (``fold_snapshot``, revision 0010)
and the digest of a history as stored, which a snapshot is held to.

Functions over a ``Session`` that never commit (``chronicle.services.recordstate`` owns the
rules of when a snapshot is written and when one may be used). The digest is a chain, one link
per event (``link``): a write extends the previous digest by its own event alone; a reader
checks a snapshot against the chain of every event as the database holds it now (``digest``:
one light query of the stored text, no JSON decoded), so an event edited by hand, whatever its
length, is seen. The digest is a checksum (CRC-32 with Adler-32), not a cryptographic hash: it
notices edits, it does not stand against someone forging one (that someone could as well
rewrite the snapshot).
"""

from __future__ import annotations

import zlib
from typing import NamedTuple

from sqlalchemy import Text, cast, select
from sqlmodel import Session

from chronicle.persistence.grouptables import FoldSnapshotRow, RecordEventRow


class Snapshot(NamedTuple):
    """A snapshot row's values."""

    events: int
    token: str
    history: str
    seal: str
    state: str


def link(previous: str, seq: int, kind: str, text: str) -> str:
    """The history's digest once the event (``seq``, ``kind``, its payload's stored ``text``)
    follows the history whose digest is ``previous`` ("" for none): CRC-32 and Adler-32 of
    every event's text in turn, each carried on from the last (``zlib``), so extending the
    digest by one event costs that event alone, and the whole history is digested in one
    pass of C."""
    crc, adler = (0, 1) if not previous else (int(previous[:8], 16), int(previous[8:], 16))
    piece = _piece(seq, kind, text)
    return f"{zlib.crc32(piece, crc):08x}{zlib.adler32(piece, adler):08x}"


def _piece(seq: int, kind: str, text: str) -> bytes:
    return f"{seq}\x1f{kind}\x1f{text}\x1e".encode("utf-8", "surrogatepass")


def event_text(session: Session, event_id: int) -> str:
    """One event's payload as the database stores it (text)."""
    events = RecordEventRow.__table__  # type: ignore[attr-defined]
    found = session.execute(select(cast(events.c.payload, Text))
                            .where(events.c.id == event_id)).scalar_one()
    return str(found or "")


def digest(session: Session, record_id: int) -> str:
    """The digest of the whole history of the record as stored now (what ``link`` gives
    event by event, oldest first), from one light query of the stored text."""
    events = RecordEventRow.__table__  # type: ignore[attr-defined]
    rows = session.execute(select(events.c.seq, events.c.kind, cast(events.c.payload, Text))
                           .where(events.c.record_id == record_id)
                           .order_by(events.c.seq)).all()
    if not rows:
        return ""
    whole = b"".join(_piece(int(seq), str(kind), str(text or "")) for seq, kind, text in rows)
    return f"{zlib.crc32(whole):08x}{zlib.adler32(whole):08x}"


def read(session: Session, record_id: int) -> Snapshot | None:
    """The record's snapshot, or None."""
    table = FoldSnapshotRow.__table__  # type: ignore[attr-defined]
    row = session.execute(select(table.c.events, table.c.token, table.c.history,
                                  table.c.seal, table.c.state)
                          .where(table.c.record_id == record_id)).first()
    return None if row is None else Snapshot(int(row[0]), str(row[1]), str(row[2]),
                                             str(row[3]), str(row[4]))


def write(session: Session, record_id: int, snapshot: Snapshot) -> None:
    """Keep ``snapshot`` as the record's (replacing the one it had), in the caller's
    transaction. Written as one Core statement: the state is the store's own JSON, not text a
    user typed, so the limits on typed text (``guard``) are not its."""
    from sqlalchemy import insert, update

    values = {"events": snapshot.events, "token": snapshot.token, "history": snapshot.history,
              "seal": snapshot.seal, "state": snapshot.state}
    table = FoldSnapshotRow.__table__  # type: ignore[attr-defined]
    changed = session.execute(update(table).where(table.c.record_id == record_id)
                              .values(**values))
    if not changed.rowcount:  # type: ignore[attr-defined]
        session.execute(insert(table).values(record_id=record_id, **values))
