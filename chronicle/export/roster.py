"""The roster flowable: a table to play from, a compact row per piece with its own label, a
strip of boxes to tick as it loses points (wounds) and a box to tick each round (activated),
under a head per group of identical pieces that gives the group's values once.

A group never splits across pages: where a page ends, the roster breaks only between groups
(a group taller than a whole page is the one exception, and continues under its head again).
The header row is repeated where the roster continues, and the total row stays with the last
group. Every string is plain text, drawn run by run (``layout.draw_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from chronicle.export import fonts
from chronicle.export.blocks import TableStyles
from chronicle.export.layout import Band, Banded, Cell, cell
from chronicle.export.model import Mark, RosterGroup, RosterRow, RosterTable

MAX_BOXES = 40
GAP = 3.0
"""The gap after every fifth box."""
"""More points than this get one box to write the number in, not a box per point."""


@dataclass
class TickBand(Band):
    """A band with square boxes drawn on its lines: ``(x, line, size)`` each."""

    ticks: list[tuple[float, int, float]] = field(default_factory=list)

    def draw(self, canv: Canvas, top: float, line: Color) -> None:
        super().draw(canv, top, line)
        if not self.ticks:
            return
        leading = self.leading
        canv.setStrokeColor(line)
        canv.setLineWidth(0.6)
        for x, number, size in self.ticks:
            upper = top - self.pad - number * leading - (leading - size) / 2
            canv.rect(x + 0.3, upper - size + 0.3, size - 0.6, size - 0.6, stroke=1, fill=0)


class RosterFlowable(Banded):
    """A ``RosterTable`` laid out: header, groups (head, legend, rows), total."""

    label_weight = 5.2
    boxes_weight = 3.8
    tick_weight = 1.5
    indent = 10.0

    def __init__(self, table: RosterTable, styles: TableStyles) -> None:
        super().__init__()
        self.table = table
        self.styles = styles
        self.fill = table.fill
        self.spaceAfter = 7
        self._numbers = 0.0
        """The width of the rows' number column, measured once per build."""

    # -- geometry -----------------------------------------------------------------------------

    def _edges(self, width: float) -> list[tuple[float, float]]:
        """``(x, width)`` of the label column, each value column, the boxes and the tick."""
        weights = [self.label_weight, *(c.weight for c in self.table.columns),
                   self.boxes_weight, self.tick_weight]
        total = sum(weights)
        edges = []
        x = 0.0
        for weight in weights:
            edges.append((x, width * weight / total))
            x += width * weight / total
        return edges

    def _header(self, width: float) -> Band:
        table = self.table
        titles = [(table.label, "left"), *((c.title, c.align) for c in table.columns),
                  (table.boxes, "left"), (table.tick, "center")]
        cells = [cell(x, w, title, self.styles.header, align, pad=3)
                 for (title, align), (x, w) in zip(titles, self._edges(width), strict=True)]
        return Band(cells, pad=2.5, fill=self.styles.header_fill, role="header",
                    keep_with_next=True, whole=True, group=-1)

    def _head(self, width: float, group: RosterGroup, number: int, suffix: str = "") -> Band:
        edges = self._edges(width)
        x, label_width = edges[0]
        cells = [cell(x, label_width, group.title + suffix, self.styles.total, pad=3)]
        for (column, (x, w)), value in zip(zip(self.table.columns, edges[1:], strict=False),
                                           group.cells, strict=False):
            cells.append(cell(x, w, value, self.styles.cell, column.align, mark_width=14,
                              pad=3))
        return Band(cells, pad=2.0, fill=self.styles.stripe, rule=self.styles.rule,
                    rule_width=0.5, group=number, role="group", keep_with_next=True,
                    whole=True, break_after=False)

    def _row(self, width: float, row: RosterRow, number: int) -> Band:
        edges = self._edges(width)
        style = self.styles.cell
        label_x, label_width = edges[0]
        boxes_x, boxes_width = edges[-2]
        tick_x, tick_width = edges[-1]
        x = label_x + self.indent
        cells = []
        numbers = self._numbers
        if numbers:
            cells.append(cell(x, numbers, row.number, style, pad=3))
            x += numbers
        span = boxes_x - x  # over the empty values, where a long label wraps
        if fonts.reads_right_to_left(row.label) and fonts.width(
                row.label, style.font, style.size) <= label_x + label_width - x - 6:
            span = label_x + label_width - x  # flush right under its own column's head
        cells.append(cell(x, span, row.label, style, pad=3))
        size = min(9.0, style.leading - 1.0)
        ticks: list[tuple[float, int, float]] = [(tick_x + (tick_width - size) / 2, 0, size)]
        lines = 1
        start = boxes_x + 3
        if row.value:
            shown = cell(start, boxes_width - 6, row.value, style)
            shown.lines = shown.lines[:1]
            cells.append(shown)
            if shown.lines:
                start += fonts.width(shown.lines[0], style.font, style.size) + 4
        room = boxes_x + boxes_width - 3 - start
        if row.boxes is None:
            cells.append(Cell(start, 16, [], style, "left", Mark.UNKNOWN, 14))
        elif row.boxes > MAX_BOXES or room < size:
            cells.append(Cell(start, max(room, 16), [], style, "left", Mark.BLANK,
                              min(max(room, 16), 40)))
        else:
            step = size + 1.0
            per_line = 1
            while per_line < row.boxes and _at(per_line, step) + size <= room:
                per_line += 1
            for index in range(row.boxes):
                line, place = divmod(index, per_line)
                ticks.append((start + _at(place, step), line, size))
                lines = max(lines, line + 1)
        return TickBand(cells, pad=2.0, min_lines=lines, rule=self.styles.rule,
                        rule_width=0.3, group=number, whole=True, break_after=False,
                        ticks=ticks)

    def _number_width(self) -> float:
        """The width of the rows' number column (0: no row has a number)."""
        style = self.styles.cell
        widest = max((fonts.width(row.number, style.font, style.size)
                      for group in self.table.groups for row in group.rows if row.number),
                     default=0.0)
        return widest + 8 if widest else 0.0

    # -- bands --------------------------------------------------------------------------------

    def build(self, width: float) -> list[Band]:
        self._numbers = self._number_width()
        bands: list[Band] = [self._header(width)]
        muted = self.styles.muted
        legend = self.styles.legend
        for number, group in enumerate(self.table.groups):
            bands.append(self._head(width, group, number))
            if group.legend:
                lines = fonts.wrap(group.legend, legend.font, legend.size,
                                   width - self.indent - 6)
                bands.append(Band([Cell(self.indent + 3, width - self.indent - 6, lines,
                                        legend)], pad=1.5, group=number, break_after=False,
                                  rule=self.styles.rule, rule_width=0.3))
            bands += [self._row(width, row, number) for row in group.rows]
            if group.more:
                lines = fonts.wrap(group.more, muted.font, muted.size, width - self.indent - 6)
                bands.append(Band([Cell(self.indent + 3, width - self.indent - 6, lines,
                                        muted)], pad=1.5, group=number, break_after=False,
                                  rule=self.styles.rule, rule_width=0.3))
            bands[-1].break_after = True
        if self.table.total_label or self.table.total:
            bands[-1].break_after = False  # the total never stands alone on a page
            bands.append(self._total_band(width))
        return bands

    def _total_band(self, width: float) -> Band:
        edges = self._edges(width)
        x, label_width = edges[0]
        cells = [cell(x, label_width, self.table.total_label, self.styles.total, pad=3)]
        for (column, (x, w)), value in zip(zip(self.table.columns, edges[1:], strict=False),
                                           self.table.total, strict=False):
            cells.append(cell(x, w, value, self.styles.total, column.align, mark_width=14,
                              pad=3))
        return Band(cells, pad=2.5, fill=self.styles.header_fill, group=-1, whole=True)

    def spare(self, width: float) -> Band | None:
        """A blank row to write in: room for a label by hand and its "activated" box."""
        tick_x, tick_width = self._edges(width)[-1]
        style = self.styles.cell
        size = min(9.0, style.leading - 1.0)
        return TickBand([Cell(0, width, [], style)], pad=4.0, rule=self.styles.rule,
                        rule_width=0.3, group=-1, whole=True, role="spare",
                        ticks=[(tick_x + (tick_width - size) / 2, 0, size)])

    def continuation(self, width: float, following: Band) -> list[Band]:
        bands = [self._header(width)]
        if following.group >= 0 and following.role != "group":
            group = self.table.groups[following.group]
            bands.append(self._head(width, group, following.group, " (continued)"))
        for band in bands:
            band.width = width
        return bands

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        self.draw_frame(canv, placed)


def _at(place: int, step: float) -> float:
    """Where box number ``place`` (from 0) of a line starts, with a gap after every fifth."""
    return place * step + (place // 5) * GAP
