"""The printed roster: the document's content (pure), and one PDF read back with pypdf."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronicle.export.model import Mark, Part, RosterTable, Table, Tally, has_unknown
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, load_catalog
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.rosterfile import read_roster
from chronicle.systems.tales_of_arcadia.sheets import (
    BRAND,
    MAX_PRINTED,
    MAX_ROWS,
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


def roster_of(part: Part) -> RosterTable:
    (table,) = [b for b in part.blocks if isinstance(b, RosterTable)]
    return table


def test_a_group_per_line_with_resolved_statistics_and_a_row_per_model(
        catalog: TalesCatalog) -> None:
    part = force_part(VANGUARD, catalog, player="Ann")
    assert part.brand == BRAND == "TALES OF ARCADIA" and part.title == "Iron Vanguard"
    table = roster_of(part)
    assert [g.title for g in table.groups] == ["2 × Gearknight (Lancer)", "Tin Martyr",
                                               "Aether Kite"]
    lancer = table.groups[0]
    # Lancer: cost 50 + pistol 15; Power 4 and Speed 7 from the variant, the rest the base's.
    assert lancer.cells == ("65", "4", "4", "7", "3", "1", "5", "130")
    assert "Options: Repeater Pistol" in lancer.legend and lancer.legend.startswith("Line 1")
    assert "Rise Again 3:6" in table.groups[1].legend
    assert "Movement: flying" in table.groups[2].legend
    assert [(r.number, r.label, r.boxes, r.value) for g in table.groups for r in g.rows] == [
        ("1.1", "Gearknight (Lancer)", 3, "3"), ("1.2", "Gearknight (Lancer)", 3, "3"),
        ("2.1", "Tin Martyr", 2, "2"), ("3.1", "Aether Kite", 2, "2")]
    assert table.total == ("",) * 7 + ("195",) and "4 models" in table.total_label
    shown = texts(part)
    assert {"Ann", "Clockwork Legion", "500", "195", "4", "305"} <= set(shown)
    assert not any(isinstance(b, (Table, Tally)) for b in part.blocks)


def test_unknown_values_print_as_unknown_and_big_groups_are_capped(
        catalog: TalesCatalog) -> None:
    loaded = read_roster({
        "name": "[/x] <b>Gaps</b>", "army": "Clockwork Legion", "limit": 10_000,
        "unit": [{"unit": "Mystery", "count": 1}, {"unit": "Brass Hound", "count": 70}],
        "card": [{"name": "Mystery", "kind": "unit", "army": "Clockwork Legion", "power": 1}]},
        None, "test")
    assert loaded.roster is not None, loaded.problems
    from chronicle.systems.tales_of_arcadia.stored import catalog_for

    part = force_part(loaded.roster, catalog_for(None, loaded.cards))
    assert part.title == "[/x] <b>Gaps</b>"
    mystery, hounds = roster_of(part).groups
    assert mystery.cells[:2] == (Mark.UNKNOWN, "1") and mystery.rows[0].boxes is None
    assert "Wounds unknown: count them by hand" in mystery.legend and has_unknown(part.blocks)
    assert len(hounds.rows) == MAX_ROWS and hounds.more.startswith("10 more models")
    assert any(t.startswith("this force breaks") for t in texts(part))


def test_a_hostile_force_prints_a_bounded_number_of_rows(catalog: TalesCatalog) -> None:
    units = tuple(RosterLine(unit="Brass Hound", note=str(n), count=40) for n in range(30))
    table = roster_of(force_part(Roster(name="Horde", army="Clockwork Legion", limit=99_999,
                                        units=units), catalog))
    rows = [r for g in table.groups for r in g.rows]
    assert len(table.groups) == 30 and len(rows) == MAX_PRINTED
    assert table.groups[-1].rows == () and table.groups[-1].more.startswith("40 more models")


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
    assert "Gearknight (Lancer)" in pages[0] and "Activated" in pages[0]
    assert "Attack sequence" in pages[1] and "Rise Again" in pages[1]
    assert "Page 1 of 2" in pages[0] and "Page 2 of 2" in pages[1]  # the file's pages
