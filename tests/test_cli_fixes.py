"""Each front gives a violation's fix in its own terms: a command on the command line, a key
in the app, a key in a file; ``--json`` keeps ``fix`` and adds every front's form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chronicle.cli import main
from chronicle.rules.report import Fix, Front, Severity, Violation, arg


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_fix_has_a_form_per_front_and_a_fallback() -> None:
    fix = Fix("choose a court", cli="chronicle character set <character> --court seelie",
              app="press c in the builder")
    violation = Violation("court.tie", Severity.ERROR, "tied", fix="choose a court", fixes=fix)
    assert violation.fix_for(Front.CLI, character="Lady Mab") == \
        'chronicle character set "Lady Mab" --court seelie'
    assert violation.fix_for("app") == "press c in the builder"
    assert violation.fix_for(Front.FILE) == "choose a court"  # no file form: the plain words
    assert violation.fix_for(Front.CLI) == "chronicle character set <character> --court seelie"
    data = violation.to_dict(character="Tim")
    assert data["fix"] == "choose a court"
    assert data["fixes"] == {"cli": "chronicle character set Tim --court seelie",
                             "app": "press c in the builder", "file": "choose a court"}
    plain = Violation("x", Severity.WARNING, "m", fix="do this")
    assert plain.fix_for(Front.APP) == "do this" and plain.to_dict()["fixes"]["cli"] == "do this"


@pytest.mark.parametrize(("value", "quoted"), [("Tim", "Tim"), ("Fae Armor", '"Fae Armor"'),
                                               ("it's", '"it\'s"'), ("$HOME", "'$HOME'"),
                                               ("", '""')])
def test_names_are_quoted_for_the_shell(value: str, quoted: str) -> None:
    assert arg(value) == quoted


def _character(folder: Path) -> Path:
    path = folder / "lady.toml"
    path.write_text('system = "wyld-hunt"\nname = "Lady Mab"\nmerits = ["Fae Armor"]\n',
                    encoding="utf-8")
    return path


def test_check_of_a_file_gives_file_keys(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", str(_character(tmp_path)))
    assert code == 1
    assert 'fix: add icon = "<race> <gender>"' in out
    code, out, _ = run(capsys, "check", str(_character(tmp_path)), "--json")
    found = {v["code"]: v for v in json.loads(out)["violations"]}
    icon = found["icon.missing"]
    assert icon["fixes"]["file"] == 'add icon = "<race> <gender>"'
    assert icon["fixes"]["cli"] == 'chronicle character set "Lady Mab" --icon "<race> <gender>"'
    assert "press i" in icon["fixes"]["app"]
    assert icon["fix"] and icon["fix"] not in icon["fixes"].values()


def test_the_command_line_gives_commands(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    assert run(capsys, *db, "player", "add", "Tim")[0] == 0
    assert run(capsys, *db, "character", "new", "Lady Mab", "--player", "Tim")[0] == 0
    _code, out, _ = run(capsys, *db, "character", "show", "Lady Mab")
    assert 'fix: chronicle character set "Lady Mab" --icon "<race> <gender>"' in out
    assert "icon =" not in out and "[[card]]" not in out
    assert run(capsys, *db, "player", "add", "Josh")[0] == 0
    run(capsys, *db, "game", "new", "Friday Night", "--seat", "Tim", "--seat", "Josh")
    _code, out, _ = run(capsys, *db, "game", "show", "Friday Night")
    assert 'fix: chronicle game set "Friday Night" --player Josh --quest <quest>' in out
    _code, out, _ = run(capsys, *db, "game", "show", "Friday Night", "--json")
    fixes = [v["fixes"] for v in json.loads(out)["violations"] if v["code"] == "quest.none"]
    assert fixes and fixes[0]["cli"].startswith('chronicle game set "Friday Night"')
