"""A fast list of rows for big catalogs: only the visible lines are ever built and rendered.

Textual's DataTable measures every cell of every row; a 10,000-card catalog needs a widget
that draws just the lines on screen (the Line API). The list is given a row count and a
function that builds one row on demand, so filtering 10,000 cards costs only the filter.
Rows are plain text cells (never markup) in columns measured in terminal cells, so emoji and
CJK names keep the columns aligned; one column takes the room the others leave, and the first
column grows a little on wide terminals. A header ``Static`` given to ``set_header`` is kept
aligned with the columns whenever the width changes. The cursor row is highlighted and moves
with the keyboard or the mouse.

``show_text`` leaves a line that already shows its text alone (no redraw, no layout).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from chronicle.tui.text import fit

T = TypeVar("T")


class CardList(ScrollView, can_focus=True):
    """Rows of fixed-width text columns with a cursor."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"card-list--cursor", "card-list--dim"}
    DEFAULT_CSS = """
    CardList { background: $surface; overflow-x: hidden; scrollbar-size-vertical: 1; }
    CardList > .card-list--cursor { background: $accent 60%; color: $text; text-style: bold; }
    CardList:blur > .card-list--cursor { background: $panel; }
    CardList > .card-list--dim { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "select", "Open", show=False),
    ]

    cursor: reactive[int] = reactive(0, always_update=True)

    class Highlighted(Message):
        """The cursor moved to ``index`` (-1 when the list is empty)."""

        def __init__(self, card_list: CardList, index: int) -> None:
            super().__init__()
            self.card_list = card_list
            self.index = index

    class Selected(Message):
        """Enter (or a click) on row ``index``."""

        def __init__(self, card_list: CardList, index: int) -> None:
            super().__init__()
            self.card_list = card_list
            self.index = index

    def __init__(self, widths: Sequence[int], *, flex: int = 0, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.widths = list(widths)
        self.base = list(widths)
        self.flex = flex
        """The column that takes whatever width the others leave."""
        self.count = 0
        self._row: Callable[[int], Sequence[str]] = lambda _index: ()
        self._dim: Callable[[int], bool] = lambda _index: False
        self._header: tuple[Static, list[str]] | None = None
        self._base: Style | None = None
        """The list's own style while its lines are drawn (``render_lines``)."""

    @property
    def line_width(self) -> int:
        """The width of one formatted row."""
        return sum(self.widths) + len(self.widths) - 1

    def set_source(self, count: int, row: Callable[[int], Sequence[str]],
                   dim: Callable[[int], bool] | None = None, keep: int | None = None) -> None:
        """Show ``count`` rows built on demand by ``row(index)``; ``dim(index)`` greys a row;
        ``keep`` puts the cursor on that row (else the first)."""
        before = self.count
        self.count = count
        self._row = row
        self._dim = dim or (lambda _index: False)
        self._resize_rows(before, count)
        self.cursor = min(keep or 0, max(0, count - 1))
        self.refresh()

    def start(self, header: Static, titles: Sequence[str]) -> None:
        """Keep ``header`` showing ``titles`` over the columns and take the focus: a screen
        starts on its list, as Wyld Hunt's screens do."""
        self.set_header(header, list(titles))
        self.focus()

    def pick(self, items: Sequence[T]) -> T | None:
        """The item of ``items`` (the rows' records, in the rows' order) under the cursor, or
        None (no row, or the rows not yet read)."""
        index = self.cursor
        return items[index] if 0 <= index < len(items) else None

    def _resize_rows(self, before: int, count: int) -> None:
        """Make room for ``count`` rows. While the scrollbar stays as it was (shown or not) and
        the list's height does not depend on its rows, only the list and its scrollbar are
        redrawn: a layout of the whole screen on each keystroke of a search costs more than
        the search."""
        size = Size(self.line_width, count)
        height = self.size.height
        same_bar = (before > height) == (count > height) == self.show_vertical_scrollbar
        if not (self.is_mounted and height and same_bar and size.width == self.virtual_size.width
                and not self.styles.auto_dimensions):
            self.virtual_size = size
            return
        self.set_reactive(CardList.virtual_size, size)
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.window_virtual_size = count
        if self.scroll_offset.y > self.max_scroll_y:
            self.scroll_to(y=self.max_scroll_y, animate=False)

    def set_rows(self, rows: list[Sequence[str]], dim: set[int] | None = None,
                 keep: int | None = None) -> None:
        """Show fixed rows (small lists)."""
        greyed = dim or set()
        self.set_source(len(rows), rows.__getitem__, greyed.__contains__, keep)

    def row(self, index: int) -> Sequence[str]:
        """The cells of row ``index``."""
        return self._row(index)

    def set_header(self, header: Static, titles: list[str]) -> None:
        """Keep ``header`` showing ``titles`` over the columns, at every width."""
        self._header = (header, list(titles))
        self._show_header()

    def _show_header(self) -> None:
        if self._header is not None:
            header, titles = self._header
            text = Text(self.format_row(titles))
            if header.content != text:
                header.update(text)

    def refresh_line(self, index: int) -> None:
        """Repaint one row, if it is on screen."""
        y = index - self.scroll_offset.y
        if 0 <= y < self.size.height:
            self.refresh_lines(y)

    def format_row(self, row: Sequence[str]) -> str:
        """A row as one line of text."""
        return " ".join(fit(cell, width) for cell, width in zip(row, self.widths, strict=False))

    def render_lines(self, crop: Region) -> list[Strip]:
        # The list's style, looked up once for the lines drawn together (each look-up walks
        # every node up to the screen).
        self._base = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.size.width
        base = self._base or self.rich_style
        if index >= self.count:
            return Strip.blank(width, base)
        style: Style = base
        if index == self.cursor:
            style = base + self.get_component_rich_style("card-list--cursor")
        elif self._dim(index):
            style = base + self.get_component_rich_style("card-list--dim")
        line = self.format_row(self._row(index))
        text = set_cell_size(line, max(width + scroll_x, self.line_width))
        return Strip([Segment(text, style)]).crop(scroll_x, scroll_x + width)

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh_line(old)
        self.refresh_line(new)
        self.scroll_to_row(new)
        self.post_message(self.Highlighted(self, new if self.count else -1))

    def scroll_to_row(self, index: int) -> None:
        """Scroll just enough to show row ``index``."""
        top = self.scroll_offset.y
        height = max(1, self.size.height)
        if index < top:
            self.scroll_to(y=index, animate=False)
        elif index >= top + height:
            self.scroll_to(y=index - height + 1, animate=False)

    def action_move(self, delta: int) -> None:
        if self.count:
            self.cursor = max(0, min(self.count - 1, self.cursor + delta))

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(1, self.size.height - 1))

    def action_jump(self, where: int) -> None:
        if self.count:
            self.cursor = where if where >= 0 else self.count - 1

    def action_select(self) -> None:
        if self.count:
            self.post_message(self.Selected(self, self.cursor))

    def on_resize(self, event: events.Resize) -> None:
        bar = self.styles.scrollbar_size_vertical
        self.widths = layout(self.base, self.flex, event.size.width - bar)
        self.virtual_size = Size(self.line_width, self.count)
        self._show_header()
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        index = self.scroll_offset.y + event.y
        if 0 <= index < self.count:
            self.cursor = index
            if event.chain > 1:
                self.action_select()


def layout(base: Sequence[int], flex: int, total: int) -> list[int]:
    """Column widths for ``total`` cells: the ``flex`` column takes what the others leave;
    past 100 cells the first column (the name) grows by a third of the extra, up to twice its
    base width, so a wide window shows long names whole instead of a wide empty gap."""
    widths = list(base)
    if flex != 0 and total > 100:
        widths[0] = min(2 * base[0], base[0] + (total - 100) // 3)
    others = sum(w for i, w in enumerate(widths) if i != flex)
    widths[flex] = max(8, total - others - (len(widths) - 1))
    return widths


def show_text(line: Static, text: str) -> None:
    """Show ``text`` (markup) in ``line``, unless it shows it already: a screen shown again
    with the same data is not drawn and laid out again."""
    if not (isinstance(line.content, str) and line.content == text):
        line.update(text)
