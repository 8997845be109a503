"""The printed roster: the document's content (pure), and one PDF read back with pypdf."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronicle.export.model import Mark, Part, Table, Tally
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, load_catalog
from chronicle.systems.tales_of_arcadia.files import read_roster
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.sheets import (
    BRAND,
    MAX_TALLIES,
    force_part,
    reference_part,
    roster_document,
)


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> TalesCatalog:
    return load_catalog(tmp_path_factory.mktemp("no-user-cards"))


VANGUARD = Roster(name="Iron Vanguard", army="Clockwork Legion", limit=500, units=(
    RosterLine(unit="Gearknight", variant="Lancer", options=("Repeater Pistol",), count=2),
    RosterLine(unit="Tin Martyr"),
    RosterLine(unit="Aether Kite"),
))


def texts(part: Part) -> list[str]:
    from chronicle.export.model import block_texts

    return [text for block in part.blocks for text in block_texts(block)]


def test_one_block_per_line_with_resolved_statistics_and_wound_boxes(
        catalog: TalesCatalog) -> None:
    part = force_part(VANGUARD, catalog, player="Ann")
    assert part.brand == BRAND == "TALES OF ARCADIA" and part.title == "Iron Vanguard"
    tables = [b for b in part.blocks if isinstance(b, Table)]
    assert [t.title for t in tables] == ["2 × Gearknight (Lancer)", "Tin Martyr", "Aether Kite"]
    lancer = tables[0].rows[0].cells
    # Lancer: cost 50 + pistol 15; Power 4 and Speed 7 from the variant, the rest the base's.
    assert lancer == ("65", "4", "4", "7", "3", "1", "5", "130")
    assert "Options: Repeater Pistol" in tables[0].legend
    assert "Rise Again 3:6" in tables[1].legend and "Movement: flying" in tables[2].legend
    tallies = [b for b in part.blocks if isinstance(b, Tally)]
    assert [(t.title, t.boxes) for t in tallies] == [
        ("Gearknight 1: wounds taken", 3), ("Gearknight 2: wounds taken", 3),
        ("Tin Martyr: wounds taken", 2), ("Aether Kite: wounds taken", 2)]
    shown = texts(part)
    assert {"Ann", "Clockwork Legion", "500", "195", "4"} <= set(shown)


def test_unknown_values_print_as_unknown_and_big_lines_are_capped(
        catalog: TalesCatalog) -> None:
    loaded = read_roster({
        "name": "[/x] <b>Gaps</b>", "army": "Clockwork Legion", "limit": 10_000,
        "unit": [{"unit": "Mystery", "count": 1}, {"unit": "Brass Hound", "count": 30}],
        "card": [{"name": "Mystery", "kind": "unit", "army": "Clockwork Legion", "power": 1}]},
        None, "test")
    assert loaded.roster is not None, loaded.problems
    from chronicle.systems.tales_of_arcadia.stored import catalog_for

    part = force_part(loaded.roster, catalog_for(None, loaded.cards))
    assert part.title == "[/x] <b>Gaps</b>"
    mystery = next(b for b in part.blocks if isinstance(b, Table) and b.title == "Mystery")
    assert mystery.rows[0].cells[:2] == (Mark.UNKNOWN, "1")
    assert "Wounds unknown:" in texts(part)
    hounds = [b for b in part.blocks if isinstance(b, Tally) and "Hound" in b.title]
    assert len(hounds) == MAX_TALLIES
    assert any("18 more units" in t for t in texts(part))
    assert any(t.startswith("this force breaks") for t in texts(part))


def test_the_reference_has_the_sequence_keywords_and_terrain(catalog: TalesCatalog) -> None:
    part = reference_part(catalog)
    shown = " ".join(texts(part))
    for word in ("Rise Again K:N", "Shroud", "Counter-Attack", "Rough Ground", "Concealing",
                 "3 in 6", "Accuracy Die"):
        assert word in shown, word
    assert "2 in 6 of some older" in shown and part.one_page


def test_the_pdf_reads_back(catalog: TalesCatalog, tmp_path: Path) -> None:
    from pypdf import PdfReader

    from chronicle.services.exports import write_document

    path = write_document(roster_document(VANGUARD, catalog, "Ann"), tmp_path / "force.pdf",
                          paper="a4")
    pages = [page.extract_text() for page in PdfReader(path).pages]
    assert len(pages) == 2
    assert "TALES OF ARCADIA" in pages[0] and "Iron Vanguard" in pages[0]
    assert "Gearknight (Lancer)" in pages[0] and "wounds taken" in pages[0]
    assert "Attack sequence" in pages[1] and "Rise Again" in pages[1]
    assert "Page 1 of 1" in pages[1]
