"""A form's labelled fields laid out as one grid (a widget, not a screen), for any game's form.

Each field is two widgets, its label then its input, side by side in the grid's two columns;
a heading (``WideLine``) or a row of several small fields spans both columns (class
``form-wide``). A form with a table of fields (a column per guild, a row per guild) gives the
grid more columns (``columns``): a row is then as many cells as there are columns, and what
spans the form spans them all. The line
saying what is wrong with a field is made only when something is (``say``), just under the row
of that field, across every column: a form of 30 fields opened with 60 widgets rather than the
120-150 of a row container, a label, the input and a hidden message line each (Textual styles,
lays out and paints each widget, 1-3 ms apiece, which made the forms take 100-180 ms to open).

What is typed is never touched here: ``say`` only shows the message (and moves the focus to the
field when asked), ``clear`` only hides them. A message line keeps its id ``<field id><suffix>``
(the suffix is the form's: ``-problem`` by default) and the class ``-shown`` while shown.
"""

from __future__ import annotations

from textual.containers import Container
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from chronicle.tui.text import plain

PROBLEM = "form-problem"
"""The class of a field's message line."""

MOST = 8
"""The most columns a form's grid has (four labelled fields side by side)."""


class WideLine(Static):
    """A line across both columns of a ``FormGrid`` (a heading, a field's message), as tall as
    its text wrapped at that width. Textual's grid measures a row of ``grid-rows: auto`` at the
    width of one column even for a cell that spans two (Textual 8.2: ``layouts/grid.py``), so a
    long message had the height of its text wrapped at the labels' width and was cut short."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        across = container.width - self.styles.gutter.width
        return super().get_content_height(container, viewport, max(width, across))


class FormGrid(Container):
    """Labels and fields in two columns, the labels ``label_width`` cells wide; or in the
    columns ``columns`` says (Textual's ``grid-columns``, a width a column: ``"28 1fr 1fr"``),
    the first ``label_width`` cells wide."""

    DEFAULT_CSS = """
    FormGrid { layout: grid; grid-size: 2; grid-rows: auto; height: auto; }
    FormGrid > Label { color: $text-muted; height: 1; width: 100%; }
    FormGrid > Input { width: 1fr; }
    FormGrid > .form-wide, FormGrid > WideLine { column-span: 2; height: auto; }
    FormGrid > .form-problem { column-span: 2; color: $error; height: auto; max-height: 3; }
    FormGrid > .form-head { color: $text-muted; text-style: bold; }
    """ + "".join(f"""
    FormGrid.-columns-{n} {{ grid-size: {n}; }}
    FormGrid.-columns-{n} > .form-wide, FormGrid.-columns-{n} > WideLine {{ column-span: {n}; }}
    """ for n in range(3, MOST + 1))

    def __init__(self, *children: Widget, label_width: int = 12, suffix: str = "-problem",
                 problem_classes: str = "", columns: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        widths = (columns or f"{label_width} 1fr").split()
        if not 2 <= len(widths) <= MOST:
            raise ValueError(f"a form's grid has 2 to {MOST} columns, not {len(widths)}")
        super().__init__(*children, id=id, classes=classes)
        self.columns = len(widths)
        """How many cells a row of the grid is."""
        if self.columns > 2:
            self.add_class(f"-columns-{self.columns}", update=False)
        self.label_width = label_width
        self.suffix = suffix
        """The end of a message line's id, after its field's id."""
        self.problem_classes = problem_classes
        """The form's own classes for a message line (its looks, its tests' queries)."""
        self.set_styles(f"grid-columns: {' '.join(widths)};")

    def message_line(self, field_id: str) -> Static | None:
        """The message line of the field ``field_id`` if one was made."""
        found = self.query(f"#{field_id}{self.suffix}")
        line = found.first() if found else None
        return line if isinstance(line, Static) else None

    def say(self, field_id: str, text: str, *, focus: bool = False) -> None:
        """Show ``text`` (plain, never markup) under the field ``field_id`` (making its line the
        first time), and move the focus there when ``focus``; an empty ``text`` hides it."""
        line = self.message_line(field_id)
        if line is None:
            if not text:
                return
            line = WideLine(plain(text), id=f"{field_id}{self.suffix}",
                            classes=f"{PROBLEM} {self.problem_classes}".strip())
            line.set_styles(f"padding: 0 0 0 {self.label_width}; column-span: {self.columns};")
            self.mount(line, after=self.line_place(field_id))
        else:
            line.update(plain(text))
        line.set_class(bool(text), "-shown")
        line.display = bool(text)
        if focus and text:
            self.query_one(f"#{field_id}", Input).focus()

    def span(self, cell: Widget) -> int:
        """How many of the grid's columns ``cell`` (one of its children) takes."""
        if isinstance(cell, WideLine) or cell.has_class("form-wide") or cell.has_class(PROBLEM):
            return self.columns
        return min(self.columns, max(1, cell.styles.column_span or 1))

    def rows(self) -> list[list[Widget]]:
        """The grid's children as its rows, in order (a message line is a row of its own)."""
        found: list[list[Widget]] = []
        row: list[Widget] = []
        used = 0
        for cell in self.children:
            span = self.span(cell)
            if row and used + span > self.columns:
                found.append(row)
                row, used = [], 0
            row.append(cell)
            used += span
            if used >= self.columns:
                found.append(row)
                row, used = [], 0
        if row:
            found.append(row)
        return found

    def line_place(self, field_id: str) -> Widget:
        """What a new message line of ``field_id`` goes after: the last cell of the field's row
        (the field, a cell holding it, or the cells beside it), then the lines of the fields
        before it in that row."""
        field: Widget = self.query_one(f"#{field_id}")
        cell = field
        while cell.parent is not self and isinstance(cell.parent, Widget):
            cell = cell.parent
        row = next(row for row in self.rows() if cell in row)
        order = [widget.id for part in row
                 for widget in ([part] if isinstance(part, Input) else part.query(Input))]
        after = row[-1]
        children = list(self.children)
        for widget in children[children.index(after) + 1:]:
            owner = (widget.id or "").removesuffix(self.suffix)
            if not widget.has_class(PROBLEM) or owner not in order or field_id not in order \
                    or order.index(owner) > order.index(field_id):
                break
            after = widget
        return after

    def clear(self) -> None:
        """Hide every message (the lines stay, empty, for the next ones)."""
        for line in self.query(f".{PROBLEM}.-shown").results(Static):
            line.update("")
            line.remove_class("-shown")
            line.display = False


def labelled(label: str, field: Input, *, span: int = 1) -> tuple[Label, Input]:
    """One field of a ``FormGrid``: its label (plain text), then the field in Textual's compact
    look (``dialog.compact``: made with ``compact=True``, an input is styled once more as it is
    made, which cost a form of 20 fields 30 ms), across ``span`` columns."""
    return Label(label, markup=False), cell(field, span=span)


def cell(field: Input, *, span: int = 1) -> Input:
    """A field of a ``FormGrid``'s table (no label of its own: its row's and its column's
    say what it is), in the compact look, across ``span`` columns."""
    from chronicle.tui.screens.dialog import compact

    if span > 1:
        field.styles.column_span = span
    return compact(field)


def head(text: str) -> Label:
    """A column's heading in a ``FormGrid``'s table (plain text)."""
    return Label(text, markup=False, classes="form-head")


__all__ = ["MOST", "PROBLEM", "FormGrid", "WideLine", "cell", "head", "labelled"]
