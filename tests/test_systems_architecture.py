"""Nothing outside a game's folder names that game, except the registry's entry points and the
known legacy Wyld Hunt wiring, listed here to shrink as the plug-in seam grows (issue 9).

A module that newly imports a game from outside its folder fails the test; so does an entry of
the allow-list that no longer imports the game (delete it: the list only shrinks)."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "chronicle"
GAMES = sorted(p.name for p in (PACKAGE / "systems").iterdir()
               if p.is_dir() and (p / "__init__.py").is_file())

LEGACY_WYLD_HUNT: set[str] = set()
"""Empty since issue 9: Wyld Hunt was wired into every layer before the seam existed; every
such module now lives in its folder or reaches it through chronicle.systems.registry."""


def imported_games(path: Path) -> set[str]:
    """The game packages a module imports (``chronicle.systems.<game>`` in any form)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            names = [node.args[0].value]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["chronicle", "systems"] and len(parts) > 2 and parts[2] in GAMES:
                found.add(parts[2])
    return found


def leaks() -> dict[str, set[str]]:
    """Every module outside a game's folder that imports a game, with the games."""
    out: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        parts = path.relative_to(PACKAGE).parts
        own = parts[1] if len(parts) > 2 and parts[0] == "systems" else None
        games = imported_games(path) - {own}
        if games:
            out[relative] = games
    return out


def test_no_module_outside_a_game_imports_it_beyond_the_known_legacy() -> None:
    found = leaks()
    new = {module: games for module, games in found.items()
           if module not in LEGACY_WYLD_HUNT or games != {"wyld_hunt"}}
    assert new == {}, ("these modules import a game from outside its folder; go through "
                       "chronicle.systems.registry instead")


def test_the_legacy_list_only_shrinks() -> None:
    stale = sorted(LEGACY_WYLD_HUNT - set(leaks()))
    assert stale == [], "these no longer import Wyld Hunt: remove them from LEGACY_WYLD_HUNT"


def named_games(path: Path) -> set[str]:
    """The games whose module paths the text of ``path`` names (a docstring or a lazy string
    included): ``chronicle.systems.<game>`` or ``chronicle/systems/<game>``."""
    text = path.read_text(encoding="utf-8")
    return {game for game in GAMES
            if f"chronicle.systems.{game}" in text or f"chronicle/systems/{game}" in text}


def test_no_module_outside_a_game_names_its_modules() -> None:
    named = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        own = parts[1] if len(parts) > 2 and parts[0] == "systems" else None
        games = named_games(path) - {own}
        if games:
            named[path.relative_to(REPO).as_posix()] = games
    assert named == {}, "these modules name a game's modules; ask the registry instead"


def test_the_naming_check_finds_a_name(tmp_path: Path) -> None:
    module = tmp_path / "naming.py"
    module.write_text('"""Reads ``chronicle.systems.wyld_hunt.editions``."""\n')
    assert named_games(module) == {"wyld_hunt"}


def test_the_check_finds_a_leak(tmp_path: Path) -> None:
    module = tmp_path / "leaky.py"
    module.write_text("from chronicle.systems.tales_of_arcadia import odds\n"
                      "import chronicle.systems.arcadia_quest.rules as r\n"
                      "from chronicle.systems import hunters_of_arcfall\n")
    assert imported_games(module) == {"tales_of_arcadia", "arcadia_quest", "hunters_of_arcfall"}


def test_the_registry_and_protocol_import_no_game() -> None:
    for name in ("registry.py", "protocol.py", "__init__.py"):
        assert imported_games(PACKAGE / "systems" / name) == set()


GAME_WORDS = ("wyld", "ironheart", "tales-of-arcadia", "arcadia-quest", "hunters-of-arcfall")
"""What a game's key or name looks like in a string."""
NAMING_A_GAME = {"persistence/migrations/versions/0007_records.py",
                 "systems/registry.py"}
"""Core modules allowed a string naming a game: a migration (history: the rows before it were
all Wyld Hunt's) and the registry, holding the home game's default when the setting names
none. Only shrinks."""


def game_literals(path: Path) -> list[tuple[int, str]]:
    """The strings of ``path`` (docstrings left out) that name a game's key or title."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs and any(w in node.value.lower() for w in GAME_WORDS)]


def test_no_core_code_names_a_game_in_a_string() -> None:
    """The default game is a setting (``registry.home()``), a game's parts come from the
    registry: no string of core code names a game (a docstring may, to explain)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "systems" and len(relative.parts) > 2:
            continue  # a game's own folder
        literals = game_literals(path)
        if literals:
            found[relative.as_posix()] = literals
    assert set(found) <= NAMING_A_GAME, found
    assert set(found) >= NAMING_A_GAME, "no longer naming a game: drop it from NAMING_A_GAME"


def test_the_literal_check_finds_a_name(tmp_path: Path) -> None:
    module = tmp_path / "literal.py"
    module.write_text('"""Wyld Hunt in a docstring is fine."""\nGAME = "wyld-hunt"\n')
    assert game_literals(module) == [(2, "wyld-hunt")]
