"""The database commands driven through ``chronicle.cli.main``: a whole session as a player
would type it, with exit codes and outputs, and refusals that change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chronicle.cli import main


class Shell:
    """Runs chronicle commands against one throwaway database."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.url = f"sqlite:///{db}"

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        code = main(["--db", self.url, *argv])
        out, err = self.capsys.readouterr()
        return code, out, err

    def json(self, *argv: str) -> object:
        code, out, err = self(*argv, "--json")
        assert code == 0, err
        return json.loads(out)


@pytest.fixture
def sh(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Shell:
    return Shell(capsys, tmp_path / "chronicle.db")


TIM_PACK = ["Sidhe Female", "Lightning Quick", "Clear Thinking", "Eloquent Speech",
            "Davelon, Gleeful Satyr", "Doppelganger", "Mirror, Mirror", "Hopscotch",
            "Pearl of Wisdom", "Wooden Horse", "Coin of Clarity", "Fae Armor", "Pansy",
            "Indecisive", "Allergies"]


def test_a_players_first_evening(sh: Shell, tmp_path: Path) -> None:
    assert sh("player", "add", "Tim")[0] == 0
    code, _, err = sh("player", "add", "tim")
    assert code == 2 and "already a player" in err
    code, out, _ = sh("pack", "open", "character", "--player", "Tim", *TIM_PACK)
    assert code == 0 and "Recorded 15 cards" in out and "warning" not in out
    code, out, _ = sh("pack", "open", "story", "--player", "Tim", "Even Dragons Pay Taxes",
                      "Balanvale")
    assert code == 0 and "pack.contents" in out
    code, _, err = sh("collection", "add", "Fae Armour", "--player", "Tim")
    assert code == 2 and "did you mean 'Fae Armor'?" in err
    assert sh("collection", "add", "waylay:Slavers", "--player", "Tim", "--count", "2")[0] == 0
    owned = sh.json("collection", "list", "--player", "Tim")
    assert isinstance(owned, list)
    assert {"name": "Slavers", "kind": "waylay", "count": 2} in [
        {k: o[k] for k in ("name", "kind", "count")} for o in owned]

    assert sh("character", "new", "Winerdria", "--player", "Tim", "--icon",
              "Sidhe Female")[0] == 0
    code, out, _ = sh("character", "add", "Winerdria", "--merit", "Fae Armor", "--merit",
                      "Lightning Quick", "--merit", "Eloquent Speech")
    assert code == 0 and "points.over_budget" in out  # a build in progress is shown, not refused
    code, _, err = sh("character", "add", "Winerdria", "--merit", "Bag of Gold")
    assert code == 1 and "collection.not_owned" in err and "owns 0" in err
    code, _, err = sh("quest", "record", "Winerdria", "--quest", "Even Dragons Pay Taxes")
    assert code == 1 and "not finished" in err
    view = sh.json("character", "add", "Winerdria", "--flaw", "Indecisive")
    assert isinstance(view, dict) and view["valid"] is True
    assert view["summary"]["court"] == "seelie" and view["summary"]["points_spent"] == 7

    code, out, _ = sh("quest", "record", "Winerdria", "--quest", "Even Dragons Pay Taxes",
                      "--completed", "Even Dragons Pay Taxes", "--opponent", "Josh")
    assert code == 0 and "+1 experience" in out
    code, _, err = sh("xp", "buy", "Winerdria", "Eloquent Speech")
    assert code == 1 and "refused" in err
    code, out, _ = sh("undo", "Winerdria")
    assert code == 0 and "Undid event 1" in out
    history = sh.json("history", "Winerdria")
    assert isinstance(history, dict)
    assert [(e["seq"], e["kind"], e["undone_by"]) for e in history["events"]] == [
        (1, "game", 2), (2, "undo", None)]
    assert history["summary"]["xp_earned"] == 0
    code, _, err = sh("undo", "Winerdria")
    assert code == 1 and "nothing left to undo" in err

    exported = tmp_path / "winerdria.toml"
    assert sh("character", "export", "Winerdria", "--out", str(exported))[0] == 0
    code, _, err = sh("character", "export", "Winerdria", "--out", str(exported))
    assert code == 2 and "--force" in err
    code, out, _ = main(["check", str(exported)]), *sh.capsys.readouterr()
    assert code == 0 and "Winerdria" in out


def test_demo_then_game_preparation(sh: Shell) -> None:
    code, out, _ = sh("demo")
    assert code == 0 and "Winerdria" in out and "Annoyicus" in out
    code, _, err = sh("demo")
    assert code == 1 and "fresh database" in err
    shown = sh.json("character", "show", "Winerdria")
    assert isinstance(shown, dict) and shown["summary"]["xp_earned"] == 1
    games = sh.json("game", "list")
    assert isinstance(games, list) and {g["status"] for g in games} == {"played", "prepared"}
    code, out, _ = sh("game", "suggest", "Rematch", "--player", "Tim")
    assert code == 0 and "Waylays for Tim" in out and "exact" in out
    code, out, _ = sh("game", "check", "Rematch")
    assert code == 1 and "setup.league_count" in out
    for player in ("Tim", "Josh"):
        assert sh("game", "suggest", "Rematch", "--player", player, "--apply")[0] == 0
    code, out, _ = sh("game", "check", "Rematch")
    assert code == 0, out
    code, out, _ = sh("game", "result", "Rematch", "--completed",
                      "Josh:Seek the Oracle's Advice")
    assert code == 0
    josh = sh.json("character", "show", "Annoyicus")
    assert isinstance(josh, dict) and josh["summary"]["xp_earned"] == 1
    code, _, err = sh("game", "result", "Rematch")
    assert code == 1 and "already recorded" in err


def test_bad_names_and_values_get_clear_messages(sh: Shell) -> None:
    code, _, err = sh("character", "show", "Nobody")
    assert code == 2 and "no character is called 'Nobody'" in err
    code, _, err = sh("collection", "list", "--player", "Nobody")
    assert code == 2 and "no player is called 'Nobody'" in err
    code, _, err = sh("game", "show", "Nothing")
    assert code == 2 and "no game is called" in err
    sh("player", "add", "Tim")
    code, _, err = sh("collection", "add", "Fae Armor", "--player", "Tim", "--count", "0")
    assert code == 2 and "between 1 and 1000" in err
    code, _, err = sh("collection", "remove", "Fae Armor", "--player", "Tim")
    assert code == 2 and "owns 0" in err
    code, _, err = sh("collection", "add", "Slavers", "--player", "Tim")
    assert code == 2 and "waylay:Slavers" in err


def test_cards_new_creates_the_users_own_card(sh: Shell) -> None:
    code, out, _ = sh("cards", "new", "Moonlit Lance", "--kind", "merit", "--type", "treasure",
                      "--cost", "3", "--summary", "A lance that shines at night")
    assert code == 0 and "Moonlit Lance" in out
    code, out, _ = sh("cards", "show", "moonlit lance")  # the group's card, in the database
    assert code == 0 and "Moonlit Lance" in out
    code, _, err = sh("cards", "new", "Bad", "--kind", "merit", "--type", "gadget")
    assert code == 2 and "type" in err
    sh("player", "add", "Tim")
    assert sh("collection", "add", "Moonlit Lance", "--player", "Tim")[0] == 0


@pytest.mark.parametrize("url", ["x", "not a url", "chronicle.db"])
@pytest.mark.parametrize("command", [["character", "list"], ["player", "list"]])
def test_a_db_option_that_is_no_url_is_named(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             url: str, command: list[str]) -> None:
    """``--db x`` was an internal error for the home game's commands (the file's folder was
    looked up before the URL was read); every command says the URL is not one."""
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path))
    code = main(["--db", url, *command])
    _out, err = capsys.readouterr()
    assert code == 2, err
    assert "internal error" not in err
    assert "is not a database URL" in err and url in err
