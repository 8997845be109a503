"""The toy game's use cases over the generic record store (``chronicle.services.records``):
a player's bags of pebbles, a pebble put in, the latest put taken back (a compensating
event), and what a bag holds. Both fronts (``toy_game.cli``, ``toy_game.screen``) call these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronicle.errors import BadInput
from chronicle.services import records
from toy_game import KEY
from toy_game.bags import PUT, UNDO, describe, in_force

if TYPE_CHECKING:
    from chronicle.services.db import Database

KIND = "bag"


@dataclass(frozen=True)
class BagView:
    """A bag as the fronts show it."""

    name: str
    player: str | None
    limit: int
    pebbles: tuple[str, ...]
    history: tuple[str, ...]
    """One line per event, oldest first: ``1. put Jade in the bag``."""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "player": self.player, "limit": self.limit,
                "pebbles": list(self.pebbles), "history": list(self.history)}


def _view(stored: records.StoredRecord) -> BagView:
    events = [{"kind": e.kind, "payload": e.payload} for e in stored.events]
    puts, _wrong = in_force(events)
    return BagView(stored.name, stored.player, int(stored.data["limit"]),
                   tuple(pebble for _seq, pebble in puts),
                   tuple(f"{e.seq}. {describe({'kind': e.kind, 'payload': e.payload})}"
                         for e in stored.events))


def new_bag(db: Database, player: str, name: str, limit: int) -> BagView:
    """A new empty bag of ``player``'s."""
    return _view(records.create(db, KEY, KIND, name, {"limit": limit}, player=player))


def put(db: Database, player: str, bag: str, pebble: str) -> BagView:
    """Put a pebble in the bag (refused when it makes the bag too heavy)."""
    return _view(records.append(db, KEY, KIND, bag, PUT, {"pebble": pebble}, player=player))


def undo(db: Database, player: str, bag: str) -> BagView:
    """Take back the latest put still in force: an ``undo`` event, nothing erased."""
    stored = records.get(db, KEY, KIND, bag, player=player)
    puts, _wrong = in_force([{"kind": e.kind, "payload": e.payload} for e in stored.events])
    if not puts:
        raise BadInput(f"{stored.name} is empty: nothing to take back")
    return _view(records.append(db, KEY, KIND, bag, UNDO, {"seq": puts[-1][0]},
                                player=player))


def show(db: Database, player: str, bag: str) -> BagView:
    """One bag with its history."""
    return _view(records.get(db, KEY, KIND, bag, player=player))


def every_bag(db: Database) -> list[BagView]:
    """Every bag of every player (the screen's list)."""
    return [_view(stored) for stored in records.list_records(db, KEY, KIND)]
