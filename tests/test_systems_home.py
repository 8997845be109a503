"""Which game is the home game is a setting (``CHRONICLE_HOME_GAME``), not a literal of core
code: the home game's files need not name their system, its areas open the app, and its
command groups are found first; any installed game may be it."""

from __future__ import annotations

import ast
import contextlib
import io
import json
from pathlib import Path

import pytest

from chronicle.cli import main
from chronicle.systems import registry

REPO = Path(__file__).resolve().parent.parent
HOA = "hunters-of-arcfall"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_the_home_game_is_the_setting_else_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(registry.HOME_SETTING, raising=False)
    assert registry.home() == registry.DEFAULT
    monkeypatch.setenv(registry.HOME_SETTING, HOA)
    assert registry.home() == HOA
    monkeypatch.setenv(registry.HOME_SETTING, "no-such-game")  # passed over, never a crash
    assert registry.home() == registry.DEFAULT


def test_another_home_game_reads_its_files_without_a_system_key(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A game log that names no system is read by the home game's checker: Wyld Hunt's by
    default (a game log is no character: every key unknown), Hunters of Arcfall's when it is
    home (its own reader asks for the key); the app then opens on its own areas (the game
    gives none)."""
    from chronicle.tui.areas import app_areas, home_system

    golden = REPO / "tests" / "hunters_of_arcfall" / "golden" / "games"
    source = golden / "ability-twice.toml"
    text = "\n".join(line for line in source.read_text().splitlines()
                     if not line.startswith("system ="))
    unmarked = tmp_path / "unmarked.toml"
    unmarked.write_text(text + "\n")
    monkeypatch.delenv(registry.HOME_SETTING, raising=False)
    code, out, _err = run("check", str(unmarked), "--json")
    fields = {p["field"] for p in json.loads(out)["file_problems"]}
    assert code == 2 and "name" in fields and "system" not in fields, out
    monkeypatch.setenv(registry.HOME_SETTING, HOA)
    code, out, _err = run("check", str(unmarked), "--json")
    assert code == 2 and [p["field"] for p in json.loads(out)["file_problems"]] == ["system"]
    home = home_system()
    assert home is not None and home.key == HOA
    assert [area.mode for area in app_areas(home)] == ["players", "other"]


def test_no_core_module_names_the_default_game() -> None:
    """Core code asks ``registry.home()``; only the registry holds the setting's default."""
    offenders = []
    for path in sorted((REPO / "chronicle").rglob("*.py")):
        relative = path.relative_to(REPO / "chronicle")
        if relative.parts[0] == "systems" and relative.name != "registry.py" and \
                len(relative.parts) > 2:
            continue  # a game's own folder
        if relative.as_posix() == "systems/registry.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "DEFAULT" and \
                    isinstance(node.value, ast.Name) and node.value.id == "registry":
                offenders.append(str(relative))
            if isinstance(node, ast.ImportFrom) and node.module == "chronicle.systems.registry" \
                    and any(alias.name == "DEFAULT" for alias in node.names):
                offenders.append(str(relative))
    assert offenders == []
