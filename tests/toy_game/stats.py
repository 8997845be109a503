"""The toy game's statistics (``GameSystem.stats``): a bag filled is a play of its owner's,
scored by the pebbles in it; one table of every bag. All the generic ``chronicle stats`` needs
from a fifth game."""

from __future__ import annotations

import datetime as dt

from chronicle.services.db import Database
from chronicle.services.stats import GameStats, Play, Seat, Series, Table
from toy_game.service import every_bag


def stats(db: Database, since: dt.date | None, player: str | None) -> GameStats:
    """Every bag as a play, a table and a series of pebbles per bag."""
    bags = every_bag(db)
    plays = tuple(Play("toy", bag.name, None, (Seat(bag.player or "?", len(bag.pebbles),
                                                    True),)) for bag in bags)
    return GameStats(plays, (Series("pebbles", "Pebbles per bag",
                                    tuple((b.name, float(len(b.pebbles))) for b in bags)),),
                     (Table("bags", "Bags", ("player", "bag", "pebbles"),
                            tuple((b.player, b.name, len(b.pebbles)) for b in bags)),))
