"""``chronicle export stats``: the group's season summary as a PDF, from the same numbers as
``chronicle stats`` and the same charts as the app's Statistics screen (win rates as bars,
each series as a line), drawn as vector graphics (``chronicle.export.charts``).

One part per game with recorded plays: the players' record, the win-rate chart, each series'
chart (at most :data:`MAX_CHARTS`), then the game's tables.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from chronicle.services.stats import Cell, SystemStats, group_stats

if TYPE_CHECKING:
    from chronicle.export.model import Block, Document
    from chronicle.services.db import Database

MAX_CHARTS = 12
MAX_ROWS = 60


def _text(value: Cell) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def _part_blocks(one: SystemStats) -> list[Block]:
    from chronicle.export.model import Chart, Column, Row, Table

    blocks: list[Block] = []
    if one.players:
        blocks.append(Table(
            (Column("Player", 3), Column("Plays", 1, "right"), Column("Wins", 1, "right"),
             Column("Win rate", 1, "right"), Column("Last played", 2)),
            tuple(Row((p.player, str(p.plays), str(p.wins), f"{p.win_rate * 100:.1f}%",
                       p.last_played.isoformat() if p.last_played else "-"))
                  for p in one.players), title="Players"))
        blocks.append(Chart("Win rate per player",
                            tuple((p.player, p.win_rate) for p in one.players), "bars", "%"))
    for series in one.stats.series[:MAX_CHARTS]:
        blocks.append(Chart(series.title, series.points, "line"))
    for table in one.stats.tables:
        if not table.rows:
            continue
        blocks.append(Table(tuple(Column(c, 1) for c in table.columns),
                            tuple(Row(tuple(_text(v) for v in row))
                                  for row in table.rows[:MAX_ROWS]),
                            title=table.title,
                            legend="" if len(table.rows) <= MAX_ROWS else
                            f"the first {MAX_ROWS} of {len(table.rows)} rows: chronicle stats "
                            "lists them all"))
    return blocks


def season_document(db: Database, *, system: str | None = None, since: dt.date | None = None,
                    player: str | None = None) -> Document:
    """The season summary of every game with plays (or ``system``'s), from ``since``."""
    from chronicle.export.model import Document, Note, Part
    from chronicle.export.wording import branded

    found = group_stats(db, system=system, since=since, player=player)
    shown = [one for one in found if one.stats.plays] or found[:1]
    caption = ("Every recorded game" if since is None else f"Games from {since.isoformat()}")
    if player:
        caption += f", with {player}"
    parts = tuple(Part("Season summary", one.label,
                       f"{caption}: {len(one.stats.plays)} "
                       f"play{'' if len(one.stats.plays) == 1 else 's'}",
                       "Arcadia Chronicle: chronicle stats gives every number",
                       tuple(_part_blocks(one)) or (Note("No plays recorded yet."),),
                       brand=branded(one.label)) for one in shown)
    return Document("Season summary", parts)
