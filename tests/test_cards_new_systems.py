"""``chronicle cards new NAME --system GAME``: each game's card entry through the plug-in seam
(``GameSystem.card_entry``), driven through ``chronicle.cli.main`` on a throwaway SQLite file.
Wyld Hunt's own ``cards new`` (the default game) is tested where it always was."""

from __future__ import annotations

import contextlib
import io
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from chronicle import paths
from chronicle.cli import build_parser, main
from chronicle.services import players
from chronicle.services.db import open_database

LEGION = "Clockwork Legion"


def run(url: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["--db", url, *argv])
        except SystemExit as exc:  # argparse refusing an argument
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def new_unit(url: str, name: str, *flags: str) -> tuple[int, str, str]:
    return run(url, "cards", "new", name, "--system", "tales-of-arcadia", "--kind", "unit",
               "--army", LEGION, *flags)


@pytest.fixture
def url(tmp_path: Path) -> str:
    target = f"sqlite:///{tmp_path / 'group.db'}"
    db = open_database(target)
    players.add_player(db, "Ann")
    db.engine.dispose()
    return target


@pytest.fixture
def bare(tmp_path: Path) -> str:
    """A database URL never opened: entering a unit writes the user's card file only."""
    return f"sqlite:///{tmp_path / 'unused.db'}"


def _units_file() -> dict[str, Any]:
    path = paths.user_cards_dir("tales-of-arcadia") / "clockwork-legion.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_a_unit_entered_with_cards_new_joins_a_force(url: str) -> None:
    code, out, err = new_unit(url, "Cog Sentinel", "--cost", "25", "--power", "3",
                              "--accuracy", "4", "--speed", "4", "--wounds", "2", "--range",
                              "0", "--defense", "5", "--keyword", "Counter-Attack")
    assert code == 0, err
    assert "Saved Cog Sentinel to" in out
    assert run(url, "force", "new", "Vanguard", "--player", "Ann", "--army", LEGION,
               "--limit", "100")[0] == 0
    code, out, err = run(url, "force", "add", "Vanguard", "cog sentinel", "--count", "2",
                         "--json")
    assert code == 0, err
    summary = json.loads(out)["summary"]
    assert summary["points_spent"] == 50
    assert summary["units"][0]["keywords"] == ["Counter-Attack"]


def test_unknown_values_stay_unknown_and_keep_the_unit_out_of_a_force(url: str) -> None:
    assert new_unit(url, "Gearbeast", "--cost", "40", "--power", "4", "--wounds", "2")[0] == 0
    (card,) = [c for c in _units_file()["card"] if c["name"] == "Gearbeast"]
    assert {key: card.get(key) for key in ("cost", "power", "wounds", "accuracy", "speed",
                                           "range", "defense")} == {
        "cost": 40, "power": 4, "wounds": 2, "accuracy": None, "speed": None, "range": None,
        "defense": None}
    code, out, _err = run(url, "army", "show", LEGION, "--json")
    (unit,) = [u for u in json.loads(out)["units"] if u["name"] == "Gearbeast"]
    assert unit["accuracy"] is None and unit["defense"] is None and code == 1
    assert run(url, "force", "new", "Vanguard", "--player", "Ann", "--army", LEGION,
               "--limit", "100")[0] == 0
    code, _out, err = run(url, "force", "add", "Vanguard", "Gearbeast")
    assert code == 1 and "card.incomplete" in err


@pytest.mark.parametrize("name", ["Evil\x1b[31mRed", "x" * 300, "", "Tab\tName"])
def test_a_hostile_unit_name_is_refused_and_nothing_is_written(bare: str, name: str) -> None:
    code, _out, err = new_unit(bare, name, "--cost", "10", "--wounds", "1")
    assert code == 2 and "cannot be saved" in err
    assert "\x1b" not in err.replace("\\x1b", "")
    assert not (paths.user_cards_dir("tales-of-arcadia") / "clockwork-legion.toml").exists()


def test_a_unit_breaking_a_rule_is_refused(bare: str) -> None:
    code, _out, err = new_unit(bare, "Hollow", "--cost", "10", "--wounds", "0")
    assert code == 1 and "unit.no_wounds" in err


def test_a_game_without_a_card_entry_is_exit_2_naming_the_games_that_have_one(bare: str) -> None:
    code, out, err = run(bare, "cards", "new", "Ace", "--system", "hunters-of-arcfall",
                         "--kind", "hunter")
    assert code == 2 and out == ""
    assert "Hunters of Arcfall has no cards to enter" in err
    assert "tales-of-arcadia" in err and "wyld-hunt" in err
    code, _out, err = run(bare, "cards", "new", "Ace", "--system=nowhere")
    assert code == 2 and "no game system is called 'nowhere'" in err
    code, _out, err = run(bare, "cards", "new", "Ace", "--system", "tales-of-arcadia",
                          "--kind", "merit")
    assert code == 2 and "invalid choice: 'merit'" in err


def test_the_default_game_stays_wyld_hunt_and_only_cards_new_reads_the_registry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def _parse(*argv: str) -> Any:
        return build_parser(list(argv)).parse_args(list(argv))

    args = _parse("cards", "new", "Coin", "--kind", "merit", "--cost", "1")
    assert args.handler.__module__ == "chronicle.systems.wyld_hunt.card_entry"
    assert args.system == "wyld-hunt" and args.cost == 1
    from chronicle.systems import registry

    def _refuse() -> Any:
        raise AssertionError("the registry was read")

    monkeypatch.setattr(registry, "systems", _refuse)
    assert _parse("cards", "list", "--kind", "merit").cards_command == "list"
