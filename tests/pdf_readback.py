"""A PDF read back as a player reads it: each page's lines of text (pieces on one baseline
joined left to right), with where they are, and the horizontal rules, rectangles and small
square boxes drawn on it (from the content stream, through every transformation); and page 1
compared with its PNG in the docs (``same_as_reference``), tile by tile (``ink_changes``)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

DOCS = Path(__file__).resolve().parent.parent / "docs" / "games"
REFERENCE_DPI = 100

INK_TOLERANCE = 40
"""Pixels of one tile (a 16th of the page's width and height) that may be inked in one image
with no ink within two pixels in the other: poppler versions antialias differently, while a
missing column of a card box (a court on every line) changes about 90."""


def ink_changes(image: Any, expected: Any, tiles: int = 16) -> int:
    """The most pixels of any tile inked in one image and blank (two pixels around) in the
    other: a local measure, so one missing column fails however small it is on the page."""
    from PIL import ImageChops, ImageFilter, ImageStat

    def inked(picture: Any) -> Any:
        return picture.point(lambda p: 255 if p < 128 else 0)

    def near(picture: Any) -> Any:
        return inked(picture.filter(ImageFilter.MinFilter(5)))

    lone = ImageChops.lighter(ImageChops.subtract(inked(image), near(expected)),
                              ImageChops.subtract(inked(expected), near(image)))
    width, height = lone.size
    worst = 0
    for column in range(tiles):
        for row in range(tiles):
            box = (width * column // tiles, height * row // tiles,
                   width * (column + 1) // tiles, height * (row + 1) // tiles)
            worst = max(worst, round(ImageStat.Stat(lone.crop(box)).sum[0] / 255))
    return worst


@dataclass
class Line:
    """Text pieces on one baseline: their joined text, baseline and leftmost x."""

    y: float
    x: float
    pieces: list[tuple[float, str]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(text for _x, text in sorted(self.pieces))


@dataclass
class Page:
    """One page: its lines top to bottom, its horizontal rules and its square boxes."""

    lines: list[Line]
    rules: list[tuple[float, float, float]]
    """``(y, x0, x1)`` of each horizontal line drawn."""
    boxes: list[tuple[float, float, float]]
    """``(x, y, size)`` of each square drawn (its lower left corner)."""
    rects: list[tuple[float, float, float, float]]
    """``(x, y, width, height)`` of every rectangle drawn."""
    width: float
    height: float

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    def find(self, start: str) -> list[Line]:
        """The lines that start with ``start``."""
        return [line for line in self.lines if line.text.startswith(start)]


def _multiply(a: Sequence[float], b: Sequence[float]) -> list[float]:
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _shapes(page: object, reader: PdfReader) -> tuple[
        list[tuple[float, float, float]], list[tuple[float, float, float]],
        list[tuple[float, float, float, float]]]:
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    stack: list[list[float]] = []
    start = (0.0, 0.0)
    rules: list[tuple[float, float, float]] = []
    boxes: list[tuple[float, float, float]] = []
    rects: list[tuple[float, float, float, float]] = []
    content = ContentStream(page.get_contents(), reader)  # type: ignore[attr-defined]
    for operands, operator in content.operations:
        if operator == b"q":
            stack.append(list(ctm))
        elif operator == b"Q":
            ctm = stack.pop() if stack else ctm
        elif operator == b"cm":
            ctm = _multiply([float(v) for v in operands], ctm)
        elif operator == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif operator == b"l":
            x0, y0 = start
            x1, y1 = float(operands[0]), float(operands[1])
            if abs(y1 - y0) < 0.01 and abs(x1 - x0) > 0.5:
                a, d, e, f = ctm[0], ctm[3], ctm[4], ctm[5]
                lo, hi = sorted((x0 * a + e, x1 * a + e))
                rules.append((y0 * d + f, lo, hi))
            start = (x1, y1)
        elif operator == b"re":
            x, y, w, h = (float(v) for v in operands)
            a, d, e, f = ctm[0], ctm[3], ctm[4], ctm[5]
            rects.append((x * a + e, y * d + f, w * a, h * d))
            if abs(w * a - h * d) < 0.05 and 3 < w * a < 20:
                boxes.append((x * a + e, y * d + f, w * a))
    return rules, boxes, rects


def read_pages(data: bytes) -> list[Page]:
    """Every page of a PDF, read back."""
    reader = PdfReader(io.BytesIO(data))
    pages = []
    for page in reader.pages:
        pieces: list[tuple[float, float, str]] = []

        def visit(text: str, cm: Sequence[float], tm: Sequence[float], *_: object,
                  into: list[tuple[float, float, str]] = pieces) -> None:
            if text.strip():
                into.append((tm[5] * cm[3] + cm[5], tm[4] * cm[0] + cm[4], text.strip()))

        page.extract_text(visitor_text=visit)
        lines: list[Line] = []
        for y, x, text in sorted(pieces, key=lambda p: (-p[0], p[1])):
            near = next((line for line in lines if abs(line.y - y) < 1.0), None)
            if near is None:
                near = Line(y, x)
                lines.append(near)
            near.pieces.append((x, text))
            near.x = min(near.x, x)
        rules, boxes, rects = _shapes(page, reader)
        box = page.mediabox
        pages.append(Page(lines, rules, boxes, rects, float(box.width), float(box.height)))
    return pages


def same_as_reference(data: bytes, reference: Path, folder: Path) -> None:
    """Page 1 of ``data`` looks like the PNG ``reference`` in the docs (at 100 dpi); with
    CHRONICLE_UPDATE_REFERENCE=1 the reference is rewritten first."""
    from PIL import Image, ImageChops, ImageStat

    pdf = folder / "sheet.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", str(REFERENCE_DPI), "-f", "1", "-l", "1",
                    "-singlefile", str(pdf), str(folder / "sheet")], check=True,
                   capture_output=True)
    made = folder / "sheet.png"
    if os.environ.get("CHRONICLE_UPDATE_REFERENCE") == "1":
        shutil.copyfile(made, reference)
    with Image.open(made) as image, Image.open(reference) as expected:
        grey = image.convert("L")
        assert ImageStat.Stat(grey).extrema[0][0] < 60  # ink on the page
        difference = ImageChops.difference(grey, expected.convert("L").resize(image.size))
        # Poppler versions antialias differently; a moved or missing row differs far more.
        assert ImageStat.Stat(difference).mean[0] < 2.0, reference.name
        # and nothing missing anywhere: a column left out is small on the page, not in a tile
        assert ink_changes(grey, expected.convert("L").resize(image.size)) <= INK_TOLERANCE, \
            reference.name


def styled_pieces(data: bytes) -> list[list[tuple[str, float, float]]]:
    """Every piece of text of each page with its printed size in points and the darkness of
    its fill colour (0: black, 1: white; the mean of its red, green and blue)."""
    reader = PdfReader(io.BytesIO(data))
    found = []
    for page in reader.pages:
        pieces: list[tuple[str, float, float]] = []
        fill = [0.0]

        def before(operator: bytes, operands: Sequence[float], *_: object,
                   colour: list[float] = fill) -> None:
            if operator == b"rg":
                colour[0] = sum(float(v) for v in operands) / 3
            elif operator == b"g":
                colour[0] = float(operands[0])

        def visit(text: str, cm: Sequence[float], tm: Sequence[float], _font: object,
                  size: float, into: list[tuple[str, float, float]] = pieces,
                  colour: list[float] = fill) -> None:
            if text.strip():
                scale = abs(tm[3] * cm[3]) or 1.0
                into.append((text.strip(), size * scale, colour[0]))

        page.extract_text(visitor_operand_before=before, visitor_text=visit)
        found.append(pieces)
    return found
