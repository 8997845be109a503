"""Who owns which cards, for every game: the counts of a player's collection by card name and
kind, read and changed without any game's catalog (each game resolves names its own way first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chronicle.rules.report import Violation
from chronicle.services.common import player_row
from chronicle.services.db import Database


@dataclass(frozen=True)
class Owned:
    """A count of one card in a player's collection."""

    name: str
    kind: str
    count: int


@dataclass
class Recorded:
    """What a collection change did: each card's new count, and any warnings."""

    player: str
    counts: list[tuple[str, str, int]] = field(default_factory=list)
    warnings: list[Violation] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of collection and pack commands."""
        return {"player": self.player,
                "cards": [{"name": n, "kind": k, "count": c} for n, k, c in self.counts],
                "warnings": [w.to_dict() for w in self.warnings]}


def add_cards_by_card(db: Database, player: str, counts: dict[tuple[str, str], int],
                      game: str) -> Recorded:
    """Add copies of already-resolved cards (name, kind) of ``game`` in one transaction."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        owner = player_row(session, player)
        assert owner.id is not None
        result = Recorded(owner.name)
        for (name, kind), count in counts.items():
            new = repo.change_count(session, owner.id, name, kind, count, game)
            result.counts.append((name, kind, new))
        return result


def owned_cards(db: Database, player: str, game: str) -> list[Owned]:
    """A player's cards of ``game``, as stored.

    Raises:
        NotFound: no such player.
    """
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        owner = player_row(session, player)
        assert owner.id is not None
        return [Owned(o.name, o.kind, o.count) for o in repo.owned_cards(session, owner.id, game)]
