"""Pages a printer would accept, read back with pypdf with the position of each text: a
character a player could own fits one page (70 quests collapsed, 30 Merits, a 3,400-character
background) with its blocks in the rulebook's order; what truly cannot fit moves whole; a
70-event chronicle starts its table on page 1 and never cuts a row; a game sheet's continued
tables say whose they are; US Letter; and nothing is drawn past the margins."""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_export_document import Character, merit

from chronicle.catalog.store import Catalog
from chronicle.export.pdf import PdfRenderer, render_pdf
from chronicle.systems.wyld_hunt.cards import (
    Card,
    Court,
    Flaw,
    FlawType,
    Icon,
    Kind,
    MeritType,
    Quest,
)
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, FlawBoughtOff, GamePlayed
from chronicle.systems.wyld_hunt.codec import describe_event
from chronicle.systems.wyld_hunt.rules.character import check_character
from chronicle.systems.wyld_hunt.sheets.document import Document, log_document, sheet_document

CATALOGS: dict[str, Catalog[Card]] = {}
BACKGROUND = ("Raised by a hedge-witch on the edge of the Wyld, she learned the names of every "
              "stream and stone before she could read. ") * 40


@dataclass(frozen=True)
class Entry:
    """A chronicle line shaped like the services' ``HistoryLine``."""

    seq: int
    kind: str
    text: str
    recorded_at: str | None
    xp_change: int
    xp_earned: int
    xp_unspent: int
    waylay_bonus: int
    applied: bool
    undone_by: int | None


def veteran(games: int = 70, merits: int = 30, background: str = BACKGROUND[:3400],
            buy_off: bool = True) -> Character:
    """A character of many games: ``games`` quests completed (12 kinds of quest), ``merits``
    Merits spread over the five boxes, two Flaws (one bought off), a long background."""
    icon = Icon(name="Sidhe Female", kind=Kind.ICON, race="Sidhe", gender="female", might=2,
                savvy=3, resolve=2, special="Glamour Sight",
                summary="Once a game, look at the top card of any deck.")
    quests = [Quest(name=f"Prove Yourself {n}" if n else "Prove Yourself", kind=Kind.QUEST,
                    number=n + 1, waylay_rating=7, treasure_rating=5, experience=1)
              for n in range(12)]
    kinds = list(MeritType)
    cards_of_merits = [merit(f"Merit of the chronicle {i:03d}", kinds[i % 5])
                       for i in range(merits)]
    flaws = [Flaw(name="Indecisive", kind=Kind.FLAW, type=FlawType.WEAKNESS, bonus=2,
                  attribute=None, court=Court.SEELIE),
             Flaw(name="Sworn Enemy", kind=Kind.FLAW, type=FlawType.ENEMY, bonus=1)]
    events: list[GamePlayed | FlawBoughtOff] = []
    for number in range(games):
        quest = quests[0] if number % 3 else quests[number % 12]
        events.append(GamePlayed(quests=(quest.name,), completed=(quest.name,),
                                 date=f"2026-{1 + number // 28:02d}-{1 + number % 28:02d}"))
        if buy_off and number == 20:
            events.append(FlawBoughtOff(flaw="Sworn Enemy", date="2026-01-22"))
    cards: list[Card] = [icon, *cards_of_merits, *flaws, *quests]
    build = CharacterBuild(name="Aelindra of the Long Road", icons=(icon.name,),
                           court=Court.SEELIE, merits=tuple(m.name for m in cards_of_merits),
                           flaws=tuple(f.name for f in flaws), background=background,
                           events=tuple(events))
    catalog = Catalog(cards)
    CATALOGS[build.name] = catalog
    report, state = check_character(build, catalog)
    history = [Entry(line.index, "game" if isinstance(line.event, GamePlayed) else "buy_off",
                     describe_event(line.event), None, line.xp_change, line.xp_earned,
                     line.xp_earned - line.xp_spent, line.waylay_bonus, line.applied,
                     line.undone_by)
               for line in state.ledger.lines]
    return Character(build.name, "Pat", build, report, state, history)


def catalog_of(character: Character) -> Catalog[Card]:
    """The cards a test character was checked against (for Flaws bought off)."""
    return CATALOGS[character.name]


def sheet(character: Character, pencil: bool = False) -> Document:
    """A character's sheet, with the catalog it was checked against for what it bought off."""
    return sheet_document(character, pencil=pencil,
                          card_named=lambda name: catalog_of(character).get(name))


def pdf_of(document: Document, paper: str | None = None) -> bytes:
    buffer = io.BytesIO()
    render_pdf(document, buffer, paper)
    return buffer.getvalue()


def placed(data: bytes) -> list[list[tuple[str, float, float]]]:
    """Each page's text pieces with their height above the page's foot and their distance
    from its left edge, top to bottom."""
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        found: list[tuple[str, float, float]] = []

        def visit(text: str, cm: Sequence[float], tm: Sequence[float], *_: object,
                  into: list[tuple[str, float, float]] = found) -> None:
            if text.strip():
                into.append((text.strip(), tm[5] * cm[3] + cm[5], tm[4] * cm[0] + cm[4]))

        page.extract_text(visitor_text=visit)
        pages.append(sorted(found, key=lambda item: -item[1]))
    return pages


def positions(data: bytes) -> list[list[tuple[str, float]]]:
    """Each page's text pieces with their height above the page's foot, top to bottom."""
    return [[(text, y) for text, y, _x in page] for page in placed(data)]


def y_of(page: list[tuple[str, float]], text: str) -> float:
    """Where ``text`` first starts on a page (raises when it is not there)."""
    return next(y for piece, y in page if piece.startswith(text))


# --- the character sheet: one page -----------------------------------------------------------


@pytest.fixture(scope="module")
def long_road() -> Character:
    return veteran()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_character_of_70_quests_30_merits_and_a_long_background_is_one_page(
        long_road: Character, paper: str) -> None:
    assert len(long_road.state.merits) == 30 and len(long_road.build.background or "") == 3400
    assert len(long_road.state.ledger.quests_completed) == 70
    (page,) = positions(pdf_of(sheet(long_road), paper))
    text = " ".join(piece for piece, _y in page)
    # the blocks in the rulebook's order, top to bottom
    order = ["CHARACTER SHEET", "Name:", "SPECIAL ABILITY", "Abilities", "Advantages",
             "Treasures", "Weaknesses", "Court:", "Quests Completed:", "Experience earned:",
             "BACKGROUND"]
    heights = [y_of(page, label) for label in order]
    assert heights == sorted(heights, reverse=True), list(zip(order, heights, strict=True))
    assert "Prove Yourself ×" in text and "Merit of the chronicle 029" in text
    assert "Glamour Sight: Once a game, look at the top card of any deck." in text
    assert f"+{long_road.state.waylay_bonus} per Quest" in text
    assert "bought off after" in text and "Sworn Enemy" in text


def test_repeated_quests_are_collapsed_and_the_rest_counted(long_road: Character) -> None:
    (page,) = positions(pdf_of(sheet(long_road)))
    text = " ".join(piece for piece, _y in page)
    assert "Prove Yourself ×" in text
    assert text.count("Prove Yourself,") < 15  # never listed seventy times


def test_every_sheet_of_the_demo_kind_is_one_page_even_in_pencil(long_road: Character) -> None:
    short = veteran(games=3, merits=4, background="Quiet.")
    for document in (sheet(short), sheet(short, pencil=True),
                     sheet(long_road, pencil=True)):
        assert len(PdfReader(io.BytesIO(pdf_of(document))).pages) == 1


def test_a_background_that_cannot_fit_moves_whole_after_the_sheet() -> None:
    huge = veteran(background=BACKGROUND * 2)  # 7,000 characters
    pages = positions(pdf_of(sheet(huge)))
    assert len(pages) == 2
    first = " ".join(piece for piece, _y in pages[0])
    assert "Experience earned:" in first and "Weaknesses" in first and "Curses" in first
    assert "BACKGROUND" not in first
    second = [piece for piece, _y in pages[1] if not piece.startswith("ARCADIA")]
    assert second[0].startswith("BACKGROUND")  # at the head of its page, whole


def test_a_grid_taller_than_a_page_breaks_between_rows_of_boxes_with_their_spines() -> None:
    hoarder = veteran(games=2, merits=150, background="")
    pages = positions(pdf_of(sheet(hoarder)))
    assert len(pages) >= 2
    texts = [" ".join(piece for piece, _y in page) for page in pages]
    everything = " ".join(texts)
    for number in range(150):
        assert everything.count(f"Merit of the chronicle {number:03d}") == 1
    # the break falls between rows of boxes: the next row starts whole, under its titles
    assert any(title in texts[1].split("Page")[0] for title in ("Advantages", "Treasures",
                                                                  "Weaknesses"))
    letters = "".join(piece for page in pages for piece, _y in page
                      if len(piece) == 1 and piece in "MERITSFLAW")
    assert "MERITS" in letters and "FLAWS" in letters  # the spine's letters are never lost


# --- the chronicle ---------------------------------------------------------------------------


def test_a_70_event_log_starts_on_page_1_and_never_cuts_a_row(long_road: Character) -> None:
    pages = positions(pdf_of(log_document(long_road)))
    assert len(pages) >= 2
    first = [piece for piece, _y in pages[0]]
    assert "Games and purchases" in first and "Event" in first  # heading and header on page 1
    assert any(piece.startswith("XP is the experience") for piece in first)
    assert any(piece.startswith("Created: Sidhe Female") for piece in first)
    numbers: list[int] = []
    left = PdfRenderer().margin_left + 25  # the "#" column
    for page in placed(pdf_of(log_document(long_road))):
        pieces = [piece for piece, _y, _x in page]
        assert "Event" in pieces and "Unspent" in pieces  # the header row on every page
        rows = {round(y): piece for piece, y, x in page if piece.isdigit() and x < left}
        for y, piece in rows.items():  # each numbered row has its event on the same line
            assert any(text.startswith(("Created:", "Game:", "Bought off")) for text, yy, x in page
                       if abs(yy - y) < 2 and x > left), piece
            numbers.append(int(piece))
    assert numbers == list(range(0, 72))  # the starting build, then every event once
    last = " ".join(piece for piece, _y in pages[-1])
    assert "Now" in last


# --- the game sheet --------------------------------------------------------------------------


def test_a_long_game_sheet_repeats_whose_table_continues(tmp_path: Path) -> None:
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.services import games
    from chronicle.systems.wyld_hunt.services.collection import add_cards
    from chronicle.systems.wyld_hunt.services.demo import run_demo

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHRONICLE_DATA_DIR", str(tmp_path / "data"))
        db = open_database(f"sqlite:///{tmp_path / 'game.db'}")
        run_demo(db)
        # Josh takes two copies of one Treasure (both the same known card, issue 13) and a
        # stack of Waylays long enough to run onto another page
        add_cards(db, "Josh", [("Bag of Gold", 1), ("Cog Dragoon", 40)])
        games.choose(db, "Rematch", "Josh", treasures=["Bag of Gold", "Bag of Gold"],
                     waylays=["Cog Dragoon"] * 40)
        data = pdf_of(_game(games.show_game(db, "Rematch")))
        db.close()
    texts = [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]
    text = "\n".join(texts)
    assert "Bag of Gold\n1\nBag of Gold\n1\nTotal\n2" in text
    assert "?" not in text.split("Bag of Gold", 1)[1].split("Total", 1)[0]
    continued = [t for t in texts[1:] if "Josh: Annoyicus (continued)" in t]
    assert continued
    assert all("Waylay Rating Tests Terrain" in " ".join(t.split()) for t in continued)
    # findings grouped, in a player's words
    assert text.count("have no known terrain") <= 1


def _game(view: object) -> Document:
    from chronicle.systems.wyld_hunt.sheets.document import game_document

    return game_document(view)  # type: ignore[arg-type]


# --- paper and margins -----------------------------------------------------------------------


def test_letter_paper(long_road: Character) -> None:
    box = PdfReader(io.BytesIO(pdf_of(sheet(long_road), "letter"))).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler (pdftoppm) is missing")
@pytest.mark.parametrize("pencil", [False, True])
def test_nothing_is_drawn_past_the_margins(long_road: Character, tmp_path: Path,
                                           pencil: bool) -> None:
    from PIL import Image

    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(pdf_of(sheet(long_road, pencil=pencil)))
    subprocess.run(["pdftoppm", "-png", "-r", "144", "-singlefile", str(pdf),
                    str(tmp_path / "sheet")], check=True, capture_output=True)
    renderer = PdfRenderer()
    scale = 144 / 72
    with Image.open(tmp_path / "sheet.png") as image:
        grey = image.convert("L")
        width, height = grey.size
        left = int(renderer.margin_left * scale) - 1
        right = int(width - renderer.margin_right * scale) + 1
        for band in ((0, 0, left, height), (right, 0, width, height)):
            darkest, _lightest = grey.crop(band).getextrema()  # type: ignore[misc]
            assert darkest > 200, f"ink past the margin in {band}"
        inside = grey.crop((right - 6, 0, right, height)).getextrema()
        assert inside[0] < 100  # the sheet does reach its right margin


def test_findings_never_spill_onto_a_page_of_their_own(long_road: Character) -> None:
    from chronicle.rules.report import Report, Severity, Violation

    report = Report(violations=[
        Violation(code=f"made.up_{number}", severity=Severity.WARNING,
                  message=f"Finding {number} of a long list, worded as a sentence a player "
                          f"reads at the table before the game starts" + ", and on" * 60)
        for number in range(40)], summary=long_road.report.summary)
    crowded = replace(long_road, report=report)
    (page,) = positions(pdf_of(sheet(crowded)))
    text = " ".join(piece for piece, _y in page)
    assert "Finding 0 of a long list" in text and "Finding 39 of" not in text
    assert "more findings: Arcadia Chronicle's check lists them all." in text
    assert "Finding 9 of" not in text  # fewer than the ten a sheet prints at most


def test_a_list_too_long_for_its_lines_counts_the_rest() -> None:
    from chronicle.systems.wyld_hunt.sheets.document import ItemList, Part

    items = tuple(f"The Quest of the {number}th Gate" for number in range(60))
    part = Part("Character Sheet", "Many", "", "", (ItemList("Quests Completed", items,
                                                             max_lines=2),))
    (page,) = positions(pdf_of(Document("Many", (part,))))
    text = " ".join(piece for piece, _y in page)
    shown = sum(1 for item in items if item in text)
    assert 5 < shown < 60 and f"+ {60 - shown} more" in text
