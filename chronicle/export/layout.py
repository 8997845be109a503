"""The flowables the renderer builds the pages from: boxes, grids and tables made of bands.

A flowable here is a stack of horizontal bands (a header, a row, one line of text). It splits
between bands, and a band of several text lines splits between its lines, so nothing a user
typed (a name of a thousand characters, a background of ten pages) can be too tall for a page:
it flows on, and the part that continues gets its header again ("Abilities (continued)").

Text is drawn run by run in the fonts ``fonts.runs`` picks, so any script prints; every string
is plain text (no markup is parsed here).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from chronicle.export import fonts
from chronicle.export.document import Mark, Value


@dataclass(frozen=True)
class TextStyle:
    """Font, size, line height and colour of a kind of text."""

    font: str
    size: float
    leading: float
    color: Color


def draw_text(canv: Canvas, x: float, y: float, text: str, style: TextStyle,
              align: str = "left", room: float = 0.0) -> None:
    """Draw one line at baseline ``y``; ``align`` within ``room`` points from ``x``."""
    if not text:
        return
    if align != "left":
        shift = room - fonts.width(text, style.font, style.size)
        x += shift / 2 if align == "center" else shift
    canv.setFillColor(style.color)
    for name, part in fonts.runs(fonts.visual(text), style.font):
        canv.setFont(name, style.size)
        outline = fonts.outline(name, style.font)
        if outline:  # a one-weight face made as heavy as the text around it
            canv.saveState()
            canv.setStrokeColor(style.color)
            canv.setLineWidth(style.size * outline)
            canv.drawString(x, y, part, mode=2)
            canv.restoreState()
        else:
            canv.drawString(x, y, part)
        x += pdfmetrics.stringWidth(part, name, style.size)


def mark_box(canv: Canvas, x: float, top: float, style: TextStyle, mark: Mark,
             box_width: float, line: Color) -> None:
    """An unknown value ("?" in a box) or a blank one (an empty box to write in)."""
    height = style.leading
    canv.setStrokeColor(line)
    canv.setLineWidth(0.6)
    if mark is Mark.UNKNOWN:
        canv.setFillColor(Color(0.97, 0.95, 0.9))
        canv.rect(x, top - height, box_width, height, stroke=1, fill=1)
        draw_text(canv, x, top - height + (height - style.size) / 2 + style.size * 0.18, "?",
                  style, "center", box_width)
    else:
        canv.rect(x, top - height, box_width, height, stroke=1, fill=0)


@dataclass
class Cell:
    """Text (wrapped into lines) or a mark, at ``x`` within its band, ``width`` wide."""

    x: float
    width: float
    lines: list[str]
    style: TextStyle
    align: str = "left"
    mark: Mark | None = None
    mark_width: float = 0.0
    """The width of a mark's box (0: as wide as the cell)."""

    def line_count(self) -> int:
        """How many lines the cell needs."""
        return 1 if self.mark is not None else len(self.lines)


def cell(x: float, width: float, value: Value, style: TextStyle, align: str = "left",
         mark_width: float = 0.0, pad: float = 0.0) -> Cell:
    """A cell showing ``value``, wrapped to its width less ``pad`` on each side."""
    if isinstance(value, Mark):
        return Cell(x + pad, width - 2 * pad, [], style, align, value, mark_width)
    lines = fonts.wrap(value, style.font, style.size, max(width - 2 * pad, style.size))
    return Cell(x + pad, width - 2 * pad, lines, style, align)


@dataclass
class Band:
    """One horizontal strip of a flowable: cells, an optional fill and a rule below.

    ``group`` ties bands that belong to one box; ``role`` says what the band is to the
    flowable that owns it ("header", "line", ...).
    """

    cells: list[Cell]
    pad: float = 2.0
    min_lines: int = 1
    fill: Color | None = None
    fill_spans: list[tuple[float, float, Color]] = field(default_factory=list)
    rule: Color | None = None
    rule_width: float = 0.4
    rule_spans: list[tuple[float, float]] = field(default_factory=list)
    """Where the rule below is drawn (``(x, width)`` each); empty: the whole band."""
    group: int = 0
    role: str = "line"
    keep_with_next: bool = False
    width: float = 0.0

    @property
    def leading(self) -> float:
        """The line height of the band (its tallest style)."""
        return max((c.style.leading for c in self.cells), default=10.0)

    @property
    def lines(self) -> int:
        """How many text lines tall the band is."""
        return max([self.min_lines, *(c.line_count() for c in self.cells)])

    @property
    def height(self) -> float:
        """The band's height in points."""
        return self.lines * self.leading + 2 * self.pad

    def split(self, room: float) -> tuple[Band, Band] | None:
        """The first lines that fit in ``room`` points and the rest, or None."""
        fit = int((room - 2 * self.pad) // self.leading)
        if fit < 1 or fit >= self.lines:
            return None
        first = replace(self, cells=[replace(c, lines=c.lines[:fit]) for c in self.cells],
                        min_lines=1, rule=None)
        rest = replace(self, cells=[replace(c, lines=c.lines[fit:], mark=None)
                                    for c in self.cells], min_lines=1)
        return first, rest

    def draw(self, canv: Canvas, top: float, line: Color) -> None:
        """Draw the band with its top edge at ``top``."""
        height = self.height
        if self.fill is not None:
            canv.setFillColor(self.fill)
            canv.rect(0, top - height, self.width, height, stroke=0, fill=1)
        for x, span, color in self.fill_spans:
            canv.setFillColor(color)
            canv.rect(x, top - height, span, height, stroke=0, fill=1)
        for item in self.cells:
            style = item.style
            if item.mark is not None:
                box = item.mark_width or item.width
                x = item.x
                if item.align == "center":
                    x += (item.width - box) / 2
                elif item.align == "right":
                    x += item.width - box
                mark_box(canv, x, top - self.pad, style, item.mark, box, line)
                continue
            baseline = top - self.pad - style.leading + (style.leading - style.size) / 2 \
                + style.size * 0.22
            for text in item.lines:
                draw_text(canv, item.x, baseline, text, style, item.align, item.width)
                baseline -= style.leading
        if self.rule is not None:
            canv.setStrokeColor(self.rule)
            canv.setLineWidth(self.rule_width)
            for x, span in self.rule_spans or [(0.0, self.width)]:
                canv.line(x, top - height, x + span, top - height)


class Banded(Flowable):
    """A flowable made of bands, split between bands (or between the lines of one).

    Subclasses say how to build the bands for a width (``build``), which bands to repeat where
    a split part continues (``continuation``), and what to draw over the placed bands
    (``decorate``: box borders, spines).
    """

    line = Color(0.25, 0.22, 0.2)

    def __init__(self) -> None:
        super().__init__()
        self._bands: list[Band] | None = None
        self._built_for = -1.0

    def build(self, width: float) -> list[Band]:
        """The bands for ``width`` points."""
        raise NotImplementedError

    def continuation(self, width: float, following: Band) -> list[Band]:
        """Bands to put before ``following`` where a split part continues."""
        return []

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        """Draw over the bands, each given with its top."""

    def bands(self, width: float) -> list[Band]:
        """The bands, built once per width."""
        if self._bands is None or abs(self._built_for - width) > 0.01:
            self._bands = self.build(width)
            for band in self._bands:
                band.width = width
            self._built_for = width
        return self._bands

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        bands = self.bands(aW)
        self.width = aW
        self.height = sum(b.height for b in bands)
        return self.width, self.height

    def _fragment(self, bands: list[Band]) -> Banded:
        part = copy.copy(self)
        part.__dict__.pop("_postponed", None)  # reportlab's mark on the whole, not the parts
        part._bands = bands
        part.height = sum(b.height for b in bands)
        return part

    def split(self, aW: float, aH: float, /) -> list[Flowable]:
        bands = self.bands(aW)
        taken: list[Band] = []
        rest: list[Band] = []
        used = 0.0
        for index, band in enumerate(bands):
            if used + band.height <= aH + 1e-6:
                taken.append(band)
                used += band.height
                continue
            pieces = band.split(aH - used)
            if pieces is not None:
                taken.append(pieces[0])
                rest = [pieces[1], *bands[index + 1:]]
            else:
                rest = bands[index:]
            break
        while taken and taken[-1].keep_with_next:
            rest.insert(0, taken.pop())
        if not rest or not any(b.role != "header" for b in taken):
            return []
        following = self.continuation(aW, rest[0])
        for band in following:
            band.width = aW
        return [self._fragment(taken), self._fragment(following + rest)]

    def draw(self) -> None:
        top = self.height
        placed = []
        for band in self._bands or []:
            band.draw(self.canv, top, self.line)
            placed.append((band, top))
            top -= band.height
        self.decorate(self.canv, placed)


class Lines(Banded):
    """Plain text, one band per line (a title, a caption)."""

    def __init__(self, text: str, style: TextStyle, align: str = "left",
                 space_after: float = 0.0) -> None:
        super().__init__()
        self.text = text
        self.style = style
        self.align = align
        self.spaceAfter = space_after

    def build(self, width: float) -> list[Band]:
        lines = fonts.wrap(self.text, self.style.font, self.style.size, width)
        return [Band([Cell(0, width, [text], self.style, self.align)], pad=0) for text in lines]


class Boxed(Banded):
    """Bands in a box: the box is drawn around each group of bands, whatever the split."""

    border = 0.8

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        groups: dict[int, tuple[float, float]] = {}
        for band, top in placed:
            start, _end = groups.get(band.group, (top, top))
            groups[band.group] = (start, top - band.height)
        canv.setStrokeColor(self.line)
        canv.setLineWidth(self.border)
        for start, end in groups.values():
            canv.rect(0, end, self.width, start - end, stroke=1, fill=0)


class TextBoxFlowable(Boxed):
    """A titled box of text, with at least ``min_lines`` lines of room."""

    def __init__(self, title: str, text: Value, label: TextStyle, body: TextStyle,
                 min_lines: int, hint: str = "") -> None:
        super().__init__()
        self.title = title
        self.text = text
        self.label = label
        self.body = body
        self.min_lines = min_lines
        self.hint = hint
        self.spaceAfter = 6

    def _label(self, width: float, title: str) -> Band:
        return Band([Cell(6, width - 12, [title], self.label)], pad=2.5, role="header",
                    keep_with_next=True)

    def build(self, width: float) -> list[Band]:
        bands = [self._label(width, self.title)]
        if isinstance(self.text, Mark):
            cells = [Cell(6, 14, [], self.body, mark=self.text, mark_width=14)]
            if self.hint:
                cells.append(Cell(26, width - 32, [self.hint], replace(
                    self.body, color=Color(0.45, 0.42, 0.4), size=self.body.size - 1)))
            bands.append(Band(cells, pad=1.5))
            lines: list[str] = []
        else:
            lines = fonts.wrap(self.text, self.body.font, self.body.size, width - 12)
        bands += [Band([Cell(6, width - 12, [text], self.body)], pad=0.5) for text in lines]
        while len(bands) < self.min_lines + 1:
            bands.append(Band([Cell(6, width - 12, [""], self.body)], pad=0.5))
        bands[-1].pad = 3.0
        return bands

    def continuation(self, width: float, following: Band) -> list[Band]:
        return [self._label(width, f"{self.title} (continued)")]


@dataclass(frozen=True)
class FieldStyles:
    """The styles of a field grid."""

    label: TextStyle
    value: TextStyle
    rule: Color


class FieldGridFlowable(Banded):
    """Rows of "Label: value" fields, the values on ruled lines like a printed form; marks
    print as boxes."""

    def __init__(self, rows: Sequence[Sequence[tuple[str, Value]]], weights: Sequence[float],
                 styles: FieldStyles, space_after: float = 6.0) -> None:
        super().__init__()
        self.rows = rows
        self.weights = weights
        self.styles = styles
        self.spaceAfter = space_after

    def build(self, width: float) -> list[Band]:
        gap = 14.0
        label = self.styles.label
        value = self.styles.value
        total = sum(self.weights) or 1.0
        room = width - gap * (len(self.weights) - 1)
        widths = [room * w / total for w in self.weights]
        label_widths = [
            max((fonts.width(row[i][0] + ":", label.font, label.size) for row in self.rows
                 if i < len(row)), default=0.0) + 5
            for i in range(len(self.weights))]
        bands = []
        for row in self.rows:
            cells: list[Cell] = []
            spans: list[tuple[float, float]] = []
            x = 0.0
            for index, (name, shown) in enumerate(row):
                field_width = widths[index]
                label_width = min(label_widths[index], field_width * 0.6)
                cells.append(cell(x, label_width, name + ":", replace(
                    label, leading=value.leading)))
                value_x = x + label_width
                value_width = field_width - label_width
                blank = shown is Mark.BLANK
                cells.append(cell(value_x, value_width, shown, value,
                                  mark_width=value_width if blank else 16, pad=2))
                if not blank:
                    spans.append((value_x, value_width))
                x += field_width + gap
            bands.append(Band(cells, pad=2.5, rule=self.styles.rule, rule_width=0.6,
                              rule_spans=spans))
        return bands


@dataclass(frozen=True)
class TableStyles:
    """The styles of a table."""

    header: TextStyle
    cell: TextStyle
    total: TextStyle
    muted: TextStyle
    header_fill: Color
    stripe: Color
    rule: Color


class TableFlowable(Banded):
    """A table: a header row (repeated where the table continues) and rows of wrapped cells."""

    def __init__(self, columns: Sequence[tuple[str, float, str]],
                 rows: Sequence[tuple[Sequence[Value], str]], styles: TableStyles) -> None:
        super().__init__()
        self.columns = columns
        self.rows = rows
        self.styles = styles
        self.spaceAfter = 8

    def _widths(self, width: float) -> list[float]:
        total = sum(w for _t, w, _a in self.columns) or 1.0
        return [width * w / total for _t, w, _a in self.columns]

    def _header(self, width: float) -> Band:
        cells = []
        x = 0.0
        for (title, _w, align), column_width in zip(self.columns, self._widths(width),
                                                     strict=True):
            cells.append(cell(x, column_width, title, self.styles.header, align, pad=3))
            x += column_width
        return Band(cells, pad=2.5, fill=self.styles.header_fill, role="header",
                    keep_with_next=True)

    def build(self, width: float) -> list[Band]:
        bands = [self._header(width)]
        widths = self._widths(width)
        for number, (values, tone) in enumerate(self.rows):
            style = {"muted": self.styles.muted, "total": self.styles.total}.get(
                tone, self.styles.cell)
            cells = []
            x = 0.0
            for (_t, _w, align), column_width, value in zip(self.columns, widths, values,
                                                            strict=False):
                cells.append(cell(x, column_width, value, style, align, mark_width=14, pad=3))
                x += column_width
            fill = self.styles.stripe if number % 2 else None
            bands.append(Band(cells, pad=2.0, fill=fill, rule=self.styles.rule,
                              rule_width=0.8 if tone == "total" else 0.3))
        return bands

    def continuation(self, width: float, following: Band) -> list[Band]:
        return [self._header(width)]

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        if not placed:
            return
        top = placed[0][1]
        bottom = placed[-1][1] - placed[-1][0].height
        canv.setStrokeColor(self.line)
        canv.setLineWidth(0.6)
        canv.rect(0, bottom, self.width, top - bottom, stroke=1, fill=0)


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
    cards: Sequence[tuple[str, Value, Value, Value]]
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

    def __init__(self, rows: Sequence[tuple[GridBox, GridBox]], styles: GridStyles,
                 min_lines: int) -> None:
        super().__init__()
        self.rows = rows
        self.styles = styles
        self.min_lines = min_lines
        self.spaceAfter = 8

    def _box_width(self, width: float) -> float:
        return (width - self.spine_width) / 2

    def _columns(self, x: float, box_width: float) -> tuple[float, float, float, float]:
        """x of the name, points, Attribute and court columns of a box starting at ``x``."""
        court = x + box_width - self.court_width - 3
        attribute = court - self.attribute_width
        points = attribute - self.points_width
        return x + 6, points, attribute, court

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
            for label, column_x, column_width in (
                    (box.points_label, points_x, self.points_width),
                    ("Attribute", attribute_x, self.attribute_width),
                    ("Court", court_x, self.court_width)):
                cells.append(Cell(column_x, column_width, [label], self.styles.column,
                                  "center"))
            spans.append((x, box_width, self._tint(box.side)))
        return Band(cells, pad=3.0, fill_spans=spans, group=group, role="header",
                    keep_with_next=True, rule=self.line, rule_width=0.5)

    def _card_cells(self, x: float, box_width: float,
                    card: tuple[str, Value, Value, Value] | None, blank: bool) -> list[Cell]:
        name_x, points_x, attribute_x, court_x = self._columns(x, box_width)
        styles = self.styles
        if card is None:
            if not blank:
                return []
            return [Cell(points_x, self.points_width, [], styles.name, "center", Mark.BLANK,
                         16)]
        name, points, attribute, court = card
        return [
            cell(name_x, points_x - name_x - 2, name, styles.name),
            cell(points_x, self.points_width, points, styles.name, "center", 16),
            cell(attribute_x, self.attribute_width, attribute, styles.small, "center", 14),
            cell(court_x, self.court_width, court, styles.small, "center", 14),
        ]

    def build(self, width: float) -> list[Band]:
        box_width = self._box_width(width)
        right_x = box_width + self.spine_width
        bands: list[Band] = []
        for group, pair in enumerate(self.rows):
            left, right = pair
            bands.append(self._header(width, pair, group))
            count = max(len(left.cards) + left.blank_lines, len(right.cards) + right.blank_lines,
                        self.min_lines)
            for index in range(count):
                cells = []
                for box, x in ((left, 0.0), (right, right_x)):
                    card = box.cards[index] if index < len(box.cards) else None
                    blank = len(box.cards) <= index < len(box.cards) + box.blank_lines
                    cells += self._card_cells(x, box_width, card, blank)
                if not cells:
                    cells = [Cell(6, 10, [""], self.styles.name)]
                bands.append(Band(cells, pad=2.25, group=group, rule=self.styles.rule,
                                  rule_width=0.35,
                                  rule_spans=[(0, box_width), (right_x, box_width)]))
            bands[-1].rule = None
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
        if step < style.size * 0.8:
            return
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


class HeadingFlowable(Banded):
    """A section heading with a rule under it, kept with what follows."""

    def __init__(self, text: str, style: TextStyle, rule: Color) -> None:
        super().__init__()
        self.text = text
        self.style = style
        self.rule_color = rule
        self.keepWithNext = True
        self.spaceBefore = 6
        self.spaceAfter = 4

    def build(self, width: float) -> list[Band]:
        lines = fonts.wrap(self.text, self.style.font, self.style.size, width)
        bands = [Band([Cell(0, width, [text], self.style)], pad=0.5, keep_with_next=True)
                 for text in lines]
        bands[-1].rule = self.rule_color
        bands[-1].rule_width = 0.8
        bands[-1].pad = 2.0
        return bands


class ItemListFlowable(Banded):
    """"Title: item, item, ..." on ruled lines, plus blank ruled lines to write on."""

    def __init__(self, title: str, items: Sequence[str], blank_lines: int, empty: str,
                 label: TextStyle, value: TextStyle, muted: TextStyle, rule: Color) -> None:
        super().__init__()
        self.title = title
        self.items = items
        self.blank_lines = blank_lines
        self.empty = empty
        self.label = label
        self.value = value
        self.muted = muted
        self.rule_color = rule
        self.spaceAfter = 6

    def build(self, width: float) -> list[Band]:
        label_width = fonts.width(self.title + ":", self.label.font, self.label.size) + 6
        text = ", ".join(self.items)
        style = self.value if text or self.blank_lines else self.muted
        shown = text or ("" if self.blank_lines else self.empty)
        lines = fonts.wrap(shown, style.font, style.size, width - label_width - 4)
        lines += [""] * max(0, self.blank_lines - (0 if text else 1))
        label = replace(self.label, leading=self.value.leading)
        bands = []
        for index, text_line in enumerate(lines):
            cells = [Cell(label_width + 2, width - label_width - 2, [text_line], style)]
            if index == 0:
                cells.insert(0, Cell(0, label_width, [self.title + ":"], label))
            bands.append(Band(cells, pad=2.5, rule=self.rule_color, rule_width=0.6,
                              rule_spans=[(label_width, width - label_width)]))
        return bands
