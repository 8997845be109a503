"""The character sheet (the rulebook's last page, filled in, or kept up in pencil at the table)
and the chronicle log (every game and purchase with running totals). Pure: builds the
document model from the services' view of a character."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import chronicle.export.model as doc
from chronicle.export.wording import (
    UNKNOWN_LEGEND,
    brand,
    collapsed,
    edition_label,
    finding_notes,
    number,
    optional_word,
    signed,
    word,
)
from chronicle.systems.wyld_hunt.cards import Card, Flaw, FlawType, Kind, Merit, MeritType
from chronicle.systems.wyld_hunt.chronicle import Event, FlawBoughtOff, GamePlayed
from chronicle.systems.wyld_hunt.rules.creation import PointsState
from chronicle.systems.wyld_hunt.rules.ledger import waylay_bonus
from chronicle.systems.wyld_hunt.sheets.sources import CharacterSource

CardLookup = Callable[[str], Card | None]
"""Finds a card by name (the catalog), for what the character no longer holds."""

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
TALLY_BOXES = 40
LOG_BLANK_ROWS = 8
UNDATED = "—"
"""The date column of an event recorded without a date (not the day it was typed in)."""
SHOWN_ELSEWHERE = ("points.unspent", "points.over_budget")
"""Findings the sheet's own "Creation points" field already states (one figure, not two)."""


def _merit_line(merit: Merit) -> doc.CardLine:
    ability = merit.type is MeritType.ABILITY
    return doc.CardLine(merit.name, number(merit.cost), optional_word(merit.attribute, ability),
                        optional_word(merit.court, ability))


def _flaw_line(flaw: Flaw, struck: str = "") -> doc.CardLine:
    weakness = flaw.type is FlawType.WEAKNESS
    if struck:
        return doc.CardLine(flaw.name, number(flaw.bonus), "", "", struck=True, note=struck)
    return doc.CardLine(flaw.name, number(flaw.bonus), optional_word(flaw.attribute, weakness),
                        optional_word(flaw.court, weakness))


def bought_off(source: CharacterSource) -> list[tuple[str, str]]:
    """The Flaws bought off, each with when it went: "bought off after <last quest
    completed before>" (or "bought off" before any quest was completed)."""
    found: list[tuple[str, str]] = []
    last_quest = ""
    for line in source.state.ledger.lines:
        event = line.event
        if not line.applied:
            continue
        if isinstance(event, GamePlayed) and event.completed:
            last_quest = event.completed[-1]
        elif isinstance(event, FlawBoughtOff):
            found.append((event.flaw, f"bought off after {last_quest}" if last_quest
                          else "bought off"))
    return found


def card_grid(merits: Sequence[Merit], flaws: Sequence[Flaw], spare: int = 0, *,
              gone: Sequence[tuple[Flaw, str]] = (), exhaust: bool = False) -> doc.CardGrid:
    """The eight boxes in the rulebook's arrangement; Merits or Flaws whose type nobody knows
    get a row of their own below, so no card is left off. ``gone``: Flaws bought off, printed
    struck through in their box with when they went."""

    def box(kind: MeritType | FlawType) -> doc.CardBox:
        if isinstance(kind, MeritType):
            return doc.CardBox(MERIT_BOXES[kind], "merits",
                               tuple(_merit_line(m) for m in merits if m.type is kind), "Cost",
                               spare)
        lines = [_flaw_line(f) for f in flaws if f.type is kind]
        lines += [_flaw_line(f, note) for f, note in gone if f.type is kind]
        return doc.CardBox(FLAW_BOXES[kind], "flaws", tuple(lines), "Bonus", spare)

    rows = [(box(left), box(right)) for left, right in GRID]
    odd_merits = tuple(_merit_line(m) for m in merits if m.type is None)
    odd_flaws = tuple([_flaw_line(f) for f in flaws if f.type is None]
                      + [_flaw_line(f, note) for f, note in gone if f.type is None])
    if odd_merits or odd_flaws:
        rows.append((doc.CardBox("Merits of unknown type", "merits", odd_merits, "Cost"),
                     doc.CardBox("Flaws of unknown type", "flaws", odd_flaws, "Bonus")))
    return doc.CardGrid(tuple(rows), exhaust=exhaust)


def creation_points(summary: dict[str, object], points: PointsState | None = None) -> doc.Value:
    """The one creation-points figure: what the Merits cost against everything available
    (starting points, Flaws' bonus, points granted by cards), and what is left or over, in
    the rules' own numbers (``points``: points granted for some Merits only pay for those)."""
    if not summary.get("points_complete"):
        return doc.Mark.UNKNOWN
    if points is None:
        start = int(str(summary.get("points_start") or 0))
        flaws = int(str(summary.get("points_flaws") or 0))
        extra = int(str(summary.get("points_extra") or 0))
        spent = int(str(summary.get("points_spent") or 0))
        grants = [f"{extra} from cards"] if extra else []
        over = spent - start - flaws - extra
        left = max(0, -over)
    else:
        start, flaws, spent = points.start, points.flaws, points.spent
        extra = sum(p.effect.points or 0 for p in points.pools)
        grants = [f"{p.effect.describe()} from {p.source}" for p in points.pools]
        over = spent - sum(p.used for p in points.pools) - start - flaws
        left = points.unspent
    parts = [f"{start} starting", *([f"{flaws} from Flaws"] if flaws else []), *grants]
    state = (f", {over} over" if over > 0 else "") + (f", {left} unspent" if left > 0 else "")
    return f"{spent} of {start + flaws + extra} spent{state} ({' + '.join(parts)})"


def _special(source: CharacterSource) -> doc.Value:
    icon = source.state.icon
    if icon is None or not icon.special:
        return doc.Mark.UNKNOWN
    return f"{icon.special}: {icon.summary}" if icon.summary else icon.special


def _identity(source: CharacterSource) -> doc.FieldGrid:
    icon = source.state.icon

    def of_icon(attribute: str) -> doc.Value:
        value = getattr(icon, attribute, None)
        if value is None:
            return doc.Mark.UNKNOWN
        return str(value) if isinstance(value, int) else word(str(value))

    return doc.FieldGrid((
        (doc.Field("Name", source.name), doc.Field("Might", of_icon("might"))),
        (doc.Field("Race", of_icon("race")), doc.Field("Savvy", of_icon("savvy"))),
        (doc.Field("Gender", of_icon("gender")), doc.Field("Resolve", of_icon("resolve"))),
    ), weights=(3.0, 1.0))


def _experience(source: CharacterSource) -> doc.FieldGrid:
    state = source.state
    return doc.FieldGrid(((
        doc.Field("Experience earned", str(state.xp_earned)),
        doc.Field("Spent", str(state.xp_spent)),
        doc.Field("Unspent", str(state.xp_unspent)),
        doc.Field("Waylay bonus", f"+{state.waylay_bonus} per Quest"),
    ),), weights=(1.25, 0.8, 0.9, 1.5))


def character_sheet(source: CharacterSource, *, pencil: bool = False,
                    card_named: CardLookup | None = None) -> doc.Part:
    """The character sheet of the rulebook's last page, filled in, on one page.

    The ``pencil`` sheet is a play aid: it carries the chronicle forward (experience, Waylay
    bonus, quests completed) and adds what play needs: an "exhausted" box beside every Merit
    and Flaw, spare lines with boxes to write in, a Quest Treasures box and an experience
    tally strip. ``card_named`` finds the cards of Flaws bought off (struck through).
    """
    state = source.state
    summary = source.report.summary
    blocks: list[doc.Block] = [_identity(source), doc.TextBox("Special Ability", _special(source),
                                                              lines=2 if not pencil else 1)]
    gone: list[tuple[Flaw, str]] = []
    for name, note in bought_off(source):
        card = card_named(name) if card_named else None
        gone.append((card if isinstance(card, Flaw) else Flaw(name=name, kind=Kind.FLAW),
                     note))
    blocks.append(card_grid(state.merits, state.flaws, PENCIL_SPARE_LINES if pencil else 0,
                            gone=gone, exhaust=pencil))
    court = summary.get("court")
    tally = (f"at creation: {summary.get('seelie', 0)} Seelie, "
             f"{summary.get('unseelie', 0)} Unseelie")
    court_value: doc.Value = (f"{word(court)} ({tally})" if isinstance(court, str)
                              else f"undecided ({tally})")
    blocks.append(doc.FieldGrid(((doc.Field("Court", court_value),
                                  doc.Field("Creation points",
                                            creation_points(summary, state.points))),),
                                weights=(1.0, 1.25)))
    blocks.append(doc.ItemList("Quests Completed", collapsed(state.ledger.quests_completed),
                               blank_lines=1 if pencil else 0, empty="none yet", max_lines=2))
    blocks.append(_experience(source))
    if pencil:
        blocks.append(doc.Tally("Experience tally", TALLY_BOXES, hint="tick a box for each point "
                                "earned at the table; add them up after the game"))
        blocks.append(doc.TextBox("Quest Treasures", "", lines=2, grow=True))
    background = source.build.background
    if background and background.strip():
        blocks.append(doc.TextBox("Background", background, lines=1, shrink=True))
    if doc.has_unknown(blocks):
        blocks.append(doc.Note(UNKNOWN_LEGEND, tone="muted"))
    blocks.extend(finding_notes(source.report, leave_out=SHOWN_ELSEWHERE))
    kind = "Character Sheet" + (" (pencil)" if pencil else "")
    icon = state.icon
    icon_name = f"Icon: {icon.name}" if icon else "no Character Icon yet"
    return doc.Part(kind=kind, title=source.name,
                    caption=f"{source.player}'s character · {edition_label(source.build.system)}"
                        f" · {icon_name}",
                    footer=f"{source.name} ({source.player}) · {kind}",
                    blocks=tuple(blocks), brand=brand(source.build.system), one_page=True)


def _event_note(event: Event | None) -> str:
    note = getattr(event, "note", None)
    if not note or event is None or type(event).__name__ == "Correction":
        return ""
    return f" ({note})"


def starting_build(source: CharacterSource) -> str:
    """The first line of a chronicle: the character as created."""
    build = source.build
    parts = [f"Created: {', '.join(build.icons) or 'no Character Icon'}"]
    if build.merits:
        parts.append(f"Merits {', '.join(build.merits)}")
    if build.flaws:
        parts.append(f"Flaws {', '.join(build.flaws)}")
    points = creation_points(source.report.summary, source.state.points)
    if isinstance(points, str):
        parts.append(f"creation points {points}")
    return "; ".join(parts)


def chronicle_log(source: CharacterSource) -> doc.Part:
    """Every event of the chronicle in order (games, purchases, corrections, undos), with the
    experience it changed and the running totals after it; undone events are printed grey.
    It opens with the starting build and ends with blank rows for the next games."""
    events = {line.index: line.event for line in source.state.ledger.lines}
    rows: list[doc.Row] = [doc.Row(("0", "", starting_build(source), "", "0", "0", "0", "+0"))]
    for line in source.history:
        event = events.get(line.seq)
        date = getattr(event, "date", None) or UNDATED  # never the day it was recorded
        text = line.text + _event_note(event)
        if line.undone_by is not None:
            text += f" (undone by event {line.undone_by})"
        elif not line.applied:
            text += " (not applied)"
        spent = line.xp_earned - line.xp_unspent
        # a game shows the bonus in force during it; any other event the bonus after it
        bonus = line.waylay_bonus if line.kind == "game" else waylay_bonus(line.xp_earned)
        rows.append(doc.Row((str(line.seq), date, text, signed(line.xp_change) if line.applied
                             else "", str(line.xp_earned), str(spent), str(line.xp_unspent),
                             f"+{bonus}"),
                            tone="normal" if line.applied else "muted"))
    state = source.state
    rows.append(doc.Row(("", "", "Now", "", str(state.xp_earned), str(state.xp_spent),
                         str(state.xp_unspent), f"+{state.waylay_bonus}"), tone="total"))
    digits = len(str(max((line.seq for line in source.history), default=0)))
    number_width = 0.15 + 0.1 * max(3, digits)  # "10000" never wraps to "100 00"
    table = doc.Table((doc.Column("#", number_width, "right"), doc.Column("Date", 1.2),
                       doc.Column("Event", 6.0),
                       doc.Column("XP", 0.6, "right"), doc.Column("Earned", 0.85, "right"),
                       doc.Column("Spent", 0.8, "right"), doc.Column("Unspent", 0.9, "right"),
                       doc.Column("Bonus", 0.8, "right")), tuple(rows),
                      title="Games and purchases",
                      legend="XP is the experience an event earned (+) or spent (-); Earned, Spent "
                         "and Unspent are the totals after it; Bonus is the Waylay bonus per "
                         "Quest in force after it (for a game: during it). Blank rows at the "
                         "end are for the next games.",
                      context=f"{source.name}: games and purchases (continued)",
                      blank_rows=LOG_BLANK_ROWS, fill=True)
    blocks: list[doc.Block] = [
        _experience(source),
        doc.ItemList("Quests Completed", collapsed(state.ledger.quests_completed),
                     empty="none yet"),
        table,
    ]
    return doc.Part(kind="Chronicle", title=source.name,
                    caption=f"{source.player}'s character · {edition_label(source.build.system)}",
                    footer=f"{source.name} ({source.player}) · Chronicle", blocks=tuple(blocks),
                    brand=brand(source.build.system))

