"""The PDFs themselves: rendered, read back with pypdf (text and page count), hostile text
included; and one sheet rendered to PNG with poppler, compared with the reference image kept
in ``docs/sheet-reference*.png`` (the sheet, the pencil sheet, the chronicle and the first
page of a game sheet).

Set ``CHRONICLE_UPDATE_REFERENCE=1`` to rewrite the reference image after a deliberate change
of the sheet (then look at it before committing it).
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import export_stress
import pytest
from pdf_readback import INK_TOLERANCE, ink_changes
from pypdf import PdfReader
from test_export_document import in_memory_character, merit

from chronicle.export.fonts import clean, markup, runs, wrap
from chronicle.export.pdf import PdfRenderer, render_pdf
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.cards import MeritType
from chronicle.systems.wyld_hunt.services.characters import CharacterView, show_character
from chronicle.systems.wyld_hunt.services.demo import run_demo
from chronicle.systems.wyld_hunt.services.games import show_game
from chronicle.systems.wyld_hunt.sheets.document import (
    Document,
    log_document,
    player_document,
    sheet_document,
)

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "docs" / "sheet-reference.png"
REFERENCE_DPI = 100

HOSTILE = [
    "<b>bold</b> & </para><font name='x'>",
    "&amp;&lt;&#0;",
    "Zoë Ångström Łódź Çağrı Nguyễn",
    "Ωμέγα Αλφα",
    "Жанна Щукина",
    "名前ひらがな",
    "한국어 이름",
    "汉字名字",
]


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    folder = tmp_path_factory.mktemp("demo-pdf")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHRONICLE_DATA_DIR", str(folder / "data"))
        db = open_database(f"sqlite:///{folder / 'demo.db'}")
        run_demo(db)
    yield db
    db.close()


@pytest.fixture(scope="module")
def winerdria(demo_db: Database) -> CharacterView:
    return show_character(demo_db, "Winerdria", "Tim")


def pdf_bytes(document: Document) -> bytes:
    buffer = io.BytesIO()
    pages = render_pdf(document, buffer)
    data = buffer.getvalue()
    assert data.startswith(b"%PDF-") and pages == len(PdfReader(io.BytesIO(data)).pages)
    return data


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def squeeze(text: str) -> str:
    """Text without any whitespace (wrapping adds line breaks where spaces were, or none)."""
    return "".join(text.split())


# --- the documents read back -------------------------------------------------------------------


def test_the_demo_sheet_reads_back_on_one_page(winerdria: CharacterView) -> None:
    (text,) = page_texts(pdf_bytes(sheet_document(winerdria)))
    for expected in ("CHARACTER SHEET", "Winerdria", "Tim's character", "Sidhe", "Female",
                     "Special Ability".upper(), "Fights only if she has to", "Abilities",
                     "Allies", "Advantages", "Arts", "Treasures", "Enemies", "Weaknesses",
                     "Curses", "Lightning Quick", "Eloquent Speech", "Fae Armor", "Indecisive",
                     "Unseelie", "Resolve", "Quests Completed", "Even Dragons Pay Taxes",
                     "Experience earned", "Waylay bonus", "+0", "Page 1 of 1"):
        assert expected in text, expected
    letters = [line.strip() for line in text.splitlines() if len(line.strip()) == 1]
    assert "".join(c for c in letters if c in "MERITSFLAW").startswith("MERITS")


def test_the_pencil_sheet_carries_the_chronicle_forward(winerdria: CharacterView) -> None:
    (text,) = page_texts(pdf_bytes(sheet_document(winerdria, pencil=True)))
    assert "CHARACTER SHEET (PENCIL)" in text and "Fae Armor" in text
    assert "Even Dragons Pay Taxes" in text  # quests completed so far, and a line for more
    assert re.search(r"Experience earned:\s*1", text) and "+0 per Quest" in text
    for label in ("Exh.", "Experience tally:", "QUEST TREASURES"):
        assert label in text


def test_a_long_character_stays_on_one_page() -> None:
    merits = [merit(f"Ability number {i:02d}") for i in range(40)]
    merits += [merit(f"Ally number {i:02d}", MeritType.ALLY, attribute=None, court=None)
               for i in range(5)]
    texts = page_texts(pdf_bytes(sheet_document(in_memory_character("Longsheet",
                                                                    merits=merits))))
    assert len(texts) == 1 and "Page 1 of 1" in texts[0]
    for item in merits:  # every card once, none lost or doubled
        assert texts[0].count(item.name) == 1, item.name
    assert "Curses" in texts[0] and "Experience earned" in texts[0]


def test_hostile_text_prints_as_typed() -> None:
    name = " ".join(HOSTILE)
    character = in_memory_character(
        name, player="Pat <&> Ünal",
        merits=[merit(text, kind) for text, kind in zip(HOSTILE, list(MeritType) * 2,
                                                        strict=False)],
        background="Grew up in Łódź & <Kyiv>. Ωμέγα. 名前ひらがな.")
    text = "\n".join(page_texts(pdf_bytes(sheet_document(character))))
    flat = squeeze(text)
    for item in HOSTILE:
        assert squeeze(item) in flat, item
    assert "Pat <&> Ünal's character" in text
    assert "Grew up in Łódź & <Kyiv>." in text


def test_very_long_names_and_backgrounds_flow_over_pages() -> None:
    name = "Aelindra" * 150 + " the Unending"
    background = " ".join(f"Line {i}: Ωμέγα & <tag> {'long ' * 12}" for i in range(400))
    character = in_memory_character(name, background=background,
                                    merits=[merit("X" * 400)])
    texts = page_texts(pdf_bytes(sheet_document(character)))
    pages = len(texts)
    assert pages >= 4
    assert all(f"Page {n} of {pages}" in t for n, t in enumerate(texts, start=1))
    flat = squeeze("".join(texts))
    assert squeeze(name) in flat and "X" * 400 in flat
    assert "Line0:Ωμέγα&<tag>" in flat and "Line399:Ωμέγα&<tag>" in flat
    assert "BACKGROUND (continued)" in "".join(texts)


def test_the_log_reads_back(winerdria: CharacterView) -> None:
    (text,) = page_texts(pdf_bytes(log_document(winerdria)))
    assert "CHRONICLE" in text and "Games and purchases" in text
    assert "Game:questsEvenDragonsPayTaxes;completedEvenDragonsPayTaxes" in squeeze(text)
    assert "Now" in text and "Page 1 of 1" in text


def test_the_game_sheet_reads_back(demo_db: Database) -> None:
    from chronicle.systems.wyld_hunt.sheets.document import game_document

    texts = page_texts(pdf_bytes(game_document(show_game(demo_db, "Example of Play"))))
    text = "\n".join(texts)
    for expected in ("GAME PREPARATION", "Example of Play", "Who waylays whom",
                     "Tim: Winerdria", "Josh: Annoyicus", "Even Dragons Pay Taxes",
                     "Seek the Oracle's Advice", "Waylays against Josh", "10 of 10",
                     "Pirates", "Combat 2", "Balanvale", "Before you play", "Base Camp",
                     "First player", "Result"):
        assert expected in text, expected
    assert f"Page {len(texts)} of {len(texts)}" in texts[-1]


def test_a_players_file_numbers_its_pages_over_the_file(winerdria: CharacterView) -> None:
    second = in_memory_character("Second Sheet", player="Tim")
    texts = page_texts(pdf_bytes(player_document("Tim", [winerdria, second])))
    assert len(texts) == 2
    assert "Winerdria" in texts[0] and "Second Sheet" in texts[1]
    assert "Page 1 of 2" in texts[0] and "Page 2 of 2" in texts[1]


def test_the_same_document_gives_the_same_bytes(winerdria: CharacterView) -> None:
    assert pdf_bytes(sheet_document(winerdria)) == pdf_bytes(sheet_document(winerdria))


# --- text handling -----------------------------------------------------------------------------


def test_markup_is_escaped_and_fallback_fonts_are_switched_per_run() -> None:
    assert markup("<b>Tom & Jerry</b>") == "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;"
    assert markup("a\nb") == "a<br/>b"
    assert markup("Zoë 名前") == 'Zoë <font name="ChronicleCJK-SC">名前</font>'
    assert [f for f, _t in runs("名前ひらがな 한국어 汉字 שלום 🐉")] == [
        "ChronicleCJK-JP", "ChronicleCJK-KR", "ChronicleCJK-SC", "ChronicleHebrew",
        "ChronicleEmoji"]
    assert clean("tab\there\x00\x1b[0m\ud800") == "tab here[0m\ufffd"


def test_wrapping_breaks_long_words_and_keeps_every_character() -> None:
    text = "short " + "W" * 300 + " 汉字汉字汉字汉字汉字汉字汉字汉字汉字汉字"
    lines = wrap(text, "ChronicleSans", 10, 100)
    assert len(lines) > 5 and squeeze("".join(lines)) == squeeze(text)


def test_the_renderer_is_configured_by_class_attributes(winerdria: CharacterView) -> None:
    from reportlab.lib.pagesizes import LETTER

    class Letter(PdfRenderer):
        page_size = LETTER

    buffer = io.BytesIO()
    Letter().render(sheet_document(winerdria), buffer)
    box = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


# --- the picture -------------------------------------------------------------------------------


def rendered(document: Document, folder: Path) -> Any:
    """Page 1 of ``document`` as a greyscale image at the reference's resolution."""
    from PIL import Image

    pdf = folder / "sheet.pdf"
    pdf.write_bytes(pdf_bytes(document))
    subprocess.run(["pdftoppm", "-png", "-r", str(REFERENCE_DPI), "-singlefile", str(pdf),
                    str(folder / "sheet")], check=True, capture_output=True)
    with Image.open(folder / "sheet.png") as image:
        return image.convert("L")


def reference_document(kind: str, winerdria: CharacterView, demo_db: Database) -> Document:
    """The document each reference image shows."""
    from chronicle.systems.hunters_of_arcfall.sheets import hunt_document
    from chronicle.systems.wyld_hunt.sheets.document import game_document

    if kind == "game":
        return game_document(show_game(demo_db, "Example of Play"))
    if kind == "hunt":
        return hunt_document(*export_stress.hunt(3, 5))
    return {"sheet": sheet_document(winerdria),
            "pencil": sheet_document(winerdria, pencil=True),
            "log": log_document(winerdria)}[kind]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler (pdftoppm) is missing")
@pytest.mark.parametrize("kind", ["sheet", "pencil", "log", "game", "hunt"])
def test_the_demo_sheets_render_like_the_reference_images(winerdria: CharacterView,
                                                          demo_db: Database,
                                                          tmp_path: Path, kind: str) -> None:
    from PIL import Image, ImageChops, ImageStat

    reference = REFERENCE if kind == "sheet" else REFERENCE.with_name(
        f"sheet-reference-{kind}.png")
    image = rendered(reference_document(kind, winerdria, demo_db), tmp_path)
    if os.environ.get("CHRONICLE_UPDATE_REFERENCE") == "1":
        shutil.copyfile(tmp_path / "sheet.png", reference)  # in colour, as poppler made it
    with Image.open(reference) as expected_file:
        width, height = image.size  # A4 at 100 dpi; poppler versions round differently
        assert abs(width - 827) <= 1 and abs(height - 1169) <= 1
        assert ImageStat.Stat(image).extrema[0][0] < 60  # ink on the page
        expected = expected_file.convert("L").resize(image.size)
        difference = ImageChops.difference(image, expected)
        assert ImageStat.Stat(difference).mean[0] < 6.0
        assert ink_changes(image, expected) <= INK_TOLERANCE  # and nothing missing anywhere


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler (pdftoppm) is missing")
def test_the_reference_comparison_catches_a_missing_column(winerdria: CharacterView,
                                                           tmp_path: Path) -> None:
    """The court cell dropped from every Merit and Flaw line fails the comparison (the whole
    page's mean difference, 0.04, never could)."""
    from dataclasses import replace

    from PIL import Image

    from chronicle.export.model import CardGrid

    document = sheet_document(winerdria)
    part = document.parts[0]
    blocks = tuple(replace(block, rows=tuple(
        tuple(replace(box, cards=tuple(replace(card, court="") for card in box.cards))
              for box in pair) for pair in block.rows)) if isinstance(block, CardGrid)
        else block for block in part.blocks)
    image = rendered(replace(document, parts=(replace(part, blocks=blocks),)), tmp_path)
    with Image.open(REFERENCE) as expected:
        assert ink_changes(image, expected.convert("L").resize(image.size)) > INK_TOLERANCE
