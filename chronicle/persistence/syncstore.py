"""What an offline copy keeps about its group (revision 0009): ``sync_state`` by key (its
origin, the merge's common ancestor) and ``sync_conflict`` (entries a sync could not merge).
Functions over a ``Session`` that never commit: the service owns the transaction."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from chronicle.persistence.grouptables import SyncConflictRow, SyncStateRow


def state(session: Session, key: str) -> dict[str, Any] | None:
    """The value kept under ``key``, None when there is none."""
    row = session.exec(select(SyncStateRow).where(SyncStateRow.key == key)).first()
    return dict(row.value) if row is not None and isinstance(row.value, dict) else None


def set_state(session: Session, key: str, value: dict[str, Any]) -> None:
    """Keep ``value`` under ``key`` (replacing what was kept)."""
    row = session.exec(select(SyncStateRow).where(SyncStateRow.key == key)).first()
    if row is None:
        session.add(SyncStateRow(key=key, value=value))
    else:
        row.value = value
        session.add(row)
    session.flush()


def conflicts(session: Session) -> list[SyncConflictRow]:
    """Every conflict kept, oldest first."""
    return list(session.exec(select(SyncConflictRow).order_by(col(SyncConflictRow.id))).all())


def conflict(session: Session, number: int) -> SyncConflictRow | None:
    return session.get(SyncConflictRow, number)


def add_conflict(session: Session, **values: Any) -> SyncConflictRow:
    """Keep a conflict (its time: now, unless given)."""
    from datetime import UTC, datetime

    values.setdefault("created_at", datetime.now(UTC))
    row = SyncConflictRow(**values)
    session.add(row)
    session.flush()
    return row


def remove_conflict(session: Session, row: SyncConflictRow) -> None:
    session.delete(row)
    session.flush()


def save_conflict(session: Session, row: SyncConflictRow) -> None:
    session.add(row)
    session.flush()


_TABLES = {"players": "PlayerRow", "characters": "CharacterRow", "games": "GameRow",
           "records": "RecordRow", "group_cards": "GroupCardRow"}


def set_value(session: Session, section: str, uid: str, key: str, value: Any,
              home: str = "") -> bool:
    """Set value ``key`` of the entry ``uid`` of export section ``section`` in the copy (a
    conflict applied): a column, or ``card.NAME`` of a group card's table (a home game's card
    is named ``card:KIND:NAME``, ``home`` its game). False when there is no such entry."""
    from chronicle.persistence import grouptables, models

    if uid.startswith("card:"):
        _card, kind, name = uid.split(":", 2)
        found: Any = session.exec(select(grouptables.GroupCardRow).where(
            grouptables.GroupCardRow.game == home, grouptables.GroupCardRow.kind == kind,
            grouptables.GroupCardRow.name_key == name)).first()
    else:
        table = getattr(grouptables, _TABLES[section], None) \
            or getattr(models, _TABLES[section])
        found = session.exec(select(table).where(table.uid == uid)).first()
    if found is None:
        return False
    if key.startswith("card."):
        found.data = {**dict(found.data), key[5:]: value}
    else:
        setattr(found, key, value)
    if key != "version" and isinstance(getattr(found, "version", None), int):
        found.version += 1  # a write like any other: whoever read the row sees it moved
    session.add(found)
    session.flush()
    return True


def card_uids(session: Session, game: str) -> dict[str, str]:
    """The uids of the group's cards of ``game``, by ``KIND:NAME KEY``."""
    from chronicle.persistence.grouptables import GroupCardRow

    rows = session.exec(select(GroupCardRow).where(GroupCardRow.game == game)).all()
    return {f"{row.kind}:{row.name_key}": row.uid for row in rows}
