"""What a command imports is part of its start-up (``bench/startup.py`` measures the time; this
keeps what was cut): checking a file imports no database stack and no other game, and a
command on a database whose schema is current imports no Alembic."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chronicle.cli import main

TESTS = Path(__file__).resolve().parent
RUN = """
import json, sys
from chronicle.cli import main
code = main(sys.argv[2:])
with open(sys.argv[1], "w", encoding="utf-8") as handle:
    json.dump({"code": code, "modules": sorted(sys.modules)}, handle)
"""
HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "textual", "reportlab", "chronicle.persistence",
         "chronicle.tui", "chronicle.export")
GAMES = ("wyld_hunt", "tales_of_arcadia", "arcadia_quest", "hunters_of_arcfall")


def imported(tmp_path: Path, *argv: str) -> tuple[int, list[str]]:
    """The exit status of ``chronicle argv`` run in a fresh process, and every module it
    imported."""
    out = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", RUN, str(out), *argv], capture_output=True,
                          text=True, check=False, env=dict(os.environ))
    assert out.is_file(), done.stderr
    found = json.loads(out.read_text(encoding="utf-8"))
    return found["code"], found["modules"]


def within(modules: list[str], *prefixes: str) -> list[str]:
    return [name for name in modules
            if any(name == prefix or name.startswith(f"{prefix}.") for prefix in prefixes)]


@pytest.mark.parametrize(("game", "path"), [
    ("wyld_hunt", TESTS / "golden" / "characters" / "winerdria.toml"),
    ("hunters_of_arcfall", TESTS / "hunters_of_arcfall" / "golden" / "games"
     / "finished-winner.toml")])
def test_checking_a_file_imports_no_database_stack_and_no_other_game(
        tmp_path: Path, game: str, path: Path) -> None:
    code, modules = imported(tmp_path, "check", str(path))
    assert code in (0, 1)
    assert within(modules, *HEAVY) == []
    others = [f"chronicle.systems.{other}" for other in GAMES if other != game]
    assert within(modules, *others) == []


def test_a_command_on_a_current_database_imports_no_alembic_and_no_other_game(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'current.db'}"
    assert main(["--db", url, "player", "add", "Ana"]) == 0  # creates and migrates it
    code, modules = imported(tmp_path, "--db", url, "character", "list")
    assert code == 0
    assert "sqlalchemy.dialects.sqlite" in modules  # the database was read
    assert within(modules, "alembic", "textual", "reportlab", "chronicle.tui",
                  "chronicle.export") == []
    # it only reads: through a Core connection, without the ORM (pydantic may read the card
    # files, their cache being cold here)
    assert within(modules, "sqlmodel", "sqlalchemy.orm") == []
    assert within(modules, *(f"chronicle.systems.{other}" for other in GAMES[1:])) == []
