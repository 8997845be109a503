"""The bugs a newcomer met on the way, each pinned: ISO dates, the game's date and note in the
history, two players waylaying each other, refusals in plain words naming what fixes them,
names as stored, a database in a folder that does not exist, every command listed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from chronicle.cli import build_parser, main


class Shell:
    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.url = f"sqlite:///{db}"

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        code = main(["--db", self.url, *argv])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def sh(capsys: pytest.CaptureFixture[str], tmp_path: Path,
       cli_demo: Callable[[Path], str]) -> Shell:
    """The demo's group (a copy of what ``chronicle demo`` wrote)."""
    cli_demo(tmp_path / "c.db")
    return Shell(capsys, tmp_path / "c.db")


@pytest.mark.parametrize("date", ["20/11/2026", "2026-02-30", "yesterday", "2026-1-5"])
def test_dates_are_iso_dates_or_refused(sh: Shell, date: str) -> None:
    code, _, err = sh("quest", "record", "Winerdria", "--quest", "Even Dragons Pay Taxes",
                      "--date", date)
    assert code == 2 and "YYYY-MM-DD" in err
    code, _, err = sh("game", "result", "Rematch", "--date", date)
    assert code == 2 and "YYYY-MM-DD" in err


@pytest.mark.parametrize("command", [["quest", "record"], ["game", "result"], ["xp", "buy"]])
def test_the_help_says_dates_are_iso(capsys: pytest.CaptureFixture[str],
                                     command: list[str]) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    assert "ISO date, YYYY-MM-DD" in " ".join(capsys.readouterr().out.split())


def test_history_shows_the_games_date_note_and_name(sh: Shell) -> None:
    sh("game", "set", "Rematch", "--player", "Tim", "--quest", "Even Dragons Pay Taxes")
    code, out, err = sh("game", "result", "Rematch", "--completed", "Tim:Even Dragons Pay Taxes",
                        "--date", "2026-11-20", "--note", "the dragon paid")
    assert code == 0, err
    code, out, _ = sh("history", "Winerdria")
    last = out.strip().splitlines()[-1]
    assert "2026-11-20" in last and "(game Rematch)" in last and "the dragon paid" in last
    code, out, _ = sh("history", "Winerdria", "--json")
    event = json.loads(out)["events"][-1]
    assert (event["date"], event["note"], event["game"]) == ("2026-11-20", "the dragon paid",
                                                             "Rematch")
    assert event["recorded_at"]


def test_two_players_waylay_each_other_without_a_target(sh: Shell) -> None:
    code, out, _ = sh("game", "new", "Duel", "--seat", "Tim:Winerdria", "--seat",
                      "Josh:Annoyicus")
    assert "waylays Josh" in out and "against Josh" in out and "against -" not in out
    sh("game", "set", "Duel", "--player", "Josh", "--quest", "Seek the Oracle's Advice")
    code, out, _ = sh("game", "check", "Duel")
    assert code == 1 and "Waylays 0/10 against Josh" in out
    assert "to fix before playing" in out


def test_a_refused_purchase_names_the_character_and_the_purchase(sh: Shell) -> None:
    code, _, err = sh("xp", "buy-off", "Winerdria", "Indecisive")
    assert code == 1
    assert "Winerdria cannot buy off Indecisive: " in err
    assert "Event" not in err and "would break the rules" not in err


def test_names_are_said_as_stored(sh: Shell) -> None:
    code, _, err = sh("player", "add", "  tIM ")
    assert code == 2 and "already a player called 'Tim'" in err


def test_a_refused_import_says_how_to_own_the_cards(sh: Shell, tmp_path: Path) -> None:
    assert sh("player", "add", "Mara")[0] == 0
    code, out, _ = sh("character", "export", "Winerdria")
    path = tmp_path / "w.toml"
    path.write_text(out, encoding="utf-8")
    code, _, err = sh("character", "import", str(path), "--player", "Mara")
    assert code == 1 and "Mara cannot import Winerdria" in err and "--own-missing" in err
    assert sh("character", "import", str(path), "--player", "Mara", "--own-missing")[0] == 0


def test_an_unfinished_build_starts_no_chronicle_from_a_file_either(sh: Shell,
                                                                    tmp_path: Path) -> None:
    path = tmp_path / "half.toml"
    path.write_text('system = "wyld-hunt"\nname = "Half"\nmerits = ["Fae Armor"]\n'
                    '[[event]]\nquests = ["Even Dragons Pay Taxes"]\n', encoding="utf-8")
    code, _, err = sh("character", "import", str(path), "--player", "Tim", "--own-missing")
    assert code == 1 and "icon" in err.casefold()
    code, out, _ = sh("character", "list")
    assert "Half" not in out


def test_a_database_in_a_missing_folder_is_refused(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "deeper"
    assert main(["--db", f"sqlite:///{missing}/x.db", "player", "list"]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not missing.parent.exists()


def test_every_command_is_listed_everyday_first(capsys: pytest.CaptureFixture[str]) -> None:
    from chronicle.cli import EVERYDAY

    assert main([]) == 0  # not a terminal: the overview
    out = capsys.readouterr().out
    parser = build_parser()
    names = list(parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    for name in names:
        assert f"chronicle {name} " in out, name
    with pytest.raises(SystemExit):
        main(["--help"])
    helped = capsys.readouterr().out
    from chronicle.cli.parser import home_groups

    positions = [helped.index(f"    {name}") for name in (*home_groups(), *EVERYDAY)]
    assert positions == sorted(positions) and positions[-1] < helped.index("    demo")


def order_told(err: str) -> list[str]:
    """The command words argparse told in its "choose from" list."""
    return [name.strip("'") for name in
            err.partition("(choose from ")[2].rstrip(")\n").split(", ")]


def test_an_unknown_command_is_told_the_commands_in_the_helps_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The choices argparse names follow the games' declarations: the home game's command
    groups as it declares them, the everyday built-in commands, the other games' groups, the
    rest."""
    from chronicle.cli import EVERYDAY
    from chronicle.systems import registry

    with pytest.raises(SystemExit) as exited:
        main(["bogus"])
    assert exited.value.code == 2
    told = order_told(capsys.readouterr().err)
    home = [group.name for group in registry.system(registry.home()).commands]
    others = [group.name for system in registry.systems() if system.key != registry.home()
              for group in system.commands]
    assert told[:len(home) + len(EVERYDAY)] == [*home, *EVERYDAY]
    games_end = len(home) + len(EVERYDAY) + len(others)
    assert told[len(home) + len(EVERYDAY):games_end] == others
    assert {"demo", "db", "backup", "restore", "systems"} <= set(told[games_end:])


def test_the_home_games_groups_lead_whichever_game_is_home(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Another home game's groups take the lead: nothing in the command line's order names
    a game."""
    from chronicle.cli import EVERYDAY
    from chronicle.systems import registry

    monkeypatch.setenv(registry.HOME_SETTING, "tales-of-arcadia")
    with pytest.raises(SystemExit):
        main(["bogus"])
    home = [group.name for group in registry.system("tales-of-arcadia").commands]
    assert order_told(capsys.readouterr().err)[:len(home) + len(EVERYDAY)] == [*home, *EVERYDAY]


def test_db_export_counts_in_words(sh: Shell, tmp_path: Path) -> None:
    code, out, _ = sh("db", "export", str(tmp_path / "g.json"))
    assert code == 0 and "2 players" in out and "collection entries" in out
    assert "ownership" not in out and "game_player" not in out


def test_demo_says_what_it_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["--db", f"sqlite:///{tmp_path}/d.db", "demo"]) == 0
    out = capsys.readouterr().out
    assert "Tim's Waylays, rated 10 in all of the 10 the opponent's quest allows" in out


def test_the_collection_import_takes_kind_prefixes(sh: Shell, tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text("card,count\nwaylay:Slavers,1\n", encoding="utf-8")
    code, _out, err = sh("collection", "import", str(path), "--player", "Josh")
    assert code == 0, err
    path.write_text("card,count\nSlaver,1\n", encoding="utf-8")
    code, _, err = sh("collection", "import", str(path), "--player", "Josh")
    assert code == 2 and "'quest:Slavers' or 'waylay:Slavers'" in err


def test_card_listings_never_cut_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "--kind", "league"]) == 0
    out = capsys.readouterr().out
    for name in ("Unnamed League (web map 8,4)", "Unnamed League (web map 10,7)"):
        assert name in out
    assert "…" not in out
