"""The Hunters of Arcfall core is pure: no database, app or PDF stack, no other game, and its
rules load no catalog reading. The fronts (SEAM §3: ``service``, ``cli``, ``sheets`` and
``screens``) may reach the services, the CLI output, the app, the document model and Textual;
nothing of the core imports them."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "chronicle" / "systems" / "hunters_of_arcfall"
HEAVY = ["textual", "sqlmodel", "sqlalchemy", "reportlab", "rich", "alembic", "psycopg"]
ALLOWED = ("chronicle.rules", "chronicle.domain", "chronicle.catalog", "chronicle.paths",
           "chronicle.systems.protocol",  # plugin.py registers the game through the protocol
           "chronicle.systems.hunters_of_arcfall")
FRONTS = {"service", "stats", "cli", "sheets", "screens"}
"""The modules (or folders) of the game's fronts."""
FRONT_ALLOWED = (*ALLOWED, "chronicle.services", "chronicle.cli.output", "chronicle.cli.common",
                 "chronicle.cli.recordcommands",  # the record commands every game shares
                 "chronicle.tui", "chronicle.export.model", "chronicle.errors",
                 "chronicle.export.wording")  # findings in a player's words (issue 33)
FRONT_HEAVY = ["sqlmodel", "sqlalchemy", "reportlab", "alembic", "psycopg"]
CORE = [p for p in sorted(PACKAGE.rglob("*.py"))
        if p.relative_to(PACKAGE).parts[0].removesuffix(".py") not in FRONTS]


def front_of(path: Path) -> bool:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py") in FRONTS


def loaded_after(code: str) -> list[str]:
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    return list(json.loads(done.stdout))


def test_every_module_loads_no_heavy_stack() -> None:
    modules = [f"chronicle.systems.hunters_of_arcfall.{p.stem}" for p in PACKAGE.glob("*.py")
               if p.stem != "__init__" and not front_of(p)]
    loaded = loaded_after("\n".join(f"import {m}" for m in modules)
                          + "\nimport chronicle.systems.hunters_of_arcfall.rules")
    assert [m for m in loaded if m.split(".")[0] in HEAVY] == []


def test_the_package_root_and_rules_load_neither_pydantic_nor_catalog_reading() -> None:
    loaded = loaded_after("import chronicle.systems.hunters_of_arcfall.rules")
    assert not [m for m in loaded if m.startswith(("chronicle.catalog", "chronicle.services",
                                                   "chronicle.cli", "pydantic"))]
    root = loaded_after("import chronicle.systems.hunters_of_arcfall")
    assert [m for m in root if m.startswith("chronicle.systems.hunters_of_arcfall.")] == []


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_imports_stay_inside_the_allowed_layers(path: Path) -> None:
    front = front_of(path)
    allowed = FRONT_ALLOWED if front else ALLOWED
    heavy = FRONT_HEAVY if front else [*HEAVY]
    if front:
        heavy = [h for h in heavy if h not in ("textual", "rich")]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{path.name} has no docstring"
    assert len(path.read_text(encoding="utf-8").splitlines()) < 600
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            if name.startswith("chronicle"):
                assert name == "chronicle" or name.startswith(allowed), (path.name, name)
            assert name.split(".")[0] not in heavy, (path.name, name)


def test_no_core_module_imports_a_front() -> None:
    fronts = tuple(f"chronicle.systems.hunters_of_arcfall.{f}" for f in FRONTS)
    for path in CORE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(fronts):
                raise AssertionError((path.name, node.module))
