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


HOME_TABLE_ROWS = {"CharacterRow", "CreationCardRow", "EventRow", "GameRow", "GamePlayerRow"}
"""The table classes of Wyld Hunt's own tables (its characters, their chronicles, its games
and seats): only its package (and persistence, which declares them) reaches them."""
HOME_TABLE_READS = {"list_characters", "creation_cards", "game_players", "list_games",
                    "games_seating", "chronicle_rows", "character_row", "game_row"}
"""The persistence and service functions that read those tables."""
STILL_READING: set[str] = set()
"""Core modules that still reach them: an allow-list that may only shrink (empty since a
player's holdings come from each game's declarations, ``chronicle.services.players``)."""


def test_core_services_reach_the_home_games_tables_only_through_its_package() -> None:
    """Mending, the card front's re-check and the whole-database export go through the game
    (``GameSystem.chronicles``, ``HomeParts.exchange``): no core module outside persistence
    names Wyld Hunt's table classes, or reads them, but the allow-list."""
    offenders: dict[str, set[str]] = {}
    for path in sorted((REPO / "chronicle").rglob("*.py")):
        relative = path.relative_to(REPO / "chronicle").as_posix()
        if relative.startswith(("systems/", "persistence/")):
            continue
        named: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                named |= {a.name for a in node.names} & (HOME_TABLE_ROWS | HOME_TABLE_READS)
            if isinstance(node, ast.FunctionDef) and node.name in HOME_TABLE_READS:
                named.add(node.name)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id == "repo":  # chronicle.persistence.repository
                named |= {node.attr} & HOME_TABLE_READS
        if named:
            offenders[relative] = named
    assert set(offenders) <= STILL_READING, offenders


def test_the_export_format_takes_a_games_own_tables_from_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The generic format knows players, collections, records and the group's cards; the
    characters and games are Wyld Hunt's sections (its ``chronicles``), in every file
    whichever game is home (a backup never leaves them out); a game without tables of its
    own (the toy) adds none."""
    import toy_game

    from chronicle.services import exportformat

    assert not {"characters", "games"} & set(exportformat.ExportModel.model_fields)
    wyld_hunt = ("player", "ownership", "character", "creation_card", "ledger_event", "game",
                 "game_player", "record", "record_event")
    for home in (None, HOA):
        if home:
            monkeypatch.setenv(registry.HOME_SETTING, home)
        assert {"characters", "games"} <= set(exportformat.export_model().model_fields)
        assert exportformat.tables() == wyld_hunt
    with registry.registered(toy_game.SYSTEM):
        assert exportformat.tables() == wyld_hunt


def test_no_core_module_names_a_rule_code_of_the_home_game() -> None:
    """The app says a rule's fix in the home game's keys through that game (its ``codes``
    module's ``app_keys``), so no module outside the games' folders names a code that only
    Wyld Hunt has (the ``card.*``, ``collection.*`` and ``record.*`` codes are every game's)."""
    from chronicle.systems.wyld_hunt.codes import ALL_CODES

    own = {c.code for c in ALL_CODES if not c.code.startswith(("card.", "collection.",
                                                                "record."))}
    found = []
    for path in sorted((REPO / "chronicle").rglob("*.py")):
        relative = path.relative_to(REPO / "chronicle").as_posix()
        if relative.startswith("persistence/migrations/") or (
                relative.startswith("systems/") and relative.count("/") > 1):
            continue
        found += [(relative, node.value) for node in ast.walk(ast.parse(path.read_text(
            encoding="utf-8"))) if isinstance(node, ast.Constant) and node.value in own]
    assert found == []


def test_the_app_says_a_fix_in_the_home_games_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.rules.report import Severity, Violation
    from chronicle.tui import messages

    tie = Violation("court.tie", Severity.ERROR, "the tally is even", fix='set court = "seelie"')
    monkeypatch.delenv(registry.HOME_SETTING, raising=False)
    messages._app_keys.cache_clear()
    assert messages.app_fix(tie) == ("choose the court in the builder: c, then pick Seelie or "
                                     "Unseelie")
    monkeypatch.setenv(registry.HOME_SETTING, HOA)  # a home game without keys of its own
    messages._app_keys.cache_clear()
    try:
        assert "builder" not in (messages.app_fix(tie) or "")
    finally:
        messages._app_keys.cache_clear()


def test_a_checked_files_summary_is_said_by_its_game(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    """``chronicle check`` prints under the report what the game's outcome says
    (``summary_lines``): Wyld Hunt's setup lines come from its package, whichever game is
    home; the command line itself knows no Waylay rating."""
    golden = REPO / "tests" / "golden" / "setups" / "solo-exact-total.toml"
    setup = tmp_path / "setup.toml"
    setup.write_text('system = "wyld-hunt"\n' + golden.read_text(encoding="utf-8"))
    monkeypatch.setenv(registry.HOME_SETTING, HOA)
    code, out, _err = run("check", str(setup))
    assert code == 0 and "Solo game" in out and "Waylay rating 10" in out
    assert "Waylay" not in (REPO / "chronicle" / "cli" / "check.py").read_text()


def test_an_owned_card_of_a_file_naming_no_game_is_the_home_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An export from before cards had a game (schema 0007) reads as the home game's, as any
    file naming no game does: the setting, not a literal."""
    from chronicle.services.exportformat import OwnedModel

    entry = {"card": "Oracle", "kind": "merit", "count": 1}
    monkeypatch.delenv(registry.HOME_SETTING, raising=False)
    assert OwnedModel.model_validate(entry).game == registry.home()
    monkeypatch.setenv(registry.HOME_SETTING, HOA)
    assert OwnedModel.model_validate(entry).game == HOA
    assert OwnedModel.model_validate({**entry, "game": "tales-of-arcadia"}).game == \
        "tales-of-arcadia"
