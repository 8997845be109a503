"""The flowables of the simple blocks: a titled text box, a grid of labelled fields, a table
(title, legend and header kept with its first row, header and whose-table line repeated where
it continues, rows never cut), a heading, a list on ruled lines, a note and a tally strip."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from chronicle.export import fonts
from chronicle.export.layout import Band, Banded, Boxed, Cell, TextStyle, cell, flush
from chronicle.export.model import Mark, Value


class TextBoxFlowable(Boxed):
    """A titled box of text, with at least ``min_lines`` lines of room."""

    def __init__(self, title: str, text: Value, label: TextStyle, body: TextStyle,
                 min_lines: int, hint: str = "", keep_whole: bool = True) -> None:
        super().__init__()
        self.title = title
        self.text = text
        self.label = label
        self.body = body
        self.min_lines = min_lines
        self.hint = hint
        self.keep_whole = keep_whole
        self.grow = False
        """May take more lines to fill the rest of a one-page part's page."""
        self.spaceAfter = 5

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
            lines = lines if any(lines) else []
        flush = "right" if isinstance(self.text, str) and fonts.reads_right_to_left(
            self.text) else "left"  # a Hebrew or Arabic text reads from the right edge
        bands += [Band([Cell(6, width - 12, [text], self.body, flush)], pad=0.5)
                  for text in lines]
        while len(bands) < self.min_lines + 1:
            bands.append(Band([Cell(6, width - 12, [""], self.body)], pad=0.5))
        bands[-1].pad = 2.5
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
    print as boxes (an empty box to write in is as wide as its field, inside it)."""

    keep_whole = True

    def __init__(self, rows: Sequence[Sequence[tuple[str, Value]]], weights: Sequence[float],
                 styles: FieldStyles, space_after: float = 5.0) -> None:
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
                                  mark_width=value_width - 4 if blank else 16, pad=2))
                if not blank:
                    spans.append((value_x, value_width))
                x += field_width + gap
            _on_their_rules(cells)
            bands.append(Band(cells, pad=2.5, rule=self.styles.rule, rule_width=0.6,
                              rule_spans=spans, whole=True))
        return bands


def _on_their_rules(cells: list[Cell]) -> None:
    """Where one value of a row wraps (a long name), the fields of fewer lines are set on the
    row's last line, just above their rules ("Might: 2" beside the third line of a name, not
    above it); ``cells`` are label and value by turns, a boxed value stays as it is."""
    lines = max((c.line_count() for c in cells), default=1)
    for label, value in zip(cells[::2], cells[1::2], strict=True):
        if value.mark is not None or len(value.lines) >= lines:
            continue
        value.lines = [""] * (lines - len(value.lines)) + value.lines
        label.lines = [""] * (lines - len(label.lines)) + label.lines


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
    title: TextStyle
    legend: TextStyle


SHORT_TABLE = 4
"""Tables of at most this many rows are never split between pages."""


class TableFlowable(Banded):
    """A table: its title and legend, a header row (repeated, after a "whose table" line,
    where the table continues) and rows of wrapped cells, never cut; blank rows at the end."""

    def __init__(self, columns: Sequence[tuple[str, float, str]],
                 rows: Sequence[tuple[Sequence[Value], str]], styles: TableStyles, *,
                 title: str = "", legend: str = "", context: str = "",
                 blank_rows: int = 0, fill: bool = False, optional: bool = False) -> None:
        super().__init__()
        self.fill = fill
        self.optional = optional
        """Blank rows may fill the rest of the last page (the renderer sets ``fill_room``
        on the last such table of a page)."""
        self.columns = columns
        self.rows = rows
        self.styles = styles
        self.title = title
        self.legend = legend
        self.context = context
        self.blank_rows = blank_rows
        self.keep_whole = len(rows) + blank_rows <= SHORT_TABLE
        """A short table (three rows to write in) moves to the next page whole: never two
        rows here and one there."""
        self.spaceAfter = 7
        self._at_top = False
        """Starts a page (whole): its ``context`` line says whose table it is."""
        self._piece = False
        """A part of the table split at a page break (its head is already repeated)."""

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        at_top = bool(self.context) and not self._piece and aH >= self.page_height - 1.0
        if at_top != self._at_top:
            self._at_top = at_top
            self._bands = None  # built again, with or without the whose-table line
        return super().wrap(aW, aH)

    def _fragment(self, bands: list[Band], heights: list[float]) -> Banded:
        part = super()._fragment(bands, heights)
        if isinstance(part, TableFlowable):
            part._piece = True
        return part

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
                    keep_with_next=True, whole=True)

    def _caption(self, width: float, text: str, style: TextStyle, rule: bool) -> list[Band]:
        lines = fonts.wrap(text, style.font, style.size, width)
        bands = [Band([Cell(0, width, [line], style)], pad=0.5, role="caption",
                      keep_with_next=True) for line in lines]
        if rule:
            bands[-1].rule = style.color
            bands[-1].rule_width = 0.8
        bands[-1].pad = 2.0
        return bands

    def _row(self, widths: list[float], values: Sequence[Value], tone: str,
             number: int) -> Band:
        """One row's band (``tone`` "blank": an empty row to write on)."""
        style = {"muted": self.styles.muted, "total": self.styles.total}.get(
            tone, self.styles.cell)
        cells = []
        x = 0.0
        for (_t, _w, align), column_width, value in zip(self.columns, widths, values,
                                                        strict=False):
            cells.append(cell(x, column_width, value, style, align, mark_width=14, pad=3))
            x += column_width
        fill = self.styles.stripe if number % 2 and tone != "blank" else None
        pad = 5.0 if tone == "blank" else 2.0  # room to write by hand
        return Band(cells, pad=pad, fill=fill, rule=self.styles.rule,
                    rule_width=0.8 if tone == "total" else 0.3, whole=True,
                    role="spare" if tone == "blank" and self.rows else "line")

    def build(self, width: float) -> list[Band]:
        bands: list[Band] = []
        if self._at_top:  # a table of a section begun on the page before: whose it is
            bands += self._caption(width, self.context, self.styles.title, rule=True)
        if self.title:
            bands += self._caption(width, self.title, self.styles.title, rule=True)
        if self.legend:
            bands += self._caption(width, self.legend, self.styles.legend, rule=False)
        bands.append(self._header(width))
        widths = self._widths(width)
        rows = list(self.rows) + [(("",) * len(self.columns), "blank")] * self.blank_rows
        for number, (values, tone) in enumerate(rows):
            if tone == "total" and number:  # a total row never starts a page alone
                bands[-1].break_after = False
            bands.append(self._row(widths, values, tone, number))
        return bands

    def spare(self, width: float) -> Band | None:
        band = self._row(self._widths(width), ("",) * len(self.columns), "blank", 0)
        band.role = "spare"
        return band

    def continuation(self, width: float, following: Band) -> list[Band]:
        bands = (self._caption(width, self.context, self.styles.title, rule=True)
                 if self.context else [])
        return [*bands, self._header(width)]

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        self.draw_frame(canv, [(band, top) for band, top in placed if band.role != "caption"])


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
    """"Title: item, item, ..." on ruled lines, plus blank ruled lines to write on. With
    ``max_lines`` the items that do not fit are counted instead: "+ 12 more"."""

    keep_whole = True

    def __init__(self, title: str, items: Sequence[str], blank_lines: int, empty: str,
                 label: TextStyle, value: TextStyle, muted: TextStyle, rule: Color,
                 max_lines: int = 0) -> None:
        super().__init__()
        self.title = title
        self.items = items
        self.blank_lines = blank_lines
        self.empty = empty
        self.label = label
        self.value = value
        self.muted = muted
        self.rule_color = rule
        self.max_lines = max_lines
        self.spaceAfter = 5

    def _lines(self, room: float, style: TextStyle) -> list[str]:
        items = list(self.items)
        lines = fonts.wrap(", ".join(items), style.font, style.size, room)
        if not self.max_lines or len(lines) <= self.max_lines:
            return lines
        for shown in range(len(items) - 1, 0, -1):
            text = ", ".join(items[:shown]) + f" + {len(items) - shown} more"
            lines = fonts.wrap(text, style.font, style.size, room)
            if len(lines) <= self.max_lines:
                return lines
        return fonts.wrap(f"{len(items)} quests", style.font, style.size, room)

    def build(self, width: float) -> list[Band]:
        label_width = fonts.width(self.title + ":", self.label.font, self.label.size) + 6
        style = self.value if self.items or self.blank_lines else self.muted
        room = width - label_width - 4
        if self.items:
            lines = self._lines(room, style)
        else:
            lines = [self.empty if not self.blank_lines else ""]
        lines += [""] * max(0, self.blank_lines - (0 if self.items else 1))
        label = replace(self.label, leading=self.value.leading)
        joined = ", ".join(self.items)
        align, base = flush(joined), fonts.direction(joined)  # Hebrew items: from the right
        bands = []
        for index, text_line in enumerate(lines):
            cells = [Cell(label_width + 2, width - label_width - 2, [text_line], style, align,
                          base=base)]
            if index == 0:
                cells.insert(0, Cell(0, label_width, [self.title + ":"], label))
            bands.append(Band(cells, pad=2.5, rule=self.rule_color, rule_width=0.6,
                              rule_spans=[(label_width, width - label_width)]))
        return bands


class NoteFlowable(Banded):
    """A short paragraph: a bold label, then text wrapped beside it (hanging indent)."""

    def __init__(self, label: str, text: str, label_style: TextStyle, style: TextStyle) -> None:
        super().__init__()
        self.label = label
        self.text = text
        self.label_style = label_style
        self.style = style
        self.spaceAfter = 2.5

    def build(self, width: float) -> list[Band]:
        indent = (fonts.width(self.label, self.label_style.font, self.label_style.size) + 4
                  if self.label else 0.0)
        indent = min(indent, width / 3)
        lines = fonts.wrap(self.text, self.style.font, self.style.size, width - indent)
        align, base = flush(self.text), fonts.direction(self.text)
        bands = []
        for index, line in enumerate(lines):
            cells = [Cell(indent, width - indent, [line], self.style, align, base=base)]
            if index == 0 and self.label:
                cells.insert(0, Cell(0, indent, [self.label], replace(
                    self.label_style, leading=self.style.leading)))
            bands.append(Band(cells, pad=0.0, break_after=index == len(lines) - 1
                              or len(lines) > 3))
        return bands


class TallyFlowable(Banded):
    """A strip of small boxes to tick, one per point, in groups of five."""

    keep_whole = True

    def __init__(self, title: str, boxes: int, ticked: int, hint: str, label: TextStyle,
                 hint_style: TextStyle, line: Color) -> None:
        super().__init__()
        self.title = title
        self.boxes = boxes
        self.ticked = ticked
        self.hint = hint
        self.label = label
        self.hint_style = hint_style
        self.line_color = line
        self.spaceAfter = 5

    def build(self, width: float) -> list[Band]:
        label_width = fonts.width(self.title + ":", self.label.font, self.label.size) + 6
        return [Band([Cell(0, label_width, [self.title + ":"], replace(self.label,
                                                                        leading=12))],
                     pad=1.5, min_lines=1, whole=True),
                Band([Cell(0, width, [self.hint], self.hint_style)], pad=0.5)]

    def decorate(self, canv: Canvas, placed: list[tuple[Band, float]]) -> None:
        if not placed:
            return
        band, top = placed[0]
        label_width = fonts.width(self.title + ":", self.label.font, self.label.size) + 6
        room = self.width - label_width - 1
        groups = (self.boxes + 4) // 5
        size = min(11.0, (room - (groups - 1) * 4) / max(self.boxes, 1))
        x = label_width
        canv.setStrokeColor(self.line_color)
        canv.setLineWidth(0.6)
        for index in range(self.boxes):
            if index and index % 5 == 0:
                x += 4
            bottom = top - band.pad - size
            canv.rect(x + 0.3, bottom, size - 0.6, size - 0.6, stroke=1, fill=0)
            if index < self.ticked:
                canv.line(x + 2, bottom + 2, x + size - 2.6, bottom + size - 2.6)
            x += size
