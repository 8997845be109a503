"""A form's labelled fields laid out as one grid (a widget, not a screen), for any game's form.

Each field is two widgets, its label then its input, side by side in the grid's two columns;
a heading (``WideLine``) or a row of several small fields spans both columns (class
``form-wide``). The line
saying what is wrong with a field is made only when something is (``say``), just under the row
of that field, across both columns: a form of 30 fields opened with 60 widgets rather than the
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


class WideLine(Static):
    """A line across both columns of a ``FormGrid`` (a heading, a field's message), as tall as
    its text wrapped at that width. Textual's grid measures a row of ``grid-rows: auto`` at the
    width of one column even for a cell that spans two (Textual 8.2: ``layouts/grid.py``), so a
    long message had the height of its text wrapped at the labels' width and was cut short."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        across = container.width - self.styles.gutter.width
        return super().get_content_height(container, viewport, max(width, across))


class FormGrid(Container):
    """Labels and fields in two columns, the labels ``label_width`` cells wide."""

    DEFAULT_CSS = """
    FormGrid { layout: grid; grid-size: 2; grid-rows: auto; height: auto; }
    FormGrid > Label { color: $text-muted; height: 1; width: 100%; }
    FormGrid > Input { width: 1fr; }
    FormGrid > .form-wide, FormGrid > WideLine { column-span: 2; height: auto; }
    FormGrid > .form-problem { column-span: 2; color: $error; height: auto; max-height: 3; }
    """

    def __init__(self, *children: Widget, label_width: int = 12, suffix: str = "-problem",
                 problem_classes: str = "", id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(*children, id=id, classes=classes)
        self.label_width = label_width
        self.suffix = suffix
        """The end of a message line's id, after its field's id."""
        self.problem_classes = problem_classes
        """The form's own classes for a message line (its looks, its tests' queries)."""
        self.set_styles(f"grid-columns: {label_width} 1fr;")

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
            line.set_styles(f"padding: 0 0 0 {self.label_width};")
            self.mount(line, after=self.line_place(field_id))
        else:
            line.update(plain(text))
        line.set_class(bool(text), "-shown")
        line.display = bool(text)
        if focus and text:
            self.query_one(f"#{field_id}", Input).focus()

    def line_place(self, field_id: str) -> Widget:
        """What a new message line of ``field_id`` goes after: the field's row (the field, or
        the wide row holding it), then the lines of the fields before it in that row."""
        field: Widget = self.query_one(f"#{field_id}")
        row = field
        while row.parent is not self and isinstance(row.parent, Widget):
            row = row.parent
        order = [widget.id for widget in row.query(Input)] if row is not field else []
        after = row
        children = list(self.children)
        for widget in children[children.index(row) + 1:]:
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


def labelled(label: str, field: Input) -> tuple[Label, Input]:
    """One field of a ``FormGrid``: its label (plain text), then the field in Textual's compact
    look (``dialog.compact``: made with ``compact=True``, an input is styled once more as it is
    made, which cost a form of 20 fields 30 ms)."""
    from chronicle.tui.screens.dialog import compact

    return Label(label, markup=False), compact(field)


__all__ = ["PROBLEM", "FormGrid", "WideLine", "labelled"]
