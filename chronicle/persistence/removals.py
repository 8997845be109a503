"""The queries behind deleting a player, a character or a game (``chronicle.services.playermending``
decides what a delete does; these read what a delete must know and erase the rows it takes).

Functions over a ``Session`` that never commit: the service owns each transaction.
"""

from __future__ import annotations

from sqlmodel import Session, col, delete, select

from chronicle.persistence.grouptables import (
    ChangeRow,
    CreationCardRow,
    GamePlayerRow,
    GameRow,
    OwnershipRow,
    RecordRow,
)


def records_of_player(session: Session, player_id: int) -> list[RecordRow]:
    """A player's own records of every game (battle forces...), archived ones too, by id."""
    return list(session.exec(select(RecordRow).where(col(RecordRow.player_id) == player_id)
                             .order_by(col(RecordRow.id))).all())


def games_seating(session: Session, *, player_id: int | None = None,
                  character_id: int | None = None, status: str | None = None,
                  ) -> list[GameRow]:
    """The games (archived ones too) with a seat of ``player_id`` or ``character_id`` (of
    ``status``, when given), by name."""
    query = select(GameRow).join(GamePlayerRow, col(GamePlayerRow.game_id) == col(GameRow.id))
    if player_id is not None:
        query = query.where(col(GamePlayerRow.player_id) == player_id)
    if character_id is not None:
        query = query.where(col(GamePlayerRow.character_id) == character_id)
    if status is not None:
        query = query.where(col(GameRow.status) == status)
    return list(session.exec(query.order_by(col(GameRow.name_key)).distinct()).all())


def erase_collection(session: Session, player_id: int) -> None:
    """Erase every card a player owns (before the player's row)."""
    session.execute(delete(OwnershipRow).where(col(OwnershipRow.player_id) == player_id))


def erase_character_parts(session: Session, character_id: int) -> None:
    """Erase a character's creation cards and its change notes (before the character's row)."""
    session.execute(delete(CreationCardRow).where(
        col(CreationCardRow.character_id) == character_id))
    session.execute(delete(ChangeRow).where(
        col(ChangeRow.subject) == "character", col(ChangeRow.subject_id) == character_id))


def erase_game_parts(session: Session, game_id: int) -> None:
    """Erase a game's seats and its change notes (before the game's row)."""
    session.execute(delete(GamePlayerRow).where(col(GamePlayerRow.game_id) == game_id))
    session.execute(delete(ChangeRow).where(
        col(ChangeRow.subject) == "game", col(ChangeRow.subject_id) == game_id))
