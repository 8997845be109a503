"""The play group's players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronicle.domain.limits import name_problem
from chronicle.errors import AlreadyExists, BadInput
from chronicle.services.db import Database


@dataclass(frozen=True)
class PlayerInfo:
    """A player with the size of their collection and their characters."""

    name: str
    cards: int
    characters: list[str]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle player list --json``."""
        return {"name": self.name, "cards": self.cards, "characters": self.characters}


def add_player(db: Database, name: str) -> PlayerInfo:
    """Add a player to the group.

    Raises:
        BadInput: an empty or overlong name.
        AlreadyExists: the name is taken (case is ignored).
    """
    from chronicle.persistence import repository as repo

    problem = name_problem(name, "a player's name")
    if problem:
        raise BadInput(problem)
    clean = " ".join(name.split())
    refuse_guest_mark(clean)
    with db.transaction() as session:
        existing = repo.find_player(session, clean)
        if existing is not None:
            raise AlreadyExists(f"there is already a player called {existing.name!r}")
        row = repo.add_player(session, clean)
        return PlayerInfo(row.name, 0, [])


def refuse_guest_mark(name: str) -> None:
    """Refuse a player's name that reads as a guest's (``"Zed (guest)"``): the records show a
    guest, a name that is no player's, that way.

    Raises:
        BadInput: saying so.
    """
    from chronicle.domain.playerrefs import guest_of

    if guest_of(name) is not None:
        raise BadInput(f"a player's name cannot end in '(guest)' ({name[:60]!r}): the records "
                       "show a guest, someone who is not a player, that way")


def list_players(db: Database) -> list[PlayerInfo]:
    """Every player with their card count and characters (three queries, whatever the size of
    the group)."""
    from chronicle.persistence import reads

    with db.reading() as connection:
        cards = reads.card_counts(connection)
        names = reads.character_names(connection)
        return [PlayerInfo(name, cards.get(ident, 0), names.get(ident, []))
                for ident, name in reads.players_by_id(connection)]
