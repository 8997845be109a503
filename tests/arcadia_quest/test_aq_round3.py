"""Issue 27's Arcadia Quest rules on every way in (the file check, ``campaign import``, the
commands that record, ``db import`` and ``restore``; the app's live tally is in
test_aq_drafts), and an unknown name exiting 2 on every command. The files are the golden
cases (``golden/campaigns``); the cards are the golden test cards (TEST DATA)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from chronicle.cli import main
from chronicle.systems.arcadia_quest.screens.board import board_text, next_text
from chronicle.systems.arcadia_quest.sheets import campaign_part

CAMPAIGNS = Path(__file__).resolve().parent / "golden" / "campaigns"
NAME = "Winter campaign"
GUILDS = ("--guild", "blue", "--player", "Ana", "--heroes", "Diva", "Greensleeves", "Grom",
          "--guild", "green", "--player", "Ben", "--heroes", "Maya", "Zazu", "Kanga")
HAMMERS = ("scenario", "record", NAME, "District of Hammers", "--winner", "blue")


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


def _codes(err_or_out: str) -> list[str]:
    return [v["code"] for v in json.loads(err_or_out)["violations"]]


def _new(db: str, *more: str) -> None:
    code, _out, err = run("--db", db, "campaign", "new", NAME, *GUILDS, *more)
    assert code == 0, err


def test_a_loser_holding_a_winning_set_is_refused_on_every_way_in(db: str, aq_cards: Path,
                                                                  tmp_path: Path) -> None:
    loser = CAMPAIGNS / "scenario-loser-won.toml"
    code, out, _err = run("check", str(loser), "--json")
    assert code == 1 and _codes_of_check(out) == ["scenario.loser_won"]
    code, out, err = run("--db", db, "campaign", "import", str(loser), "--json")
    assert code == 1 and _codes(out) == ["scenario.loser_won"] and "green" in err
    _new(db)
    code, out, _err = run("--db", db, *HAMMERS, "--guild", "blue", "--quest", "Break the forge",
                          "--quest", "Free the smiths", "--death", "Grom", "--guild", "green",
                          "--quest", "Hold the gate", "--quest", "pvp:blue", "--kills", "1",
                          "--json")
    assert code == 1 and _codes(out) == ["scenario.loser_won"]
    violation = json.loads(out)["violations"][0]
    assert "the green guild" in violation["message"]
    assert violation["fixes"]["cli"] == "--winner green"
    assert violation["section"] == "Ganar el escenario"
    # a legal record, then the same one as if stored before the rule: db import and restore
    # replay it through the rules and refuse it
    assert run("--db", db, *HAMMERS, "--guild", "blue", "--quest", "Break the forge",
               "--quest", "Free the smiths", "--death", "Grom", "--guild", "green", "--quest",
               "Hold the gate", "--kills", "1")[0] == 0
    dump = tmp_path / "all.json"
    assert run("--db", db, "db", "export", str(dump))[0] == 0
    exported = json.loads(dump.read_text())
    (campaign,) = [r for r in exported["records"] if r["game"] == "arcadia-quest"]
    green = next(g for g in campaign["events"][0]["payload"]["guild"] if g["color"] == "green")
    green["quests"] = ["Hold the gate", "pvp:blue"]
    dump.write_text(json.dumps(exported))
    code, _out, err = run("--db", f"sqlite:///{tmp_path}/copy.db", "db", "import", str(dump))
    assert code in (1, 2) and "scenario.loser_won" in err, err
    code, _out, err = run("--db", f"sqlite:///{tmp_path}/other.db", "restore", str(dump))
    assert code in (1, 2) and "scenario.loser_won" in err, err


def _codes_of_check(out: str) -> list[str]:
    return [v["code"] for v in json.loads(out)["violations"]]


def _guild(summary: dict[str, Any], color: str) -> dict[str, Any]:
    guild: dict[str, Any] = summary["guilds"][color]
    return guild


def test_death_curses_and_death_tokens_through_two_upgrade_phases(db: str, aq_cards: Path,
                                                                   tmp_path: Path) -> None:
    base = ("--db", db)
    _new(db)
    assert run(*base, *HAMMERS, "--guild", "blue", "--quest", "Break the forge", "--quest",
               "pvp:green", "--kills", "2", "--guild", "green", "--death", "Maya=2")[0] == 0
    shown = as_json(*base, "campaign", "show", NAME, "--json")
    assert _guild(shown, "green")["death_tokens"]["Maya"] == 2
    manor = ("scenario", "record", NAME, "The Manor", "--winner", "blue", "--guild", "blue",
             "--quest", "Find the key", "--quest", "pvp:green", "--kills", "1", "--guild",
             "green", "--death", "Maya")
    code, out, _err = run(*base, *manor, "--json")  # the upgrade phase is skipped
    assert code == 1 and "curse.missing" in _codes(out)
    skipped = next(v for v in json.loads(out)["violations"] if v["code"] == "curse.missing")
    assert skipped["fixes"]["cli"].startswith("first: chronicle upgrade record")
    code, out, _err = run(*base, "upgrade", "record", NAME, "--guild", "blue", "--guild",
                          "green", "--json")
    assert code == 1 and _codes(out) == ["curse.missing"]
    missing = json.loads(out)["violations"][0]
    assert "2 death token(s)" in missing["message"] and missing["cards"] == ["Maya"]
    assert missing["fixes"]["cli"] == "--curse Maya CURSE after --guild green"
    assert missing["fixes"]["app"].startswith("Maya=CURSE")
    assert run(*base, "upgrade", "record", NAME, "--guild", "blue", "--guild", "green",
               "--curse", "Maya", "Weakness", "--slot", "Maya", "Weakness", "Life Drain",
               "Nova Bolt")[0] == 0
    shown = as_json(*base, "campaign", "show", NAME, "--json")
    green = _guild(shown, "green")
    assert green["curses"] == {"Maya": "Weakness"} and "Weakness" in green["slots"]["Maya"]
    assert green["death_tokens"]["Maya"] == 0 and green["deaths"]["Maya"] == 2  # discarded
    # the second scenario: Maya dies once more; the show says 1, not the campaign's 3
    assert run(*base, *manor)[0] == 0
    code, out, _err = run(*base, "campaign", "show", NAME)
    assert code == 0 and "(1 death token(s))" in out and "3 death token" not in out
    # its upgrade phase, recorded without slots: Weakness goes back to the deck everywhere
    assert run(*base, "upgrade", "record", NAME, "--guild", "blue", "--guild", "green",
               "--curse", "Maya", "Hex")[0] == 0
    shown = as_json(*base, "campaign", "show", NAME, "--json")
    green = _guild(shown, "green")
    assert green["curses"] == {"Maya": "Hex"} and green["deaths"]["Maya"] == 3
    assert "Weakness" not in green["slots"]["Maya"] and green["death_tokens"]["Maya"] == 0
    assert "Weakness" not in board_text(shown).plain
    assert "Weakness" not in json.dumps(campaign_part(shown), default=str)
    assert "Hex" in json.dumps(campaign_part(shown), default=str)
    from pypdf import PdfReader

    code, _out, err = run(*base, "export", "campaign", NAME, "--out", str(tmp_path))
    assert code == 0, err
    pdf = next(tmp_path.glob("*-campaign.pdf"))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(pdf)).pages).split())
    assert "Hex" in text and "Weakness" not in text
    assert "left of blue (seats drawn at set-up)" in text


def test_rewards_and_titles_need_their_quests_on_the_command_line(db: str,
                                                                 aq_cards: Path) -> None:
    _new(db)
    played = ("--guild", "blue", "--quest", "Break the forge", "--quest", "Free the smiths")
    code, out, _err = run("--db", db, *HAMMERS, *played, "--guild", "green", "--reward",
                          "Test Reward 1", "--json")
    assert code == 1 and _codes(out) == ["reward.without_quest"]
    code, out, _err = run("--db", db, *HAMMERS, *played, "--reward", "Test Reward 1",
                          "--reward", "Test Reward 2", "--reward", "Test Reward 3", "--json")
    assert code == 1 and _codes(out) == ["reward.without_quest"]
    assert "3 reward card(s)" in json.loads(out)["violations"][0]["message"]
    code, out, _err = run("--db", db, "scenario", "record", NAME, "The Moon Gate", "--winner",
                          "blue", *played, "--title", "Warden of the Gate", "--json")
    assert code == 1 and _codes(out) == ["title.without_quest"]
    assert "'Open the gate'" in json.loads(out)["violations"][0]["message"]
    assert run("--db", db, "scenario", "record", NAME, "The Moon Gate", "--winner", "blue",
               "--guild", "blue", "--quest", "Open the gate", "--quest", "Free the smiths",
               "--title", "Warden of the Gate", "--reward", "Test Reward 1")[0] == 0


def test_next_says_the_first_player_is_drawn_unless_the_seats_are_fixed(db: str,
                                                                         aq_cards: Path,
                                                                         tmp_path: Path) -> None:
    _new(db)
    played = ("--guild", "blue", "--quest", "Break the forge", "--quest", "Free the smiths")
    assert run("--db", db, *HAMMERS, *played)[0] == 0
    code, out, _err = run("--db", db, "campaign", "next", NAME)
    assert code == 0
    assert "first player: drawn at set-up: the guild seated left of the blue guild" in out
    fixed = f"sqlite:///{tmp_path}/fixed.db"
    code, _out, err = run("--db", fixed, "campaign", "new", NAME, *GUILDS, "--fixed-seating")
    assert code == 0, err
    assert run("--db", fixed, *HAMMERS, *played)[0] == 0
    upcoming = as_json("--db", fixed, "campaign", "next", NAME, "--json")
    assert upcoming["first_player"] == "green"
    assert "first player: the green guild" in next_text(upcoming).plain
    # the seats travel with the campaign file
    out_file = tmp_path / "fixed.toml"
    assert run("--db", fixed, "campaign", "export", NAME, "--out", str(out_file))[0] == 0
    assert "fixed_seating = true" in out_file.read_text()
    again = f"sqlite:///{tmp_path}/again.db"
    assert run("--db", again, "campaign", "import", str(out_file))[0] == 0
    assert as_json("--db", again, "campaign", "next", NAME, "--json")["first_player"] == "green"


def test_the_first_scenario_comes_from_the_groups_own_book(db: str, aq_cards: Path) -> None:
    _new(db)
    core = as_json("--db", db, "campaign", "next", NAME, "--json")["choices"]
    assert "District of Hammers" in core
    (aq_cards / "tides.toml").write_text(
        'version = 1\ngame = "arcadia-quest"\n\n'
        '[[card]]\nname = "The Salt Marsh"\nkind = "scenario"\ncircle = "outer"\n'
        'campaign = "Tides of Arcadia"\n\n'
        '[[card]]\nname = "The Tide Pool"\nkind = "scenario"\ncircle = "outer"\n',
        encoding="utf-8")
    upcoming = as_json("--db", db, "campaign", "next", NAME, "--json")
    assert upcoming["choices"] == ["The Salt Marsh", "The Tide Pool"]


@pytest.mark.parametrize(("argv", "code_wanted", "near"), [
    (("scenario", "record", NAME, "Distrct of Hammers", "--winner", "blue"),
     "card.unknown", "District of Hammers"),
    (("scenario", "record", NAME, "Grom", "--winner", "blue"), "card.wrong_kind", None),
    (("scenario", "record", NAME, "District of Hammers", "--winner", "red"),
     "scenario.guild_unknown", None),
    (("scenario", "record", NAME, "District of Hammers", "--winner", "blue", "--guild",
      "blue", "--quest", "a", "--quest", "b", "--death", "Gromm"),
     "guild.hero_not_in_guild", "Grom"),
    (("campaign", "correct", NAME, "--guild", "blue", "--note", "n", "--add-card",
      "Fire Swrd"), "card.unknown", "Fire Sword"),
])
def test_an_unknown_name_exits_2_with_the_nearest_name(db: str, aq_cards: Path,
                                                       argv: tuple[str, ...], code_wanted: str,
                                                       near: str | None) -> None:
    _new(db)
    code, out, err = run("--db", db, *argv, "--json")
    assert code == 2, err
    violations = json.loads(out)["violations"]
    assert [v["code"] for v in violations] == [code_wanted]
    if near is not None:
        assert f"did you mean {near!r}?" in err
    assert as_json("--db", db, "campaign", "history", NAME, "--json")[1:] == []


def test_unknown_names_of_the_other_commands_exit_2(db: str, aq_cards: Path) -> None:
    code, _out, err = run("--db", db, "campaign", "new", NAME, "--guild", "blue", "--heroes",
                          "Diva", "Greensleevs", "Grom", "--guild", "green", "--heroes",
                          "Maya", "Zazu", "Kanga")
    assert code == 2 and "did you mean 'Greensleeves'?" in err
    _new(db)
    assert run("--db", db, *HAMMERS, "--guild", "blue", "--quest", "a", "--quest", "b",
               "--death", "Grom", "--guild", "green", "--kills", "1")[0] == 0
    code, _out, err = run("--db", db, "upgrade", "record", NAME, "--guild", "blue", "--curse",
                          "Gromm", "Hex")
    assert code == 2 and "did you mean 'Grom'?" in err
    code, _out, err = run("--db", db, "upgrade", "record", NAME, "--guild", "blue", "--curse",
                          "Grom", "Hexx")
    assert code == 2 and "did you mean 'Hex'?" in err
    for argv in (("campaign", "show", "Winter campain"), ("campaign", "next", "Winter campain"),
                 ("campaign", "history", "Winter campain"), ("campaign", "undo", "Wintr"),
                 ("upgrade", "record", "Winter campain"), ("export", "campaign", "Wintr"),
                 ("campaign", "rename", "Wintr", "Summer"), ("campaign", "delete", "Wintr"),
                 ("campaign", "restore", "Winter campain"),
                 ("campaign", "own", "Nobody", "Arcadia Quest"),
                 ("campaign", "own", "Nobody", "Arcadia Quests")):
        code, _out, err = run("--db", db, *argv)
        assert code == 2, (argv, err)
    code, _out, err = run("--db", db, "campaign", "show", "Winter campain")
    assert f"did you mean {NAME!r}?" in err
