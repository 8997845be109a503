"""Every row the whole-database export writes, read in the order the export lists them: records
and their histories, the group's cards, players and what they own (``exported_rows``, for
``chronicle.services.transfer``); characters with their creation cards and chronicles, games
with their seats (``chronicle_rows``, for Wyld Hunt's part of the export, its ``exchange``).

Functions over a ``Session`` that never commit: the service owns the transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from chronicle.persistence.grouptables import (
    CreationCardRow,
    EventRow,
    GamePlayerRow,
    GameRow,
    GroupCardRow,
    OwnershipRow,
    RecordEventRow,
    RecordRow,
)
from chronicle.persistence.models import CharacterRow, PlayerRow


@dataclass(frozen=True)
class ExportedRows:
    """The rows of each table the export reads, in the order it writes them."""

    records: list[RecordRow]
    record_events: list[RecordEventRow]
    group_cards: list[GroupCardRow]
    players: list[PlayerRow]
    owned: list[OwnershipRow]


@dataclass(frozen=True)
class ChronicleRows:
    """The rows of the characters' and games' tables, in the order the export writes them."""

    characters: list[CharacterRow]
    creation: list[CreationCardRow]
    events: list[EventRow]
    games: list[GameRow]
    seats: list[GamePlayerRow]


def exported_rows(session: Session, *, group_cards_but: str) -> ExportedRows:
    """Every row the export writes; the group's cards of every game but ``group_cards_but``
    (the home game's, which the export writes among its own cards)."""
    return ExportedRows(
        records=list(session.exec(select(RecordRow).order_by(col(RecordRow.id))).all()),
        record_events=list(session.exec(select(RecordEventRow).order_by(
            col(RecordEventRow.record_id), col(RecordEventRow.seq))).all()),
        group_cards=list(session.exec(select(GroupCardRow).where(
            col(GroupCardRow.game) != group_cards_but).order_by(col(GroupCardRow.id))).all()),
        players=list(session.exec(select(PlayerRow).order_by(col(PlayerRow.id))).all()),
        owned=list(session.exec(select(OwnershipRow).order_by(col(OwnershipRow.id))).all()))


def chronicle_rows(session: Session) -> ChronicleRows:
    """Every character with its creation cards and chronicle, every game with its seats."""
    return ChronicleRows(
        characters=list(session.exec(select(CharacterRow).order_by(col(CharacterRow.id))).all()),
        creation=list(session.exec(select(CreationCardRow).order_by(
            col(CreationCardRow.character_id), col(CreationCardRow.position),
            col(CreationCardRow.id))).all()),
        events=list(session.exec(select(EventRow).order_by(
            col(EventRow.character_id), col(EventRow.seq))).all()),
        games=list(session.exec(select(GameRow).order_by(col(GameRow.id))).all()),
        seats=list(session.exec(select(GamePlayerRow).order_by(
            col(GamePlayerRow.game_id), col(GamePlayerRow.position),
            col(GamePlayerRow.id))).all()))
