"""The printable documents as plain data: what a character sheet, a chronicle log or a
game-preparation sheet says, decided before any layout.

This module is pure: it imports neither reportlab nor the services. The builders read the
services' views (``CharacterView``, ``GameView``) through the small protocols below, so the
layers keep pointing one way (services -> export -> rules -> domain), and the tests check a
sheet by value without producing a PDF.

Values are text, or one of two marks: ``Mark.UNKNOWN`` for a value nobody has recorded yet (a
card's cost the catalog does not know prints as "?" in a box, never as 0) and ``Mark.BLANK`` for
a box left empty on purpose (the pencil variant). Every string is plain text exactly as the user
typed it; the renderer escapes and sets it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from chronicle.domain.values import name_key
from chronicle.rules.editions import find_edition
from chronicle.rules.report import Report, Severity
from chronicle.systems.wyld_hunt.cards import (
    Card,
    Flaw,
    FlawType,
    Merit,
    MeritType,
    Quest,
    Waylay,
)
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, Event
from chronicle.systems.wyld_hunt.rules.character import CharacterState
from chronicle.systems.wyld_hunt.rules.game import (
    LEAGUES_PER_QUEST,
    SOLO_LEAGUES_PER_QUEST,
    PlayerState,
    SetupState,
)
from chronicle.systems.wyld_hunt.rules.ledger import waylay_bonus


class Mark(enum.Enum):
    """A value that is not text."""

    UNKNOWN = "?"
    """Nobody has recorded this value yet: printed as "?" in a box."""
    BLANK = ""
    """Left empty on purpose, to be filled in with a pencil: printed as an empty box."""


Value = str | Mark
"""What a field or a cell shows."""

Side = Literal["merits", "flaws"]
Tone = Literal["normal", "muted", "total"]
Align = Literal["left", "center", "right"]


# ---------------------------------------------------------------------------- the model --


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
    """A titled box of free text: the special ability, the background."""

    title: str
    text: Value
    lines: int = 2
    """At least this many lines are drawn, so there is room to write."""


@dataclass(frozen=True, slots=True)
class CardLine:
    """One Merit or Flaw in its box: name, cost (Merits) or bonus (Flaws), Attribute, court.

    An empty string means the card has no such value (an Art has no Attribute); ``Mark.UNKNOWN``
    means it should have one that nobody has recorded.
    """

    name: str
    points: Value
    attribute: Value
    court: Value


@dataclass(frozen=True, slots=True)
class CardBox:
    """One of the sheet's eight boxes (Abilities, Allies, ..., Curses)."""

    title: str
    side: Side
    cards: tuple[CardLine, ...]
    points_label: str
    blank_lines: int = 0
    """Empty lines added after the cards (the pencil variant: room for what is bought later)."""


@dataclass(frozen=True, slots=True)
class CardGrid:
    """The rulebook's card boxes, two to a row, with the MERITS and FLAWS spines between."""

    rows: tuple[tuple[CardBox, CardBox], ...]


@dataclass(frozen=True, slots=True)
class ItemList:
    """A titled list on ruled lines: "Quests Completed: ..."."""

    title: str
    items: tuple[str, ...]
    blank_lines: int = 0
    empty: str = ""
    """Printed when there are no items and no blank lines."""


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its title, relative width and alignment."""

    title: str
    weight: float
    align: Align = "left"


@dataclass(frozen=True, slots=True)
class Row:
    """A table row. ``muted`` rows are printed grey (an undone event); ``total`` rows bold."""

    cells: tuple[Value, ...]
    tone: Tone = "normal"


@dataclass(frozen=True, slots=True)
class Table:
    """A table with a header row, repeated when it continues on the next page."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    empty: str = "None."
    """Printed instead of the table when it has no rows."""


@dataclass(frozen=True, slots=True)
class Heading:
    """A section heading."""

    text: str


@dataclass(frozen=True, slots=True)
class Note:
    """A short paragraph: a bold ``label`` (fixed wording) then ``text`` (may be user text)."""

    text: str
    label: str = ""
    tone: Literal["normal", "error", "warning"] = "normal"


Block = FieldGrid | TextBox | CardGrid | ItemList | Table | Heading | Note


@dataclass(frozen=True, slots=True)
class Part:
    """One printed item: it starts on a new page and its pages are numbered on their own
    ("Page 1 of 2"), so a player's file of several sheets prints as separate sheets."""

    kind: str
    """What it is, printed above the title: "Character Sheet"."""
    title: str
    """Whose it is: the character's or the game's name."""
    caption: str
    footer: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Document:
    """A whole PDF file."""

    title: str
    parts: tuple[Part, ...]
    author: str = "Arcadia Chronicle"

    def texts(self) -> Iterator[str]:
        """Every string the document prints, in order (marks excluded)."""
        for part in self.parts:
            yield from (part.kind, part.title, part.caption, part.footer)
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
                    values += [line.name, line.points, line.attribute, line.court]
    elif isinstance(block, ItemList):
        values += [block.title, *block.items]
    elif isinstance(block, Table):
        values += [c.title for c in block.columns]
        for row in block.rows:
            values += list(row.cells)
    elif isinstance(block, Heading):
        values.append(block.text)
    else:
        values += [block.label, block.text]
    yield from (v for v in values if isinstance(v, str) and v)


# ------------------------------------------------------- what the builders read (protocols) --


class HistoryEntry(Protocol):
    """One line of a character's chronicle as the services show it (``HistoryLine``)."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def recorded_at(self) -> str | None: ...
    @property
    def xp_change(self) -> int: ...
    @property
    def xp_earned(self) -> int: ...
    @property
    def xp_unspent(self) -> int: ...
    @property
    def waylay_bonus(self) -> int: ...
    @property
    def applied(self) -> bool: ...
    @property
    def undone_by(self) -> int | None: ...


class CharacterSource(Protocol):
    """A character as the services show it (``CharacterView``)."""

    @property
    def name(self) -> str: ...
    @property
    def player(self) -> str: ...
    @property
    def build(self) -> CharacterBuild: ...
    @property
    def report(self) -> Report: ...
    @property
    def state(self) -> CharacterState: ...
    @property
    def history(self) -> Sequence[HistoryEntry]: ...


class SeatSource(Protocol):
    """One player's part of a game (``Seat``)."""

    @property
    def player(self) -> str: ...
    @property
    def character(self) -> str | None: ...
    @property
    def quests(self) -> Sequence[str]: ...
    @property
    def target(self) -> str | None: ...
    @property
    def waylays(self) -> Sequence[str]: ...
    @property
    def treasures(self) -> Sequence[str]: ...
    @property
    def leagues(self) -> Sequence[str]: ...
    @property
    def completed(self) -> Sequence[str] | None: ...


class GameSource(Protocol):
    """A game as the services show it (``GameView``)."""

    @property
    def name(self) -> str: ...
    @property
    def system(self) -> str: ...
    @property
    def solo(self) -> bool: ...
    @property
    def status(self) -> str: ...
    @property
    def seats(self) -> Sequence[SeatSource]: ...
    @property
    def report(self) -> Report: ...
    @property
    def state(self) -> SetupState: ...


# ------------------------------------------------------------------------------ helpers --

BRAND = "Arcadia: The Wyld Hunt"
MERIT_BOXES: dict[MeritType, str] = {
    MeritType.ABILITY: "Abilities", MeritType.ALLY: "Allies",
    MeritType.ADVANTAGE: "Advantages", MeritType.ART: "Arts", MeritType.TREASURE: "Treasures"}
FLAW_BOXES: dict[FlawType, str] = {
    FlawType.ENEMY: "Enemies", FlawType.WEAKNESS: "Weaknesses", FlawType.CURSE: "Curses"}
GRID: tuple[tuple[MeritType | FlawType, MeritType | FlawType], ...] = (
    (MeritType.ABILITY, MeritType.ALLY),
    (MeritType.ADVANTAGE, MeritType.ART),
    (MeritType.TREASURE, FlawType.ENEMY),
    (FlawType.WEAKNESS, FlawType.CURSE),
)
"""The rulebook's arrangement of the eight boxes, row by row."""
PENCIL_SPARE_LINES = 2
UNKNOWN_LEGEND = ("\"?\" marks a value nobody has recorded yet: read it from your card and "
                  "record it with 'chronicle cards new NAME --kind KIND'.")


def number(value: int | None) -> Value:
    """A number as printed: unknown stays unknown (never 0)."""
    return Mark.UNKNOWN if value is None else str(value)


def signed(value: int) -> str:
    """``+1``, ``-2``, ``0``."""
    return f"{value:+d}" if value else "0"


def word(value: str | None) -> Value:
    """A catalog word (``female``, ``seelie``) capitalised for print; None is unknown."""
    if value is None:
        return Mark.UNKNOWN
    text = str(value)
    return text[:1].upper() + text[1:]


def optional_word(value: str | None, needed: bool) -> Value:
    """An Attribute or court: unknown when the card type needs one, else empty when absent."""
    if value is None:
        return Mark.UNKNOWN if needed else ""
    return word(value)


def total(values: Sequence[int | None]) -> Value:
    """A sum that stays honest about unknown terms: ``7``, ``7 + ?`` or unknown."""
    known = [v for v in values if v is not None]
    if len(known) == len(values):
        return str(sum(known))
    return f"{sum(known)} + ?" if known else Mark.UNKNOWN


def against(value: Value, limit: Value) -> Value:
    """``"8 of 10"``: a total against its limit."""
    shown = value.value if isinstance(value, Mark) else value
    ceiling = limit.value if isinstance(limit, Mark) else limit
    return f"{shown} of {ceiling}"


def edition_label(system: str) -> str:
    """The printed name of an edition."""
    edition = find_edition(system)
    return edition.label if edition else system


def has_unknown(blocks: Sequence[Block]) -> bool:
    """True when any value of ``blocks`` is ``Mark.UNKNOWN``."""
    for block in blocks:
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


def problem_notes(report: Report, limit: int = 12) -> list[Note]:
    """The rules' findings as notes, errors first (at most ``limit``, then a count)."""
    found = report.errors + report.warnings
    notes = [Note(v.message + (f" (fix: {v.fix})" if v.fix else ""),
                  label=f"{'Error' if v.severity is Severity.ERROR else 'Warning'} "
                        f"{v.code}:",
                  tone="error" if v.severity is Severity.ERROR else "warning")
             for v in found[:limit]]
    if len(found) > limit:
        notes.append(Note(f"{len(found) - limit} more; 'chronicle check' lists them all.",
                          label="And"))
    return notes


# ------------------------------------------------------------------- the character sheet --


def _merit_line(merit: Merit) -> CardLine:
    ability = merit.type is MeritType.ABILITY
    return CardLine(merit.name, number(merit.cost),
                    optional_word(merit.attribute, ability), optional_word(merit.court, ability))


def _flaw_line(flaw: Flaw) -> CardLine:
    weakness = flaw.type is FlawType.WEAKNESS
    return CardLine(flaw.name, number(flaw.bonus),
                    optional_word(flaw.attribute, weakness), optional_word(flaw.court, weakness))


def card_grid(merits: Sequence[Merit], flaws: Sequence[Flaw], spare: int = 0) -> CardGrid:
    """The eight boxes in the rulebook's arrangement; Merits or Flaws whose type nobody knows
    get a row of their own below, so no card is left off."""

    def box(kind: MeritType | FlawType) -> CardBox:
        if isinstance(kind, MeritType):
            return CardBox(MERIT_BOXES[kind], "merits",
                           tuple(_merit_line(m) for m in merits if m.type is kind), "Cost",
                           spare)
        return CardBox(FLAW_BOXES[kind], "flaws",
                       tuple(_flaw_line(f) for f in flaws if f.type is kind), "Bonus", spare)

    rows = [(box(left), box(right)) for left, right in GRID]
    odd_merits = tuple(_merit_line(m) for m in merits if m.type is None)
    odd_flaws = tuple(_flaw_line(f) for f in flaws if f.type is None)
    if odd_merits or odd_flaws:
        rows.append((CardBox("Merits of unknown type", "merits", odd_merits, "Cost"),
                     CardBox("Flaws of unknown type", "flaws", odd_flaws, "Bonus")))
    return CardGrid(tuple(rows))


def character_sheet(source: CharacterSource, *, pencil: bool = False) -> Part:
    """The character sheet of the rulebook's last page, filled in.

    With ``pencil`` the values that change in play (experience earned, spent and unspent, the
    Waylay bonus, the quests completed) are left as empty boxes and every card box gets spare
    lines, for a sheet kept up to date by hand at the table.
    """
    state = source.state
    icon = state.icon
    summary = source.report.summary

    def of_icon(attribute: str) -> Value:
        value = getattr(icon, attribute, None)
        if value is None:
            return Mark.UNKNOWN
        return str(value) if isinstance(value, int) else word(str(value))

    identity = FieldGrid((
        (Field("Name", source.name), Field("Might", of_icon("might"))),
        (Field("Race", of_icon("race")), Field("Savvy", of_icon("savvy"))),
        (Field("Gender", of_icon("gender")), Field("Resolve", of_icon("resolve"))),
    ), weights=(3.0, 1.0))
    blocks: list[Block] = [identity]
    special: Value = Mark.UNKNOWN
    if icon is not None and icon.special:
        special = icon.special
    blocks.append(TextBox("Special Ability", special, lines=2))
    if source.build.background and source.build.background.strip():
        blocks.append(TextBox("Background", source.build.background, lines=1))
    blocks.append(card_grid(state.merits, state.flaws, PENCIL_SPARE_LINES if pencil else 0))
    court = summary.get("court")
    tally = f"{summary.get('seelie', 0)} Seelie, {summary.get('unseelie', 0)} Unseelie"
    court_value: Value = (f"{word(court)} ({tally})" if isinstance(court, str)
                          else f"undecided ({tally})")
    points: Value = (f"{summary.get('points_spent')} spent of {summary.get('points_start')}"
                     f" + {summary.get('points_flaws')} from Flaws"
                     + (f" + {summary['points_extra']} from cards"
                        if summary.get("points_extra") else "")
                     if summary.get("points_complete") else Mark.UNKNOWN)
    blocks.append(FieldGrid(((Field("Court", court_value), Field("Creation points", points)),),
                            weights=(1.0, 1.0)))
    completed = tuple(state.ledger.quests_completed)
    blocks.append(ItemList("Quests Completed", () if pencil else completed,
                           blank_lines=3 if pencil else 0, empty="none yet"))

    def live(value: str) -> Value:
        return Mark.BLANK if pencil else value

    blocks.append(FieldGrid(((
        Field("Experience earned", live(str(state.xp_earned))),
        Field("Spent", live(str(state.xp_spent))),
        Field("Unspent", live(str(state.xp_unspent))),
        Field("Waylay bonus", live(f"+{state.waylay_bonus}")),
    ),), weights=(1.3, 1.0, 1.0, 1.2)))
    if has_unknown(blocks):
        blocks.append(Note(UNKNOWN_LEGEND))
    blocks.extend(problem_notes(source.report))
    kind = "Character Sheet" + (" (pencil)" if pencil else "")
    icon_name = f"Icon: {icon.name}" if icon else "no Character Icon yet"
    return Part(kind=kind, title=source.name,
                caption=f"{source.player}'s character · {edition_label(source.build.system)}"
                        f" · {icon_name}",
                footer=f"{source.name} ({source.player}) · {kind}",
                blocks=tuple(blocks))


# ------------------------------------------------------------------------ the chronicle --


def _event_note(event: Event | None) -> str:
    note = getattr(event, "note", None)
    if not note or event is None or type(event).__name__ == "Correction":
        return ""
    return f" ({note})"


def chronicle_log(source: CharacterSource) -> Part:
    """Every event of the chronicle in order (games, purchases, corrections, undos), with the
    experience it changed and the running totals after it; undone events are printed grey."""
    events = {line.index: line.event for line in source.state.ledger.lines}
    rows: list[Row] = []
    for line in source.history:
        event = events.get(line.seq)
        date = getattr(event, "date", None) or (line.recorded_at or "")[:10]
        text = line.text + _event_note(event)
        if line.undone_by is not None:
            text += f" (undone by event {line.undone_by})"
        elif not line.applied:
            text += " (not applied)"
        spent = line.xp_earned - line.xp_unspent
        # a game shows the bonus in force during it; any other event the bonus after it
        bonus = line.waylay_bonus if line.kind == "game" else waylay_bonus(line.xp_earned)
        rows.append(Row((str(line.seq), date, text, signed(line.xp_change) if line.applied
                         else "", str(line.xp_earned), str(spent), str(line.xp_unspent),
                         f"+{bonus}"),
                        tone="normal" if line.applied else "muted"))
    state = source.state
    rows.append(Row(("", "", "Now", "", str(state.xp_earned), str(state.xp_spent),
                     str(state.xp_unspent), f"+{state.waylay_bonus}"), tone="total"))
    table = Table((Column("#", 0.45, "right"), Column("Date", 1.2), Column("Event", 6.0),
                   Column("XP", 0.6, "right"), Column("Earned", 0.85, "right"),
                   Column("Spent", 0.8, "right"), Column("Unspent", 0.9, "right"),
                   Column("Bonus", 0.8, "right")), tuple(rows))
    blocks: list[Block] = [
        FieldGrid(((Field("Experience earned", str(state.xp_earned)),
                    Field("Spent", str(state.xp_spent)),
                    Field("Unspent", str(state.xp_unspent)),
                    Field("Waylay bonus", f"+{state.waylay_bonus}")),),
                  weights=(1.3, 1.0, 1.0, 1.2)),
        ItemList("Quests Completed", tuple(state.ledger.quests_completed), empty="none yet"),
        Heading("Games and purchases"),
    ]
    if source.history:
        blocks.append(table)
        blocks.append(Note("XP is the experience an event earned (+) or spent (-); Earned, "
                           "Spent and Unspent are the totals after it; Bonus is the Waylay "
                           "bonus in force after it (for a game: during it).", label="Columns:"))
    else:
        blocks.append(Note("No games or purchases yet."))
    return Part(kind="Chronicle", title=source.name,
                caption=f"{source.player}'s character · {edition_label(source.build.system)}",
                footer=f"{source.name} ({source.player}) · Chronicle", blocks=tuple(blocks))


# --------------------------------------------------------------- the game-preparation sheet --


def _find(cards: Sequence[Card], name: str, taken: list[Card]) -> Card | None:
    """The resolved card of ``name`` (each copy matched once), None when it is unknown."""
    for card in cards:
        if name_key(card.name) == name_key(name) and not any(card is t for t in taken):
            taken.append(card)
            return card
    return None


def _terrain(card: Card | None) -> Value:
    terrain = getattr(card, "terrain", None)
    if card is None or terrain is None:
        return Mark.UNKNOWN
    return ", ".join(str(t.value).capitalize() for t in terrain)


def _player_blocks(player: PlayerState, seat: SeatSource, by_name: dict[str, PlayerState],
                   solo: bool) -> list[Block]:
    bonus = player.bonus
    blocks: list[Block] = [Heading(f"{seat.player}: "
                                   + (seat.character or "no character (career stated)"))]
    quest_rows: list[Row] = []
    taken: list[Card] = []
    ratings: list[int | None] = []
    treasure_ratings: list[int | None] = []
    for name in seat.quests:
        quest = _find(player.quests, name, taken)
        base = quest.waylay_rating if isinstance(quest, Quest) else None
        effective = None if base is None else base + bonus
        quest_treasure = quest.treasure_rating if isinstance(quest, Quest) else None
        ratings.append(effective)
        treasure_ratings.append(quest_treasure)
        number_ = quest.number if isinstance(quest, Quest) else None
        done: Value = ""
        if seat.completed is not None:
            done = "yes" if any(name_key(c) == name_key(name) for c in seat.completed) else "no"
        quest_rows.append(Row((name, number(number_), number(base), f"+{bonus}",
                               number(effective), number(quest_treasure), done)))
    if quest_rows:
        quest_rows.append(Row(("Total", "", "", "", total(ratings), total(treasure_ratings),
                               ""), tone="total"))
    blocks.append(Table((Column("Quest", 4.0), Column("No.", 0.7, "right"),
                         Column("Waylay rating", 1.3, "right"), Column("Bonus", 0.8, "right"),
                         Column("Effective", 1.1, "right"), Column("Treasure rating", 1.4,
                                                                   "right"),
                         Column("Completed", 1.1, "center")), tuple(quest_rows),
                        empty="No quest chosen yet."))

    target_name = player.target or (player.name if solo else None)
    target = by_name.get(target_name or "")
    limit: Value = Mark.UNKNOWN
    if target is not None and target.quests:
        limit = str(target.waylay_rating) if target.rating_known else Mark.UNKNOWN
    leagues_wanted = (SOLO_LEAGUES_PER_QUEST if solo else LEAGUES_PER_QUEST) * len(seat.quests)
    waylay_ratings: list[int | None] = []
    taken = []
    waylay_rows: list[Row] = []
    for name in seat.waylays:
        waylay = _find(player.waylays, name, taken)
        rating = waylay.rating if isinstance(waylay, Waylay) else None
        waylay_ratings.append(rating)
        tests: Value = Mark.UNKNOWN
        if isinstance(waylay, Waylay) and waylay.tests is not None:
            tests = ", ".join(_test_text(waylay, t.value) for t in waylay.tests)
        waylay_rows.append(Row((name, number(rating), tests, _terrain(waylay))))
    treasure_costs: list[int | None] = []
    taken = []
    treasure_rows: list[Row] = []
    for name in seat.treasures:
        treasure = _find(player.treasures, name, taken)
        cost = treasure.cost if isinstance(treasure, Merit) else None
        treasure_costs.append(cost)
        treasure_rows.append(Row((name, number(cost))))
    taken = []
    league_rows: list[Row] = []
    for name in seat.leagues:
        league = _find(player.leagues, name, taken)
        unique = getattr(league, "unique", None)
        league_rows.append(Row((name, _terrain(league),
                                Mark.UNKNOWN if unique is None else ("yes" if unique else "no"))))
    own_treasure: Value = (total(treasure_ratings) if seat.quests else "0")
    blocks.append(FieldGrid(((
        Field("Waylays (solo: your own)" if solo else f"Waylays against {target_name or '?'}",
              against(total(waylay_ratings) if seat.waylays else "0", limit)),
        Field("Treasures", against(total(treasure_costs) if seat.treasures else "0",
                                   own_treasure)),
        Field("Leagues", against(str(len(seat.leagues)), str(leagues_wanted))),
    ),), weights=(1.6, 1.0, 1.0)))
    blocks.append(Table((Column("Waylay", 3.2), Column("Rating", 0.9, "right"),
                         Column("Tests", 2.2), Column("Terrain", 3.0)),
                        (*waylay_rows, Row(("Total", total(waylay_ratings), "", ""),
                                           tone="total")) if waylay_rows else (),
                        empty="No Waylays chosen yet."))
    blocks.append(Table((Column("Treasure", 5.0), Column("Cost", 1.0, "right")),
                        (*treasure_rows, Row(("Total", total(treasure_costs)),
                                             tone="total")) if treasure_rows else (),
                        empty="No Treasures chosen yet."))
    blocks.append(Table((Column("League", 3.6), Column("Terrain", 3.6),
                         Column("Unique", 0.9, "center")), tuple(league_rows),
                        empty="No Leagues chosen yet."))
    return blocks


def _test_text(waylay: Waylay, test: str) -> str:
    value = getattr(waylay, test, None)
    label = test[:1].upper() + test[1:]
    if value is None:
        return f"{label} ?"
    return label if value == "none" else f"{label} {value}"


def game_sheet(source: GameSource) -> Part:
    """A game's preparation: who waylays whom, then each player's quests with their effective
    Waylay ratings, the Waylays, Treasures and Leagues chosen with their totals against the
    limits, and the rules' remaining findings."""
    players = {p.name: p for p in source.state.players}
    seats = list(source.seats)
    who: list[Row] = []
    for seat in seats:
        player = players.get(seat.player)
        target = (player.target if player else None) or seat.target
        waylaid_by = ", ".join(player.waylaid_by) if player and player.waylaid_by else ""
        who.append(Row((seat.player, seat.character or "", target or Mark.UNKNOWN,
                        waylaid_by or Mark.UNKNOWN,
                        str(player.career_xp) if player else Mark.UNKNOWN,
                        f"+{player.bonus}" if player else Mark.UNKNOWN)))
    blocks: list[Block] = [
        Heading("Who waylays whom"),
        Table((Column("Player", 2.0), Column("Character", 2.2),
               Column("Waylays the quests of", 2.2), Column("Waylaid by", 2.0),
               Column("Career XP", 1.0, "right"), Column("Bonus", 0.8, "right")), tuple(who),
              empty="Nobody is seated."),
    ]
    for seat in seats:
        player = players.get(seat.player)
        if player is not None:
            blocks.extend(_player_blocks(player, seat, players, source.solo))
    notes = problem_notes(source.report)
    if notes:
        blocks.append(Heading("Rules findings"))
        blocks.extend(notes)
    if has_unknown(blocks):
        blocks.append(Note(UNKNOWN_LEGEND))
    count = len(seats)
    mode = "solo" if source.solo else f"{count} player{'s' if count != 1 else ''}"
    return Part(kind="Game Preparation", title=source.name,
                caption=f"{edition_label(source.system)} · {mode} · {source.status}",
                footer=f"{source.name} · Game Preparation", blocks=tuple(blocks))


# ------------------------------------------------------------------------- the documents --


def sheet_document(source: CharacterSource, *, pencil: bool = False) -> Document:
    """The PDF of one character sheet."""
    return Document(title=f"{source.name}: character sheet",
                    parts=(character_sheet(source, pencil=pencil),))


def log_document(source: CharacterSource) -> Document:
    """The PDF of one character's chronicle."""
    return Document(title=f"{source.name}: chronicle", parts=(chronicle_log(source),))


def game_document(source: GameSource) -> Document:
    """The PDF of one game's preparation."""
    return Document(title=f"{source.name}: game preparation", parts=(game_sheet(source),))


def player_document(player: str, sources: Sequence[CharacterSource], *,
                    pencil: bool = False) -> Document:
    """Every character of a player, one sheet after another, in one PDF."""
    return Document(title=f"{player}: character sheets",
                    parts=tuple(character_sheet(s, pencil=pencil) for s in sources))


__all__ = [
    "Block", "CardBox", "CardGrid", "CardLine", "CharacterSource", "Column", "Document",
    "Field", "FieldGrid", "GameSource", "Heading", "ItemList", "Mark", "Note", "Part", "Row",
    "Table", "TextBox", "Value", "character_sheet", "chronicle_log", "game_document",
    "game_sheet", "log_document", "player_document", "sheet_document",
]
