"""Who owns which cards, for every game: the counts of a player's collection by card name and
kind, read and changed without any game's catalog (each game resolves names its own way first).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from chronicle.domain.values import name_key
from chronicle.errors import BadInput
from chronicle.rules.report import Violation
from chronicle.services.common import player_row
from chronicle.services.csvtable import ImportResult, Mode
from chronicle.services.db import Database

COUNT_MAX = 1000
"""The most copies one change adds or removes."""


def check_counts(changes: Iterable[tuple[Any, int]]) -> None:
    """Refuse a change of no copies, or of more than ``COUNT_MAX`` (``changes``: each card,
    with a ``name``, and the copies added, or removed when negative).

    Raises:
        BadInput: naming the card.
    """
    for card, number in changes:
        if number == 0 or abs(number) > COUNT_MAX:
            raise BadInput(f"a count for {card.name} is between 1 and {COUNT_MAX} (or -1 to "
                           f"-{COUNT_MAX} to remove), not {number}")


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


def set_counts(db: Database, game: str, player: str,
               wanted: dict[tuple[str, str], tuple[str, int]], mode: Mode, rows: int,
               kinds: Collection[str] | None = None) -> ImportResult:
    """Apply a collection file's counts (``wanted``: by (name key, kind), the card's name and
    the file's count) to ``player``'s cards of ``game`` in one transaction: added to the counts
    (``mode="add"``), or made exactly the file's (``"replace"``: the cards the file does not
    list drop to zero, those of ``kinds`` only when given: what the file can name).

    Raises:
        NotFound: no such player.
    """
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        owner = player_row(session, player)
        assert owner.id is not None
        result = ImportResult(owner.name, mode, rows)
        held = {(name_key(o.name), o.kind): o for o in repo.owned_cards(session, owner.id, game)}
        for (key, kind), (name, count) in wanted.items():
            current = held[(key, kind)].count if (key, kind) in held else 0
            delta = count - current if mode == "replace" else count
            new = (repo.change_count(session, owner.id, name, kind, delta, game) if delta
                   else current)
            result.counts.append((name, kind, new))
        if mode == "replace":
            for (key, kind), owned in held.items():
                if (key, kind) not in wanted and (kinds is None or kind in kinds) \
                        and owned.count:
                    repo.change_count(session, owner.id, owned.name, kind, -owned.count, game)
                    result.removed.append((owned.name, kind))
        return result
