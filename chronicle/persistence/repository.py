"""Reading and writing rows, converting between rows and domain objects.

Keyword-light functions that take a ``Session`` and never commit: the service layer owns each
transaction. Ledger events are only ever inserted.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import func
from sqlmodel import Session, col, select

from chronicle.domain.values import name_key
from chronicle.errors import Collision as Collision  # re-exported: the services catch it here
from chronicle.errors import Conflict
from chronicle.persistence.models import CharacterRow, PlayerRow
from chronicle.persistence.reads import EventInfo as EventInfo  # the reads, re-exported
from chronicle.persistence.reads import Owned as Owned
from chronicle.persistence.reads import character_filter, system_of
from chronicle.persistence.reads import creation_cards as creation_cards
from chronicle.persistence.reads import events as events
from chronicle.persistence.reads import group_card_stamp as group_card_stamp
from chronicle.persistence.reads import group_cards as group_cards
from chronicle.persistence.reads import ledger_codec as ledger_codec
from chronicle.persistence.reads import owned_cards as owned_cards

if TYPE_CHECKING:  # imported where used: reading a character builds none of these classes
    from chronicle.persistence.grouptables import GamePlayerRow, GameRow


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


# Players -------------------------------------------------------------------------------------

def find_player(session: Session, name: str) -> PlayerRow | None:
    """The player called ``name`` (case-insensitive)."""
    return session.exec(select(PlayerRow).where(PlayerRow.name_key == name_key(name))).first()


def list_players(session: Session) -> list[PlayerRow]:
    """Every player, by name."""
    return list(session.exec(select(PlayerRow).order_by(col(PlayerRow.name_key))).all())


def add_player(session: Session, name: str) -> PlayerRow:
    """Insert a player."""
    row = PlayerRow(name=" ".join(name.split()), name_key=name_key(name), created_at=now())
    session.add(row)
    session.flush()
    return row


# Collections ---------------------------------------------------------------------------------

def change_count(session: Session, player_id: int, card_name: str, kind: str,
                 delta: int, game: str) -> int:
    """Add ``delta`` copies of a card of ``game`` (negative to remove); returns the new count
    (never below zero, never above ``COUNT_MAX``).

    One statement reads and writes the count (an upsert: ``INSERT … ON CONFLICT DO UPDATE SET
    count = count + delta``), so two members changing the same count at the same moment both
    land: neither change is lost.

    Raises:
        BadInput: the count would go over ``COUNT_MAX`` (nothing is written).
    """
    from sqlalchemy import case, literal

    from chronicle.domain.limits import COUNT_MAX
    from chronicle.errors import BadInput
    from chronicle.persistence.grouptables import OwnershipRow

    key = name_key(card_name)
    table = cast(Any, OwnershipRow).__table__
    from sqlalchemy.dialects import postgresql, sqlite

    dialect: Any = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    added = table.c.count + literal(delta)
    statement = dialect.insert(table).values(
        player_id=player_id, game=game, card_name=card_name, card_key=key, card_kind=kind,
        count=max(0, delta),
    ).on_conflict_do_update(
        index_elements=["player_id", "game", "card_key", "card_kind"],
        set_={"count": case((added < 0, 0), else_=added)},
    ).returning(table.c.count)
    session.flush()
    count = int(session.execute(statement).scalar_one())
    if count > COUNT_MAX:
        raise BadInput(f"{card_name} ({kind}): a player owns at most {COUNT_MAX} copies of a "
                       f"card; this change would make it {count}")
    for row in session.identity_map.values():  # keep loaded rows in step with the database
        if isinstance(row, OwnershipRow) and row.player_id == player_id \
                and row.game == game and row.card_key == key and row.card_kind == kind:
            session.expire(row)
    return count


# The group's cards ---------------------------------------------------------------------------

def save_group_card(session: Session, game: str, data: dict[str, Any], *,
                    expected: int | None = None) -> None:
    """Add a card to the group's cards, or merge ``data`` into the one of the same name and
    kind (its version bumped).

    ``expected`` is the version of the card the caller read (0: it had no such card); the
    write is then made on that version only (an UPDATE where the version is still the one
    read), so two members correcting the same card at once cannot merge into what neither
    saw: the later one is refused. None (a restore, an import of whole files) writes on any
    version.

    Raises:
        Conflict: the card changed (or was entered) since ``expected`` was read; nothing of
            the transaction is written.
    """
    from sqlalchemy import select as sa_select
    from sqlalchemy import update
    from sqlalchemy.exc import IntegrityError

    from chronicle.persistence.grouptables import GroupCardRow

    key = name_key(str(data["name"]))
    kind = str(data["kind"])
    row = session.exec(select(GroupCardRow).where(
        GroupCardRow.game == game, GroupCardRow.name_key == key,
        GroupCardRow.kind == kind)).first()
    said = f"the {kind} {str(data['name'])[:80]!r} ({game})"
    if row is None:
        if expected:
            raise Conflict(f"{said} was deleted by someone else meanwhile; nothing was "
                           "saved: look at the card again and try again")
        session.add(GroupCardRow(game=game, name=str(data["name"]), name_key=key, kind=kind,
                                 data=dict(data), version=1, changed_at=now()))
        try:
            session.flush()
        except IntegrityError:
            if expected is None:
                raise
            raise Conflict(f"{said} was entered by someone else at the same moment; nothing "
                           "was saved: look at the card again and try again") from None
        return
    if expected is not None and expected != row.version:
        raise _card_moved(said, expected, row.version)
    table = GroupCardRow.__table__  # type: ignore[attr-defined]
    seen = row.version
    locked = session.execute(update(table).where(table.c.id == row.id, table.c.version == seen)
                             .values(version=table.c.version))   # on the version read
    if getattr(locked, "rowcount", 1) != 1:
        current = session.execute(sa_select(table.c.version).where(table.c.id == row.id)) \
            .scalar()
        raise _card_moved(said, expected if expected is not None else seen, int(current or 0))
    row.data = {**row.data, **data}
    row.name = str(data["name"])
    row.version = seen + 1
    row.changed_at = now()
    session.add(row)
    session.flush()


def _card_moved(said: str, expected: int, current: int) -> Conflict:
    what = "entered" if expected == 0 else "corrected"
    return Conflict(f"{said} was {what} by someone else meanwhile (version {expected} -> "
                    f"{current}); nothing was saved: look at the card again and try again")


# Characters ----------------------------------------------------------------------------------

def find_characters(session: Session, name: str, player_id: int | None = None,
                    ) -> list[CharacterRow]:
    """Characters called ``name`` (of one player, when given); the rows, to write."""
    return list(session.exec(select(CharacterRow).where(*character_filter(
        CharacterRow, name=name, player_id=player_id))).all())


def list_characters(session: Session, player_id: int | None = None, *,
                    archived: bool | None = False) -> list[CharacterRow]:
    """Every character (of one player, when given), by name: those in play, the archived
    ones (``archived=True``) or both (``None``); the rows, to write."""
    return list(session.exec(select(CharacterRow).order_by(col(CharacterRow.name_key)).where(
        *character_filter(CharacterRow, player_id=player_id,
                          archived=archived))).all())


def add_character(session: Session, player_id: int, name: str, system: str) -> CharacterRow:
    """Insert a character with no cards and an empty chronicle."""
    row = CharacterRow(player_id=player_id, name=" ".join(name.split()), name_key=name_key(name),
                       system=system, created_at=now())
    session.add(row)
    session.flush()
    return row


def set_creation_cards(session: Session, character_id: int, merits: Sequence[str],
                       flaws: Sequence[str]) -> None:
    """Replace the creation Merits and Flaws (only while the chronicle is empty)."""
    from chronicle.persistence.grouptables import CreationCardRow

    for row in session.exec(select(CreationCardRow)
                            .where(CreationCardRow.character_id == character_id)).all():
        session.delete(row)
    position = 0
    for role, names in (("merit", merits), ("flaw", flaws)):
        for name in names:
            session.add(CreationCardRow(character_id=character_id, role=role, card_name=name,
                                        position=position))
            position += 1
    session.flush()


def event_count(session: Session, character_id: int) -> int:
    """How many events a character's chronicle holds."""
    from chronicle.persistence.grouptables import EventRow

    result = session.exec(select(func.count()).select_from(EventRow)
                          .where(EventRow.character_id == character_id)).one()
    return int(result)


def append_event(session: Session, character_id: int, event: Any,
                 game_id: int | None = None) -> int:
    """Insert ``event`` at the end of the chronicle, encoded by the codec of the character's
    game system; returns its number.

    The character's row is locked first, on the version this transaction read (see
    ``guard``), so two writers appending at once are serialised: the later one finds the
    chronicle grown and raises ``Collision`` instead of numbering its event twice or appending
    to a chronicle it did not check.

    Raises:
        Collision: someone else changed the character since it was read; nothing is written.
    """
    from sqlalchemy.exc import IntegrityError

    from chronicle.persistence.grouptables import EventRow

    character = session.get(CharacterRow, character_id)
    if character is not None:
        guard(character)
    last = session.exec(select(func.max(EventRow.seq))
                        .where(EventRow.character_id == character_id)).one()
    seq = int(last or 0) + 1
    codec = ledger_codec(character.system if character is not None
                         else system_of(session, character_id))
    kind, payload = codec.event_to_record(event)
    session.add(EventRow(character_id=character_id, seq=seq, kind=kind, payload=payload,
                         recorded_at=now(), game_id=game_id))
    try:
        session.flush()
    except IntegrityError as exc:
        found = str(exc.orig)
        if "uq_ledger_seq" not in found and "ledger_event.character_id, ledger_event.seq" \
                not in found:
            raise  # not two writers numbering an event alike: a bug, left visible
        name = character.name if character is not None else f"Character {character_id}"
        raise Collision(f"{name}'s chronicle gained event {seq} from someone else at the same "
                        "moment; nothing was written: try again") from None
    session.info.setdefault(_APPENDED, {}).setdefault(character_id, []).append(
        codec.what_happened(event))
    return seq


# Games ---------------------------------------------------------------------------------------

def find_game(session: Session, name: str) -> GameRow | None:
    """The game called ``name``."""
    from chronicle.persistence.grouptables import GameRow

    return session.exec(select(GameRow).where(GameRow.name_key == name_key(name))).first()


def list_games(session: Session, *, archived: bool | None = False) -> list[GameRow]:
    """Every game, newest first: those listed, the archived ones (``archived=True``) or both
    (``None``)."""
    from chronicle.persistence.grouptables import GameRow

    query = select(GameRow).order_by(col(GameRow.created_at).desc(), col(GameRow.id).desc())
    if archived is not None:
        query = query.where(col(GameRow.archived_at).is_not(None) if archived
                            else col(GameRow.archived_at).is_(None))
    return list(session.exec(query).all())


def game_players(session: Session, game_id: int) -> list[GamePlayerRow]:
    """A game's players in seating order."""
    from chronicle.persistence.grouptables import GamePlayerRow

    return list(session.exec(select(GamePlayerRow).where(GamePlayerRow.game_id == game_id)
                             .order_by(col(GamePlayerRow.position))).all())


def table_counts(session: Session) -> dict[str, int]:
    """Rows per table, for summaries and tests."""
    from chronicle.persistence.grouptables import (
        CreationCardRow,
        EventRow,
        GamePlayerRow,
        GameRow,
        OwnershipRow,
        RecordEventRow,
        RecordRow,
    )

    counts: dict[str, int] = {}
    for model in (PlayerRow, OwnershipRow, CharacterRow, CreationCardRow, EventRow, GameRow,
                  GamePlayerRow, RecordRow, RecordEventRow):
        counts[str(model.__tablename__)] = int(session.exec(
            select(func.count()).select_from(model)).one())
    return counts


# Optimistic concurrency ---------------------------------------------------------------------

_APPENDED = "chronicle_appended"
"""``session.info`` key: what each character's appended events were, for the change log."""
SHOWN_CHANGES = 3
"""How many missed changes a conflict message lists before counting the rest."""




def _subject(row: Any) -> str:
    return str(type(row).__tablename__)


def _what_changed(session: Session, row: Any) -> str:
    """What this transaction changes about ``row``, in a few words."""
    from sqlalchemy import inspect

    from chronicle.persistence.grouptables import GameRow

    if isinstance(row, CharacterRow):
        appended = session.info.get(_APPENDED, {}).pop(row.id, [])
        if appended:
            return "; ".join(appended)
        state = inspect(row)
        edited = [name for name in ("icon", "court", "background")
                  if state.attrs[name].history.has_changes()]
        return ("its " + " and ".join(edited) + (" were" if len(edited) > 1 else " was")
                + " edited") if edited else "its creation cards were edited"
    if isinstance(row, GameRow):
        if row.status == "played":
            return "its result was recorded"
        return "a player's quests, target or cards were changed"
    return "it was edited"


def changes_between(session: Session, row: Any, seen: int, current: int) -> list[str]:
    """What the changes after version ``seen`` up to ``current`` of ``row`` did, oldest first
    (as far as the change log knows)."""
    from chronicle.persistence.grouptables import ChangeRow

    found = session.exec(select(ChangeRow.what).where(
        ChangeRow.subject == _subject(row), ChangeRow.subject_id == row.id,
        ChangeRow.version > seen, ChangeRow.version <= current)
        .order_by(col(ChangeRow.version))).all()
    return list(found)


def conflict_message(session: Session, row: Any, seen: int, current: int | None = None) -> str:
    """The message of a save refused because ``row`` changed since version ``seen``: who,
    which versions, and what the missed changes did. ``current`` is read when not given."""
    from sqlalchemy import select as core_select

    table = type(row).__table__
    if current is None:
        current = session.connection().execute(
            core_select(table.c.version).where(table.c.id == row.id)).scalar()
    name = getattr(row, "name", "This record")
    if current is None:
        return f"{name} was deleted by someone else meanwhile; nothing was written"
    missed = changes_between(session, row, seen, current)
    shown = missed[:SHOWN_CHANGES]
    if len(missed) > len(shown):
        shown.append(f"and {len(missed) - len(shown)} more changes")
    what = f" ({'; '.join(shown)})" if shown else ""
    return (f"{name} was changed by someone else meanwhile: version {seen} -> {current}{what}; "
            "nothing was written: reload it and try again")


def stale(session: Session, row: Any, expected: int) -> Conflict:
    """The ``Conflict`` for a save made from version ``expected`` of ``row`` when the stored
    row is at another version (raise it)."""
    return Conflict(conflict_message(session, row, expected, row.version))


_LOCK_READS = "chronicle_lock_reads"
"""``session.info`` key: this transaction's reads of characters and games lock them."""


def _lock_selected(state: Any) -> None:
    """``do_orm_execute``: add FOR UPDATE to whole-row reads of characters and games in a
    session that asked for it (``lock_reads``)."""
    if not state.session.info.get(_LOCK_READS) or not state.is_select:
        return
    from chronicle.persistence.grouptables import GameRow, RecordRow

    statement = state.statement
    described = getattr(statement, "column_descriptions", [])
    if described and all(d.get("type") in (CharacterRow, GameRow, RecordRow) and
                         d.get("entity") is d.get("type") for d in described):
        state.statement = statement.with_for_update()


def lock_reads(session: Session) -> None:
    """Make this transaction pessimistic from now on: on SQLite it takes the write lock first
    (``BEGIN IMMEDIATE``: its reads then see the latest state, and nobody else writes until it
    ends); on PostgreSQL each character or game it reads is locked (``FOR UPDATE``). Call it
    first in the transaction. ``Database.run`` does, when a use case runs again after a
    collision, so that it cannot lose the same race twice."""
    from sqlalchemy import event
    from sqlalchemy.orm import Session as OrmSession

    from chronicle.persistence.engine import lock_for_writing

    connection = session.connection()
    if connection.dialect.name == "sqlite":
        lock_for_writing(connection)
        return
    if not event.contains(OrmSession, "do_orm_execute", _lock_selected):
        event.listen(OrmSession, "do_orm_execute", _lock_selected)
    session.info[_LOCK_READS] = True


def guard(row: Any) -> None:
    """Lock ``row`` for the rest of the transaction, on the version this transaction read: a
    no-op UPDATE of its version where the version is still the one read. The first write of a
    transaction, it waits for any other writer of the row to finish (PostgreSQL's row lock,
    SQLite's write lock) and then sees their work.

    Raises:
        Collision: the row changed since it was read, naming what changed.
    """
    from sqlalchemy import update
    from sqlalchemy.orm import object_session

    session = cast(Session | None, object_session(row))  # chronicle's sessions are SQLModel's
    if session is None or row.id is None:
        return
    seen = row.version or 0
    table = type(row).__table__
    locked = session.execute(update(table).where(table.c.id == row.id, table.c.version == seen)
                             .values(version=table.c.version))
    if getattr(locked, "rowcount", 1) != 1:
        raise Collision(conflict_message(session, row, seen))


def touch(row: Any, what: str | None = None) -> None:
    """Bump a row's version: optimistic concurrency for edits of the same thing.

    The bump is an UPDATE on the version this transaction read, so a writer whose reads are
    older than a change someone else committed meanwhile fails here instead of overwriting it
    (SQLite runs the reads of a transaction before its first write outside it). The change log
    records what the new version changed, so that a save refused later can say.

    Raises:
        Collision: the row changed since it was read (a ``Conflict`` naming what changed); the
            caller's transaction rolls back.
    """
    from sqlalchemy import update
    from sqlalchemy.orm import object_session

    from chronicle.persistence.grouptables import ChangeRow

    seen = row.version or 0
    session = cast(Session | None, object_session(row))
    if session is not None and row.id is not None:
        what = (what or _what_changed(session, row))[:400]  # before the UPDATE flushes
        table = type(row).__table__
        bumped = session.execute(update(table).where(table.c.id == row.id,
                                                     table.c.version == seen)
                                 .values(version=seen + 1))
        if getattr(bumped, "rowcount", 1) != 1:
            raise Collision(conflict_message(session, row, seen))
        session.add(ChangeRow(subject=_subject(row), subject_id=row.id, version=seen + 1,
                              what=what, changed_at=now()))
    row.version = seen + 1
