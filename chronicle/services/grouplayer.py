"""The group's own cards as the database in use holds them: the raw ``[[card]]`` tables of the
home system's group cards, read again on a transaction only when they changed.

``chronicle.services.db`` syncs this layer at the start of every transaction, so whatever a use
case builds its catalog from is the database's current state; the game's catalog service
validates the tables by its own card schema when it builds a catalog. Nothing here knows any
game: the game is
the registry's home system (``chronicle.systems.registry.home()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chronicle.systems.registry import home

if TYPE_CHECKING:
    from sqlalchemy import Connection
    from sqlmodel import Session

_STATE: dict[str, Any] = {"stamp": None, "tables": []}
"""The layer of the database used last in this process: its stamp and its tables."""


def sync(session: Session | Connection) -> None:
    """Read the group's cards of the database of ``session`` (or of a connection that only
    reads) when they changed since the last read (the stamp: the engine, the rows, the largest
    id and the versions)."""
    from chronicle.persistence import reads

    game = home()
    stamp = (id(reads.engine_of(session)), game, *reads.group_card_stamp(session, game))
    if stamp == _STATE["stamp"]:
        return
    tables = [data for _id, _version, data in reads.group_cards(session, game)] \
        if stamp[2] else []  # stamp[2]: the group has cards
    _STATE.update(stamp=stamp, tables=tables)


def forget() -> None:
    """Drop the layer (no database in use)."""
    _STATE.update(stamp=None, tables=[])


def stamp() -> object:
    """What identifies the layer in use (None without one): a catalog built from it stays
    good while the stamp is the same."""
    return _STATE["stamp"]


def tables(game: str) -> list[dict[str, Any]]:
    """The group's ``[[card]]`` tables of ``game`` in use, oldest first (none when the layer
    holds another game's: the home game's are the ones kept)."""
    stamp = _STATE["stamp"]
    return list(_STATE["tables"]) if stamp is not None and stamp[1] == game else []


def kept() -> dict[str, Any]:
    """The layer as it is now, to put back with :func:`keep` after its database is closed."""
    return dict(_STATE)


def keep(state: dict[str, Any]) -> None:
    """Put back a layer taken with :func:`kept` (it outlives its connection, for a command
    that reads the group's cards once and needs no database after)."""
    _STATE.update(state)
