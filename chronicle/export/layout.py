"""The stuff the renderer's flowables are made of: text drawn run by run, cells, bands, and
``Banded``, a flowable that is a stack of horizontal bands (a header, a row, one line of text).

Where a page ends, a banded flowable breaks only where its bands allow (between table rows,
between rows of card boxes, never inside a row), and a block marked ``keep_whole`` moves to the
next page whole when it fits there. Only what is taller than a page is cut, and a band of
several text lines then splits between its lines, so nothing a user typed (a name of a thousand
characters, a background of ten pages) can be too tall for a page: it flows on, and the part
that continues gets its header again ("Abilities (continued)").

Layout is linear in the bands: each band's height is measured once, and a page break looks
only at the bands it places (a 10,000-event log lays out in about two seconds). A flowable
asked to (``fill_room``) repeats its ``spare`` band to fill the rest of its page.

Text is drawn run by run in the fonts ``fonts.runs`` picks (CJK in the static weight
``fonts.static_face`` gives), so any script prints; every string is plain text (no markup is
parsed here).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from chronicle.export import fonts
from chronicle.export.model import Mark, Value


@dataclass(frozen=True)
class TextStyle:
    """Font, size, line height and colour of a kind of text."""

    font: str
    size: float
    leading: float
    color: Color


def draw_text(canv: Canvas, x: float, y: float, text: str, style: TextStyle,
              align: str = "left", room: float = 0.0, base: str = "") -> None:
    """Draw one line at baseline ``y``; ``align`` within ``room`` points from ``x``; ``base``:
    the direction of the paragraph the line was wrapped from ("" : the line's own)."""
    if not text:
        return
    if align != "left":
        shift = room - fonts.width(text, style.font, style.size)
        x += shift / 2 if align == "center" else shift
    canv.setFillColor(style.color)
    for face, part in fonts.runs(fonts.visual(text, base), style.font):
        name = fonts.static_face(face, style.font, part) or face  # CJK in a real weight
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
    inset = 0.3  # the stroke stays inside the box's room
    if mark is Mark.UNKNOWN:
        canv.setFillColor(Color(0.97, 0.95, 0.9))
        canv.rect(x + inset, top - height + inset, box_width - 2 * inset, height - 2 * inset,
                  stroke=1, fill=1)
        draw_text(canv, x, top - height + (height - style.size) / 2 + style.size * 0.18, "?",
                  style, "center", box_width)
    else:
        canv.rect(x + inset, top - height + inset, box_width - 2 * inset, height - 2 * inset,
                  stroke=1, fill=0)


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
    base: str = ""
    """The direction its text reads in, said once for the whole text ("L", "R"; "": each
    line its own), so a wrapped paragraph's lines all read one way."""

    def line_count(self) -> int:
        """How many lines the cell needs."""
        return 1 if self.mark is not None else len(self.lines)


def flush(text: str, align: str = "left") -> str:
    """Where a text is set in its cell: a Hebrew or Arabic text (most of its letters read
    right to left) that would be set flush left is set flush right, at the edge its reader
    starts from; any other alignment is kept."""
    return "right" if align == "left" and fonts.reads_right_to_left(text) else align


def cell(x: float, width: float, value: Value, style: TextStyle, align: str = "left",
         mark_width: float = 0.0, pad: float = 0.0) -> Cell:
    """A cell showing ``value``, wrapped to its width less ``pad`` on each side; a Hebrew or
    Arabic value is set flush right (``flush``), every line of it read right to left."""
    if isinstance(value, Mark):
        return Cell(x + pad, width - 2 * pad, [], style, align, value, mark_width)
    lines = fonts.wrap(value, style.font, style.size, max(width - 2 * pad, style.size))
    base = fonts.direction(value) if len(lines) > 1 else ""
    return Cell(x + pad, width - 2 * pad, lines, style, flush(value, align), base=base)


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
    whole: bool = False
    """Never cut between its lines (a table row, a line of card boxes)."""
    break_after: bool = True
    """A page may end after this band (False: it stays with the next one)."""
    strikes: list[tuple[float, float]] = field(default_factory=list)
    """Lines struck through the band's first text line (``(x, width)`` each)."""

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

    def split(self, room: float, force: bool = False) -> tuple[Band, Band] | None:
        """The first lines that fit in ``room`` points and the rest, or None (always None
        for a ``whole`` band unless ``force``: it is taller than a page)."""
        fit = int((room - 2 * self.pad) // self.leading)
        if (self.whole and not force) or fit < 1 or fit >= self.lines:
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
                draw_text(canv, item.x, baseline, text, style, item.align, item.width,
                          item.base)
                baseline -= style.leading
        if self.strikes:
            leading = self.leading
            middle = top - self.pad - leading / 2
            canv.setStrokeColor(line)
            canv.setLineWidth(0.8)
            for x, span in self.strikes:
                canv.line(x, middle, x + span, middle)
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
    keep_whole = False
    """Moves to the next page whole when it does not fit the rest of this one (and fits a
    page); otherwise breaks where its bands allow."""
    page_height = 10_000.0
    """The height of a whole page's frame (set by the renderer)."""
    fill = False
    """Asks to fill the rest of its last page with spare bands (the renderer lets the last
    such flowable of each page do so: ``fill_room``)."""
    fill_room = False
    """Spare bands (``spare``) fill the rest of the page below the last band, less
    ``fill_reserve`` points kept for what follows on the page (set by the renderer)."""
    fill_reserve = 0.0
    optional = False
    """Drawn only where it fits whole in the room left on its page; elsewhere it takes no
    room and draws nothing (rows to write in, worth no page of their own)."""

    def __init__(self) -> None:
        super().__init__()
        self._bands: list[Band] | None = None
        self._heights: list[float] = []
        """The height of each band, measured once (a page break never adds them up again)."""
        self._total = 0.0
        self._extra: list[Band] = []
        """Spare bands added below the last band to fill the page (``fill_room``)."""
        self._built_for = -1.0
        self._left_out = False
        """An ``optional`` flowable that did not fit the room it was offered."""

    def build(self, width: float) -> list[Band]:
        """The bands for ``width`` points."""
        raise NotImplementedError

    def continuation(self, width: float, following: Band) -> list[Band]:
        """Bands to put before ``following`` where a split part continues."""
        return []

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        """Draw over the bands, each given with its top."""

    def draw_frame(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        """A thin frame around ``placed`` (bands with their tops, top first), as wide as the
        flowable (a table's border); nothing when no band is placed."""
        if not placed:
            return
        top = placed[0][1]
        bottom = placed[-1][1] - placed[-1][0].height
        canv.setStrokeColor(self.line)
        canv.setLineWidth(0.6)
        canv.rect(0, bottom, self.width, top - bottom, stroke=1, fill=0)

    def spare(self, width: float) -> Band | None:
        """A band to repeat where the flowable fills the rest of its page (``fill_room``): a
        blank row to write in. None: the flowable never fills."""
        return None

    def bands(self, width: float) -> list[Band]:
        """The bands, built once per width (their heights measured once with them)."""
        if self._bands is None or abs(self._built_for - width) > 0.01:
            self._bands = self.build(width)
            for band in self._bands:
                band.width = width
            self._heights = [band.height for band in self._bands]
            self._total = sum(self._heights)
            self._built_for = width
        return self._bands

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.bands(aW)
        self.width = aW
        self._extra = []
        self._left_out = self.optional and self._total > aH + 1e-6
        if self._left_out:
            self.height = 0.0
            return self.width, 0.0
        if self.fill_room and self._total <= aH:
            band = self.spare(aW)
            if band is not None:
                band.width = aW
                room = aH - self._total - self.getSpaceAfter() - self.fill_reserve - 1.0
                self._extra = [band] * max(0, int(room // band.height))
        self.height = self._total + sum(band.height for band in self._extra)
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        return 0.0 if self._left_out else float(super().getSpaceBefore())

    def getSpaceAfter(self) -> float:
        return 0.0 if self._left_out else float(super().getSpaceAfter())

    def _fragment(self, bands: list[Band], heights: list[float]) -> Banded:
        part = copy.copy(self)
        part.__dict__.pop("_postponed", None)  # reportlab's mark on the whole, not the parts
        part._bands = bands
        part._extra = []
        part._heights = heights
        part._total = sum(heights)
        part.height = part._total
        return part

    def split(self, aW: float, aH: float, /) -> list[Flowable]:
        """The part that fits in ``aH`` and the rest. Linear in the bands placed: heights
        are measured once (``bands``), and a page break looks only at the bands it places."""
        bands = self.bands(aW)
        heights = self._heights
        fresh = aH >= self.page_height - 1.0
        if self.keep_whole and not fresh and self._total <= self.page_height:
            return []  # moves to the next page whole
        taken = self._fitting(bands, heights, aH, strict=True)
        if taken is None and fresh:  # taller than a page: cut where it must
            taken = self._fitting(bands, heights, aH, strict=False)
        if taken is None:
            return []
        (done, done_heights), (rest, rest_heights) = taken
        if all(band.role == "spare" for band in rest):
            return [self._fragment(done, done_heights)]  # spare rows never start a page
        following = self.continuation(aW, rest[0])
        for band in following:
            band.width = aW
        first = self._fragment(done, done_heights)
        first.fill_room = False  # rows to write in come after the last band, never mid-way
        return [first,
                self._fragment(following + rest, [b.height for b in following] + rest_heights)]

    def _fitting(self, bands: list[Band], heights: list[float], room: float,
                 strict: bool) -> tuple[tuple[list[Band], list[float]],
                                        tuple[list[Band], list[float]]] | None:
        """The bands that fit in ``room`` up to a place a page may end, and the rest (each
        with their heights); with ``strict`` off, any band boundary will do and a band may be
        cut between its lines."""
        used = 0.0
        count = 0
        for height in heights:
            if used + height > room + 1e-6:
                break
            used += height
            count += 1
        if count >= len(bands):
            return None
        cut = count
        while cut and (bands[cut - 1].keep_with_next
                       or (strict and not bands[cut - 1].break_after)):
            cut -= 1
        if not strict:  # a fresh page: cut the band that does not fit between its lines
            pieces = bands[count].split(room - used, force=True)
            if pieces is not None:
                done = [*bands[:count], pieces[0]]
                if any(b.role != "header" for b in done):
                    return ((done, [*heights[:count], pieces[0].height]),
                            ([pieces[1], *bands[count + 1:]],
                             [pieces[1].height, *heights[count + 1:]]))
        if not cut or not any(b.role != "header" for b in bands[:cut]):
            return None
        return (bands[:cut], heights[:cut]), (bands[cut:], heights[cut:])

    def draw(self) -> None:
        if self._left_out:
            return
        top = self.height
        placed = []
        for band in [*(self._bands or []), *self._extra]:
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
        base = fonts.direction(self.text) if len(lines) > 1 else ""
        return [Band([Cell(0, width, [text], self.style, self.align, base=base)], pad=0)
                for text in lines]


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


