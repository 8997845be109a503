"""Every table but the players and the characters: collections (``ownership``), creation cards,
the chronicles (``ledger_event``), games and their seats, the change log, the group's cards and
the other games' records with their histories. They are the newest revision's too (see
:mod:`chronicle.persistence.models`); kept apart so that a command reading a character does not
build their classes at start-up (it reads their columns through
:mod:`chronicle.persistence.light`). Whatever needs the whole schema in ``SQLModel.metadata``
imports this module.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Text, UniqueConstraint
from sqlmodel import Field

from chronicle.persistence.models import _Keyed, _Row, _stamp
from chronicle.persistence.types import StoredJSON


class OwnershipRow(_Keyed, table=True):
    """How many copies of a card of a game a player owns."""

    __tablename__ = "ownership"
    __table_args__ = (UniqueConstraint("player_id", "game", "card_key", "card_kind",
                                       name="uq_ownership_game_card"),)

    player_id: int = Field(foreign_key="player.id", index=True)
    game: str = Field(max_length=40)
    """The game system the card belongs to (revision 0007, which gave the rows before it the
    game they were all of); every write names it."""
    card_name: str = Field(max_length=200)
    card_key: str = Field(max_length=200)
    card_kind: str = Field(max_length=20)
    count: int


class CreationCardRow(_Keyed, table=True):
    """A Merit or Flaw taken at creation, in the order chosen."""

    __tablename__ = "creation_card"

    character_id: int = Field(foreign_key="character.id", index=True)
    role: str = Field(max_length=20)
    card_name: str = Field(max_length=200)
    position: int


class EventRow(_Keyed, table=True):
    """One event of a character's chronicle; ``seq`` numbers them from 1, oldest first."""

    __tablename__ = "ledger_event"
    __table_args__ = (UniqueConstraint("character_id", "seq", name="uq_ledger_seq"),)

    character_id: int = Field(foreign_key="character.id", index=True)
    seq: int
    kind: str = Field(max_length=20)
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    recorded_at: datetime = _stamp()
    game_id: int | None = None
    """The game whose result appended this event (revision 0002), if any."""


class GameRow(_Keyed, table=True):
    """A game being prepared or already played."""

    __tablename__ = "game"
    __table_args__ = (UniqueConstraint("name_key", name="uq_game_name_key"),)

    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    system: str = Field(max_length=40)
    solo: bool = False
    status: str = Field(default="prepared", max_length=20)
    created_at: datetime = _stamp()
    played_at: datetime | None = _stamp(nullable=True)
    version: int = 1
    archived_at: datetime | None = _stamp(nullable=True)
    """When the game was archived (revision 0005); None while it is listed."""
    epic_order: str | None = Field(default=None, max_length=20)
    """The reading of epic order (revision 0006): None for the rulebook's example (quest
    number), "waylay_rating" for the house rule."""


class GroupCardRow(_Keyed, table=True):
    """A card the play group created or corrected (revision 0004): one ``[[card]]`` table of a
    card file, by game, name and kind. Every member's catalog reads it (bundled cards, then
    these, then the member's own card files)."""

    __tablename__ = "group_card"
    __table_args__ = (UniqueConstraint("game", "name_key", "kind", name="uq_group_card_key"),)

    game: str = Field(max_length=40)
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    kind: str = Field(max_length=20)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    version: int = 1
    changed_at: datetime = _stamp()

class GamePlayerRow(_Keyed, table=True):
    """One player's part of a game: character, quests, target and chosen cards."""

    __tablename__ = "game_player"

    game_id: int = Field(foreign_key="game.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    character_id: int | None = Field(default=None, foreign_key="character.id")
    position: int
    target_player_id: int | None = Field(default=None, foreign_key="player.id")
    quests: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    waylays: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    treasures: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    leagues: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    pool: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    completed: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class ChangeRow(_Keyed, table=True):
    """What one write of a character or a game changed (revision 0003), by the version it
    produced: a save refused because someone else saved first names what they changed."""

    __tablename__ = "change_log"
    __table_args__ = (UniqueConstraint("subject", "subject_id", "version",
                                       name="uq_change_log_version"),)

    subject: str = Field(max_length=20)
    """The table of the record changed: ``character`` or ``game``."""
    subject_id: int
    version: int
    """The record's version after this change."""
    what: str = Field(max_length=400)
    changed_at: datetime = _stamp()


class RecordRow(_Keyed, table=True):
    """What a game keeps in the database (revision 0007): a battle force, a campaign, a hunt.
    ``data`` is the game's JSON, checked by the game's own rules before every write
    (``chronicle.services.recordstore``); ``owner`` is the player's id, or 0 for the group's
    records, so that a name is unique per game, kind and owner."""

    __tablename__ = "record"
    __table_args__ = (UniqueConstraint("game", "kind", "owner", "name_key",
                                       name="uq_record_name"),)

    game: str = Field(max_length=40)
    kind: str = Field(max_length=40)
    player_id: int | None = Field(default=None, foreign_key="player.id", index=True)
    owner: int = 0
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    data: dict[str, Any] = Field(default_factory=dict,
                                 sa_column=Column(StoredJSON, nullable=False))
    version: int = 1
    created_at: datetime = _stamp()
    archived_at: datetime | None = _stamp(nullable=True)
    """When the record was archived (deleted with a history); None while it is in use."""


class RecordEventRow(_Keyed, table=True):
    """One event of a record's history (revision 0007); ``seq`` numbers them from 1, oldest
    first, without gaps. Inserted, never updated or deleted."""

    __tablename__ = "record_event"
    __table_args__ = (UniqueConstraint("record_id", "seq", name="uq_record_event_seq"),)

    record_id: int = Field(foreign_key="record.id", index=True)
    seq: int
    kind: str = Field(max_length=40)
    payload: dict[str, Any] = Field(default_factory=dict,
                                    sa_column=Column(StoredJSON, nullable=False))
    recorded_at: datetime = _stamp()


class FoldSnapshotRow(_Row, table=True):
    """A record's derived state as its game's fold last left it (revision 0010), written with
    the step that made it: what a new process reads instead of replaying the history
    (``chronicle.services.recordstate``). Derived data, never the source: used only while its
    ``token``, its ``history`` digest and its ``seal`` match the record as it is read."""

    __tablename__ = "fold_snapshot"
    __table_args__ = (UniqueConstraint("record_id", name="uq_fold_snapshot_record"),)

    id: int | None = Field(default=None, primary_key=True)
    record_id: int = Field(foreign_key="record.id")
    events: int
    """How many events of the history the state was made from."""
    token: str = Field(max_length=64)
    """The record's token when it was made (``recordstate.token``)."""
    history: str = Field(max_length=64)
    """The digest of the whole history as stored, event by event (``snapshots.link``)."""
    seal: str = Field(max_length=64)
    """The digest of this row's other columns (a hand edit of the row is seen)."""
    state: str = Field(sa_column=Column(Text, nullable=False))
    """The game's state as JSON text (``Fold.dump``): plain values, never code."""


class SyncStateRow(_Row, table=True):
    """What an offline copy remembers of its group (revision 0009, ``chronicle db checkout``):
    ``origin`` (the group's URL without its password, when), ``base`` (the whole-database
    export as both sides held it at the last sync, the merge's common ancestor). Empty in the
    group's own database. Not synced."""

    __tablename__ = "sync_state"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=40, unique=True)
    value: dict[str, Any] = Field(default_factory=dict,
                                  sa_column=Column(StoredJSON, nullable=False))


class SyncConflictRow(_Row, table=True):
    """An entry of an offline copy that a sync could not merge (revision 0009): kept here, in
    the copy, until it is dropped, applied or rewritten (``chronicle db conflicts``). Not
    synced."""

    __tablename__ = "sync_conflict"

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(max_length=32, index=True)
    """The uid of the entry (an event, a player, a card...) the conflict keeps."""
    subject: str = Field(max_length=400)
    """What it belongs to, in words: ``Winerdria (Tim)'s chronicle``, ``player Carl``."""
    what: str = Field(max_length=40)
    """``entry`` (a history's entry the rules refused), ``value`` (a value both sides changed
    differently), ``deleted`` (changed on one side, deleted on the other)."""
    code: str = Field(max_length=80)
    message: str = Field(max_length=4000)
    section: str = Field(default="", max_length=200)
    entry: dict[str, Any] = Field(default_factory=dict,
                                  sa_column=Column(StoredJSON, nullable=False))
    """Where the entry goes and the entry itself (``place``, ``entry``, ``field``, ``mine``,
    ``theirs``), as JSON."""
    state: str = Field(default="open", max_length=20)
    """``open``; ``retry`` (rewritten: the next sync offers it again)."""
    created_at: datetime = _stamp()
