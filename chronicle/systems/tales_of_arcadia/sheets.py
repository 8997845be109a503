"""The printed roster a player brings to the table, and its reference page, as a document.

``roster_parts(roster, catalog)`` builds two parts of the shared document model
(``chronicle.export.model``), branded "TALES OF ARCADIA": the battle force (army, player, limit
and points, then a roster to play from: identical lines merged into one group whose head gives
the resolved statistics once, and under it a row per model with its own label, line number
and number in the line, its wound boxes and an "activated this round" box; the points total
last) and a one-page reference (the attack sequence, each keyword explained once with the
force's units that carry it, and the terrain in our own words, from the catalog's cards). A
value nobody knows prints as "?" in a box, never as 0. Pure: the services write it with
``chronicle.services.exports.write_document``.
"""

from __future__ import annotations

from typing import Any

import chronicle.export.model as m
from chronicle.systems.tales_of_arcadia import LABEL
from chronicle.systems.tales_of_arcadia.cards import STATS, Keyword, Movement, Terrain
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, keywords, terrains
from chronicle.systems.tales_of_arcadia.force import Roster
from chronicle.systems.tales_of_arcadia.rules import check_roster

BRAND = LABEL.upper()
FOOTER = "Tales of Arcadia battle force · Arcadia Chronicle"
MAX_ROWS = 60
"""Models of one group that get a row each; the rest of a bigger group are counted."""
MAX_PRINTED = 400
"""Model rows in the whole force, so a hostile file cannot print a thousand pages."""
STAT_TITLES = {"power": "Pow", "accuracy": "Acc", "speed": "Spd", "wounds": "Wnd",
               "range": "Rng", "defense": "Def"}

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


def _value(value: Any) -> m.Value:
    return m.Mark.UNKNOWN if value is None else str(value)


def _label(entry: dict[str, Any]) -> str:
    return str(entry["unit"]) + (f" ({entry['variant']})" if entry.get("variant") else "")


def _lines(numbers: list[int]) -> str:
    """"Line 3", "Lines 4-9", "Lines 1, 11"."""
    if len(numbers) == 1:
        return f"Line {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"Lines {numbers[0]}–{numbers[-1]}"
    return "Lines " + ", ".join(map(str, numbers))


def merged_lines(roster: Roster, entries: list[dict[str, Any]]
                 ) -> list[list[tuple[int, dict[str, Any]]]]:
    """The roster's lines, identical ones together (same unit, variant, options and note),
    in the order each first appears: ``(line number, summary entry)`` each."""
    groups: dict[tuple[Any, ...], list[tuple[int, dict[str, Any]]]] = {}
    for number, (line, entry) in enumerate(zip(roster.units, entries, strict=True), start=1):
        key = (entry["unit"], entry.get("variant"), tuple(sorted(entry["options"])),
               line.note)
        groups.setdefault(key, []).append((number, entry))
    return list(groups.values())


def _group(lines: list[tuple[int, dict[str, Any]]], note: str | None,
           room: int) -> tuple[m.RosterGroup, int]:
    """One group of identical lines: its head (statistics once), a legend, a row per model
    (at most ``room``); and how many rows it printed."""
    entry = lines[0][1]
    count = sum(int(e["count"]) for _n, e in lines)
    label = _label(entry)
    wounds = entry.get("wounds")
    known = isinstance(wounds, int)
    cost = entry["cost"]
    cells = (_value(cost), *(_value(entry[stat]) for stat in STATS),
             _value(None if cost is None else cost * count))
    legend = [_lines([n for n, _e in lines]),
              f"Options: {', '.join(entry['options'])}" if entry["options"] else "",
              f"Keywords: {', '.join(entry['keywords'])}" if entry["keywords"] else "",
              f"Types: {', '.join(entry['types'])}" if entry["types"] else "",
              f"Movement: {entry['movement']}" if entry.get("movement")
              and entry["movement"] != Movement.WALKING.value else "",
              f"Note: {note}" if note else "",
              "" if known else "Wounds unknown: count them by hand"]
    rows: list[m.RosterRow] = []
    for number, line_entry in lines:
        for index in range(1, int(line_entry["count"]) + 1):
            if len(rows) >= room:
                break
            rows.append(m.RosterRow(label, wounds if known else None,
                                    str(wounds) if known else "", f"{number}.{index}"))
    more = (f"{count - len(rows)} more {'model' if count - len(rows) == 1 else 'models'} of "
            "this group: track their wounds on a separate sheet." if count > len(rows)
            else "")
    title = f"{count} × {label}" if count > 1 else label
    return m.RosterGroup(title, cells, tuple(rows), " · ".join(p for p in legend if p),
                         more), len(rows)


def roster_table(roster: Roster, summary: dict[str, Any]) -> m.RosterTable:
    """The roster to play from: a group per set of identical lines, a row per model with
    its own label (line number, its number in the line, unit and variant), its wound boxes
    and an "activated this round" box; the points total last."""
    entries = summary["units"]
    groups: list[m.RosterGroup] = []
    printed = 0
    for lines in merged_lines(roster, entries):
        note = roster.units[lines[0][0] - 1].note
        room = max(0, min(MAX_ROWS, MAX_PRINTED - printed))
        group, shown = _group(lines, note, room)
        groups.append(group)
        printed += shown
    columns = (m.Column("Pts", 1.0, "center"),
               *(m.Column(STAT_TITLES[stat], 1.0, "center") for stat in STATS),
               m.Column("Total", 1.35, "center"))
    spent: m.Value = str(summary["points_spent"]) if summary["points_complete"] \
        else m.Mark.UNKNOWN
    models = summary["unit_count"]
    return m.RosterTable(columns, tuple(groups), label="Model (line.number)",
                         boxes="Wounds: tick each one lost", tick="Activated",
                         total_label=f"Points total · {models} model{'s' if models != 1 else ''}"
                                   f" · limit {roster.limit}",
                         total=("",) * (len(columns) - 1) + (spent,), fill=True)


def force_part(roster: Roster, catalog: TalesCatalog, player: str | None = None) -> m.Part:
    """The battle force part: the header fields and a block per roster line."""
    report = check_roster(roster, catalog)
    summary = report.summary
    spent = summary["points_spent"]
    points: m.Value = str(spent) if summary["points_complete"] else m.Mark.UNKNOWN
    left: m.Value = str(summary["points_unspent"]) if summary["points_complete"] \
        else m.Mark.UNKNOWN
    header = m.FieldGrid(  # the force's name is the title above
        ((m.Field("Army list", roster.army), m.Field("Player", player or roster.player or ""),
          m.Field("Units", str(summary["unit_count"]))),
         (m.Field("Point limit", str(roster.limit)), m.Field("Points spent", points),
          m.Field("Points left", left))),
        (1.3, 1.3, 0.8))
    blocks: list[m.Block] = [header]
    if report.errors:
        blocks.append(m.Note(f"this force breaks {len(report.errors)} rule(s): "
                             + "; ".join(v.message for v in report.errors[:3]),
                             label="Not legal:", tone="error"))
    if roster.notes:
        blocks.append(m.Note(roster.notes, label="Notes:"))
    if not roster.units:
        blocks.append(m.Note("no units yet.", tone="muted"))
    else:
        blocks.append(m.Note("tick a model's box when it has been activated this round (it is "
                             "exhausted); the keywords are explained on the reference page.",
                             label="In play:", tone="muted"))
        blocks.append(roster_table(roster, summary))
    caption = f"{roster.army} · {roster.limit} points"
    return m.Part("Battle Force", roster.name, caption, f"{FOOTER} · {roster.name}",
                  tuple(blocks), brand=BRAND)


def _carriers(word: Keyword, entries: list[dict[str, Any]]) -> str:
    """The force's units that carry ``word`` ("Tin Martyr, Aether Kite"), or "-"."""
    found: list[str] = []
    for entry in entries:
        name = word.name.casefold()
        if any(k.casefold() == name or k.casefold().startswith(name + " ")
               for k in entry["keywords"]) and _label(entry) not in found:
            found.append(_label(entry))
    return ", ".join(found) or "-"


def reference_part(catalog: TalesCatalog, roster: Roster | None = None) -> m.Part:
    """The one-page reference: attack sequence, keywords (each explained once, with the
    force's units that carry it when a force is given), terrain."""
    blocks: list[m.Block] = [m.Heading("Attack sequence")]
    blocks += [m.Note(text, label=f"{number}. {label}")
               for number, (label, text) in enumerate(ATTACK_SEQUENCE, start=1)]
    words: list[Keyword] = keywords(catalog)
    columns: tuple[m.Column, ...] = (m.Column("Keyword", 1.0), m.Column("What it does", 4.0))
    entries = check_roster(roster, catalog).summary["units"] if roster is not None else []
    if roster is not None:
        columns = (*columns, m.Column("In this force", 1.6))
    blocks.append(m.Table(columns, tuple(
        m.Row((word.name + (" K:N" if word.parameter == "chance" else ""), _value(word.summary),
               *((_carriers(word, entries),) if roster is not None else ())))
        for word in words), title="Keywords"))
    ground: list[Terrain] = terrains(catalog)
    blocks.append(m.Table((m.Column("Terrain", 1.0), m.Column("Speed per inch", 0.9, "center"),
                           m.Column("Treated as ground by", 1.3), m.Column("What it does", 3.0)),
                          tuple(m.Row((t.name, _value(t.movement_cost) if not t.blocks_movement
                                       else "no entry", ", ".join(t.ignored_by) or "-",
                                       _value(t.summary))) for t in ground),
                          title="Terrain"))
    return m.Part("Reference", "Rules at a glance", "Tales of Arcadia (64th Edition)",
                  "Tales of Arcadia reference · Arcadia Chronicle", tuple(blocks), brand=BRAND,
                  one_page=True)


def roster_parts(roster: Roster, catalog: TalesCatalog,
                 player: str | None = None) -> tuple[m.Part, m.Part]:
    """The two parts of the printed roster: the battle force and the reference page."""
    return force_part(roster, catalog, player), reference_part(catalog, roster)


def roster_document(roster: Roster, catalog: TalesCatalog, player: str | None = None) -> m.Document:
    """The whole printed roster: the force, then the reference page, numbered over the file
    (the reference is the last page of the force's pages, "Page 3 of 3")."""
    return m.Document(f"{roster.name} ({LABEL} battle force)",
                      roster_parts(roster, catalog, player))


__all__ = ["ATTACK_SEQUENCE", "BRAND", "MAX_PRINTED", "MAX_ROWS", "force_part", "merged_lines",
           "reference_part", "roster_document", "roster_parts", "roster_table"]
