"""The play group's players, each with what they hold of every installed game.

What a player holds is what each game declares (``chronicle.systems.registry``): the records
of its kinds that belong to a player (``RecordKind.per_player``, read from the generic record
store), and what its ``chronicles`` module says they hold in the game's own tables
(``holdings(reader)``: Wyld Hunt's characters). No game is named here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronicle.domain.limits import name_problem
from chronicle.errors import AlreadyExists, BadInput
from chronicle.services.db import Database

if TYPE_CHECKING:
    from chronicle.persistence.reads import Reader


@dataclass(frozen=True)
class Holding:
    """What a player holds of one game, of one kind (their characters, their battle forces)."""

    game: str
    """The game's key."""
    what: str
    """What one of them is called (``"character"``, ``"battle force"``)."""
    names: tuple[str, ...]

    def said(self) -> str:
        """``"character: Winerdria, Annoyicus"``."""
        return f"{self.what}: {', '.join(self.names)}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of one holding."""
        return {"game": self.game, "what": self.what, "names": list(self.names)}


@dataclass(frozen=True)
class PlayerInfo:
    """A player with the size of their collection (every game's cards) and what they hold of
    each game, in the order of the games (the home game's first)."""

    name: str
    cards: int
    holdings: tuple[Holding, ...] = ()

    def held(self, game: str, what: str) -> list[str]:
        """The names of what they hold of ``game`` (its key) called ``what``."""
        return [name for holding in self.holdings
                if holding.game == game and holding.what == what for name in holding.names]

    def said(self, empty: str = "-") -> str:
        """What they hold, in one line: ``"character: Winerdria, Annoyicus · battle force: Red
        Host"``; ``empty`` when nothing."""
        return " · ".join(holding.said() for holding in self.holdings) or empty

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle player list --json``."""
        return {"name": self.name, "cards": self.cards,
                "holdings": [holding.to_dict() for holding in self.holdings]}


def holdings(reader: Reader) -> dict[int, tuple[Holding, ...]]:
    """What every player holds of every installed game, by player id (a player holding
    nothing is absent), from what each game declares."""
    from chronicle.persistence import reads
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    found: dict[tuple[int, str, str], list[str]] = {}
    games = sorted(registry.systems(), key=lambda system: system.key != registry.home())
    for system in games:
        if system.chronicles is None:
            continue
        own = getattr(load_name(system.chronicles), "holdings", None)
        for player, what, name in own(reader) if own is not None else ():
            found.setdefault((player, system.key, what), []).append(name)
    kinds = {(key, kind.name): (system, kind.label) for system in games
             for key in system.keys for kind in system.records if kind.per_player}
    for player, game, kind, name in reads.record_names(reader):
        known = kinds.get((game, kind))
        if known is not None:
            found.setdefault((player, known[0].key, known[1]), []).append(name)
    rank = {system.key: index for index, system in enumerate(games)}
    out: dict[int, list[Holding]] = {}
    for (player, game, what), names in sorted(found.items(),
                                              key=lambda item: rank[item[0][1]]):
        out.setdefault(player, []).append(Holding(game, what, tuple(names)))
    return {player: tuple(held) for player, held in out.items()}


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
        return PlayerInfo(row.name, 0)


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
    """Every player with their card count and what they hold of each game (a few queries,
    whatever the size of the group)."""
    from chronicle.persistence import reads

    with db.reading() as connection:
        cards = reads.card_counts(connection)
        held = holdings(connection)
        return [PlayerInfo(name, cards.get(ident, 0), held.get(ident, ()))
                for ident, name in reads.players_by_id(connection)]
