"""Mending on the command line: rename, delete (asked first; ``--yes`` for scripts), archive,
restore-archived, and seat changes, with their exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chronicle.cli import main


class Shell:
    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.url = f"sqlite:///{db}"

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        code = main(["--db", self.url, *argv])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def sh(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Shell:
    shell = Shell(capsys, tmp_path / "c.db")
    assert shell("demo")[0] == 0
    return shell


def test_deleting_asks_first_and_archives_a_chronicle(sh: Shell) -> None:
    code, out, err = sh("game", "delete", "Rematch")
    assert code == 2 and "will be deleted for good" in out and "--yes" in err
    assert "Rematch" in sh("game", "list")[1]
    code, out, _ = sh("game", "delete", "Rematch", "--yes")
    assert code == 0 and "Deleted Rematch." in out
    code, out, _ = sh("character", "delete", "Winerdria", "--yes")
    assert code == 0 and "archived, not erased" in out and "Archived Winerdria." in out
    assert "Winerdria" not in sh("character", "list")[1]
    assert "Winerdria" in sh("character", "list", "--archived")[1]
    code, _, err = sh("character", "show", "Winerdria")
    assert code == 2 and "chronicle character restore-archived Winerdria" in err
    code, out, _ = sh("character", "restore-archived", "winerdria")
    assert code == 0 and "Brought Winerdria back into play." in out
    code, out, _ = sh("game", "delete", "Example of Play", "--yes", "--json")
    assert code == 0 and json.loads(out)["action"] == "archive"
    assert sh("game", "restore-archived", "Example of Play")[0] == 0


def test_a_delete_that_breaks_a_record_is_refused(sh: Shell) -> None:
    code, _, err = sh("player", "delete", "Tim", "--yes")
    assert code == 1 and "Winerdria" in err and "Rematch" in err
    code, _, err = sh("character", "delete", "Winerdria", "--yes")
    assert code == 1 and "Rematch" in err and "chronicle game seat Rematch Tim" in err


def test_renames_and_seats(sh: Shell) -> None:
    code, out, _ = sh("player", "rename", "tim", "Timothy")
    assert code == 0 and "Renamed tim to Timothy." in out
    code, _, err = sh("player", "rename", "Timothy", "josh")
    assert code == 2 and "already a player called 'Josh'" in err
    assert sh("character", "rename", "Winerdria", "Wini")[0] == 0
    assert sh("game", "rename", "Rematch", "Friday")[0] == 0
    code, out, _ = sh("game", "seat", "Friday", "Timothy", "--json")
    assert code == 0
    assert next(s["character"] for s in json.loads(out)["seats"]) is None
    code, out, _ = sh("game", "seat", "Friday", "Timothy:Wini")
    assert code == 0 and "Timothy with Wini" in out
    code, _, err = sh("game", "unseat", "Example of Play", "Josh")
    assert code == 1 and "result is recorded" in err
