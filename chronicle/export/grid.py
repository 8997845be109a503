"""The card grid: the rulebook's eight boxes of Merits and Flaws, two to a row, with the
MERITS and FLAWS spines between them. It moves to a new page whole, or (taller than a page)
breaks only between rows of boxes, each continuing under its titles with its spine letters."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from chronicle.export import fonts
from chronicle.export.layout import Band, Banded, Cell, TextStyle, cell, draw_text
from chronicle.export.model import Mark, Value

Card = tuple[str, Value, Value, Value, bool, str]
"""A card line as the grid takes it: name, points, Attribute, court, struck, note."""


@dataclass(frozen=True)
class GridStyles:
    """The styles and colours of the card grid."""

    title: TextStyle
    column: TextStyle
    name: TextStyle
    small: TextStyle
    spine: TextStyle
    merit: Color
    merit_tint: Color
    flaw: Color
    flaw_tint: Color
    rule: Color


@dataclass(frozen=True)
class GridBox:
    """One box of the grid as the renderer hands it over."""

    title: str
    side: str
    points_label: str
    cards: Sequence[Card]
    blank_lines: int


class CardGridFlowable(Banded):
    """The rulebook's card boxes, two to a row, with the MERITS and FLAWS spines between them.

    Each card is a line: its name (wrapped when long), its cost or bonus, its Attribute and its
    court. A row of boxes is at least ``min_lines`` lines tall, for a sheet that looks like the
    printed one; where the grid splits, the boxes continue on the next page under their titles.
    """

    spine_width = 20.0
    points_width = 26.0
    attribute_width = 38.0
    court_width = 42.0
    exhaust_width = 0.0
    keep_whole = True

    def __init__(self, rows: Sequence[tuple[GridBox, GridBox]], styles: GridStyles,
                 min_lines: int, exhaust: bool = False, pad: float = 2.25) -> None:
        super().__init__()
        self.rows = rows
        self.styles = styles
        self.min_lines = min_lines
        self.exhaust_width = 16.0 if exhaust else 0.0
        self.pad = pad
        self.spaceAfter = 6

    def _box_width(self, width: float) -> float:
        return (width - self.spine_width) / 2

    def _columns(self, x: float, box_width: float) -> tuple[float, float, float, float]:
        """x of the name, points, Attribute and court columns of a box starting at ``x``."""
        court = x + box_width - self.court_width - 3 - self.exhaust_width
        attribute = court - self.attribute_width
        points = attribute - self.points_width
        return x + 6, points, attribute, court

    def _exhaust_box(self, x: float, box_width: float) -> Cell:
        """The "exhausted" box at the right edge of a box's line."""
        return Cell(x + box_width - self.exhaust_width - 1, self.exhaust_width, [],
                    self.styles.name, "center", Mark.BLANK, 10)

    def _tint(self, side: str) -> Color:
        return self.styles.merit_tint if side == "merits" else self.styles.flaw_tint

    def _header(self, width: float, pair: tuple[GridBox, GridBox], group: int,
                suffix: str = "") -> Band:
        box_width = self._box_width(width)
        cells: list[Cell] = []
        spans: list[tuple[float, float, Color]] = []
        for box, x in zip(pair, (0.0, box_width + self.spine_width), strict=True):
            name_x, points_x, attribute_x, court_x = self._columns(x, box_width)
            cells.append(Cell(name_x, points_x - name_x, [box.title + suffix],
                              self.styles.title))
            columns = [(box.points_label, points_x, self.points_width),
                       ("Attribute", attribute_x, self.attribute_width),
                       ("Court", court_x, self.court_width)]
            if self.exhaust_width:
                columns.append(("Exh.", court_x + self.court_width, self.exhaust_width + 2))
            for label, column_x, column_width in columns:
                cells.append(Cell(column_x, column_width, [label], self.styles.column,
                                  "center"))
            spans.append((x, box_width, self._tint(box.side)))
        return Band(cells, pad=self.pad + 0.75, fill_spans=spans, group=group, role="header",
                    keep_with_next=True, rule=self.line, rule_width=0.5, whole=True)

    def _card_cells(self, x: float, box_width: float, card: Card | None,
                    blank: bool) -> tuple[list[Cell], list[tuple[float, float]]]:
        """The cells of one line of a box, and where its name is struck through."""
        name_x, points_x, attribute_x, court_x = self._columns(x, box_width)
        styles = self.styles
        cells: list[Cell] = []
        strikes: list[tuple[float, float]] = []
        if card is None:
            if not blank:
                return [], []
            cells = [Cell(points_x + 3, self.points_width - 6, [], styles.name, "center",
                          Mark.BLANK, 0),
                     Cell(attribute_x + 3, self.attribute_width - 6, [], styles.small,
                          "center", Mark.BLANK, 0),
                     Cell(court_x + 3, self.court_width - 6, [], styles.small, "center",
                          Mark.BLANK, 0)]
        else:
            name, points, attribute, court, struck, note = card
            name_cell = cell(name_x, points_x - name_x - 2, name, styles.name)
            cells = [name_cell]
            if struck:  # the note takes the value columns: a Flaw gone gives no bonus
                cells.append(cell(points_x, court_x + self.court_width - points_x, note,
                                  styles.small, "left"))
                strikes.append((name_x, min(fonts.width(name_cell.lines[0], styles.name.font,
                                                        styles.name.size),
                                            name_cell.width)))
            else:
                cells += [cell(points_x, self.points_width, points, styles.name, "center", 16),
                          cell(attribute_x, self.attribute_width, attribute, styles.small,
                               "center", 14),
                          cell(court_x, self.court_width, court, styles.small, "center", 14)]
        if self.exhaust_width:
            cells.append(self._exhaust_box(x, box_width))
        return cells, strikes

    def build(self, width: float) -> list[Band]:
        box_width = self._box_width(width)
        right_x = box_width + self.spine_width
        bands: list[Band] = []
        for group, pair in enumerate(self.rows):
            left, right = pair
            bands.append(self._header(width, pair, group))
            spine = 3 if left.side == right.side == "flaws" else 0  # room for FLAWS
            count = max(len(left.cards) + left.blank_lines, len(right.cards) + right.blank_lines,
                        self.min_lines, spine)
            for index in range(count):
                cells: list[Cell] = []
                strikes: list[tuple[float, float]] = []
                for box, x in ((left, 0.0), (right, right_x)):
                    card = box.cards[index] if index < len(box.cards) else None
                    # a box with lines to write in (the pencil sheet) gives every empty
                    # line its boxes, never some lines with them and some without
                    blank = index >= len(box.cards) and box.blank_lines > 0
                    more, struck = self._card_cells(x, box_width, card, blank)
                    cells += more
                    strikes += struck
                if not cells:
                    cells = [Cell(6, 10, [""], self.styles.name)]
                bands.append(Band(cells, pad=self.pad, group=group, rule=self.styles.rule,
                                  rule_width=0.35, strikes=strikes, whole=True,
                                  break_after=False,
                                  rule_spans=[(0, box_width), (right_x, box_width)]))
            bands[-1].rule = None
            bands[-1].break_after = True
        return bands

    def continuation(self, width: float, following: Band) -> list[Band]:
        if following.role == "header":
            return []
        return [self._header(width, self.rows[following.group], following.group,
                             " (continued)")]

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        box_width = self._box_width(self.width)
        spine_x = box_width
        groups: dict[int, tuple[float, float]] = {}
        for band, top in placed:
            start, _end = groups.get(band.group, (top, top))
            groups[band.group] = (start, top - band.height)
        styles = self.styles
        regions: dict[str, list[tuple[float, float]]] = {"merits": [], "flaws": []}
        for group, (start, end) in groups.items():
            left, right = self.rows[group]
            height = start - end
            if left.side == right.side:
                canv.setFillColor(styles.merit if left.side == "merits" else styles.flaw)
                canv.rect(spine_x, end, self.spine_width, height, stroke=0, fill=1)
                regions[left.side].append((start, end))
            else:
                half = self.spine_width / 2
                for side, x in ((left.side, spine_x), (right.side, spine_x + half)):
                    canv.setFillColor(styles.merit if side == "merits" else styles.flaw)
                    canv.rect(x, end, half, height, stroke=0, fill=1)
            canv.setStrokeColor(self.line)
            canv.setLineWidth(0.9)
            canv.rect(0, end, box_width, height, stroke=1, fill=0)
            canv.rect(spine_x + self.spine_width, end, box_width, height, stroke=1, fill=0)
        for side, word in (("merits", "MERITS"), ("flaws", "FLAWS")):
            spans = _merge(regions[side])
            if not spans:
                continue
            start, end = max(spans, key=lambda s: s[0] - s[1])
            self._letters(canv, word, spine_x, start, end)

    def _letters(self, canv: Canvas, word: str, x: float, start: float, end: float) -> None:
        """The spine's word, one letter under the other, centred on the region."""
        style = self.styles.spine
        step = min((start - end) / (len(word) + 1), style.leading * 1.35)
        if step < style.size * 0.8:  # a short row of boxes: smaller letters, never none
            style = replace(style, size=max(step * 1.1, 4.0))
        top = (start + end) / 2 + step * len(word) / 2
        for index, letter in enumerate(word):
            baseline = top - step * (index + 1) + (step - style.size) / 2 + style.size * 0.2
            draw_text(canv, x, baseline, letter, style, "center", self.spine_width)


def _merge(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Adjacent ``(top, bottom)`` spans joined."""
    merged: list[tuple[float, float]] = []
    for start, end in sorted(spans, reverse=True):
        if merged and abs(merged[-1][1] - start) < 0.5:
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged
