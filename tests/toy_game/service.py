"""The toy's use cases over the generic record store: ``BAGS`` (``GameRecords``: new, show,
put, list, rename, delete, restore, the sheet), the latest put taken back, the numbers."""

import datetime as dt
from dataclasses import dataclass

from chronicle.errors import BadInput
from chronicle.services.db import Database
from chronicle.services.gamerecords import GameRecords
from chronicle.services.recordstore import StoredRecord
from chronicle.services.stats import GameStats, Play, Seat, Table
from toy_game import KEY
from toy_game.bags import describe, in_force


@dataclass(frozen=True)
class BagView:
    """A bag as the fronts show it (its fields: its ``--json`` and its sheet)."""

    name: str
    player: str | None
    limit: int
    pebbles: list[str]
    history: list[str]


def view(_db: Database, bag: StoredRecord) -> BagView:
    return BagView(bag.name, bag.player, int(bag.data["limit"]),
                   [p for _s, p in in_force(bag.history())],
                   [f"{n}. {describe(e)}" for n, e in enumerate(bag.history(), 1)])


BAGS = GameRecords(KEY, "bag", view)  # its sheet: the view's fields and lists


def undo(db: Database, player: str, bag: str) -> BagView:
    """Take back the latest put still in force: an ``undo`` event, nothing erased."""
    puts = in_force(BAGS.record(db, bag, player).history()) or [(0, "")]
    if not puts[-1][0]:
        raise BadInput(f"{bag} is empty: nothing to take back")
    return BAGS.append(db, bag, "undo", {"seq": puts[-1][0]}, player)


def stats(db: Database, since: dt.date | None, player: str | None) -> GameStats:
    """A bag is a play of its owner's, scored by its pebbles; one table of every bag."""
    bags = BAGS.list(db)
    return GameStats(tuple(Play("toy", b.name, None, (Seat(b.player or "?", len(b.pebbles),
                                                           True),)) for b in bags), (),
                     (Table("bags", "Bags", ("player", "bag", "pebbles"),
                            tuple((b.player, b.name, len(b.pebbles)) for b in bags)),))
