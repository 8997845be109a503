"""The reportlab renderer: a ``document.Document`` laid out as a PDF, written to a binary stream.

The page (size, margins), the fonts and the colours are class attributes of ``PdfRenderer``, so
a variant (other colours) is a subclass; the paper (A4 or US Letter) is chosen per render. A
character sheet is set as loosely as still fits one page (``DENSITIES``: each tightening taken
back while it fits, then its boxes to write in take the room left). The stylesheet, the page
template, the page decorations and the story are separate methods. Pages are numbered
"Page X of Y" by ``NumberedCanvas``, which draws every footer once the page count is known,
counting the file's pages (a player's file of three sheets prints "Page 2 of 3" on the second,
whose footer names its own character). A part may share the previous part's page when both fit
(``Part.new_page``); the last table of a page that asks
(``Table.fill``) fills it with blank rows; a short document's nearly empty last page is saved
by slightly smaller type (``TIGHTER``).

Import this module only when exporting: it loads reportlab.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import IO, Any

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
)

from chronicle.export import fonts
from chronicle.export.blocks import (
    FieldGridFlowable,
    FieldStyles,
    HeadingFlowable,
    ItemListFlowable,
    NoteFlowable,
    TableFlowable,
    TableStyles,
    TallyFlowable,
    TextBoxFlowable,
)
from chronicle.export.grid import CardGridFlowable, GridBox, GridStyles
from chronicle.export.layout import Banded, Lines, TextStyle, draw_text
from chronicle.export.model import (
    Block,
    CardBox,
    CardGrid,
    Chart,
    Document,
    FieldGrid,
    Heading,
    ItemList,
    Note,
    Part,
    RosterTable,
    Table,
    Tally,
    TextBox,
    Together,
)
from chronicle.export.numbering import NumberedCanvas, PartStart
from chronicle.export.roster import RosterFlowable

PAPER = {"a4": A4, "letter": LETTER}
"""The paper sizes, by the name ``--paper`` takes."""


@dataclass(frozen=True)
class Density:
    """How tightly a one-page part is set: the type scale, the lines each row of card boxes
    has at least, their padding, and the scale of text that may shrink (a background)."""

    scale: float
    grid_lines: int
    grid_pad: float
    shrink: float
    spare: int = 2
    """At most this many spare lines in a card box (the pencil sheet)."""


DENSITIES = (Density(1.0, 5, 2.25, 1.0), Density(1.0, 3, 2.0, 0.9),
             Density(0.95, 2, 1.6, 0.85), Density(0.93, 2, 1.5, 0.8, 1),
             Density(0.9, 1, 1.2, 0.76, 1), Density(0.86, 1, 1.0, 0.72, 1),
             Density(0.83, 1, 0.9, 0.69, 1), Density(0.8, 1, 0.8, 0.66, 1))
"""Tried in order until a character sheet fits its page (then the text that may shrink is set
as large as still fits)."""
TIGHTER = (Density(0.95, 5, 2.0, 1.0), Density(0.9, 5, 1.8, 1.0), Density(0.85, 5, 1.6, 1.0))
"""Tried for the parts that flow over pages (a log, a game sheet) when their last page would
stand nearly empty: the type a little smaller saves the page."""
SAVED_PAGES = 4
"""Only a document of at most this many pages is set again to save its last page (a long log
is not laid out four times for it)."""


@dataclass(frozen=True)
class Styles:
    """Every style of the documents."""

    brand: TextStyle
    kind: TextStyle
    title: TextStyle
    caption: TextStyle
    footer: TextStyle
    label: TextStyle
    value: TextStyle
    box_label: TextStyle
    body: TextStyle
    heading: TextStyle
    grid: GridStyles
    fields: FieldStyles
    table: TableStyles
    muted: TextStyle
    note: TextStyle
    note_label: TextStyle


class PdfRenderer:
    """Lays documents out on A4 (or US Letter) pages with the sheet's fonts and colours."""

    page_size: tuple[float, float] = A4
    margin_left = 14 * mm
    margin_right = 14 * mm
    margin_top = 15 * mm
    margin_bottom = 15 * mm
    font = fonts.REGULAR
    semibold_font = fonts.SEMIBOLD
    bold_font = fonts.BOLD
    italic_font = fonts.ITALIC
    ink = Color(0.13, 0.11, 0.1)
    muted_ink = Color(0.45, 0.42, 0.4)
    line = Color(0.25, 0.22, 0.2)
    rule = Color(0.72, 0.69, 0.66)
    merit = Color(0.54, 0.41, 0.16)
    merit_tint = Color(0.96, 0.92, 0.82)
    flaw = Color(0.36, 0.23, 0.45)
    flaw_tint = Color(0.92, 0.88, 0.95)
    stripe = Color(0.97, 0.96, 0.94)
    error_ink = Color(0.62, 0.12, 0.1)
    warning_ink = Color(0.5, 0.36, 0.05)
    heading_ink = Color(0.22, 0.2, 0.18)
    heading_size = 7.5
    """Column headings are never set smaller, however tight the page (legible at arm's
    length and on a photocopy), nor lighter than ``heading_ink``."""
    grid_min_lines = 5
    """Lines each row of card boxes has at least, like the printed sheet."""

    def __init__(self, paper: str | None = None) -> None:
        self.flowing = DENSITIES[0]
        """How the parts that flow over pages are set (``render`` may tighten it)."""
        if paper is not None:
            self.page_size = PAPER[paper]
        self._scratch: Canvas | None = None
        """The canvas flowables are measured on before the document is built."""
        fonts.register_fonts()
        self.styles = self.stylesheet()

    # -- styles and page furniture ----------------------------------------------------------

    def stylesheet(self, scale: float = 1.0) -> Styles:
        """Every style used, derived from the class attributes, type scaled by ``scale``."""
        def style(font: str, size: float, leading: float | None = None,
                  color: Color | None = None) -> TextStyle:
            return TextStyle(font, size * scale, (leading or size * 1.25) * scale,
                             color or self.ink)

        small = style(self.font, 7.5, 11.5)
        return Styles(
            brand=style(self.semibold_font, 7.5, color=self.merit),
            kind=style(self.semibold_font, 9, color=self.merit),
            title=style(self.bold_font, 19, 22),
            caption=style(self.font, 9.5, 12, self.muted_ink),
            footer=style(self.font, 7.5, color=self.muted_ink),
            label=style(self.semibold_font, 8.5, color=self.muted_ink),
            value=style(self.font, 11, 14),
            box_label=style(self.semibold_font, 8, 10, self.merit),
            body=style(self.font, 9.5, 12.5),
            heading=style(self.semibold_font, 12, 15, self.flaw),
            grid=GridStyles(
                title=style(self.semibold_font, 10, 12),
                column=TextStyle(self.semibold_font, max(self.heading_size, 7.5 * scale),
                                 12 * scale, self.heading_ink),
                name=style(self.font, 9, 11.5), small=small,
                spine=style(self.bold_font, 11, 12, Color(1, 1, 1)), merit=self.merit,
                merit_tint=self.merit_tint, flaw=self.flaw, flaw_tint=self.flaw_tint,
                rule=self.rule),
            fields=FieldStyles(label=style(self.semibold_font, 8.5, color=self.muted_ink),
                               value=style(self.font, 11, 14), rule=self.line),
            table=TableStyles(
                header=TextStyle(self.semibold_font, max(self.heading_size, 8 * scale),
                                 max(self.heading_size * 1.25, 10 * scale), self.ink),
                cell=style(self.font, 8.5, 10.5),
                total=style(self.semibold_font, 8.5, 10.5),
                muted=style(self.font, 8.5, 10.5, self.muted_ink),
                header_fill=self.merit_tint, stripe=self.stripe, rule=self.rule,
                title=style(self.semibold_font, 12, 15, self.flaw),
                legend=style(self.font, 8, 10, self.muted_ink)),
            muted=style(self.font, 9.5, 12.5, self.muted_ink),
            note=style(self.font, 8.5, 10.5),
            note_label=style(self.bold_font, 8.5, 10.5),
        )

    def page_template(self) -> PageTemplate:
        """The one page layout: a frame inside the margins, decorated by ``decorate``."""
        width, height = self.page_size
        frame = Frame(self.margin_left, self.margin_bottom,
                      width - self.margin_left - self.margin_right,
                      height - self.margin_top - self.margin_bottom,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")
        return PageTemplate(id="page", frames=[frame], onPage=self.decorate,
                            pagesize=self.page_size)

    def decorate(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        """What every page has: the game's name above and a rule above the footer."""
        width, height = self.page_size
        canvas.saveState()
        canvas.setStrokeColor(self.merit)
        canvas.setLineWidth(1.2)
        top = height - self.margin_top + 7
        canvas.line(self.margin_left, top, width - self.margin_right, top)
        brand = self.styles.brand
        draw_text(canvas, self.margin_left, top + 3, "ARCADIA CHRONICLE", brand, "right",
                  width - self.margin_left - self.margin_right)
        canvas.setStrokeColor(self.rule)
        canvas.setLineWidth(0.5)
        bottom = self.margin_bottom - 6
        canvas.line(self.margin_left, bottom, width - self.margin_right, bottom)
        canvas.restoreState()

    def brand(self, canvas: Canvas, title: str) -> None:
        """The edition's own title at the head of a page (drawn once the page's part is
        known)."""
        _width, height = self.page_size
        canvas.saveState()
        draw_text(canvas, self.margin_left, height - self.margin_top + 10, title,
                  self.styles.brand)
        canvas.restoreState()

    def footer(self, canvas: Canvas, label: str, page: int, pages: int) -> None:
        """The footer of one page: whose part it is, and "Page X of Y"."""
        width, _height = self.page_size
        style = self.styles.footer
        baseline = self.margin_bottom - 15
        room = width - self.margin_left - self.margin_right
        number = f"Page {page} of {pages}"
        number_width = fonts.width(number, style.font, style.size)
        lines = fonts.wrap(label, style.font, style.size, room - number_width - 20)
        shown = lines[0] + (" …" if len(lines) > 1 else "")
        canvas.saveState()
        draw_text(canvas, self.margin_left, baseline, shown, style)
        draw_text(canvas, self.margin_left, baseline, number, style, "right", room)
        canvas.restoreState()

    # -- the story --------------------------------------------------------------------------

    @property
    def frame_size(self) -> tuple[float, float]:
        """The width and height of the text frame."""
        width, height = self.page_size
        return (width - self.margin_left - self.margin_right,
                height - self.margin_top - self.margin_bottom)

    def story(self, document: Document) -> list[Flowable]:
        """Every flowable of the document: each part on new pages (but a part that may share
        the previous one's page when both fit on it), then the last table of each page that
        may fill its page with blank rows is told to."""
        story: list[Flowable] = []
        previous: list[Flowable] = []
        for index, part in enumerate(document.parts):
            flowables = self.part_story(part)
            if index and not part.new_page:
                flowables[0].spaceBefore = 14
            shared = bool(index) and not part.new_page and not any(
                isinstance(f, PageBreak) for f in previous) and self.fits(
                    [*previous, *flowables])
            if index and not shared:
                story.append(PageBreak())
                previous = []
            footer = part.footer
            if shared:  # one page, two parts: its footer names both
                footer = f"{document.parts[index - 1].footer} · {part.kind}"
            story.append(PartStart(footer, part.brand))
            story.extend(flowables)
            previous += flowables
        self.fill_pages(story)
        return story

    def fill_pages(self, story: list[Flowable]) -> None:
        """Let the last table or roster asking to fill (``Table.fill``, ``RosterTable.fill``)
        before each page break fill the rest of its page with blank rows, keeping room for
        what follows it on the page."""
        width, height = self.frame_size
        reserve = 0.0
        filler_seen = False
        for flowable in reversed(story):
            if isinstance(flowable, PageBreak):
                reserve, filler_seen = 0.0, False
                continue
            if isinstance(flowable, Banded) and flowable.fill and not filler_seen:
                flowable.fill_room = True
                flowable.fill_reserve = reserve
                filler_seen = True
            if not filler_seen:
                _w, h = self.measure(flowable, width, height)
                reserve += h + flowable.getSpaceAfter() + flowable.getSpaceBefore()

    def part_story(self, part: Part) -> list[Flowable]:
        """One part's flowables. A one-page part is set as loosely as fits its page; when
        nothing does, its last findings are counted instead of printed (the app lists them),
        and then the blocks that may move (a long background) go to a page of their own at
        the end, whole, in type as large as fits that page, and the rest stays together."""
        if not part.one_page:
            return self.flowables_of(part, part.blocks, self.flowing)
        for index, density in enumerate(DENSITIES):
            flowables = self.flowables_of(part, part.blocks, density)
            if self.fits(flowables):
                if index:  # the page is used before anything shrinks
                    density, flowables = self.loosened(part, density, DENSITIES[index - 1],
                                                       flowables)
                for shrink in sorted({d.shrink for d in DENSITIES[:index]} - {density.shrink},
                                     reverse=True):  # a long background as large as fits
                    larger = self.flowables_of(part, part.blocks,
                                               replace(density, shrink=shrink))
                    if self.fits(larger):
                        return self.grown(larger)
                return self.grown(flowables)
        fewer = self.fewer_findings(part, part.blocks, DENSITIES[-1])
        if fewer is not None:  # findings give way before what the player wrote
            return fewer
        movable = [b for b in part.blocks if isinstance(b, TextBox) and b.shrink]
        kept = tuple(b for b in part.blocks if not any(b is m for m in movable))
        densest = DENSITIES[-1]
        main = self.flowables_of(part, kept, DENSITIES[0])
        for density in DENSITIES:
            main = self.flowables_of(part, kept, density)
            if self.fits(main):
                break
        else:
            main = self.fewer_findings(part, kept, densest) or main
        if not movable:
            return main
        for density in DENSITIES:  # on a page of its own: as large as fits that page
            moved = [f for block in movable for f in self.flowables(block, self.styles, density)]
            if self.fits(moved):
                break
        return [*main, PageBreak(), *moved]

    def loosened(self, part: Part, density: Density, looser: Density,
                 flowables: list[Flowable]) -> tuple[Density, list[Flowable]]:
        """``density`` (which fits) with each of its tightenings taken back, one at a time,
        toward ``looser`` (which does not fit) while the part still fits its page: spare
        lines first, then lines per row of card boxes, padding, and the type scale, so no
        section is cut to two or three rows while part of the page stays blank."""
        best = density
        trials: list[Callable[[Density], Density]] = [
            lambda d: replace(d, spare=looser.spare),
            *((lambda d, n=lines: replace(d, grid_lines=n))
              for lines in range(looser.grid_lines, density.grid_lines, -1)),
            lambda d: replace(d, grid_pad=looser.grid_pad),
            lambda d: replace(d, scale=looser.scale),
            lambda d: replace(d, scale=(looser.scale + density.scale) / 2)]
        for change in trials:
            trial = change(best)
            if trial == best:
                continue
            found = self.flowables_of(part, part.blocks, trial)
            if self.fits(found):
                best, flowables = trial, found
        return best, flowables

    def grown(self, flowables: list[Flowable]) -> list[Flowable]:
        """A one-page part's boxes to write in (``TextBox.grow``) grown by the room left on
        its page, so a sheet that fits uses its page; without one, the boxes whose text may
        move (a background: more lines to write its story on) take the room."""
        width, height = self.frame_size
        boxes = [f for f in flowables if isinstance(f, TextBoxFlowable)]
        growing = [f for f in boxes if f.grow] or [f for f in boxes if not f.keep_whole]
        if not growing:
            return flowables
        used = sum(f.wrap(width, height)[1] + f.getSpaceAfter()
                   + (f.getSpaceBefore() if n else 0) for n, f in enumerate(flowables))
        room = height - used - 1.0
        for flowable in growing:
            extra = int(room / len(growing) // flowable.body.leading)
            if extra > 0:
                flowable.min_lines += extra
                flowable._bands = None  # built again with the room
        return flowables

    def fewer_findings(self, part: Part, blocks: tuple[Block, ...],
                       density: Density) -> list[Flowable] | None:
        """The part with its last findings counted instead of printed, so they never spill
        onto a page of their own (the app lists them all); None when that does not help."""
        findings = [b for b in blocks if isinstance(b, Note) and b.tone in ("error",
                                                                              "warning")]
        for keep in range(len(findings) - 1, -1, -1):
            dropped = findings[keep:]
            fewer = tuple(b for b in blocks if not any(b is d for d in dropped))
            summary = Note(f"{len(dropped)} more finding{'s' if len(dropped) > 1 else ''}: "
                           "Arcadia Chronicle's check lists them all.", tone="muted")
            flowables = self.flowables_of(part, (*fewer, summary), density)
            if self.fits(flowables):
                return flowables
        return None

    def measure(self, flowable: Flowable, width: float, height: float) -> tuple[float, float]:
        """The size ``flowable`` takes in a frame of ``width`` by ``height``, measured on a
        scratch canvas (a ``KeepTogether`` measures its content on its own canvas)."""
        if self._scratch is None:
            self._scratch = Canvas(io.BytesIO())
        size: tuple[float, float] = flowable.wrapOn(self._scratch, width, height)
        return size

    def fits(self, flowables: list[Flowable]) -> bool:
        """True when ``flowables`` fit one frame."""
        width, height = self.frame_size
        used = 0.0
        for number, flowable in enumerate(flowables):
            _w, h = self.measure(flowable, width, height)
            used += h + flowable.getSpaceAfter() + (flowable.getSpaceBefore() if number else 0)
        return used <= height + 0.5

    def flowables_of(self, part: Part, blocks: tuple[Block, ...],
                     density: Density) -> list[Flowable]:
        """The part's heading and blocks set at ``density``."""
        styles = self.styles if density.scale == 1.0 else self.stylesheet(density.scale)
        found = self.part_heading(part, styles)
        for block in blocks:
            found.extend(self.flowables(block, styles, density))
        _width, height = self.frame_size
        for flowable in found:
            if isinstance(flowable, Banded):
                flowable.page_height = height
        return found

    def part_heading(self, part: Part, styles: Styles | None = None) -> list[Flowable]:
        """What it is, whose, and the caption line."""
        s = styles or self.styles
        return [Lines(part.kind.upper(), s.kind, space_after=1),
                Lines(part.title, s.title, space_after=2),
                Lines(part.caption, s.caption, space_after=7)]

    def flowables(self, block: Block, styles: Styles | None = None,
                  density: Density = DENSITIES[0]) -> list[Flowable]:
        """The flowables of one block."""
        s = styles or self.styles
        if isinstance(block, FieldGrid):
            rows = [[(f.label, f.value) for f in row] for row in block.rows]
            return [FieldGridFlowable(rows, block.weights, s.fields)]
        if isinstance(block, TextBox):
            body = s.body
            if block.shrink and density.shrink != 1.0:
                body = TextStyle(body.font, body.size * density.shrink,
                                 body.leading * density.shrink, body.color)
            box = TextBoxFlowable(block.title.upper(), block.text, s.box_label, body,
                                  block.lines, hint="not recorded yet: write it in from "
                                                    "your card", keep_whole=not block.shrink)
            box.grow = block.grow
            return [box]
        if isinstance(block, CardGrid):
            pairs = [(self.grid_box(left, density.spare), self.grid_box(right, density.spare))
                     for left, right in block.rows]
            return [CardGridFlowable(pairs, s.grid, density.grid_lines, block.exhaust,
                                     density.grid_pad)]
        if isinstance(block, ItemList):
            return [ItemListFlowable(block.title, block.items, block.blank_lines, block.empty,
                                     s.fields.label, s.fields.value, s.muted, s.fields.rule,
                                     block.max_lines)]
        if isinstance(block, Tally):
            return [TallyFlowable(block.title, block.boxes, block.ticked, block.hint,
                                  s.fields.label, s.table.legend, self.line)]
        if isinstance(block, Table):
            return [TableFlowable([(c.title, c.weight, c.align) for c in block.columns],
                                  [(r.cells, r.tone) for r in block.rows], s.table,
                                  title=block.title, legend=block.legend,
                                  context=block.context, blank_rows=block.blank_rows,
                                  fill=block.fill, optional=block.optional)]
        if isinstance(block, Heading):
            return [HeadingFlowable(block.text, s.heading, s.heading.color)]
        if isinstance(block, RosterTable):
            return [RosterFlowable(block, s.table)]
        if isinstance(block, Chart):
            from chronicle.export.charts import chart_drawing

            return [chart_drawing(block, self.frame_size[0], s.table.legend, s.caption)]
        if isinstance(block, Together):
            inner = [f for b in block.blocks for f in self.flowables(b, s, density)]
            for flowable in inner:
                if isinstance(flowable, Banded):
                    flowable.page_height = self.frame_size[1]
            return [KeepTogether(inner)]
        return [self.note(block, s)]

    @staticmethod
    def grid_box(box: CardBox, spare: int = 2) -> GridBox:
        """A card box as the grid flowable takes it (at most ``spare`` spare lines)."""
        return GridBox(box.title, box.side, box.points_label,
                       [(c.name, c.points, c.attribute, c.court, c.struck, c.note)
                        for c in box.cards],
                       min(box.blank_lines, spare))

    def note(self, note: Note, styles: Styles | None = None) -> Flowable:
        """A note: the label in bold and colour, the text beside it."""
        s = styles or self.styles
        color = {"error": self.error_ink, "warning": self.warning_ink,
                 "muted": self.muted_ink}.get(note.tone, self.ink)
        text_style = s.note if note.tone != "muted" else TextStyle(
            s.note.font, s.note.size, s.note.leading, self.muted_ink)
        label = TextStyle(s.note_label.font, s.note_label.size, s.note_label.leading, color)
        return NoteFlowable(note.label, note.text, label, text_style)

    # -- writing ----------------------------------------------------------------------------

    def render(self, document: Document, stream: IO[bytes]) -> int:
        """Write ``document`` as a PDF to ``stream``; returns the number of pages. The last
        page of a short document that would stand three quarters empty is avoided when
        setting the flowing parts a little tighter (``TIGHTER``) saves it."""
        fonts.prepare(document.texts())  # Chinese, Japanese and Korean in real weights
        data, pages, used = self._build(document)
        if 1 < pages <= SAVED_PAGES and used < 0.25 and not all(p.one_page
                                                                for p in document.parts):
            for density in TIGHTER:
                self.flowing = density
                try:
                    tighter = self._build(document)
                finally:
                    self.flowing = DENSITIES[0]
                if tighter[1] < pages:
                    data, pages = tighter[0], tighter[1]
                    break
        stream.write(data)
        return pages

    def _build(self, document: Document) -> tuple[bytes, int, float]:
        """The PDF's bytes, its page count and how much of its last page's frame is used."""
        buffer = io.BytesIO()
        doc = BaseDocTemplate(buffer, pagesize=self.page_size, title=document.title,
                              author=document.author, creator="Arcadia Chronicle",
                              subject=document.parts[0].kind if document.parts else "",
                              leftMargin=self.margin_left, rightMargin=self.margin_right,
                              topMargin=self.margin_top, bottomMargin=self.margin_bottom,
                              invariant=1)
        doc.addPageTemplates([self.page_template()])
        made: list[NumberedCanvas] = []
        renderer = self

        def canvasmaker(filename: str | IO[bytes], /, **kwargs: Any) -> Canvas:
            canvas = NumberedCanvas(filename, **kwargs)
            canvas.renderer = renderer
            made.append(canvas)
            return canvas

        doc.build(self.story(document), canvasmaker=canvasmaker)
        frame = doc.frame
        used = (frame._y2 - frame._y) / frame._height if frame._height else 1.0  # type: ignore[attr-defined]
        return buffer.getvalue(), made[-1].pages if made else 0, used


def render_pdf(document: Document, stream: IO[bytes], paper: str | None = None) -> int:
    """Write ``document`` to ``stream`` on ``paper`` ("a4", "letter"; default A4); returns
    the page count."""
    return PdfRenderer(paper).render(document, stream)
