"""A pane of text beside a list (a card's detail) that shows another text without laying the
screen out.

The pane keeps the size its container gives it. The text it shows may be taller (it scrolls:
``scroll_relative``, the mouse wheel, a scroll bar at its right) or shorter: its rule on the
left (``border-left``) and its padding are drawn beside the text's lines only, and the lines
below are left blank, so the pane looks as if it stopped under its text. A pane that took its
text's height (``height: auto``) changed size with each text, and Textual then laid the whole
screen out three times and drew the list beside it again: most of a search keystroke's cost
(bench/tui.py). The scroll bar is drawn with the text for the same reason (Textual's own comes
and goes with a layout of the screen); the wheel, a click on the bar and a drag of its thumb
scroll the text.

The text is rendered by Textual's own ``Visual`` machinery, wrapped as a ``Static`` wraps it.
Text given as a string is never read as markup.
"""

from __future__ import annotations

from collections import OrderedDict

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.color import Color
from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget

KEPT = 32
"""How many wrappings of a text (at the width beside the bar, or the whole width) a pane
keeps."""


class DetailPane(ScrollView, can_focus=False):
    """Text of any height in a pane of a fixed size, its left rule beside the text only."""

    DEFAULT_CSS = """
    DetailPane { overflow: hidden hidden; }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._visual: Visual = visualize(self, "", markup=False)
        self._lines: list[Strip] = []
        self._wrapped: tuple[int, int] = (-1, -1)
        """The (width, height) the lines were wrapped for."""
        self.bar = False
        """Whether the scroll bar is shown (the text is taller than the pane)."""
        self._bar_cells: list[Segment] = []
        self._bar_key: tuple[int, int, float] = (-1, -1, -1.0)
        self._grab: float | None = None
        """Where on the scroll bar's thumb the mouse holds it, while it is dragged."""
        self._kept: OrderedDict[tuple[object, int], list[Strip]] = OrderedDict()
        """The lines of the texts shown last (searching back, or up and down the list, shows
        them again), by text and the width they were wrapped at."""

    def show(self, content: VisualType) -> None:
        """Show ``content`` from its top; only the pane is drawn again."""
        self._visual = visualize(self, content, markup=False)
        self._wrapped = (-1, -1)
        self._wrap()
        self.scroll_to(y=0, animate=False)
        self.refresh()

    @property
    def text_height(self) -> int:
        """The text's lines at the pane's width."""
        return len(self._wrap())

    @property
    def allow_vertical_scroll(self) -> bool:
        """The wheel scrolls the text while it is taller than the pane (Textual's test is
        whether its own scroll bar is shown, which this pane never shows)."""
        return self.max_scroll_y > 0

    def notify_style_update(self) -> None:
        """Another theme or style: the lines and the bar are drawn again in its colours."""
        super().notify_style_update()
        self._wrapped = (-1, -1)
        self._bar_key = (-1, -1, -1.0)
        self._kept.clear()

    def _wrap(self) -> list[Strip]:
        """The text's lines at the pane's width, a column narrower when they need the bar."""
        width, height = self.size
        if self._wrapped == (width, height):
            return self._lines
        lines = self._wrap_anew(width, height)
        self._lines, self._wrapped = lines, (width, height)
        # The scroll range follows the text without a layout: the pane's size does not change.
        self.set_reactive(Widget.virtual_size, Size(width, len(lines)))
        if self.scroll_y > self.max_scroll_y:
            self.set_reactive(Widget.scroll_y, float(self.max_scroll_y))
            self.set_reactive(Widget.scroll_target_y, float(self.max_scroll_y))
        return lines

    def _wrap_anew(self, width: int, height: int) -> list[Strip]:
        """The text wrapped at ``width`` for a pane ``height`` lines tall; sets :attr:`bar`."""
        # As Textual's own scroll bar: a text that needs the bar at the narrower width keeps a
        # bar already shown, even if it would fit the full width without it.
        bar = self.bar and height > 0 and width > 1
        if not bar and height > 0 and width > 1 and self._fewest_lines(width) > height:
            bar = True  # surely taller than the pane: wrapped once, beside the bar
        lines = self._strips(width - bar) if width else []
        if bar and len(lines) <= height:
            bar = False
            lines = self._strips(width)
        elif not bar and len(lines) > height > 0 and width > 1:
            bar = True
            lines = self._strips(width - 1)
        if bar:  # padded as Textual pads a line narrower than its widget
            background = Style(bgcolor=self._background.rich_color)
            lines = [line.adjust_cell_length(width - 1, background) for line in lines]
        self.bar = bar
        return lines

    def _strips(self, width: int) -> list[Strip]:
        """The text wrapped at ``width``, kept for the last :data:`KEPT` texts and widths."""
        if not isinstance(self._visual, Content):  # kept only for a text known by its value
            return Visual.to_strips(self, self._visual, width, None, self.visual_style)
        key = (self._visual, width)
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        lines = Visual.to_strips(self, self._visual, width, None, self.visual_style)
        self._kept[key] = lines
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return lines

    @property
    def _background(self) -> Color:
        """The pane's background, over what lies under it."""
        base_background, background = self.background_colors
        return base_background + background

    def _fewest_lines(self, width: int) -> int:
        """At least how many lines the text takes at ``width``: however it is wrapped, a line
        holds at most ``width`` of the cells that are not spaces."""
        if not isinstance(self._visual, Content):
            return 0
        return sum(max(1, -(-cell_len("".join(line.split())) // width))
                   for line in self._visual.plain.split("\n"))

    def on_resize(self, _event: events.Resize) -> None:
        self._wrap()
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        lines = self._wrap()
        strips = super().render_lines(crop)
        below = len(lines) - self.scroll_offset.y
        if crop.bottom <= below:
            return strips
        # Under the text: no rule, no padding, as if the pane stopped there.
        blank = Strip.blank(crop.width, Style(bgcolor=self._background.rich_color))
        return [strip if crop.y + row < below else blank for row, strip in enumerate(strips)]

    def render_line(self, y: int) -> Strip:
        lines = self._wrap()
        index = self.scroll_offset.y + y
        if index >= len(lines):
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        line = lines[index]
        if not self.bar:
            return line
        return Strip([*line, self._bar_cell(y)])

    def _bar_cell(self, y: int) -> Segment:
        """Row ``y`` of the scroll bar, drawn as Textual's ``ScrollBar`` draws it."""
        height = self.size.height
        key = (height, len(self._lines), self.scroll_y)
        if self._bar_key != key:
            styles = self.styles
            background = styles.scrollbar_background
            if background.a < 1:
                base_background, _ = self.background_colors
                background = base_background + background
            color = background + styles.scrollbar_color
            bar = ScrollBarRender.render_bar(height, len(self._lines), height,
                                             int(self.scroll_y * 8) / 8, 1, True,
                                             background.rich_color, color.rich_color)
            under = Style(bgcolor=self._background.rich_color)
            self._bar_cells = [
                Segment(cell.text, under + (cell.style or Style()).clear_meta_and_links())
                for cell in bar.segments]
            self._bar_key = key
        return self._bar_cells[y] if y < len(self._bar_cells) else Segment(" ")

    def _on_bar(self, x: int) -> bool:
        """Whether column ``x`` (of the pane's region) is the scroll bar's."""
        return self.bar and x >= self.content_region.right - self.region.x - 1

    def _thumb(self) -> tuple[float, float]:
        """The scroll bar's thumb: its top row and its height, as Textual's bar draws it."""
        height, total = self.size.height, max(1, len(self._lines))
        return self.scroll_y * height / total, max(1.0, height * height / total)

    def _on_thumb(self, y: int) -> bool:
        """Whether row ``y`` shows part of the thumb (it is drawn in eighths of a row)."""
        top, size = self._thumb()
        return top - 1 < y < top + size

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A press on the scroll bar's thumb grabs it: the text follows the mouse until the
        button is let go (Textual's own bar does the same)."""
        if self._on_bar(event.x) and self._on_thumb(event.y):
            self._grab = event.y - self._thumb()[0]
            self.capture_mouse()
            event.stop()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._grab is None:
            return
        height, total = self.size.height, len(self._lines)
        self.scroll_to(y=(event.y - self._grab) * total / max(1, height), animate=False)
        event.stop()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._grab is not None:
            self._grab = None
            self.release_mouse()
            event.stop()

    def on_click(self, event: events.Click) -> None:
        """A click on the scroll bar, above or below its thumb, moves the text by a page
        towards the click (a drag ends on the thumb, or past an end of the text: no page)."""
        if not self._on_bar(event.x):
            return
        if self._on_thumb(event.y):
            return
        height = self.size.height
        self.scroll_relative(y=height if event.y >= self._thumb()[0] else -height,
                             animate=False)
