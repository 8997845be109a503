"""The command line, driven in-process through ``chronicle.cli.main``: output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chronicle.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_overview_names_the_catalog_and_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0
    assert "Catalog (bundled and your card files):" in out
    assert "chronicle check " in out and "chronicle odds " in out


def test_cards_list_filters_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "list", "--kind", "merit", "--type", "ability",
                       "--court", "seelie", "--json")
    assert code == 0
    data = json.loads(out)
    names = {c["name"] for c in data["cards"]}
    assert "Eloquent Speech" in names and "Lightning Quick" not in names
    assert all(c["kind"] == "merit" and c["court"] == "seelie" for c in data["cards"])
    assert data["unknown_excluded"] > 0  # abilities with an unknown court are left out, counted


def test_cards_list_cost_range_and_terrain(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "cards", "list", "--cost", "3+", "--json")
    costs = [c.get("cost", c.get("bonus")) for c in json.loads(out)["cards"]]
    assert costs and all(value >= 3 for value in costs)
    _, out, _ = run(capsys, "cards", "list", "--kind", "league", "--terrain", "castle", "--json")
    leagues = json.loads(out)["cards"]
    assert "Balath Castle" in {c["name"] for c in leagues}
    assert all("castle" in c["terrain"] for c in leagues)


def test_cards_list_rejects_a_bad_range(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["cards", "list", "--cost", "two"])
    assert exit_info.value.code == 2
    assert "'two' is not a range" in capsys.readouterr().err


def test_cards_search_and_user_marking(capsys: pytest.CaptureFixture[str],
                                       user_cards: Path) -> None:
    (user_cards / "mine.toml").write_text(
        'version = 1\n[[card]]\nname = "Moon Lantern"\nkind = "merit"\ntype = "treasure"\n'
        'cost = 1\nsummary = "Lights the way"\n', encoding="utf-8")
    code, out, _ = run(capsys, "cards", "search", "lantern")
    assert code == 0 and "Moon Lantern" in out and "user" in out
    _, out, _ = run(capsys, "cards", "list", "--user", "--json")
    assert [c["name"] for c in json.loads(out)["cards"]] == ["Moon Lantern"]


def test_cards_show_lists_unknowns_and_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "clear thinking")
    assert code == 0 and "cost:" in out and "unknown" in out and "Unknown: " in out
    code, _, err = run(capsys, "cards", "show", "Fae Armour")
    assert code == 2 and "did you mean 'Fae Armor'?" in err
    code, out, _ = run(capsys, "cards", "show", "Slavers", "--json")
    assert code == 0 and {c["kind"] for c in json.loads(out)} == {"quest", "waylay"}


def test_cards_validate(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "cards", "validate")
    assert code == 0 and "no problem found" in out
    bad = tmp_path / "bad.toml"
    bad.write_text('version = 1\n[[card]]\nname = "X"\nkind = "waylay"\nratting = 3\n',
                   encoding="utf-8")
    code, out, _ = run(capsys, "cards", "validate", str(bad))
    assert code == 1 and f"{bad}:5: card 'X', field 'ratting': unknown key" in out
    assert "did you mean 'rating'?" in out
    code, out, _ = run(capsys, "cards", "validate", str(bad), "--json")
    assert code == 1 and json.loads(out)["problems"][0]["line"] == 5


def test_check_exit_codes_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", str(GOLDEN / "characters" / "winerdria.toml"))
    assert code == 0 and "Winerdria" in out and "valid" in out
    code, out, _ = run(capsys, "check", str(GOLDEN / "characters" / "winerdria.toml"), "--json")
    data = json.loads(out)
    assert data["valid"] is True and data["kind"] == "character"
    assert data["summary"]["points_spent"] == 7
    over = tmp_path / "over.toml"
    over.write_text('name = "Greedy"\nicon = "Human Female"\nmerits = ["Eloquent Speech", '
                    '"Fae Armor", "Lightning Quick"]\n', encoding="utf-8")
    code, out, _ = run(capsys, "check", str(over), "--json")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False
    (violation,) = [v for v in data["violations"] if v["code"] == "points.over_budget"]
    assert violation["severity"] == "error" and "Merits cost 7 but only 5" in violation["message"]
    assert violation["fix"] and set(violation) >= {"code", "severity", "message", "cards", "fix"}


def test_check_unusable_file_names_file_line_and_problem(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "A"\nicon = "Human Female"\nmerrits = ["Fae Armor"]\n',
                   encoding="utf-8")
    code, _, err = run(capsys, "check", str(bad))
    assert code == 2
    assert f"{bad}:3: field 'merrits': unknown key (did you mean 'merits'?)" in err
    code, _, err = run(capsys, "check", str(tmp_path / "missing.toml"))
    assert code == 2 and "cannot be read" in err
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "A"\nicon = \n', encoding="utf-8")
    code, _, err = run(capsys, "check", str(broken))
    assert code == 2 and f"{broken}:2:" in err and "not valid TOML" in err


def test_odds_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "trial", "2", "5")
    assert code == 0 and "a roll of 3 or better passes" in out and "2/3" in out
    _, out, _ = run(capsys, "odds", "test", "3", "4", "--json")
    data = json.loads(out)
    assert (data["win"], data["tie"], data["lose"]) == ("5/18", "5/36", "7/12")
    _, out, _ = run(capsys, "odds", "test", "2", "2", "--dice", "2", "--json")
    data = json.loads(out)
    assert data["win"] == data["lose"] and data["dice"] == 2


def test_python_dash_m_runs_the_same_entry_point() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "chronicle", "odds", "trial", "2", "5"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "2/3" in done.stdout
