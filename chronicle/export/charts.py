"""Charts as vector graphics (reportlab's ``graphics``: a ``Drawing`` of lines, rectangles
and strings, never an image): a ``Chart`` block drawn as bars or as a line over its labels,
with its title, the axis from 0 to the highest value and the first and last labels. Labels and
titles are the user's text: drawn as strings, never parsed as markup.
"""

from __future__ import annotations

from typing import Literal

from reportlab.graphics.shapes import Drawing, Line, PolyLine, Rect, String
from reportlab.lib.colors import Color, HexColor

from chronicle.export.layout import TextStyle
from chronicle.export.model import Chart

HEIGHT = 92.0
"""Points: the title line, the plot and the labels under it."""
PLOT = 60.0
INK = HexColor("#2b4a6f")
GRID = HexColor("#c9d1db")


def _box(x: float, y: float, width: float, height: float) -> Rect:
    """A filled rectangle without outline."""
    box = Rect(x, y, width, height)
    box.fillColor = INK
    box.strokeColor = None
    return box


def _value(value: float, unit: str) -> str:
    if unit == "%":
        return f"{value * 100:.0f}%"
    return f"{value:g}"


def _fit(text: str, style: TextStyle, width: float) -> str:
    """``text`` cut (with an ellipsis) to ``width`` points in ``style``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, style.font, style.size) <= width:
        return text
    while text and stringWidth(text + "…", style.font, style.size) > width:
        text = text[:-1]
    return text + "…"


def chart_drawing(chart: Chart, width: float, label: TextStyle, title: TextStyle) -> Drawing:
    """The drawing of ``chart``, ``width`` points wide."""
    drawing = Drawing(width, HEIGHT)
    left, bottom = 30.0, 14.0
    plot_width = width - left - 4
    top = max([0.0, *(v for _l, v in chart.points)]) or 1.0
    ink: Color = title.color if isinstance(title.color, Color) else INK
    drawing.add(String(0, HEIGHT - title.size, _fit(chart.title, title, width),
                       fontName=title.font, fontSize=title.size, fillColor=ink))
    drawing.add(Line(left, bottom, left + plot_width, bottom, strokeColor=GRID,
                     strokeWidth=0.6))
    drawing.add(Line(left, bottom, left, bottom + PLOT, strokeColor=GRID, strokeWidth=0.6))
    for value in (0.0, top):
        drawing.add(String(left - 3, bottom + PLOT * value / top - label.size / 3,
                           _value(value, chart.unit), fontName=label.font,
                           fontSize=label.size, textAnchor="end", fillColor=ink))
    count = len(chart.points)
    if not count:
        return drawing
    step = plot_width / count
    xs = [left + step * (i + 0.5) for i in range(count)]
    ys = [bottom + PLOT * v / top for _l, v in chart.points]
    if chart.style == "bars":
        for x, y, (name, _v) in zip(xs, ys, chart.points, strict=True):
            drawing.add(_box(x - step * 0.35, bottom, step * 0.7, max(0.0, y - bottom)))
            drawing.add(String(x, bottom - label.size - 1, _fit(name, label, step),
                               fontName=label.font, fontSize=label.size, textAnchor="middle",
                               fillColor=ink))
        return drawing
    points = [c for xy in zip(xs, ys, strict=True) for c in xy]
    drawing.add(PolyLine(points, strokeColor=INK, strokeWidth=1.2)
                if count > 1 else _box(xs[0] - 1.5, ys[0] - 1.5, 3, 3))
    ends: list[tuple[float, str, Literal["start", "end"]]] = [
        (xs[0], chart.points[0][0], "start")]
    if count > 1:
        ends.append((xs[-1], chart.points[-1][0], "end"))
    for x, name, anchor in ends:
        drawing.add(String(x, bottom - label.size - 1, _fit(name, label, plot_width / 2),
                           fontName=label.font, fontSize=label.size, textAnchor=anchor,
                           fillColor=ink))
    return drawing
