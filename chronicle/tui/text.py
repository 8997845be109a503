"""User and card text on screen: always data, never markup, and measured in terminal cells.

Every name, note, filter or message that came from a user or a card goes through these helpers
before it reaches a widget: ``plain`` makes a ``rich.text.Text`` (which Textual shows as written,
so ``[/x]`` or ``Winerdria [retired]`` stay whole), ``markup`` fills our own markup templates
with user text as plain ``$variables``, ``esc`` escapes text inside a markup string, and
``fit``/``clip`` cut or pad in cells rather than characters so emoji and CJK keep columns
aligned. Control characters are replaced, so nothing typed can move the cursor.
"""

from __future__ import annotations

import re

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.content import Content

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NEWLINES = re.compile(r"[\r\n\t]+")


def clean(text: str, *, lines: bool = False) -> str:
    """``text`` without control characters (``lines`` keeps newlines; otherwise they become
    spaces)."""
    if not lines:
        text = _NEWLINES.sub(" ", text)
    return _CONTROL.sub("\N{REPLACEMENT CHARACTER}", text)


def plain(text: object, style: str = "", *, lines: bool = True) -> Text:
    """``text`` as styled text that Textual never parses as markup."""
    return Text(clean(str(text), lines=lines), style=style)


def markup(template: str, **values: object) -> Content:
    """Our own markup ``template`` with ``$name`` variables filled in as plain text: the values
    (user and card text) are never parsed, whatever brackets or backslashes they hold."""
    return Content.from_markup(template, **{key: clean(str(value), lines=True)
                                            for key, value in values.items()})


def width(text: str) -> int:
    """How many terminal cells ``text`` takes."""
    return cell_len(text)


def clip(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal cells, an ellipsis marking the cut."""
    text = clean(text)
    if cell_len(text) <= cells:
        return text
    if cells <= 0:
        return ""
    return set_cell_size(text, cells - 1).rstrip() + "…"


def fit(text: str, cells: int) -> str:
    """``text`` cut or padded to exactly ``cells`` terminal cells."""
    return set_cell_size(clip(text, cells), max(0, cells))


def clip_words(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` cells at a word boundary when one is near, else mid-word."""
    text = clean(text)
    if cell_len(text) <= cells:
        return text
    cut = set_cell_size(text, max(0, cells - 1))
    space = cut.rfind(" ")
    if space >= cells // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;·") + "…"


def esc(text: object) -> str:
    """``text`` safe inside one of our markup strings: every ``[`` escaped (``rich.markup.escape``
    leaves ``[[`` alone, which Textual then misreads), and a zero-width space after each
    backslash so a name ending in ``\\`` cannot escape the tag that follows it."""
    return clean(str(text), lines=True).replace("\\", "\\\u200b").replace("[", "\\[")
