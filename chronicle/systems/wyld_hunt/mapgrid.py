"""The League map drawn as plain text: one box per square, the League's name, its marks
(``^`` turned half round, ``*`` per Treasure under it, ``@`` a Base Camp) and its square's
coordinates. Pure data in, lines of text out: the CLI prints them and the app shows them as
``Text`` (never markup); names are stripped of control characters here."""

from __future__ import annotations

from chronicle.domain.limits import printable_line
from chronicle.systems.wyld_hunt.rules.map import MapState, bounds

WIDTH = 14
"""Characters inside one square."""


def _fit(text: str, width: int) -> str:
    text = printable_line(text)
    return text[:width].ljust(width)


def marks(state: MapState, cell: tuple[int, int]) -> str:
    """The marks of the League at ``cell``: turned, Treasures, Base Camps."""
    placed = state.cells[cell]
    camps = [who for who, at in state.camps.items() if at == cell]
    return (("^" if placed.turn else "") + "*" * len(state.treasures.get(cell, []))
            + "".join(f"@{who[:3]}" for who in camps))


def draw(state: MapState, cursor: tuple[int, int] | None = None) -> list[str]:
    """The map as lines of text; the ``cursor`` square (in the app) is drawn with ``#``
    borders and the grid extends one square around the map so a League can be laid beside."""
    xs, ys = bounds(state)
    if cursor is not None or not state.cells:
        pad_x = [*xs, *(c for c in ((cursor[0],) if cursor else ()))] or [0]
        pad_y = [*ys, *(c for c in ((cursor[1],) if cursor else ()))] or [0]
        xs = range(min(pad_x) - (1 if cursor else 0), max(pad_x) + (2 if cursor else 1))
        ys = range(min(pad_y) - (1 if cursor else 0), max(pad_y) + (2 if cursor else 1))
    lines: list[str] = []
    for y in ys:
        top, name, mark, bottom = [], [], [], []
        for x in xs:
            edge = "#" if cursor == (x, y) else "+"
            placed = state.cells.get((x, y))
            top.append(edge + "-" * WIDTH + edge)
            if placed is None:
                name.append("|" + _fit("", WIDTH) + "|")
                mark.append("|" + _fit(f"  {x},{y}", WIDTH) + "|")
            else:
                name.append("|" + _fit(placed.league, WIDTH) + "|")
                mark.append("|" + _fit(f"{x},{y} {marks(state, (x, y))}", WIDTH) + "|")
            bottom.append(edge + "-" * WIDTH + edge)
        lines += [" ".join(top), " ".join(name), " ".join(mark), " ".join(bottom)]
    return lines
