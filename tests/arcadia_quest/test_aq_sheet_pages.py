"""The campaign sheet read back as players read it, on A4 and US Letter, over the stress set:
4 guilds x 6 scenarios (the golden full campaign), the same with 200-character names and
names in Hebrew, Arabic, emoji, Chinese, Japanese and Korean, and a new campaign. Every value
of a guild's ledger sits on its own ruled line, beside a label on one line; empty cells are
room to write (a scenario name), never small boxes; a guild is never split from its heroes.
Each PDF is made once (module fixture)."""

from __future__ import annotations

import copy
import io
import itertools
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pdf_readback import DOCS, Page, read_pages, same_as_reference

from chronicle.export.model import Mark, Table, Together
from chronicle.export.pdf import PdfRenderer, render_pdf
from chronicle.systems.arcadia_quest.campaignfile import load_campaign
from chronicle.systems.arcadia_quest.record import check_record, data_of, payload_of
from chronicle.systems.arcadia_quest.sheets import NOTES, campaign_document, campaign_part

GOLDEN = Path(__file__).resolve().parent / "golden"
PAPERS = ("a4", "letter")
LONG = ("The Temple of Dawning Twilight beyond the Sunken District " * 4)[:200]
SCENARIOS = ("מקדש השחר", "معبد الفجر", "🐉 Dragon Roost 🔥", "黎明神殿", "夜明けの神殿", LONG)
PLAYERS = {"blue": "שרה", "green": "سارة", "red": "🦊 Cai 🎲", "orange": "王小明 · 山田 · 김민준"}
LEDGER = ("Coin carried:", "Coins held:", "Upgrade cards:")


def summary_of(name: str) -> dict[str, Any]:
    events = load_campaign(GOLDEN / "campaigns" / f"{name}.toml").events
    stored = [dict(zip(("kind", "payload"), payload_of(e), strict=True)) for e in events[1:]]
    context = SimpleNamespace(user_cards_dir=GOLDEN / "cards", group_cards=())
    return check_record(data_of(events[0]), stored, context).summary


def stressed(summary: dict[str, Any]) -> dict[str, Any]:
    """The full campaign with long names and names in every script."""
    shown = copy.deepcopy(summary)
    shown["name"] = ("Winter campaign " * 13)[:200]
    for item, name in zip(shown["scenarios"], SCENARIOS, strict=True):
        item["name"] = name
    for color, guild in shown["guilds"].items():
        guild["player"] = PLAYERS[color]
        guild["titles"].append({"title": "Friend of the Moon " * 5, "scenario": LONG})
    return shown


@pytest.fixture(scope="module")
def summaries() -> dict[str, dict[str, Any]]:
    full = summary_of("legal-full-campaign")
    assert len(full["guilds"]) == 4 and len(full["scenarios"]) == 6
    return {"full": full, "stress": stressed(full), "new": summary_of("legal-new-campaign")}


@pytest.fixture(scope="module")
def pdfs(summaries: dict[str, dict[str, Any]]) -> dict[tuple[str, str], bytes]:
    done = {}
    for case, summary in summaries.items():
        for paper in PAPERS:
            buffer = io.BytesIO()
            render_pdf(campaign_document(summary), buffer, paper)
            done[(case, paper)] = buffer.getvalue()
    return done


@pytest.fixture(scope="module")
def printed(pdfs: dict[tuple[str, str], bytes]) -> dict[tuple[str, str], list[Page]]:
    return {key: read_pages(data) for key, data in pdfs.items()}


def footers(pages: list[Page]) -> list[str]:
    return [page.lines[-1].text.rsplit("Page ", 1)[-1] for page in pages]


@pytest.mark.parametrize("paper", PAPERS)
def test_pages_and_their_numbers(printed: dict[tuple[str, str], list[Page]],
                                 paper: str) -> None:
    assert footers(printed[("full", paper)]) == ["1 of 1"]
    assert footers(printed[("new", paper)]) == ["1 of 1"]
    assert footers(printed[("stress", paper)]) == ["1 of 2", "2 of 2"]


@pytest.mark.parametrize("case", ["full", "stress", "new"])
@pytest.mark.parametrize("paper", PAPERS)
def test_every_ledger_value_sits_on_its_line_beside_a_label_on_one_line(
        printed: dict[tuple[str, str], list[Page]], case: str, paper: str) -> None:
    pages = printed[(case, paper)]
    ledgers = [(page, line) for page in pages for line in page.find("Coin carried:")]
    assert len(ledgers) == (3 if case == "new" else 4)
    for page, line in ledgers:
        texts = [text for _x, text in line.pieces]
        assert [t for t in texts if t.endswith(":")] == list(LEDGER)  # no label wraps
        values = [(x, t) for x, t in line.pieces if not t.endswith(":")]
        assert len(values) == 3
        for x, text in values:  # the value's own rule, just under its baseline
            assert any(line.y - 9 < y < line.y - 1 and x0 <= x <= x1
                       for y, x0, x1 in page.rules), (text, line.y)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_guild_is_never_split_from_its_heroes_and_every_name_prints(
        printed: dict[tuple[str, str], list[Page]], summaries: dict[str, dict[str, Any]],
        paper: str) -> None:
    pages = printed[("stress", paper)]
    for color, guild in summaries["stress"]["guilds"].items():
        holding = [page for page in pages if PLAYERS[color] in page.text]
        assert len(holding) == 1, color
        for hero in guild["heroes"]:
            assert any(line.text.startswith(hero + " ") for line in holding[0].lines), hero
    assert not any("(continued)" in page.text for page in pages)
    text = "".join("".join(page.text.split()) for page in pages)
    for name in (*SCENARIOS, *PLAYERS.values()):
        assert "".join(name.split()) in text, name
    renderer = PdfRenderer(paper)
    for page in pages:
        for line in page.lines:  # nothing starts outside the frame
            assert renderer.margin_left - 1 <= line.x <= page.width - renderer.margin_right


@pytest.mark.parametrize("paper", PAPERS)
def test_empty_cells_are_room_to_write_not_small_boxes(
        printed: dict[tuple[str, str], list[Page]], summaries: dict[str, dict[str, Any]],
        paper: str) -> None:
    (page,) = printed[("new", paper)]
    rows = [line.y for number in "123456" for line in page.find(f"{number} ")
            if "outer" in line.text or "inner" in line.text or "final" in line.text]
    assert len(rows) == 6
    assert all(upper - lower >= 18 for upper, lower in itertools.pairwise(rows))
    assert not [r for r in page.rects if r[2] < 60 and r[3] < 20]  # no box to squeeze into
    part = campaign_part(summaries["new"])
    assert part.blocks[-1] == NOTES
    tables = [b for b in part.blocks if isinstance(b, Table)] + [
        b for t in part.blocks if isinstance(t, Together) for b in t.blocks
        if isinstance(b, Table)]
    assert len(tables) == 5 and tables[1].title == "Notes"  # rows to write in, at the end
    assert not any(cell is Mark.BLANK for table in tables for row in table.rows
                   for cell in row.cells)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler (pdftoppm) is missing")
def test_the_docs_show_this_sheet(pdfs: dict[tuple[str, str], bytes], tmp_path: Path) -> None:
    same_as_reference(pdfs[("full", "a4")], DOCS / "arcadia-quest-campaign.png", tmp_path)


@pytest.mark.parametrize("case", ["full", "stress", "new"])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_last_page_fills_with_rows_to_write_in(
        printed: dict[tuple[str, str], list[Page]], case: str, paper: str) -> None:
    """The rest of the last page is ruled rows to write notes in, down to its foot: the
    stress campaign's page 2 is never left half empty."""
    last = printed[(case, paper)][-1]
    renderer = PdfRenderer(paper)
    foot = renderer.margin_bottom
    heads = [line for line in last.lines if line.text == "Scenario Notes"]
    if not heads:  # no room for one row: left out, never a page of its own
        assert (case, paper) == ("full", "letter")
        assert min(line.y for line in last.lines[:-1]) - foot < 30
        return
    (head,) = heads
    assert not [line.text for line in last.lines if foot + 2 < line.y < head.y - 2]
    rows = sorted({round(y) for y, x0, x1 in last.rules
                   if foot - 1 < y < head.y - 4 and x1 - x0 > 300})
    assert rows and min(rows) - foot < 25, (rows, foot)  # down to the foot of the page
    if case == "stress":
        assert len(rows) >= 12, rows  # half a page of them
