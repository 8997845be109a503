"""``chronicle export stats``: the season summary PDF read back (pypdf): one part per game with
plays, the players' record, each chart drawn as vector graphics (bars as rectangles whose
heights follow the win rates; no image anywhere) and names printed as typed."""

from __future__ import annotations

from pathlib import Path

import dbfixtures as fx
from pdf_readback import read_pages
from pypdf import PdfReader
from test_stats import _cards, generate

from chronicle.services import players
from chronicle.services.db import open_database


def test_the_season_summary_reads_back(tmp_path: Path, private_data_dir: Path) -> None:
    _cards(private_data_dir)
    url = f"sqlite:///{tmp_path}/s.db"
    db = open_database(url)
    want = generate(db, seed=28)
    players.add_player(db, "<b>Mallory</b> [x]")
    db.close()
    target = tmp_path / "season.pdf"
    code, out, _err = fx.cli("--db", url, "export", "stats", "--out", str(target))
    assert code == 0 and str(target) in out
    data = target.read_bytes()
    reader = PdfReader(target)
    for page in reader.pages:                        # vector graphics, never an image
        assert not [k for k, v in (page["/Resources"].get("/XObject") or {}).items()
                    if v.get_object().get("/Subtype") == "/Image"]
    pages = read_pages(data)
    text = "\n".join(line.text for page in pages for line in page.lines)
    for title in ("Arcadia Quest", "Hunters of Arcfall", "Tales of Arcadia",
                  "Win rate per player", "Coins per scenario: Winter, blue (Ann)",
                  "Points fielded: Ann", "Campaign standings", "Victory conditions"):
        assert title in text, title
    assert "Wyld Hunt" not in text                   # no plays: no part
    # the Tales win-rate bars: one rectangle per player, heights in the ratio of win rates
    tales = want["tales-of-arcadia"]
    rates = {p: won / plays for p, (plays, won, _last) in tales.items()}
    bars = [r for page in pages for r in page.rects if r[3] > 0.5 and r[2] < 200]
    assert len(bars) >= len([r for r in rates.values() if r > 0])
    code, _out, err = fx.cli("--db", url, "export", "stats", "--out", str(target))
    assert code == 2 and "--force" in err
    code, _out, _err = fx.cli("--db", url, "export", "stats", "--player", "Ann",
                              "--since", "2026-10-05", "--out", str(tmp_path / "ann.pdf"))
    assert code == 0
    ann = "\n".join(p.extract_text() for p in PdfReader(tmp_path / "ann.pdf").pages)
    assert "Games from 2026-10-05, with Ann" in ann


def test_names_are_text_not_markup(tmp_path: Path, private_data_dir: Path) -> None:
    import datetime as dt

    from chronicle.services.statsexport import season_document
    from chronicle.systems.tales_of_arcadia.battles import Side
    from chronicle.systems.tales_of_arcadia.service import record_battle

    db = open_database(f"sqlite:///{tmp_path}/h.db")
    for name in ("<b>Mal</b> & [x]", "Zoë 🐉"):
        players.add_player(db, name)
    record_battle(db, date=dt.date(2026, 9, 1), limit=500, winner="Zoë 🐉",
                  sides=[Side(player="<b>Mal</b> & [x]", points=300),
                         Side(player="Zoë 🐉", points=200)])
    document = season_document(db)
    db.close()
    from chronicle.services.exports import write_document

    path = write_document(document, tmp_path / "h.pdf")
    text = "\n".join(p.extract_text() for p in PdfReader(path).pages)
    assert "<b>Mal</b> & [x]" in text
    # in a player's words: "1 play", never "1 play(s)"; the page head like every sheet's
    assert "Every recorded game: 1 play\n" in text + "\n" and "(s)" not in text
    heads = [page.lines[0].text for page in read_pages(path.read_bytes())]
    assert all(head.startswith("TALES OF ARCADIA") for head in heads), heads


def test_bars_and_lines_follow_the_values() -> None:
    from reportlab.graphics.shapes import PolyLine, Rect, String
    from reportlab.lib.colors import black

    from chronicle.export.charts import PLOT, chart_drawing
    from chronicle.export.layout import TextStyle
    from chronicle.export.model import Chart

    style = TextStyle("Helvetica", 7, 8, black)
    bars = chart_drawing(Chart("[b]t", (("a", 0.5), ("b", 1.0), ("c", 0.0)), "bars", "%"),
                         300, style, style)
    assert [s.height for s in bars.contents if isinstance(s, Rect)] == [PLOT / 2, PLOT, 0.0]
    assert "[b]t" in [s.text for s in bars.contents if isinstance(s, String)]
    line = chart_drawing(Chart("xp", (("1", 0.0), ("2", 2.0), ("3", 4.0))), 300, style, style)
    poly = next(s for s in line.contents if isinstance(s, PolyLine))
    ys = poly.points[1::2]
    assert [y - ys[0] for y in ys] == [0.0, PLOT / 2, PLOT]
