"""The columns of the force builder's two lists (not a screen): each unit of the army lists and
each line of a force as fixed-width cells (name, points, the six statistics, army or options),
so no column is cut at 80 or 60 columns: the name takes the room the others leave. Also a
battle said on one line (``battle_label``), as the confirmations say it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from chronicle.systems.tales_of_arcadia.cards import STAT_LETTERS, STATS
from chronicle.tui.widgets.card_list import CardList

if TYPE_CHECKING:
    from chronicle.systems.tales_of_arcadia.browse import UnitRow
    from chronicle.systems.tales_of_arcadia.service import BattleEntry

STAT_WIDTH = 2
UNIT_WIDTHS = [16, 4, *(STAT_WIDTH for _ in STATS), 16]
"""A unit row: name (it takes what the others leave), points, P A S W R D, army."""
UNIT_TITLES = ["unit", "pts", *(STAT_LETTERS[s] for s in STATS), "army"]
LINE_WIDTHS = [2, 16, 4, *(STAT_WIDTH for _ in STATS)]
"""A force line: its number, count, unit and options (it takes what the others leave), points
of the line, P A S W R D."""
LINE_TITLES = ["#", "unit + options", "pts", *(STAT_LETTERS[s] for s in STATS)]


def known(value: Any) -> str:
    """A number, or ``?`` when nobody knows it yet."""
    return "?" if value is None else str(value)


def unit_cells(row: UnitRow) -> list[str]:
    """The cells of one unit of the browser."""
    stats = row.stats.to_dict()
    return [row.label, known(row.cost), *(known(stats.get(s)) for s in STATS),
            row.unit.army or "?"]


def line_cells(number: int, entry: dict[str, Any]) -> list[str]:
    """The cells of one line of a force (an entry of its report's summary)."""
    name = f"{entry['count']}× {entry['unit']}" + (
        f" ({entry['variant']})" if entry.get("variant") else "")
    if entry.get("options"):
        name += " + " + ", ".join(entry["options"])
    return [str(number), name, known(entry.get("line_cost")),
            *(known(entry.get(s)) for s in STATS)]


def battle_label(entry: BattleEntry) -> str:
    """``#3 2026-11-28 · Tim (Iron Vanguard) v Josh · 200 pts · regicide · won by Tim``."""
    battle = entry.battle
    sides = " v ".join(side.player + (f" ({side.force})" if side.force else "")
                       for side in battle.sides)
    result = f"won by {battle.winner}" if battle.winner else "a draw"
    return (f"#{entry.number} {battle.date.isoformat()} · {sides} · {battle.limit} pts · "
            f"{battle.victory.value} · {result}")


class UnitList(CardList):
    """The units of the army lists: enter adds the highlighted one to the force."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Add"),
        Binding("e", "enemy", "Enemy for the odds", show=False)]

    def action_enemy(self) -> None:
        """Make the highlighted unit the enemy of the odds (the screen's ``enemy``)."""
        action = getattr(self.screen, "action_enemy", None)
        if callable(action):
            action()


class LineList(CardList):
    """The lines of the force shown: x removes one, + and - change its count, o and v its
    options and variant."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "screen.remove", "Remove"),
        Binding("plus,equals_sign", "screen.count(1)", "Count +1", key_display="+",
                show=False),
        Binding("minus", "screen.count(-1)", "Count -1", key_display="-", show=False),
        Binding("o", "screen.option", "Option", show=False),
        Binding("v", "screen.variant", "Variant", show=False)]


__all__ = ["LINE_TITLES", "LINE_WIDTHS", "UNIT_TITLES", "UNIT_WIDTHS", "LineList", "UnitList",
           "battle_label", "line_cells", "unit_cells"]
