"""The printable documents as plain data: what a character sheet, a chronicle log or a
game-preparation sheet says, decided before any layout.

This module is pure: it imports neither reportlab nor the services. It gathers the parts: the
model (``model``), the wording (``wording``), what the builders read (``sources``), the
character sheet and chronicle (``character``) and the game sheet (``game``); the tests check a
sheet by value without producing a PDF.
"""

from __future__ import annotations

from collections.abc import Sequence

from chronicle.export.model import (
    Block,
    CardBox,
    CardGrid,
    CardLine,
    Column,
    Document,
    Field,
    FieldGrid,
    Heading,
    ItemList,
    Mark,
    Note,
    Part,
    Row,
    Table,
    Tally,
    TextBox,
    Value,
    block_texts,
    has_unknown,
)
from chronicle.export.wording import (
    against,
    brand,
    collapsed,
    edition_label,
    finding_notes,
    number,
    signed,
    total,
    word,
)
from chronicle.rules.report import Report
from chronicle.systems.wyld_hunt.rules.map import MapState
from chronicle.systems.wyld_hunt.sheets.character import (
    CardLookup,
    bought_off,
    card_grid,
    character_sheet,
    chronicle_log,
    creation_points,
    starting_build,
)
from chronicle.systems.wyld_hunt.sheets.game import game_sheet
from chronicle.systems.wyld_hunt.sheets.sources import (
    CharacterSource,
    GameSource,
    HistoryEntry,
    SeatSource,
)


def sheet_document(source: CharacterSource, *, pencil: bool = False,
                   card_named: CardLookup | None = None) -> Document:
    """The PDF of one character sheet."""
    return Document(title=f"{source.name}: character sheet",
                    parts=(character_sheet(source, pencil=pencil, card_named=card_named),))


def log_document(source: CharacterSource) -> Document:
    """The PDF of one character's chronicle."""
    return Document(title=f"{source.name}: chronicle", parts=(chronicle_log(source),))


def game_document(source: GameSource, board: MapState | None = None,
                  board_report: Report | None = None) -> Document:
    """The PDF of one game's preparation (with its League map, when one is laid, and the
    map's findings)."""
    return Document(title=f"{source.name}: game preparation",
                    parts=(game_sheet(source, board, board_report),))


def player_document(player: str, sources: Sequence[CharacterSource], *,
                    pencil: bool = False, card_named: CardLookup | None = None) -> Document:
    """Every character of a player, one sheet after another, in one PDF."""
    return Document(title=f"{player}: character sheets",
                    parts=tuple(character_sheet(s, pencil=pencil, card_named=card_named)
                                for s in sources))


__all__ = [
    "Block", "CardBox", "CardGrid", "CardLine", "CardLookup", "CharacterSource", "Column",
    "Document", "Field", "FieldGrid", "GameSource", "Heading", "HistoryEntry", "ItemList",
    "Mark", "Note", "Part", "Row", "SeatSource", "Table", "Tally", "TextBox", "Value",
    "against", "block_texts", "bought_off", "brand", "card_grid", "character_sheet",
    "chronicle_log", "collapsed", "creation_points", "edition_label", "finding_notes",
    "game_document", "game_sheet", "has_unknown", "log_document", "number", "player_document",
    "sheet_document", "signed", "starting_build", "total", "word",
]
