"""The document model: what a printable says, as plain data, before any layout.

Values are text, or one of two marks: ``Mark.UNKNOWN`` for a value nobody has recorded yet (a
card's cost the catalog does not know prints as "?" in a box, never as 0) and ``Mark.BLANK`` for
a box left empty on purpose, to be filled in with a pencil. Every string is plain text exactly
as the user typed it; the renderer escapes and sets it. Pure: no reportlab here.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal


class Mark(enum.Enum):
    """A value that is not text."""

    UNKNOWN = "?"
    """Nobody has recorded this value yet: printed as "?" in a box."""
    BLANK = ""
    """Left empty on purpose, to be filled in with a pencil: printed as an empty box."""


Value = str | Mark
"""What a field or a cell shows."""

Side = Literal["merits", "flaws"]
Tone = Literal["normal", "muted", "total", "blank"]
Align = Literal["left", "center", "right"]


@dataclass(frozen=True, slots=True)
class Field:
    """A labelled value: "Might: 2"."""

    label: str
    value: Value


@dataclass(frozen=True, slots=True)
class FieldGrid:
    """Rows of labelled values, like the top of the rulebook's sheet (Name ... Might ...).

    ``weights`` gives the relative width of each field of a row (every row has as many fields
    as there are weights).
    """

    rows: tuple[tuple[Field, ...], ...]
    weights: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class TextBox:
    """A titled box of free text: the special ability, the background, a box to write in."""

    title: str
    text: Value
    lines: int = 2
    """At least this many lines are drawn, so there is room to write."""
    shrink: bool = False
    """May be set in smaller type, or moved to a page of its own, so the sheet stays one page
    (a long background)."""
    grow: bool = False
    """A box to write in that takes the room left on a one-page sheet (the pencil sheet's
    Quest Treasures)."""


@dataclass(frozen=True, slots=True)
class CardLine:
    """One Merit or Flaw in its box: name, cost (Merits) or bonus (Flaws), Attribute, court.

    An empty string means the card has no such value (an Art has no Attribute); ``Mark.UNKNOWN``
    means it should have one that nobody has recorded. A ``struck`` line is a Flaw bought off:
    its name is struck through and ``note`` says when it went.
    """

    name: str
    points: Value
    attribute: Value
    court: Value
    struck: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class CardBox:
    """One of the sheet's eight boxes (Abilities, Allies, ..., Curses)."""

    title: str
    side: Side
    cards: tuple[CardLine, ...]
    points_label: str
    blank_lines: int = 0
    """Empty lines added after the cards, with boxes to write in (the pencil sheet)."""


@dataclass(frozen=True, slots=True)
class CardGrid:
    """The rulebook's card boxes, two to a row, with the MERITS and FLAWS spines between.
    With ``exhaust`` every card line has an "exhausted" box to tick in play."""

    rows: tuple[tuple[CardBox, CardBox], ...]
    exhaust: bool = False


@dataclass(frozen=True, slots=True)
class ItemList:
    """A titled list on ruled lines: "Quests Completed: ...". When the items do not fit in
    ``max_lines`` lines the last ones are counted instead ("+ 12 more")."""

    title: str
    items: tuple[str, ...]
    blank_lines: int = 0
    empty: str = ""
    """Printed when there are no items and no blank lines."""
    max_lines: int = 0
    """At most this many lines of items (0: no limit)."""


@dataclass(frozen=True, slots=True)
class Tally:
    """A strip of small boxes to tick, one per point ("Experience tally")."""

    title: str
    boxes: int
    ticked: int = 0
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its title, relative width and alignment."""

    title: str
    weight: float
    align: Align = "left"


@dataclass(frozen=True, slots=True)
class Row:
    """A table row. ``muted`` rows are printed grey (an undone event); ``total`` rows bold;
    ``blank`` rows are empty lines to write on."""

    cells: tuple[Value, ...]
    tone: Tone = "normal"


@dataclass(frozen=True, slots=True)
class Table:
    """A table with a header row, repeated where it continues on the next page.

    ``title`` and ``legend`` print above the header and stay with it and the first row;
    ``context`` says on a continued page whose table it is ("Tim: Winerdria (continued)").
    ``blank_rows`` empty rows follow the rows, to be filled in by hand; with ``fill`` more
    blank rows fill the rest of the table's last page (when it is the last table on it).
    An ``optional`` table is left out where it does not fit the rest of its page.
    """

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    title: str = ""
    legend: str = ""
    context: str = ""
    blank_rows: int = 0
    fill: bool = False
    optional: bool = False
    """Printed only where it fits whole in the room left on its page, else left out: rows to
    write in that are worth no page of their own."""


@dataclass(frozen=True, slots=True)
class Heading:
    """A section heading."""

    text: str


@dataclass(frozen=True, slots=True)
class Note:
    """A short paragraph: a bold ``label`` (fixed wording) then ``text`` (may be user text)."""

    text: str
    label: str = ""
    tone: Literal["normal", "error", "warning", "muted"] = "normal"


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One piece on the table: its own label, a box per point to tick as it is lost (wounds),
    printed after ``value`` (its starting number), and a box to tick each round (activated).
    ``boxes`` None: nobody knows how many ("?" in a box)."""

    label: str
    boxes: int | None
    value: Value = ""
    number: str = ""
    """Printed in a column of its own before the label ("2.3"), so it lines up whatever the
    label's script."""


@dataclass(frozen=True, slots=True)
class RosterGroup:
    """Identical pieces under one head: the group's values once (under the roster's columns),
    a legend line, then a row per piece; ``more`` is a muted line after the rows ("40 more
    models ..."). A group never splits across pages unless it is taller than a page."""

    title: str
    cells: tuple[Value, ...]
    rows: tuple[RosterRow, ...]
    legend: str = ""
    more: str = ""


@dataclass(frozen=True, slots=True)
class RosterTable:
    """A roster to play from: a header row (the label column, ``columns``, the boxes' column,
    the tick column), then each group, then a total row (``total`` under ``columns``) kept
    with the last group."""

    columns: tuple[Column, ...]
    groups: tuple[RosterGroup, ...]
    label: str = "Model"
    boxes: str = "Wounds taken"
    tick: str = "Activated"
    total_label: str = ""
    total: tuple[Value, ...] = ()
    fill: bool = False
    """Blank rows to write in (a model added in play, a note) fill the rest of the roster's
    last page, below its total."""


@dataclass(frozen=True, slots=True)
class Chart:
    """A chart drawn as vector graphics: ``points`` (label, value) in order, as bars (one per
    label: win rates) or as a line (a value over time: experience, coins per scenario)."""

    title: str
    points: tuple[tuple[str, float], ...]
    style: Literal["bars", "line"] = "line"
    unit: str = ""
    """How the values are read ("%": a fraction shown as a percentage)."""


@dataclass(frozen=True, slots=True)
class Together:
    """Blocks kept on one page: where they do not fit the rest of a page but fit a whole one,
    they start the next page together (a guild's heading, its ledger and its heroes)."""

    blocks: tuple[Block, ...]


Block = (FieldGrid | TextBox | CardGrid | ItemList | Tally | Table | Heading | Note
         | RosterTable | Together | Chart)


@dataclass(frozen=True, slots=True)
class Part:
    """One printed item: it starts on a new page (unless ``new_page`` is off) and its pages
    print its own footer; "Page X of Y" counts the file's pages (the second of a player's three
    sheets is "Page 2 of 3")."""

    kind: str
    """What it is, printed above the title: "Character Sheet"."""
    title: str
    """Whose it is: the character's or the game's name."""
    caption: str
    footer: str
    blocks: tuple[Block, ...]
    brand: str = "ARCADIA"
    """The edition's own title, printed at the head of every page."""
    one_page: bool = False
    """Laid out to fit one page when it can (a character sheet)."""
    new_page: bool = True
    """Starts on a new page. False: shares the previous part's page when both fit on one
    (a short game's score pad and its log), else starts a new page all the same."""


@dataclass(frozen=True, slots=True)
class Document:
    """A whole PDF file."""

    title: str
    parts: tuple[Part, ...]
    author: str = "Arcadia Chronicle"

    def texts(self) -> Iterator[str]:
        """Every string the document prints, in order (marks excluded)."""
        for part in self.parts:
            yield from (part.brand, part.kind, part.title, part.caption, part.footer)
            for block in part.blocks:
                yield from block_texts(block)


def block_texts(block: Block) -> Iterator[str]:
    """Every string one block prints."""
    values: list[Value] = []
    if isinstance(block, FieldGrid):
        for fields in block.rows:
            for item in fields:
                values += [item.label, item.value]
    elif isinstance(block, TextBox):
        values += [block.title, block.text]
    elif isinstance(block, CardGrid):
        for pair in block.rows:
            for box in pair:
                values += [box.title, box.points_label]
                for line in box.cards:
                    values += [line.name, line.points, line.attribute, line.court, line.note]
    elif isinstance(block, ItemList):
        values += [block.title, *block.items]
    elif isinstance(block, Tally):
        values += [block.title, block.hint]
    elif isinstance(block, Table):
        values += [block.title, block.legend, *(c.title for c in block.columns)]
        for row in block.rows:
            values += list(row.cells)
    elif isinstance(block, Heading):
        values.append(block.text)
    elif isinstance(block, Chart):
        values += [block.title, *(label for label, _value in block.points)]
    elif isinstance(block, Together):
        for inner in block.blocks:
            yield from block_texts(inner)
    elif isinstance(block, RosterTable):
        values += [block.label, *(c.title for c in block.columns), block.boxes, block.tick,
                   block.total_label, *block.total]
        for group in block.groups:
            values += [group.title, *group.cells, group.legend, group.more]
            for piece in group.rows:
                values += [piece.number, piece.label, piece.value]
    else:
        values += [block.label, block.text]
    yield from (v for v in values if isinstance(v, str) and v)


def has_unknown(blocks: tuple[Block, ...] | list[Block]) -> bool:
    """True when any value of ``blocks`` is ``Mark.UNKNOWN``."""
    for block in blocks:
        if _unknown_inside(block):
            return True
        if isinstance(block, FieldGrid):
            if any(f.value is Mark.UNKNOWN for row in block.rows for f in row):
                return True
        elif isinstance(block, TextBox):
            if block.text is Mark.UNKNOWN:
                return True
        elif isinstance(block, CardGrid):
            if any(v is Mark.UNKNOWN for pair in block.rows for box in pair
                   for line in box.cards
                   for v in (line.points, line.attribute, line.court)):
                return True
        elif isinstance(block, Table) and any(
                c is Mark.UNKNOWN for row in block.rows for c in row.cells):
            return True
    return False


def _unknown_inside(block: Block) -> bool:
    """True when a roster table or the blocks kept together hold ``Mark.UNKNOWN`` (a value,
    or a number of boxes nobody knows)."""
    if isinstance(block, Together):
        return has_unknown(block.blocks)
    if isinstance(block, RosterTable):
        return any(any(c is Mark.UNKNOWN for c in group.cells)
                   or any(r.boxes is None for r in group.rows) for group in block.groups)
    return False
