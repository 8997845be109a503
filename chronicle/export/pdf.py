"""The reportlab renderer: a ``document.Document`` laid out as a PDF, written to a binary stream.

The page (size, margins), the fonts and the colours are class attributes of ``PdfRenderer``, so
a variant (US Letter, other colours) is a subclass. The stylesheet, the page template, the page
decorations and the story are separate methods. Pages are numbered "Page X of Y" within each
part by ``NumberedCanvas``, which draws every footer once the page count is known; a player's
file of several sheets thus prints as separate sheets.

Import this module only when exporting: it loads reportlab.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import IO, Any

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
)

from chronicle.export import fonts
from chronicle.export.document import (
    Block,
    CardBox,
    CardGrid,
    Document,
    FieldGrid,
    Heading,
    ItemList,
    Note,
    Part,
    Table,
    TextBox,
)
from chronicle.export.layout import (
    CardGridFlowable,
    FieldGridFlowable,
    FieldStyles,
    GridBox,
    GridStyles,
    HeadingFlowable,
    ItemListFlowable,
    Lines,
    TableFlowable,
    TableStyles,
    TextBoxFlowable,
    TextStyle,
    draw_text,
)


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
    note: ParagraphStyle


class PartStart(Flowable):
    """Marks where a part begins, so the canvas knows whose pages follow (no size)."""

    def __init__(self, index: int, footer: str) -> None:
        super().__init__()
        self.index = index
        self.footer = footer

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        canvas = self.canv
        if isinstance(canvas, NumberedCanvas):
            canvas.part_index = self.index
            canvas.part_footer = self.footer


class NumberedCanvas(Canvas):
    """A canvas that holds every page back until the end, then draws each footer with its
    "Page X of Y" (counted within the page's part)."""

    renderer: PdfRenderer

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.part_index = 0
        self.part_footer = ""
        self.held: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self.held.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # reportlab's own page reset

    def save(self) -> None:
        totals = Counter(page["part_index"] for page in self.held)
        seen: Counter[int] = Counter()
        for page in self.held:
            self.__dict__.update(page)
            seen[self.part_index] += 1
            self.renderer.footer(self, self.part_footer, seen[self.part_index],
                                 totals[self.part_index])
            super().showPage()
        super().save()

    @property
    def pages(self) -> int:
        """Pages finished so far."""
        return len(self.held)


class PdfRenderer:
    """Lays documents out on A4 pages with Source Sans Pro and the sheet's colours."""

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
    grid_min_lines = 5
    """Lines each row of card boxes has at least, like the printed sheet."""

    def __init__(self) -> None:
        fonts.register_fonts()
        self.styles = self.stylesheet()

    # -- styles and page furniture ----------------------------------------------------------

    def stylesheet(self) -> Styles:
        """Every style used, derived from the class attributes."""
        def style(font: str, size: float, leading: float | None = None,
                  color: Color | None = None) -> TextStyle:
            return TextStyle(font, size, leading or size * 1.25, color or self.ink)

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
                title=style(self.semibold_font, 10, 12), column=style(self.font, 6.5, 12,
                                                                      self.muted_ink),
                name=style(self.font, 9, 11.5), small=small,
                spine=style(self.bold_font, 11, 12, Color(1, 1, 1)), merit=self.merit,
                merit_tint=self.merit_tint, flaw=self.flaw, flaw_tint=self.flaw_tint,
                rule=self.rule),
            fields=FieldStyles(label=style(self.semibold_font, 8.5, color=self.muted_ink),
                               value=style(self.font, 11, 14), rule=self.line),
            table=TableStyles(
                header=style(self.semibold_font, 8, 10), cell=style(self.font, 8.5, 10.5),
                total=style(self.semibold_font, 8.5, 10.5),
                muted=style(self.font, 8.5, 10.5, self.muted_ink),
                header_fill=self.merit_tint, stripe=self.stripe, rule=self.rule),
            muted=style(self.font, 9.5, 12.5, self.muted_ink),
            note=ParagraphStyle("note", fontName=self.font, fontSize=8.5, leading=11,
                                textColor=self.ink, spaceAfter=3, splitLongWords=True,
                                allowWidows=1),
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
        canvas.setFillColor(brand.color)
        canvas.setFont(brand.font, brand.size)
        canvas.drawString(self.margin_left, top + 3, "ARCADIA · THE WYLD HUNT")
        canvas.drawRightString(width - self.margin_right, top + 3, "ARCADIA CHRONICLE")
        canvas.setStrokeColor(self.rule)
        canvas.setLineWidth(0.5)
        bottom = self.margin_bottom - 6
        canvas.line(self.margin_left, bottom, width - self.margin_right, bottom)
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

    def story(self, document: Document) -> list[Flowable]:
        """Every flowable of the document: each part on new pages."""
        story: list[Flowable] = []
        for index, part in enumerate(document.parts):
            if index:
                story.append(PageBreak())
            story.append(PartStart(index, part.footer))
            story.extend(self.part_heading(part))
            for block in part.blocks:
                story.extend(self.flowables(block))
        return story

    def part_heading(self, part: Part) -> list[Flowable]:
        """What it is, whose, and the caption line."""
        s = self.styles
        return [Lines(part.kind.upper(), s.kind, space_after=1),
                Lines(part.title, s.title, space_after=2),
                Lines(part.caption, s.caption, space_after=8)]

    def flowables(self, block: Block) -> list[Flowable]:
        """The flowables of one block."""
        s = self.styles
        if isinstance(block, FieldGrid):
            rows = [[(f.label, f.value) for f in row] for row in block.rows]
            return [FieldGridFlowable(rows, block.weights, s.fields)]
        if isinstance(block, TextBox):
            return [TextBoxFlowable(block.title.upper(), block.text, s.box_label, s.body,
                                    block.lines, hint="not recorded yet: write it in from "
                                                      "your card")]
        if isinstance(block, CardGrid):
            pairs = [(self.grid_box(left), self.grid_box(right)) for left, right in block.rows]
            return [CardGridFlowable(pairs, s.grid, self.grid_min_lines)]
        if isinstance(block, ItemList):
            return [ItemListFlowable(block.title, block.items, block.blank_lines, block.empty,
                                     s.fields.label, s.fields.value, s.muted, s.fields.rule)]
        if isinstance(block, Table):
            if not block.rows:
                return [Lines(block.empty, s.muted, space_after=8)]
            return [TableFlowable([(c.title, c.weight, c.align) for c in block.columns],
                                  [(r.cells, r.tone) for r in block.rows], s.table)]
        if isinstance(block, Heading):
            return [HeadingFlowable(block.text, s.heading, s.heading.color)]
        return [self.note(block)]

    @staticmethod
    def grid_box(box: CardBox) -> GridBox:
        """A card box as the grid flowable takes it."""
        return GridBox(box.title, box.side, box.points_label,
                       [(c.name, c.points, c.attribute, c.court) for c in box.cards],
                       box.blank_lines)

    def note(self, note: Note) -> Paragraph:
        """A note as a Paragraph: the label in bold, the text escaped for reportlab markup."""
        color = {"error": self.error_ink, "warning": self.warning_ink}.get(note.tone, self.ink)
        label = (f'<font name="{self.bold_font}" color="{color.hexval()}">'
                 f"{fonts.markup(note.label, self.bold_font)}</font> " if note.label else "")
        return Paragraph(label + fonts.markup(note.text, self.font), self.styles.note)

    # -- writing ----------------------------------------------------------------------------

    def render(self, document: Document, stream: IO[bytes]) -> int:
        """Write ``document`` as a PDF to ``stream``; returns the number of pages."""
        doc = BaseDocTemplate(stream, pagesize=self.page_size, title=document.title,
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
        return made[-1].pages if made else 0


def render_pdf(document: Document, stream: IO[bytes]) -> int:
    """Write ``document`` to ``stream`` with the default renderer; returns the page count."""
    return PdfRenderer().render(document, stream)
