"""Every Wyld Hunt and Hunters of Arcfall sheet over the stress set of issue 33
(``export_stress``), on A4 and US Letter, read back with pypdf: the page-number labels count
the file's pages, no text leaves its page or its cell, each value sits on its own card's or
turn's row (a card's line carries that card's cost, Attribute and court), a table split by a
page break repeats its head and never leaves a total row alone, pages are used before
anything spills, and every script prints. The PDFs are made once per module."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import export_stress as stress
import pytest
from pypdf import PdfReader
from test_export_pages import placed

from chronicle.export import fonts, layout
from chronicle.export.model import Document
from chronicle.export.pdf import PAPER, PdfRenderer
from chronicle.systems.hunters_of_arcfall.sheets import hunt_document
from chronicle.systems.wyld_hunt.sheets.document import (
    log_document,
    player_document,
    sheet_document,
)

PAPERS = ("a4", "letter")


@dataclass
class Printed:
    """One stress document printed: its bytes, its pages' text and placed pieces, and every
    line drawn in a cell with the cell's width."""

    data: bytes
    texts: list[str]
    pieces: list[list[tuple[str, float, float]]]
    drawn: list[tuple[str, float]]


def documents() -> dict[str, Document]:
    """The stress set's documents, by name."""
    scripts = tuple(stress.NAMES.values())
    return {
        "merits34": sheet_document(stress.character()),
        "merits34-pencil": sheet_document(stress.character(), pencil=True),
        "long-name": sheet_document(stress.character(stress.LONG_NAME, merits=12)),
        "long-name-pencil": sheet_document(stress.character(stress.LONG_NAME, merits=12),
                                           pencil=True),
        "log": log_document(stress.character(games=40)),
        "hunt": hunt_document(*stress.hunt(6, 40)),
        "short-hunt": hunt_document(*stress.hunt(3, 5)),
        "hebrew": sheet_document(stress.character(stress.NAMES["hebrew"], script="hebrew",
                                                  merits=6, player="דני")),
        "arabic-log": log_document(stress.character(stress.NAMES["arabic"], merits=6,
                                                    script="arabic", player="سارة")),
        "cjk-emoji": sheet_document(stress.character(
            " ".join(stress.NAMES[k] for k in ("chinese", "japanese", "korean", "emoji")),
            script="japanese", merits=6), pencil=True),
        "scripts-hunt": hunt_document(*stress.hunt(6, 12, scripts)),
        "player-file": player_document("Pat", [
            stress.character(), stress.character(stress.LONG_NAME, merits=12,
                                                 background=LONG_BACKGROUND),
            stress.character(stress.NAMES["hebrew"], script="hebrew", merits=6)]),
    }


LONG_BACKGROUND = " ".join(f"Year {n}: the long road west, the fair, the oath kept." * 3
                           for n in range(60))
"""A background long enough to move to a page of its own (the sheet takes two pages)."""


def game_sheet(tmp_path_factory: pytest.TempPathFactory, waylays: int = 40) -> Document:
    """The demo's prepared game with a player's choices long enough to run over a page (40
    Waylays; none: the demo's short preparation)."""
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.services import games
    from chronicle.systems.wyld_hunt.services.collection import add_cards
    from chronicle.systems.wyld_hunt.services.demo import run_demo
    from chronicle.systems.wyld_hunt.sheets.document import game_document

    folder = tmp_path_factory.mktemp("stress-game")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHRONICLE_DATA_DIR", str(folder / "data"))
        db = open_database(f"sqlite:///{folder / 'game.db'}")
        run_demo(db)
        if waylays:
            add_cards(db, "Josh", [("Bag of Gold", 2), ("Cog Dragoon", waylays)])
            games.choose(db, "Rematch", "Josh", treasures=["Bag of Gold", "Bag of Gold"],
                         waylays=["Cog Dragoon"] * waylays)
        document = game_document(games.show_game(db, "Rematch"))
        db.close()
    return document


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[str, str],
                                                                        Printed]]:
    drawn: list[tuple[str, float]] = []
    original = layout.draw_text

    def recording(canv: object, x: float, y: float, text: str, style: layout.TextStyle,
                  align: str = "left", room: float = 0.0, base: str = "") -> None:
        if room:
            drawn.append((text, room - fonts.width(text, style.font, style.size)))
        original(canv, x, y, text, style, align, room, base)  # type: ignore[arg-type]

    found: dict[tuple[str, str], Printed] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(layout, "draw_text", recording)
        games = {"game": game_sheet(tmp_path_factory),
                 "short-game": game_sheet(tmp_path_factory, waylays=0)}
        for name, document in {**documents(), **games}.items():
            for paper in PAPERS:
                drawn = []
                patch.setattr(layout, "draw_text", recording)
                data = stress.pdf(document, paper)
                reader = PdfReader(io.BytesIO(data))
                found[(name, paper)] = Printed(data, [p.extract_text() for p in reader.pages],
                                               placed(data), list(drawn))
    yield found


KINDS = ("merits34", "merits34-pencil", "long-name", "long-name-pencil", "log", "hunt",
         "short-hunt", "hebrew", "arabic-log", "cjk-emoji", "scripts-hunt", "player-file",
         "game", "short-game")


@pytest.mark.parametrize(("name", "paper"), [(n, p) for n in KINDS for p in PAPERS])
def test_pages_are_numbered_over_the_file_and_nothing_leaves_its_page_or_cell(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    sheet = printed[(name, paper)]
    count = len(sheet.texts)
    for number, text in enumerate(sheet.texts, start=1):
        labels = re.findall(r"Page (\d+) of (\d+)", text)
        assert labels == [(str(number), str(count))], (name, paper, number, labels)
    renderer = PdfRenderer(paper)
    width, height = PAPER[paper]
    for page in sheet.pieces:
        for text, y, x in page:
            assert renderer.margin_left - 0.5 <= x <= width - renderer.margin_right, text
            assert renderer.margin_bottom - 20 <= y <= height - renderer.margin_top + 14, text
    # every line drawn in a cell fits the cell (a single wide character may not: none here)
    overflowing = [(text, round(spare, 1)) for text, spare in sheet.drawn if spare < -0.5]
    assert not overflowing, overflowing[:5]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler (pdftoppm) is missing")
@pytest.mark.parametrize("paper", PAPERS)
def test_no_page_stands_nearly_empty(printed: dict[tuple[str, str], Printed], paper: str,
                                     tmp_path: Path) -> None:
    """Every page of the documents that run over several pages is used at least to a
    quarter of its height (ink, rules included: blank rows to write in count), and their last
    page down to its foot (the log, hunt and game sheets fill it with rows to write in)."""
    from PIL import Image

    renderer = PdfRenderer(paper)
    _width, height = PAPER[paper]
    dpi = 18
    for name in ("log", "hunt", "scripts-hunt", "short-hunt", "game", "short-game"):
        sheet = printed[(name, paper)]
        pdf = tmp_path / f"{name}.pdf"
        pdf.write_bytes(sheet.data)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(tmp_path / name)],
                       check=True, capture_output=True)
        top = round(renderer.margin_top * dpi / 72)
        foot = round((height - renderer.margin_bottom + 2) * dpi / 72)
        for number in range(1, len(sheet.texts) + 1):
            found = sorted(tmp_path.glob(f"{name}-*{number}.png"))
            with Image.open(found[0]) as image:
                grey = image.convert("L")
                inked = [y for y in range(top, foot)
                         if cast(tuple[int, int],
                                 grey.crop((0, y, grey.width, y + 1)).getextrema())[0] < 160]
            used = (max(inked) - top) / (foot - top) if inked else 0.0
            assert used > (0.9 if number == len(sheet.texts) else 0.25), (
                name, paper, number, round(used, 2))


def row_after(page: list[tuple[str, float, float]], label: str, stop: str,
              room: float = 10_000.0) -> list[str]:
    """The pieces right of ``label`` on its line, within ``room`` points of it, up to the
    next piece starting ``stop``."""
    (y, x), = [(yy, xx) for text, yy, xx in page if text == label]
    line = sorted((xx, text) for text, yy, xx in page
                  if abs(yy - y) < 1.5 and x < xx < x + room)
    values = []
    for _x, text in line:
        if text.startswith(stop) or (len(text) == 1 and text in "MERITSFLAW"):
            break  # the next box, or the spine between the boxes
        values.append(text)
    return values


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["merits34", "merits34-pencil"])
def test_each_card_line_carries_its_own_cost_attribute_and_court(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    sheet = printed[(name, paper)]
    assert len(sheet.texts) == 1  # 34 Merits, pencil or not, A4 or Letter: one page
    (page,) = sheet.pieces
    box = (PdfRenderer(paper).frame_size[0] - 20) / 2  # a card box: half the grid
    for index in range(34):
        cost, attribute, court = stress.card_values(index)
        values = row_after(page, stress.merit_name(index), "Merit ", box)
        assert values == [str(cost), attribute.value.capitalize(),
                          court.value.capitalize()], (index, values)
    assert row_after(page, "Indecisive", "Merit ", box) == ["2", "Resolve", "Unseelie"]
    assert row_after(page, "Allergies", "Merit ", box) == ["1", "Might", "Seelie"]


@pytest.mark.parametrize("paper", PAPERS)
def test_a_players_file_of_sheets_numbers_its_pages_over_the_file(
        printed: dict[tuple[str, str], Printed], paper: str) -> None:
    """Three character sheets in one file, the second running over two pages: "Page X of 4"
    on every page (never "Page 1 of 1" on each sheet), each footer naming its own sheet."""
    sheet = printed[("player-file", paper)]
    assert len(sheet.texts) == 4
    footers = [[text for text, y, _x in page if y < PdfRenderer(paper).margin_bottom - 5]
               for page in sheet.pieces]
    labels = [[t for t in texts if t.startswith("Page ")] for texts in footers]
    assert labels == [[f"Page {n} of 4"] for n in range(1, 5)], labels
    owners = [" ".join(texts) for texts in footers]
    assert owners[0].startswith("Stress") and stress.LONG_NAME[:20] in owners[1]
    assert stress.LONG_NAME[:20] in owners[2]
    assert "".join(stress.NAMES["hebrew"].split()) in "".join(owners[3].split())


@pytest.mark.parametrize("paper", PAPERS)
def test_the_hunt_numbers_its_pages_over_the_file_and_repeats_the_log_head(
        printed: dict[tuple[str, str], Printed], paper: str) -> None:
    sheet = printed[("hunt", paper)]
    assert 2 <= len(sheet.texts) <= 4
    assert "SCORE PAD" in sheet.texts[0] and "GAME LOG" in "".join(sheet.texts)
    turns: list[int] = []
    for page in sheet.pieces:
        texts = [p for p, _y, _x in page]
        if "GAME LOG" in texts or "The log (continued)" in texts:
            assert "Drawn" in texts and "Captured" in texts  # the head, repeated
        for text, y, x in page:
            if not text.isdigit() or x > 60:
                continue
            values = [t for _x, t in sorted((xx, t) for t, yy, xx in page
                                            if abs(yy - y) < 1.5 and xx > x)]
            if len(values) == 7 and values[4] == "claimed":
                turn = int(text)
                player = f"Player {(turn - 1) % 6 + 1}"
                assert values[1:4] == [player, f"Bounty {turn - 1}", f"Bounty {turn - 1}"]
                assert values[-1] == "+1"
                turns.append(turn)
    assert sorted(turns) == list(range(1, 41))  # every turn once, its values on its row


@pytest.mark.parametrize("paper", PAPERS)
def test_a_long_game_sheet_keeps_its_totals_with_their_rows(
        printed: dict[tuple[str, str], Printed], paper: str) -> None:
    sheet = printed[("game", paper)]
    assert len(sheet.texts) >= 2
    for page in sheet.pieces:
        texts = [p for p, _y, _x in page]
        for index, text in enumerate(texts):
            if text == "Total":  # a row of its table stands above it on the same page
                above = [p for p, y, _x in page if y > page[index][1] + 1]
                assert any(p in ("Cog Dragoon", "Bag of Gold", "Even Dragons Pay Taxes",
                                 "Seek the Oracle's Advice") or p.startswith("Seek")
                           for p in above), texts
        if "Cog Dragoon" in texts and "GAME PREPARATION" not in texts:
            assert "Josh: Annoyicus (continued)" in texts and "Rating" in texts
    rows = [(y, x) for page in sheet.pieces[:1] for p, y, x in page if p == "Cog Dragoon"]
    assert rows  # the Waylays start on page 1, each on a row of its own
    for page in sheet.pieces:
        for text, y, x in page:
            if text == "Cog Dragoon":
                line = sorted((xx, p) for p, yy, xx in page if abs(yy - y) < 1.5 and xx > x)
                # its rating, tests and terrain (unknown: "?"), on its own row
                assert [p for _x, p in line] == ["5", "Combat 5", "?"], line


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["game", "short-game"])
def test_a_game_sheets_last_page_fills_with_days_to_write_in(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    sheet = printed[(name, paper)]
    last = sheet.pieces[-1]
    texts = [p for p, _y, _x in last]
    renderer = PdfRenderer(paper)
    foot = renderer.margin_bottom
    if "Day by Day" not in texts:  # no room for a few Days: left out, never a page of its own
        assert name == "game" and "Before you play" in texts, texts
        lowest = min(y for p, y, _x in last if not p.startswith("Page "))
        assert lowest - foot < 60
        return
    assert "".join(sheet.texts).count("Day by Day") == 1
    head = next(y for p, y, _x in last if p == "Day")
    assert [p for p, y, x in sorted(last, key=lambda t: t[2]) if abs(y - head) < 1.5] == [
        "Day", "Tim", "Josh"]  # a column per player
    assert not [p for p, y, _x in last if foot + 2 < y < head - 2]  # blank rows only below
    lines = ruled_lines(sheet.data, len(sheet.texts) - 1)
    below = [y for y in lines if y < head - 2]
    assert len(below) >= 3 and min(below) - foot < 30, (len(below), min(below, default=0))


def ruled_lines(data: bytes, page: int) -> list[float]:
    """The heights of the horizontal rules drawn on ``page`` (from 0)."""
    from pdf_readback import read_pages

    return sorted({round(y, 1) for y, _x0, _x1 in read_pages(data)[page].rules})


@pytest.mark.parametrize("paper", PAPERS)
def test_a_short_hunt_shares_one_page_and_fills_it_with_rows_to_write_in(
        printed: dict[tuple[str, str], Printed], paper: str) -> None:
    sheet = printed[("short-hunt", paper)]
    (text,) = sheet.texts
    assert "SCORE PAD" in text and "GAME LOG" in text and "Page 1 of 1" in text
    (page,) = sheet.pieces
    log_top = next(y for piece, y, _x in page if piece == "The log")
    assert log_top < next(y for piece, y, _x in page if piece == "Scoreboard")


@pytest.mark.parametrize("paper", PAPERS)
def test_a_long_log_never_leaves_its_total_alone_and_undated_rows_say_so(
        printed: dict[tuple[str, str], Printed], paper: str) -> None:
    sheet = printed[("log", paper)]
    assert len(sheet.texts) >= 2
    for page in sheet.pieces:
        texts = [p for p, _y, _x in page]
        assert "Event" in texts and "Unspent" in texts
        if "Now" in texts:  # the total row follows at least one event on its page
            now = next(y for p, y, _x in page if p == "Now")
            assert any(p.startswith("Game:") and y > now for p, y, _x in page)
    everything = "\n".join(sheet.texts)
    assert "2026-01-01" in everything and "2026-12-02" not in everything


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["long-name", "long-name-pencil"])
def test_a_200_character_name_keeps_the_sheet_on_one_full_page(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    sheet = printed[(name, paper)]
    assert len(sheet.texts) == 1
    assert "".join(stress.LONG_NAME.split()) in "".join(sheet.texts[0].split())
    (page,) = sheet.pieces
    renderer = PdfRenderer(paper)
    lowest = min(y for text, y, _x in page if not text.startswith(("Page ", stress.LONG_NAME[:20])))
    # the sheet reaches the foot of its page: no sixth of it left blank
    assert lowest - renderer.margin_bottom < (PAPER[paper][1] - renderer.margin_top
                                              - renderer.margin_bottom) / 8


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["hebrew", "arabic-log", "cjk-emoji", "scripts-hunt"])
def test_every_script_prints_as_typed(printed: dict[tuple[str, str], Printed], name: str,
                                      paper: str) -> None:
    sheet = printed[(name, paper)]
    flat = "".join("".join(sheet.texts).split())
    wanted = {"hebrew": ["hebrew"], "arabic-log": ["arabic"],
              "cjk-emoji": ["chinese", "japanese", "korean", "emoji"],
              "scripts-hunt": list(stress.NAMES)}[name]
    for script in wanted:
        assert "".join(stress.NAMES[script].split()) in flat, script


def test_five_digit_event_numbers_stay_on_one_line() -> None:
    from dataclasses import replace

    character = stress.character(games=3)
    character.history = [replace(line, seq=line.seq + 10_000) for line in character.history]
    text = PdfReader(io.BytesIO(stress.pdf(log_document(character)))).pages[0].extract_text()
    for seq in (10_001, 10_002, 10_003):
        assert f"\n{seq}\n" in text, seq  # never "100" and "01" on two lines


HEADINGS = {"Cost", "Attribute", "Court", "Exh.", "#", "Date", "Event", "XP", "Earned", "Spent",
            "Unspent", "Bonus", "Waylay", "Rating", "Tests", "Terrain", "Treasure", "League",
            "Unique", "Quest", "No.", "Waylay rating", "Effective", "Treasure rating",
            "Completed", "Hunter", "Fortune", "Fame", "Claimed", "Round", "Drawn", "Captured",
            "Ended", "Day", "Place", "Ability"}
"""Column headings of the stress set's sheets (text that prints nowhere else)."""


@pytest.mark.parametrize("paper", PAPERS)
def test_column_headings_are_legible_at_arms_length_and_on_a_photocopy(
        printed: dict[tuple[str, str], Printed], paper: str) -> None:
    from pdf_readback import styled_pieces

    seen: set[str] = set()
    for name in KINDS:
        for page in styled_pieces(printed[(name, paper)].data):
            for text, size, darkness in page:
                if text in HEADINGS:
                    seen.add(text)
                    # about 7.5 pt or more (the densest sheet included), in dark ink
                    assert size >= 7.45 and darkness <= 0.3, (name, text, size, darkness)
    assert seen >= {"Cost", "Court", "Date", "Waylay", "Drawn", "Fortune", "Day"}, seen



@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["game", "short-game"])
def test_every_page_of_a_game_sheet_says_whose_tables_it_holds(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    """A page after the first starts with the name of the section its tables belong to
    ("Josh: Annoyicus (continued)"), whether a table was split there or moved there whole,
    or with a section of its own."""
    height = PAPER[paper][1]
    head = height - PdfRenderer(paper).margin_top
    for page in printed[(name, paper)].pieces[1:]:
        first = max((p for p in page if p[1] < head), key=lambda p: p[1])[0]
        assert first.endswith("(continued)") or first in ("Before you play", "Day by Day"), (
            first)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["game", "short-game"])
def test_a_table_of_three_rows_to_write_in_is_never_split_between_pages(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    from pdf_readback import read_pages

    found = 0
    for page in read_pages(printed[(name, paper)].data):
        for index, line in enumerate(page.lines):
            if line.text.split()[0] not in ("Waylay", "Treasure", "League"):
                continue
            below = page.lines[index + 1].y if index + 1 < len(page.lines) else 0.0
            rows = {round(y) for y, x0, x1 in page.rules
                    if below < y < line.y - 4 and x1 - x0 > 300}
            if below < line.y - 40:  # no row printed under the head: rows to write in
                found += 1
                assert len(rows) >= 3, (line.text, sorted(rows))
    assert found >= (3 if name == "game" else 5)


def test_counts_agree_with_their_nouns_and_a_court_reads_as_english(
        printed: dict[tuple[str, str], Printed]) -> None:
    for (name, paper), sheet in printed.items():
        text = " ".join(" ".join(sheet.texts).split())
        assert "(s)" not in text, (name, paper)  # never "1 quest(s) need 5"
    game = " ".join(" ".join(printed[("short-game", "a4")].texts).split())
    assert "1 quest needs 5" in game and "(add 5 Leagues)" in game
    pencil = " ".join(" ".join(printed[("long-name", "a4")].texts).split())
    assert "the Seelie court was chosen" in pencil and "court seelie" not in pencil


@pytest.mark.parametrize("name", KINDS)
def test_every_page_head_names_its_game_in_capitals(
        printed: dict[tuple[str, str], Printed], name: str) -> None:
    sheet = printed[(name, "a4")]
    renderer = PdfRenderer("a4")
    top = PAPER["a4"][1] - renderer.margin_top
    for page in sheet.pieces:
        (brand,) = [t for t, y, x in page if y > top and x < 200]
        assert brand == brand.upper() and brand.startswith(("ARCADIA", "HUNTERS")), brand


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["merits34-pencil", "long-name-pencil", "cjk-emoji"])
def test_every_empty_line_of_a_pencil_card_box_has_its_boxes_to_write_in(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    """On the pencil sheet a line of a card box holds a card, or boxes to write one in
    (cost, Attribute, court): never some empty lines with boxes and others without."""
    from pdf_readback import read_pages

    (page,) = read_pages(printed[(name, paper)].data)
    (court,) = page.find("Court:")
    middle = page.width / 2
    lines = 0
    exhausted = [(x, y, w) for x, y, w, h in page.rects if 6 < w < 14 and 6 < h < 16]
    for x, y, size in exhausted:  # the "exhausted" box ending every line of a card box
        if y < court.y + 5:
            continue
        side = x < middle
        values = [r for r in page.rects if abs(r[1] - y) < 1.5 and r[2] > size + 2
                  and r[3] < 20 and (r[0] < middle) == side]
        printed_card = any(abs(line.y - (y + size / 2)) < 6 and any(
            (px < middle) == side and px < x - 40 for px, _t in line.pieces)
            for line in page.lines)
        assert printed_card or len(values) == 3, (round(x), round(y), len(values))
        lines += 1
    assert lines >= 20


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("name", "player"), [("hebrew", "דני"), ("arabic-log", "سارة")])
def test_a_right_to_left_name_in_a_footer_keeps_its_brackets_the_right_way_round(
        printed: dict[tuple[str, str], Printed], name: str, player: str, paper: str) -> None:
    """"שרה בת אברהם (דני) · Character Sheet" in an English footer: the player's name in
    brackets opening towards it, "(דני)" drawn left of the character's name (the closing one
    used to print reversed, after the name: ")דני ... )")."""
    (page,) = printed[(name, paper)].pieces
    footer = sorted((x, text) for text, y, x in page
                    if y < PdfRenderer(paper).margin_bottom - 5 and not text.startswith("Page"))
    drawn = "".join(text for _x, text in footer).replace(" ", "")  # left to right
    assert f"({player})" in drawn, drawn  # never ")name)" or ")name("
    assert drawn.count("(") == drawn.count(")") == 1, drawn


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["merits34", "merits34-pencil", "long-name", "long-name-pencil",
                                  "hebrew", "cjk-emoji"])
def test_a_character_sheet_uses_its_page_down_to_its_foot(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    """A sheet with few cards leaves no strip of its page blank: its last box (the
    background, or the pencil sheet's Quest Treasures) takes the room left."""
    from pdf_readback import read_pages

    (page,) = read_pages(printed[(name, paper)].data)
    foot = PdfRenderer(paper).margin_bottom
    lowest = min([y for _x, y, _w, h in page.rects if h > 0]
                 + [line.y for line in page.lines if line.y > foot])  # the footer aside
    assert lowest - foot < 20, (name, paper, round(lowest))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["long-name", "long-name-pencil"])
def test_a_value_beside_a_wrapped_name_sits_on_its_rule(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    """"Might: 2" beside a name of three lines sits on the name's last line, just above its
    own rule, never up at the name's first line with its rule two lines below."""
    from pdf_readback import read_pages

    (page,) = read_pages(printed[(name, paper)].data)
    (might,) = [line for line in page.lines if "Might:" in line.text]
    (value,) = [x for x, text in might.pieces if text == "2"]
    assert any(might.y - 9 < y < might.y - 1 and x0 <= value <= x1
               for y, x0, x1 in page.rules), might.text
    (first,) = [line for line in page.lines if line.text.startswith("Name:")]
    assert first.y - might.y > 15  # two lines of the name above it


@pytest.mark.parametrize("paper", PAPERS)
def test_a_background_moved_to_a_page_of_its_own_is_set_as_large_as_fits_it(
        printed: dict[tuple[str, str], Printed], paper: str) -> None:
    """The long background of the player's file's second sheet takes page 3 of 4: in type as
    large as fits that page (never the densest type of a crowded sheet), down to its foot."""
    from pdf_readback import styled_pieces

    sheet = printed[("player-file", paper)]
    assert "BACKGROUND" in sheet.texts[2] and "Year 59" in sheet.texts[2]
    sizes = {round(size, 2) for text, size, _ink in styled_pieces(sheet.data)[2]
             if text.startswith("Year")}
    assert min(sizes) >= 7.0, sizes  # the densest sheet's background: 6.3 pt
    lowest = min(y for text, y, _x in sheet.pieces[2] if not text.startswith(("Page", "Aelin")))
    renderer = PdfRenderer(paper)
    assert lowest - renderer.margin_bottom < renderer.frame_size[1] / 6, lowest  # the steps
