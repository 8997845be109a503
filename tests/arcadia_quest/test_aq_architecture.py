"""The Arcadia Quest core is pure: no database, app or PDF stack, no other game; its rules and
odds load neither pydantic nor catalog reading; every module has a docstring and stays short.
The fronts (seam contract, section 3) may reach exactly what they need: ``service`` the
services, ``cli`` the command line's output and the services, ``sheets`` the document model
and the services, ``screens`` the app, the services and Textual."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "chronicle" / "systems" / "arcadia_quest"
NAME = "chronicle.systems.arcadia_quest"
HEAVY = ["textual", "sqlmodel", "sqlalchemy", "reportlab", "rich", "alembic", "psycopg"]
ALLOWED = ("chronicle.rules", "chronicle.domain", "chronicle.catalog", "chronicle.paths",
           "chronicle.systems.protocol",  # plugin.py registers the game through the protocol
           NAME)
SERVICES = ("chronicle.services", "chronicle.errors")
FRONTS: dict[str, tuple[str, ...]] = {
    "service.py": (*SERVICES, "chronicle.export.model"),  # the sheet it returns to export
    "cli.py": ("chronicle.cli.output", "chronicle.cli.common", "chronicle.cli.recordcommands",
               *SERVICES),
    "stats.py": SERVICES,  # the game's numbers (``GameSystem.stats``), over its service
    "sheets.py": ("chronicle.export.model",),
    "screens": ("chronicle.tui", *SERVICES),
}
"""What each front may import besides the core's layers (seam contract, section 3)."""
TEXTUAL_FRONTS = ("screens",)
"""The fronts that may import Textual (and Rich) at the top."""


def front_of(path: Path) -> str | None:
    """The front a module belongs to, or None for the pure core."""
    relative = path.relative_to(PACKAGE)
    key = relative.parts[0]
    return key if key in FRONTS else None


def loaded_after(code: str) -> list[str]:
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    return list(json.loads(done.stdout))


def test_every_module_loads_no_heavy_stack() -> None:
    modules = [f"{NAME}.{p.stem}" for p in PACKAGE.glob("*.py") if p.stem != "__init__"]
    assert f"{NAME}.record" in modules and f"{NAME}.sheets" in modules
    loaded = loaded_after("\n".join(f"import {m}" for m in modules))
    assert [m for m in loaded if m.split(".")[0] in HEAVY] == []


def test_rules_and_odds_load_neither_pydantic_nor_card_files() -> None:
    loaded = loaded_after(f"import {NAME}.rules, {NAME}.odds, {NAME}.summary")
    assert not [m for m in loaded if m.startswith(("chronicle.catalog.loader",
                                                   "chronicle.services", "chronicle.cli",
                                                   "pydantic", "tomllib"))]
    root = loaded_after(f"import {NAME}")
    assert [m for m in root if m.startswith(f"{NAME}.")] == []


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_imports_stay_inside_the_allowed_layers(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    assert ast.get_docstring(tree), f"{path.name} has no docstring"
    assert len(text.splitlines()) < 600
    front = front_of(path)
    allowed = ALLOWED + (FRONTS[front] if front else ())
    heavy = [h for h in HEAVY if front not in TEXTUAL_FRONTS or h not in ("textual", "rich")]
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            if name.startswith("chronicle"):
                assert name == "chronicle" or name.startswith(allowed), (path.name, name)
            assert name.split(".")[0] not in heavy, (path.name, name)


def test_the_pure_core_reaches_no_front() -> None:
    for path in PACKAGE.glob("*.py"):
        if front_of(path) is None:
            text = path.read_text(encoding="utf-8")
            for front in ("chronicle.services", "chronicle.cli", "chronicle.tui",
                          "chronicle.export", "chronicle.errors"):
                assert f"import {front}" not in text and f"from {front}" not in text, \
                    (path.name, front)


def test_the_generic_dice_engine_is_pure() -> None:
    loaded = loaded_after("import chronicle.rules.faces")
    assert not [m for m in loaded if m.split(".")[0] in [*HEAVY, "pydantic"]]
