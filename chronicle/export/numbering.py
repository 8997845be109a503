"""Page numbers that count the file's pages, whatever its parts (several character sheets, a
hunt's score pad and log, a force and its reference page): ``PartStart`` marks in the story
where a part begins (whose footer and brand its pages print), and ``NumberedCanvas`` holds
every page back until the end, then draws each page's footer with its "Page X of Y" and its
brand through the renderer (``chronicle.export.pdf.PdfRenderer``).
"""

from __future__ import annotations

from typing import Any, Protocol

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable


class Furnisher(Protocol):
    """What draws a page's furniture (the PDF renderer)."""

    def footer(self, canvas: Canvas, label: str, page: int, pages: int) -> None:
        """The footer line with "Page X of Y"."""

    def brand(self, canvas: Canvas, title: str) -> None:
        """The game's name in the page head."""


class PartStart(Flowable):
    """Marks where a part begins, so the canvas knows whose pages follow (no size)."""

    def __init__(self, footer: str, brand: str) -> None:
        super().__init__()
        self.footer = footer
        self.brand = brand

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        canvas = self.canv
        if isinstance(canvas, NumberedCanvas):
            canvas.part_footer = self.footer
            canvas.part_brand = self.brand


class NumberedCanvas(Canvas):
    """A canvas that holds every page back until the end, then draws each footer with its
    "Page X of Y", X and Y counted over the whole file."""

    renderer: Furnisher

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.part_footer = ""
        self.part_brand = ""
        self.held: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self.held.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # reportlab's own page reset

    def save(self) -> None:
        total = len(self.held)
        for number, page in enumerate(self.held, start=1):
            self.__dict__.update(page)
            self.renderer.footer(self, self.part_footer, number, total)
            self.renderer.brand(self, self.part_brand)
            super().showPage()
        super().save()

    @property
    def pages(self) -> int:
        """Pages finished so far."""
        return len(self.held)


__all__ = ["Furnisher", "NumberedCanvas", "PartStart"]
