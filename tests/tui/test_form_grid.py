"""The form grid the sister games' forms are laid out with (``chronicle.tui.widgets.form_grid``):
a message line is made only when a field has something wrong, shows under that field as tall
as its text wrapped across both columns, moves the focus there, keeps what was typed, and
hides again; and the Textual behaviour ``WideLine`` works around is still there (when that
test fails, Textual measures a spanning cell across its columns and ``WideLine`` can go)."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from chronicle.tui.widgets.form_grid import PROBLEM, FormGrid, WideLine, labelled

LONG = "word " * 12
"""60 cells: one line across 60 columns, two across 32, three across 28."""


class Form(App[None]):
    def compose(self) -> ComposeResult:
        yield FormGrid(*labelled("Name", Input(id="f-name")),
                       *labelled("Limit", Input(id="f-limit")), label_width=28)


def test_a_message_is_made_under_its_field_only_when_something_is_wrong() -> None:
    async def main() -> None:
        app = Form()
        async with app.run_test(size=(60, 12)) as pilot:
            grid = app.query_one(FormGrid)
            assert not grid.query(f".{PROBLEM}")             # nothing wrong: no line at all
            await pilot.press("tab", *"abc")                 # typed into the second field
            await pilot.pause()
            limit = app.query_one("#f-limit", Input)
            assert limit.value == "abc"
            grid.say("f-name", LONG, focus=True)
            await pilot.pause()
            line = grid.message_line("f-name")
            assert line is not None and line.display and line.has_class("-shown")
            children = list(grid.children)
            assert children.index(line) == children.index(app.query_one("#f-name")) + 1
            assert line.region.height == 2                  # 60 cells across 60 - 28 columns
            assert app.focused is app.query_one("#f-name", Input)
            assert limit.value == "abc"                     # what was typed stays
            grid.clear()
            await pilot.pause()
            assert not line.display and not line.has_class("-shown")
            assert limit.value == "abc"

    asyncio.run(main())


def test_textual_measures_a_spanning_cell_at_one_columns_width() -> None:
    """Why ``WideLine``: the auto-height grid row of a plain ``Static`` spanning both columns is
    as tall as its text wrapped at the first column's width (28 cells: three lines, two of
    them left blank under it), not across the row (60: one line); a long message with the
    labels' padding was cut short the same way."""
    async def main() -> None:
        app = Form()
        async with app.run_test(size=(60, 12)) as pilot:
            grid = app.query_one(FormGrid)
            plain: Any = Static(LONG, classes="form-wide")
            wide = WideLine(LONG)
            after: Any = Static("after", classes="form-wide")
            await grid.mount_all([plain, wide, after])
            await pilot.pause()
            assert plain.region.height == 1
            assert wide.region.y - plain.region.y == 3      # Textual's measure
            assert wide.region.height == 1 and after.region.y - wide.region.y == 1

    asyncio.run(main())


class Table(App[None]):
    """A table of fields: a label and a field across two columns, a row of headings, then a
    row of three fields a guild."""

    def compose(self) -> ComposeResult:
        from chronicle.tui.widgets.form_grid import cell, head

        yield FormGrid(*labelled("Name", Input(id="t-name"), span=2),
                       head("Colour"), head("Player"), head("Heroes"),
                       *(cell(Input(id=f"t-{seat}-{key}"))
                         for seat in range(2) for key in ("color", "player", "heroes")),
                       columns="10 1fr 1fr", label_width=10)


def test_a_table_says_each_message_under_the_row_of_its_field_in_the_rows_order() -> None:
    async def main() -> None:
        app = Table()
        async with app.run_test(size=(60, 12)) as pilot:
            grid = app.query_one(FormGrid)
            assert grid.columns == 3
            assert [len(row) for row in grid.rows()] == [2, 3, 3, 3]
            first = app.query_one("#t-0-color", Input)
            assert app.query_one("#t-0-player").region.y == first.region.y   # one row
            assert app.query_one("#t-1-color").region.y == first.region.y + 1
            await pilot.press("tab", *"xyz")            # typed into the first colour
            grid.say("t-0-heroes", "heroes wrong")
            grid.say("t-0-color", "colour wrong")       # said after, shown first (row order)
            grid.say("t-1-player", "player wrong")
            await pilot.pause()
            lines = [child.id for child in grid.children if child.has_class(PROBLEM)]
            assert lines == ["t-0-color-problem", "t-0-heroes-problem", "t-1-player-problem"]
            heroes = grid.message_line("t-0-heroes")
            assert heroes is not None and heroes.region.y == first.region.y + 2
            assert app.query_one("#t-1-color").region.y == first.region.y + 3
            assert heroes.region.x == 0 and heroes.region.width == 60   # across the row
            assert first.value == "xyz"
            grid.clear()
            await pilot.pause()
            assert app.query_one("#t-1-color").region.y == first.region.y + 1

    asyncio.run(main())


def test_a_grid_has_two_to_eight_columns() -> None:
    import pytest

    for columns in ("10", "1 1 1 1 1 1 1 1 1"):
        with pytest.raises(ValueError, match="2 to 8 columns"):
            FormGrid(columns=columns)
