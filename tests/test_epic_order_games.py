"""A game stored in the database can be played under the epic-order house rule: the setting is
kept with the game, used by its check and by the results it appends, carried by the JSON export,
and printed on the game sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from chronicle.cli import main
from chronicle.errors import BadInput
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services.demo import run_demo
from chronicle.systems.wyld_hunt.services.games import new_game, show_game


def _db(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = open_database(f"sqlite:///{tmp_path}/group.db")
    run_demo(db)
    return db


def test_a_game_keeps_its_reading_of_epic_order(tmp_path: Path) -> None:
    db = _db(tmp_path)
    view = new_game(db, "By rating", [("Tim", "Winerdria"), ("Josh", "Annoyicus")],
                    epic_order="waylay_rating")
    summary = view.report.summary
    assert summary["epic_order"] == "waylay_rating"
    assert any("house rule" in rule for rule in summary["house_rules"])
    plain = new_game(db, "Plain", [("Tim", "Winerdria"), ("Josh", "Annoyicus")])
    assert plain.report.summary["epic_order"] == "quest_number"
    assert plain.report.summary["house_rules"] == []
    assert show_game(db, "By rating").report.summary["epic_order"] == "waylay_rating"


def test_an_unknown_epic_order_is_refused(tmp_path: Path) -> None:
    db = _db(tmp_path)
    with pytest.raises(BadInput, match="epic order"):
        new_game(db, "Odd", [("Tim", "Winerdria")], epic_order="alphabetical")


def test_the_cli_export_and_sheet_carry_the_house_rule(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/group.db"
    run_demo(open_database(url))
    monkeypatch.chdir(tmp_path)
    assert main(["--db", url, "game", "new", "By rating", "--seat", "Tim:Winerdria",
                 "--seat", "Josh:Annoyicus", "--epic-order", "waylay_rating"]) in (0, 1)
    assert main(["--db", url, "export", "game", "By rating", "--out", "rating.pdf"]) == 0
    text = "\n".join(page.extract_text() or "" for page in PdfReader("rating.pdf").pages)
    assert "House rules" in text and "Waylay rating" in text
    assert main(["--db", url, "db", "export", "group.json"]) == 0
    document = json.loads(Path("group.json").read_text(encoding="utf-8"))
    orders = {g["name"]: g["epic_order"] for g in document["games"]}
    assert orders["By rating"] == "waylay_rating"
    fresh = f"sqlite:///{tmp_path}/fresh.db"
    assert main(["--db", fresh, "db", "import", "group.json"]) == 0
    assert show_game(open_database(fresh), "By rating").report.summary["epic_order"] == \
        "waylay_rating"
    capsys.readouterr()


def test_the_results_of_such_a_game_carry_the_house_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/group.db"
    run_demo(open_database(url))
    for args in (["game", "new", "By rating", "--seat", "Tim:Winerdria", "--seat",
                  "Josh:Annoyicus", "--epic-order", "waylay_rating"],
                 ["game", "set", "By rating", "--player", "Tim", "--quest",
                  "Even Dragons Pay Taxes"],
                 ["game", "set", "By rating", "--player", "Josh", "--quest",
                  "Seek the Oracle's Advice"]):
        assert main(["--db", url, *args]) in (0, 1)
    capsys.readouterr()
    assert main(["--db", url, "game", "result", "By rating", "--completed",
                 "Tim:Even Dragons Pay Taxes"]) == 0
    capsys.readouterr()
    assert main(["--db", url, "history", "Winerdria"]) == 0
    assert "Waylay rating (house rule)" in capsys.readouterr().out
