"""The printed roster a player brings to the table, and its reference page, as a document.

``roster_parts(roster, catalog)`` builds two parts of the shared document model
(``chronicle.export.model``), branded "TALES OF ARCADIA": the battle force (name, army, limit
and points, then one block per roster line: its resolved statistics, options, keywords, types
and movement, with a strip of blank wound boxes for each unit it stands for) and a one-page
reference (the attack sequence, the keywords and the terrain in our own words, from the
catalog's cards). A value nobody knows prints as "?" in a box, never as 0. Pure: the services
write it with ``chronicle.services.exports.write_document``.
"""

from __future__ import annotations

from typing import Any

from chronicle.export.model import (
    Block,
    Column,
    Document,
    Field,
    FieldGrid,
    Heading,
    Mark,
    Note,
    Part,
    Row,
    Table,
    Tally,
    Value,
)
from chronicle.systems.tales_of_arcadia import LABEL
from chronicle.systems.tales_of_arcadia.cards import STATS, Keyword, Movement, Terrain
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, keywords, terrains
from chronicle.systems.tales_of_arcadia.force import Roster
from chronicle.systems.tales_of_arcadia.rules import check_roster

BRAND = LABEL.upper()
FOOTER = "Tales of Arcadia battle force · Arcadia Chronicle"
MAX_TALLIES = 12
"""Units of one line that get wound boxes each; a bigger line gets one strip and a note."""
STAT_TITLES = {"power": "Power", "accuracy": "Accuracy", "speed": "Speed", "wounds": "Wounds",
               "range": "Range", "defense": "Defense"}

ATTACK_SEQUENCE = (
    ("Range.", "Measure from base to base; the defender must be within the attacker's Range. "
               "Bases in contact make a melee attack, otherwise it is a ranged attack."),
    ("Roll.", "Roll two six-sided dice of different colours: the Accuracy Die and the Power "
              "Die."),
    ("Hit.", "The attack hits when the Accuracy Die equals or beats the attacker's Accuracy; "
             "otherwise it misses and is over."),
    ("Cover.", "With imperfect line of sight the defender has Cover: a hit still misses on 3 in "
               "6 (never the 2 in 6 of some older supplements)."),
    ("Wound.", "On a hit, the Power Die plus the attacker's Power must equal or beat the "
               "defender's Defense: the defender loses one Wound point."),
    ("Death.", "A unit at 0 or fewer Wound points dies and is removed (Rise Again may save it)."),
)
"""The attack sequence in our own words (seed, *Attacking*, *Cover*)."""


def _value(value: Any) -> Value:
    return Mark.UNKNOWN if value is None else str(value)


def _line_blocks(entry: dict[str, Any]) -> list[Block]:
    """One roster line: a table of its statistics, its options and keywords, wound boxes."""
    count = int(entry["count"])
    label = entry["unit"] + (f" ({entry['variant']})" if entry.get("variant") else "")
    title = f"{count} × {label}" if count > 1 else label
    legend = [f"Options: {', '.join(entry['options'])}" if entry["options"] else "No options",
              f"Keywords: {', '.join(entry['keywords'])}" if entry["keywords"] else "",
              f"Types: {', '.join(entry['types'])}" if entry["types"] else "",
              f"Movement: {entry['movement']}" if entry.get("movement")
              and entry["movement"] != Movement.WALKING.value else ""]
    columns = (Column("Points", 1.3, "center"),
               *(Column(STAT_TITLES[stat], 1.2, "center") for stat in STATS),
               Column("Line total", 1.4, "center"))
    row = Row((_value(entry["cost"]), *(_value(entry[stat]) for stat in STATS),
               _value(entry["line_cost"])))
    blocks: list[Block] = [Table(columns, (row,), title=title,
                                 legend=" · ".join(part for part in legend if part))]
    wounds = entry.get("wounds")
    if not isinstance(wounds, int):
        blocks.append(Note("nobody has recorded this unit's Wounds yet: count them by hand.",
                           label="Wounds unknown:", tone="warning"))
    elif wounds > 0:
        shown = min(count, MAX_TALLIES)
        for number in range(1, shown + 1):
            name = entry["unit"] if count == 1 else f"{entry['unit']} {number}"
            blocks.append(Tally(f"{name}: wounds taken", wounds))
        if count > shown:
            blocks.append(Note(f"{count - shown} more units of this line: track their wounds "
                               "on a separate sheet.", tone="muted"))
    return blocks


def force_part(roster: Roster, catalog: TalesCatalog, player: str | None = None) -> Part:
    """The battle force part: the header fields and a block per roster line."""
    report = check_roster(roster, catalog)
    summary = report.summary
    spent = summary["points_spent"]
    points: Value = str(spent) if summary["points_complete"] else Mark.UNKNOWN
    header = FieldGrid(
        ((Field("Battle force", roster.name), Field("Army list", roster.army)),
         (Field("Point limit", str(roster.limit)), Field("Points spent", points),
          Field("Units", str(summary["unit_count"])))),
        (1.0, 1.0, 1.0))
    header = FieldGrid((header.rows[0] + (Field("Player", player or roster.player or ""),),
                        header.rows[1]), (1.0, 1.0, 1.0))
    blocks: list[Block] = [header]
    if report.errors:
        blocks.append(Note(f"this force breaks {len(report.errors)} rule(s): "
                           + "; ".join(v.message for v in report.errors[:3]),
                           label="Not legal:", tone="error"))
    if roster.notes:
        blocks.append(Note(roster.notes, label="Notes:"))
    if not roster.units:
        blocks.append(Note("no units yet.", tone="muted"))
    for entry in summary["units"]:
        blocks.extend(_line_blocks(entry))
    caption = f"{roster.army} · {roster.limit} points"
    return Part("Battle Force", roster.name, caption, f"{FOOTER} · {roster.name}",
                tuple(blocks), brand=BRAND)


def reference_part(catalog: TalesCatalog) -> Part:
    """The one-page reference: attack sequence, keywords, terrain."""
    blocks: list[Block] = [Heading("Attack sequence")]
    blocks += [Note(text, label=f"{number}. {label}")
               for number, (label, text) in enumerate(ATTACK_SEQUENCE, start=1)]
    words: list[Keyword] = keywords(catalog)
    blocks.append(Table((Column("Keyword", 1.0), Column("What it does", 4.0)),
                        tuple(Row((word.name + (" K:N" if word.parameter == "chance" else ""),
                                   _value(word.summary))) for word in words),
                        title="Keywords"))
    ground: list[Terrain] = terrains(catalog)
    blocks.append(Table((Column("Terrain", 1.0), Column("Speed per inch", 0.9, "center"),
                         Column("Treated as ground by", 1.3), Column("What it does", 3.0)),
                        tuple(Row((t.name, _value(t.movement_cost) if not t.blocks_movement
                                   else "no entry", ", ".join(t.ignored_by) or "-",
                                   _value(t.summary))) for t in ground),
                        title="Terrain"))
    return Part("Reference", "Rules at a glance", "Tales of Arcadia (64th Edition)",
                "Tales of Arcadia reference · Arcadia Chronicle", tuple(blocks), brand=BRAND,
                one_page=True)


def roster_parts(roster: Roster, catalog: TalesCatalog,
                 player: str | None = None) -> tuple[Part, Part]:
    """The two parts of the printed roster: the battle force and the reference page."""
    return force_part(roster, catalog, player), reference_part(catalog)


def roster_document(roster: Roster, catalog: TalesCatalog, player: str | None = None) -> Document:
    """The whole printed roster: the force, then the reference page."""
    return Document(f"{roster.name} ({LABEL} battle force)", roster_parts(roster, catalog, player))


__all__ = ["ATTACK_SEQUENCE", "BRAND", "force_part", "reference_part", "roster_document",
           "roster_parts"]
