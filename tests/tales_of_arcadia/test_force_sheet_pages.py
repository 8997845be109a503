"""The force sheet read back as a player reads it, on A4 and US Letter, over the stress set: a
53-model force (six identical Brass Hound lines among them) fits two pages plus the reference
page; every model has a row of its own (its label no other row has, its wounds, a wound box per
Wound and an "activated" box); identical lines are one group with the statistics once; no group
is split across pages; the points total closes the roster; each keyword is explained once, on
the reference page. Names of 200 characters and in Hebrew, Arabic, emoji, Chinese, Japanese and
Korean print on their rows. Each PDF is made once (module fixture)."""

from __future__ import annotations

import io
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pdf_readback import DOCS, Page, read_pages, same_as_reference

from chronicle.export.pdf import PdfRenderer, render_pdf
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, keywords, load_catalog
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.rosterfile import read_roster
from chronicle.systems.tales_of_arcadia.sheets import roster_document
from chronicle.systems.tales_of_arcadia.stored import catalog_for

PAPERS = ("a4", "letter")
FORCE = Roster(name="Iron Vanguard of the Long Winter", army="Clockwork Legion", limit=2500,
               player="Ann", units=(
    RosterLine(unit="Gearknight", count=5),
    RosterLine(unit="Gearknight", variant="Lancer", options=("Repeater Pistol",), count=4),
    RosterLine(unit="Gearknight", variant="Sentinel", options=("Tower Shield", "Spare Springs"),
               count=5),
    *(RosterLine(unit="Brass Hound") for _ in range(6)),
    RosterLine(unit="Gearknight", count=5),
    RosterLine(unit="Tin Martyr", count=8),
    RosterLine(unit="Aether Kite", count=6),
    RosterLine(unit="Gearknight", variant="Lancer", count=6),
    RosterLine(unit="Orrery Engine", options=("Governor Valve",), count=2),
    RosterLine(unit="Brass Hound", count=6, note="kept in reserve"),
))
WOUNDS = {"Gearknight": 3, "Brass Hound": 1, "Tin Martyr": 2, "Aether Kite": 2,
          "Orrery Engine": 6}
GROUPS = {  # title: the line numbers it stands for
    "10 × Gearknight": (1, 10), "4 × Gearknight (Lancer)": (2,),
    "5 × Gearknight (Sentinel)": (3,), "6 × Brass Hound": (4, 5, 6, 7, 8, 9),
    "8 × Tin Martyr": (11,), "6 × Aether Kite": (12,), "6 × Gearknight (Lancer)": (13,),
    "2 × Orrery Engine": (14,)}
"""(The second "6 × Brass Hound", line 15, has a note: another group.)"""
LONG = ("Gearknight of the Seventeenth Brass Company of the Long Winter " * 4)[:200]
SCRIPTS = {"hebrew": "שומר הברזל", "arabic": "حارس النحاس", "emoji": "🦊 Fox Engine 🔥",
           "chinese": "齿轮骑士", "japanese": "歯車の騎士", "korean": "톱니 기사", "long": LONG}
ROW = re.compile(r"^(\d+\.\d+) (.+) (\d+)$")


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> TalesCatalog:
    return load_catalog(tmp_path_factory.mktemp("no-user-cards"))


def scripts_force() -> tuple[Roster, TalesCatalog]:
    cards = [{"name": name, "kind": "unit", "army": "Clockwork Legion", "cost": 10,
              "power": 2, "accuracy": 4, "speed": 5, "wounds": 2 + number, "range": 1,
              "defense": 4} for number, name in enumerate(SCRIPTS.values())]
    loaded = read_roster({
        "name": ("Iron Vanguard " * 20)[:200], "army": "Clockwork Legion", "limit": 1000,
        "player": "שרה (Sarah)", "card": cards,
        "unit": [{"unit": name, "count": 2} for name in SCRIPTS.values()]}, None, "test")
    assert loaded.roster is not None, loaded.problems
    return loaded.roster, catalog_for(None, loaded.cards)


@pytest.fixture(scope="module")
def pdfs(catalog: TalesCatalog) -> dict[tuple[str, str], bytes]:
    """Each stress force on each paper, rendered once."""
    forces = {"53": (FORCE, catalog), "scripts": scripts_force()}
    done = {}
    for case, (roster, cards) in forces.items():
        for paper in PAPERS:
            buffer = io.BytesIO()
            render_pdf(roster_document(roster, cards), buffer, paper)
            done[(case, paper)] = buffer.getvalue()
    return done


@pytest.fixture(scope="module")
def printed(pdfs: dict[tuple[str, str], bytes]) -> dict[tuple[str, str], list[Page]]:
    """Each of them read back."""
    return {key: read_pages(data) for key, data in pdfs.items()}


def rows_of(pages: list[Page]) -> list[tuple[int, str, str, int, float]]:
    """Every model row of the force pages: (page, number, label, wounds, baseline)."""
    found = []
    for index, page in enumerate(pages[:-1]):
        for line in page.lines:
            match = ROW.match(line.text)
            if match and line.x > 45:  # indented under its group's head
                found.append((index, match[1], match[2], int(match[3]), line.y))
    return found


def boxes_on(page: Page, baseline: float) -> int:
    """Square boxes drawn on the row whose text sits on ``baseline``."""
    return sum(1 for _x, y, size in page.boxes if y <= baseline + 3 and y + size >= baseline)


@pytest.mark.parametrize("paper", PAPERS)
def test_53_models_fit_two_pages_and_the_reference_page(
        printed: dict[tuple[str, str], list[Page]], paper: str) -> None:
    pages = printed[("53", paper)]
    assert len(pages) == 3
    assert [page.lines[-1].text.rsplit("Page", 1)[-1] for page in pages] == [
        " 1 of 3", " 2 of 3", " 3 of 3"]  # the file's pages, the reference's included
    assert "Rules at a glance" in pages[2].text and "Rules at a glance" not in pages[1].text


@pytest.mark.parametrize("paper", PAPERS)
def test_every_model_has_its_own_row_label_wounds_and_boxes(
        printed: dict[tuple[str, str], list[Page]], paper: str) -> None:
    pages = printed[("53", paper)]
    rows = rows_of(pages)
    expected = {}
    for number, line in enumerate(FORCE.units, start=1):
        label = line.unit + (f" ({line.variant})" if line.variant else "")
        for index in range(1, line.count + 1):
            expected[f"{number}.{index}"] = (label, WOUNDS[line.unit])
    numbers = Counter(number for _p, number, *_rest in rows)
    assert len(rows) == 53 and max(numbers.values()) == 1  # no two rows share a label
    assert {number: (label, wounds) for _p, number, label, wounds, _y in rows} == expected
    for page, _number, _label, wounds, baseline in rows:
        assert boxes_on(pages[page], baseline) == wounds + 1  # and its "activated" box


@pytest.mark.parametrize("paper", PAPERS)
def test_identical_lines_are_one_group_never_split_across_pages(
        printed: dict[tuple[str, str], list[Page]], paper: str) -> None:
    pages = printed[("53", paper)]
    rows = rows_of(pages)
    heads = [(index, line.text) for index, page in enumerate(pages[:-1])
             for line in page.lines if " × " in line.text]
    assert Counter(text.split(" 20 2 3 8")[0] for _p, text in heads)["6 × Brass Hound"] == 2
    for title, lines in GROUPS.items():
        found = [(p, text) for p, text in heads if text.startswith(title + " ")]
        for _page, head in found:
            assert len(head[len(title):].split()) == 8  # points, six statistics, group points
        pages_of_rows = {p for p, number, *_rest in rows if int(number.split(".")[0]) in lines}
        assert len(pages_of_rows) == 1 and pages_of_rows <= {p for p, _text in found}, title
    assert not any("(continued)" in page.text for page in pages)
    brass = next(text for _p, text in heads if text.startswith("6 × Brass Hound "))
    assert brass.endswith("20 2 3 8 1 0 3 120")
    assert sum(1 for page in pages for line in page.lines
               if line.text.endswith(" 8 1 0 3 120")) == 2  # the two Brass Hound groups only


@pytest.mark.parametrize("paper", PAPERS)
def test_the_points_total_closes_the_roster_and_keywords_are_explained_once(
        printed: dict[tuple[str, str], list[Page]], catalog: TalesCatalog, paper: str) -> None:
    pages = printed[("53", paper)]
    (total,) = pages[1].find("Points total")
    assert total.text == "Points total · 53 models · limit 2500 2145"
    assert "Points spent: 2145" in pages[0].text and "Points left: 355" in pages[0].text
    force_text = pages[0].text + pages[1].text
    reference = " ".join(pages[2].text.split())
    for word in keywords(catalog):
        assert word.summary and word.summary[:40] not in force_text, word.name
        assert " ".join(word.summary.split())[:40] in reference, word.name
    assert "Keywords: Pathfinding" in force_text
    (pathfinding,) = pages[2].find("Pathfinding")
    assert pathfinding.text.endswith("Brass Hound")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("case", ["53", "scripts"])
def test_the_rosters_last_page_fills_with_blank_rows_to_write_in(
        printed: dict[tuple[str, str], list[Page]], case: str, paper: str) -> None:
    pages = printed[(case, paper)]
    last = pages[-2]  # the roster's last page (the reference page follows)
    (total,) = last.find("Points total")
    renderer = PdfRenderer(paper)
    # below the total: ruled rows, each with an "activated" box and nothing printed on it
    below = sorted({round(y) for _x, y, _size in last.boxes if y < total.y - 4})
    assert len(below) >= (5 if case == "53" else 1), below  # the 53's page 2 is half empty
    assert not [line.text for line in last.lines
                if renderer.margin_bottom + 2 < line.y < total.y - 2]
    rules = {round(y) for y, _x0, _x1 in last.rules if y < total.y - 4}
    assert len(rules) >= len(below)
    # down to the foot of the page: less than two rows' height left blank
    assert min(below) - renderer.margin_bottom < 40, (min(below), renderer.margin_bottom)


@pytest.mark.parametrize("paper", PAPERS)
def test_long_names_and_every_script_print_on_their_own_rows(
        printed: dict[tuple[str, str], list[Page]], paper: str) -> None:
    pages = printed[("scripts", paper)]
    count = len(pages)
    assert [page.lines[-1].text.rsplit("Page", 1)[-1] for page in pages] == [
        f" {n} of {count}" for n in range(1, count + 1)]
    text = "".join("".join(re.sub(r"( \d+)+$", "", line.text).split())  # less the numbers
                   for page in pages for line in page.lines)
    for script, name in SCRIPTS.items():
        assert "".join(name.split()) in text, script
    numbers = [line.text.split()[0] for page in pages[:-1] for line in page.lines
               if re.match(r"^\d+\.\d+ ", line.text) and line.x > 45]
    assert sorted(numbers) == sorted(f"{n}.{i}" for n in range(1, 8) for i in (1, 2))
    renderer = PdfRenderer("a4" if paper == "a4" else "letter")
    for page in pages:
        for line in page.lines:  # nothing starts outside the frame
            assert renderer.margin_left - 1 <= line.x <= page.width - renderer.margin_right



@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler (pdftoppm) is missing")
def test_the_docs_show_this_sheet(pdfs: dict[tuple[str, str], bytes], tmp_path: Path) -> None:
    same_as_reference(pdfs[("53", "a4")], DOCS / "tales-of-arcadia-force.png", tmp_path)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler (pdftoppm) is missing")
def test_the_reference_comparison_catches_a_missing_column(catalog: TalesCatalog,
                                                           tmp_path: Path) -> None:
    """The wounds column left out of every model's row (its number before the boxes) fails
    the comparison with the docs' image: small on the page, it is large in its tiles."""
    from dataclasses import replace

    from chronicle.export.model import RosterTable

    document = roster_document(FORCE, catalog)
    force = document.parts[0]
    blocks = tuple(replace(block, groups=tuple(
        replace(group, rows=tuple(replace(row, value="") for row in group.rows))
        for group in block.groups)) if isinstance(block, RosterTable) else block
        for block in force.blocks)
    buffer = io.BytesIO()
    render_pdf(replace(document, parts=(replace(force, blocks=blocks),
                                        *document.parts[1:])), buffer, "a4")
    with pytest.raises(AssertionError):
        same_as_reference(buffer.getvalue(), DOCS / "tales-of-arcadia-force.png", tmp_path)



@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("case", ["53", "scripts"])
def test_rows_to_write_in_come_only_after_the_total(
        printed: dict[tuple[str, str], list[Page]], case: str, paper: str) -> None:
    """On a roster page the total does not close, every "activated" box is a model's: no
    blank rows in the middle of the roster, before the groups that follow."""
    pages = printed[(case, paper)][:-1]  # the reference page aside
    rows = rows_of(pages)
    for index, page in enumerate(pages):
        if page.find("Points total"):
            continue
        ticks = max(x for x, _y, _size in page.boxes)  # the "Activated" column
        activated = [y for x, y, _size in page.boxes if x > ticks - 5]
        models = [baseline for p, *_rest, baseline in rows if p == index]
        assert len(activated) == len(models), (index, len(activated), len(models))


@pytest.mark.parametrize("paper", PAPERS)
def test_a_hebrew_or_arabic_model_is_set_flush_right_under_the_model_column(
        printed: dict[tuple[str, str], list[Page]], paper: str) -> None:
    from chronicle.export import fonts

    page = printed[("scripts", paper)][0]
    (head,) = [line for line in page.lines if line.text.startswith("Model (line.number)")]
    pts = next(x for x, text in head.pieces if text == "Pts")
    found = 0
    for line in page.lines:
        match = ROW.match(line.text)
        if not match or match[2] not in (SCRIPTS["hebrew"], SCRIPTS["arabic"]):
            continue
        label = [(x, t) for x, t in line.pieces if fonts.reads_right_to_left(t)]
        end = max(x + fonts.width(t, fonts.REGULAR, 8.5) for x, t in label)
        number = min(x for x, _t in line.pieces)
        # its last glyph at the Model column's right edge (less its padding), not at the left
        assert pts - 12 < end < pts + 1 and min(x for x, _t in label) > number + 40, (
            line.text, end, pts)
        found += 1
    assert found == 4  # two Hebrew models, two Arabic
