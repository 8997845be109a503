"""Arcadia Quest campaigns in the database through the command line: import and export keep
the campaign whole, scenarios and upgrade phases are recorded guild by guild and checked before
they are written, undo is a compensating event, the campaign sheet prints. SQLite; one story
on both databases (storage is what it tests)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.cli import main
from chronicle.systems.arcadia_quest.check import check_path

GOLDEN = Path(__file__).resolve().parent / "golden"
CAMPAIGNS = GOLDEN / "campaigns"
NAME = "Winter campaign"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def as_json(*argv: str) -> Any:
    code, out, err = run(*argv)
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/aq.db"


def test_import_show_export_round_trip(db: str, aq_cards: Path, tmp_path: Path) -> None:
    source = CAMPAIGNS / "legal-full-campaign.toml"
    code, out, err = run("--db", db, "campaign", "import", str(source), "--name", NAME)
    assert code == 0, err
    assert "6 scenario(s) played" in out
    shown = as_json("--db", db, "campaign", "show", NAME, "--json")
    expected = check_path(source, aq_cards)
    assert expected.report is not None
    assert shown["guilds"] == expected.report.summary["guilds"]
    assert shown["next"]["campaign_winner"] == "green" and shown["valid"]
    assert [h["number"] for h in shown["history"]] == list(range(1, 13))
    exported = tmp_path / "again.toml"
    assert run("--db", db, "campaign", "export", NAME, "--out", str(exported))[0] == 0
    again = check_path(exported, aq_cards)
    assert again.report is not None
    assert again.report.summary == {**expected.report.summary, "name": NAME}
    assert run("--db", db, "campaign", "export", NAME, "--out", str(exported))[0] == 2
    listing = as_json("--db", db, "campaign", "list", "--json")
    assert [c["name"] for c in listing] == [NAME] and listing[0]["scenarios"] == 6
    code, _out, err = run("--db", db, "campaign", "import", str(source), "--name", NAME)
    assert code == 2 and "already" in err.lower()
    code, out, _err = run("--db", db, "campaign", "show", "Winter campain")
    assert code == 2


def test_a_rule_breaking_file_is_not_imported(db: str, aq_cards: Path) -> None:
    code, _out, err = run("--db", db, "campaign", "import",
                          str(CAMPAIGNS / "coins-overspent.toml"))
    assert code == 1 and "coins.overspent" in err
    assert as_json("--db", db, "campaign", "list", "--json") == []


def test_a_campaign_recorded_at_the_table(db: str, aq_cards: Path, tmp_path: Path) -> None:
    base = ("--db", db)
    code, out, err = run(*base, "campaign", "new", NAME,
                         "--guild", "blue", "--player", "Ana", "--heroes", "Diva",
                         "Greensleeves", "Grom",
                         "--guild", "green", "--player", "Ben", "--heroes", "Maya", "Zazu",
                         "Kanga",
                         "--guild", "red", "--player", "Cai", "--heroes", "Scarlet", "Seth",
                         "Spike")
    assert code == 0, err
    before = as_json(*base, "campaign", "show", NAME, "--json")
    assert sorted(c for cards in before["guilds"]["blue"]["slots"].values()
                  for c in cards) == sorted(["Rusty Blade", "Parrying Blade", "Slingshot",
                                             "Life Drain", "Nova Bolt"])
    # the spec's worked coin example, guild by guild
    scenario = ("scenario", "record", NAME, "District of Hammers")
    played = ("--guild", "blue", "--quest", "pvp:green", "--first", "pvp:green",
              "--kills", "3",
              "--guild", "green", "--quest", "Break the forge", "--quest", "Free the smiths",
              "--quest", "Hold the gate", "--first", "Break the forge", "--first",
              "Free the smiths", "--first", "Hold the gate", "--death", "Maya=2",
              "--death", "Zazu")
    code, _out, err = run(*base, *scenario, "--winner", "blue", *played)
    assert code == 1 and "scenario.winner_short" in err
    assert "scenario.loser_won" in err and "won by green" in err
    assert as_json(*base, "campaign", "show", NAME, "--json")["scenarios"] == []
    summary = as_json(*base, *scenario, "--winner", "green", *played, "--json")
    assert {c: g["coins_earned"] for c, g in summary["guilds"].items()} == {
        "blue": [5], "green": [6], "red": [0]}
    upcoming = as_json(*base, "campaign", "next", NAME, "--json")
    assert upcoming["chosen_by"] == "green" and upcoming["first_player"] is None
    assert "left of the green guild" in upcoming["first_player_rule"]
    assert upcoming["monster_level"] == 2 and "District of Hammers" not in upcoming["choices"]
    # the group's boxes decide what is offered: Inferno alone offers no core scenario
    assert run(*base, "player", "add", "Ana")[0] == 0
    assert as_json(*base, "campaign", "own", "Ana", "arcadia quest: inferno", "--json") == {
        "owned": ["Arcadia Quest: Inferno"]}
    assert as_json(*base, "campaign", "next", NAME, "--json")["choices"] == []
    code, _out, err = run(*base, "campaign", "own", "Ana", "Arcadia Quests")
    assert code == 2 and "did you mean" in err
    assert run(*base, "campaign", "own", "Ana", "Arcadia Quest")[0] == 0
    assert as_json(*base, "campaign", "next", NAME, "--json")["choices"] == upcoming["choices"]
    # the upgrade phase: green buys two level-1 cards, keeps Maya's curse
    code, out, err = run(*base, "upgrade", "record", NAME,
                         "--guild", "green", "--buy", "Test Upgrade L1A", "--buy",
                         "Test Upgrade L1B", "--curse", "Maya", "Hex", "--curse", "Zazu",
                         "Doubt", "--slot", "Kanga", "Slingshot", "Test Upgrade L1A",
                         "Test Upgrade L1B",
                         "--guild", "blue", "--guild", "red")
    assert code == 0, err
    shown = as_json(*base, "campaign", "show", NAME, "--json")
    green = shown["guilds"]["green"]
    assert green["curses"] == {"Maya": "Hex", "Zazu": "Doubt"} and green["upgrades"] == 7
    assert green["slots"]["Maya"] == before["guilds"]["green"]["slots"]["Maya"]
    assert shown["guilds"]["blue"]["coins_carried"] == 1
    # undo the upgrade phase: it stays in the history, marked
    code, out, err = run(*base, "campaign", "undo", NAME)
    assert code == 0 and "Undid event 3" in out, err
    history = as_json(*base, "campaign", "history", NAME, "--json")
    assert [(h["number"], h["kind"], h["undone_by"]) for h in history] == [
        (1, "start", None), (2, "scenario", None), (3, "upgrade", 4), (4, "undo", None)]
    assert as_json(*base, "campaign", "show", NAME, "--json")["guilds"]["green"][
        "upgrades"] == 5
    code, _out, err = run(*base, "campaign", "undo", NAME, "3")
    assert code == 2 and "cannot be undone" in err
    # the campaign sheet
    from pypdf import PdfReader

    code, out, err = run(*base, "export", "campaign", NAME, "--out", str(tmp_path),
                         "--paper", "a4")
    assert code == 0, err
    pdf = next(tmp_path.glob("*-campaign.pdf"))
    text = "\n".join(p.extract_text() for p in PdfReader(str(pdf)).pages)
    for word in (NAME, "District of Hammers", "Green guild (Panda): Ben", "Maya", "Slot 4"):
        assert word in text, word


def test_options_of_a_guild_come_after_it(db: str) -> None:
    with pytest.raises(SystemExit):
        run("--db", db, "scenario", "record", NAME, "X", "--winner", "blue", "--quest", "A")


@pytest.mark.skipif(not fx.POSTGRES, reason="CHRONICLE_TEST_POSTGRES is not set")
def test_a_campaign_kept_on_postgresql(aq_cards: Path, tmp_path: Path) -> None:
    databases = fx.Databases("postgresql", tmp_path)
    try:
        url = databases.url()
        assert run("--db", url, "campaign", "import",
                   str(CAMPAIGNS / "legal-first-scenario.toml"))[0] == 0
        code, _out, err = run("--db", url, "scenario", "record", NAME, "The Manor",
                              "--winner", "green", "--guild", "green", "--quest", "A",
                              "--quest", "B")
        assert code == 0, err
        assert run("--db", url, "campaign", "undo", NAME)[0] == 0
        history = as_json("--db", url, "campaign", "history", NAME, "--json")
        assert [h["undone_by"] for h in history][-2:] == [5, None]
        assert run("--db", url, "campaign", "delete", NAME)[0] == 0
        assert as_json("--db", url, "campaign", "list", "--json") == []
        assert run("--db", url, "campaign", "restore", NAME)[0] == 0
    finally:
        databases.drop()
