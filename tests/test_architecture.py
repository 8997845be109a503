"""Layering and packaging: pure layers stay pure, and an installed copy finds its cards."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HEAVY = ["textual", "sqlmodel", "sqlalchemy", "reportlab", "rich"]
PURE = [
    "chronicle.domain",
    "chronicle.rules",
    "chronicle.rules.dice",
    "chronicle.rules.fitting",
    "chronicle.systems.wyld_hunt.cards",
    "chronicle.systems.wyld_hunt.rules",
]


def loaded_after(code: str) -> list[str]:
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    return list(json.loads(done.stdout))


@pytest.mark.parametrize("module", PURE)
def test_pure_layers_load_no_heavy_stack(module: str) -> None:
    modules = loaded_after(f"import {module}")
    assert module in modules
    assert [m for m in modules if m.split(".")[0] in HEAVY] == []


def test_rules_never_import_catalog_loading_or_services() -> None:
    modules = loaded_after("import chronicle.systems.wyld_hunt.rules, chronicle.rules")
    assert not [m for m in modules if m.startswith(("chronicle.catalog", "chronicle.services",
                                                    "chronicle.cli"))]


def test_check_command_loads_no_heavy_stack(tmp_path: Path) -> None:
    code = ("import contextlib, io\nfrom chronicle.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main(['check', {str(REPO / 'tests/golden/characters/winerdria.toml')!r}])")
    modules = loaded_after(code)
    assert [m for m in modules if m.split(".")[0] in HEAVY] == []


@pytest.mark.skipif(os.environ.get("CHRONICLE_SKIP_INSTALL_TEST") == "1",
                    reason="install test disabled by CHRONICLE_SKIP_INSTALL_TEST")
def test_non_editable_install_finds_the_bundled_cards(tmp_path: Path) -> None:
    """Build the wheel, install it into a fresh virtual environment (dependencies taken from
    this environment) and run it from another directory."""
    wheel_dir = tmp_path / "wheel"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheel_dir),
             str(REPO)]
    if importlib.util.find_spec("hatchling") is not None:
        build.insert(4, "--no-build-isolation")
    subprocess.run(build, check=True, capture_output=True, cwd=tmp_path)
    (wheel,) = wheel_dir.glob("*.whl")
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(env_dir)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, capture_output=True)
    here = [p for p in sys.path if p.endswith("site-packages")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), *here]),
           "CHRONICLE_DATA_DIR": str(tmp_path / "data")}
    python = env_dir / "bin" / "python"
    done = subprocess.run([str(python), "-c",
                           "import chronicle.paths as p;"
                           "import chronicle.systems.wyld_hunt.services.catalog as c;"
                           "print(p.bundled_cards_dir('wyld-hunt'));"
                           "print(len(c.load_catalog()))"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    where, count = done.stdout.split()
    assert str(target) in where and "_bundled_cards" in where
    assert int(count) > 200
    assert (target / "chronicle" / "py.typed").is_file()  # a plug-in type-checks against it
    assert len(list((target / "chronicle" / "systems").glob("*/quickspec.json"))) == 4


# The layer rules, read from the source ---------------------------------------------------------
# Every import a module runs counts: at the top, inside a function or a method, through
# ``__import__`` or ``importlib.import_module`` with a literal name. Only what a type checker
# alone reads (``if TYPE_CHECKING:``) is left out: it never runs.

PACKAGE = REPO / "chronicle"
STACKS: dict[str, tuple[str, ...]] = {
    "sqlmodel": ("chronicle/persistence/",),
    "sqlalchemy": ("chronicle/persistence/",),
    "alembic": ("chronicle/persistence/",),
    "reportlab": ("chronicle/export/",),
    "textual": ("chronicle/tui/", "chronicle/systems/*/screens/",
                "chronicle/systems/*/widgets/"),
}
"""Each heavy stack and the only places that may import it (``*``: any one game's folder)."""
ABOVE: dict[str, tuple[str, ...]] = {
    "domain": ("rules", "catalog", "persistence", "export", "services", "cli", "tui", "systems"),
    "rules": ("catalog", "persistence", "export", "services", "cli", "tui", "systems"),
    "catalog": ("persistence", "export", "services", "cli", "tui"),
    "persistence": ("export", "services", "cli", "tui"),
    "export": ("persistence", "services", "cli", "tui"),
    "services": ("cli", "tui"),
}
"""Each layer of ``chronicle`` and the layers above it (or beside it) it may never import:
imports point down only (docs/architecture.md, "Layers")."""


def runtime_imports(source: str) -> list[tuple[int, str]]:
    """Every module name ``source`` imports when it runs, with its line, type-checking
    imports aside; ``from a import b`` counts as ``a`` and ``a.b``."""
    tree = ast.parse(source)
    typing_only = {id(node) for block in ast.walk(tree)
                   if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
                   for statement in block.body for node in ast.walk(statement)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and ast.unparse(node.func) in ("__import__", "importlib.import_module",
                                             "import_module")):
            found.append((node.lineno, node.args[0].value))
    return found


def _allowed(relative: str, places: tuple[str, ...]) -> bool:
    parts = relative.split("/")
    for place in places:
        wanted = place.rstrip("/").split("/")
        head = parts[:len(wanted)]
        if len(parts) > len(wanted) and all(w in ("*", p)
                                            for w, p in zip(wanted, head, strict=True)):
            return True
    return False


def layer_breaches(root: Path = PACKAGE) -> list[str]:
    """Every run-time import under ``root`` that breaks a layer rule, as ``path:line: what``."""
    out: list[str] = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root.parent).as_posix()
        parts = relative.split("/")
        layer = parts[1] if len(parts) > 2 else None
        for line, name in runtime_imports(path.read_text(encoding="utf-8")):
            top = name.split(".")
            if top[0] in STACKS and not _allowed(relative, STACKS[top[0]]):
                out.append(f"{relative}:{line}: imports {top[0]}, which only "
                           f"{' and '.join(STACKS[top[0]])} may")
            if (top[0] == root.name and len(top) > 1 and layer in ABOVE
                    and top[1] in ABOVE[layer]):
                out.append(f"{relative}:{line}: the {layer} layer imports {name}, a layer "
                           "above it")
    return sorted(set(out))


def test_no_run_time_import_breaks_the_layer_rules() -> None:
    assert layer_breaches() == []


def test_the_layer_rules_see_an_import_hidden_in_a_function(tmp_path: Path) -> None:
    package = tmp_path / "chronicle"
    (package / "services").mkdir(parents=True)
    (package / "rules").mkdir()
    (package / "services" / "hidden.py").write_text(
        '"""A use case."""\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n'
        "    from sqlmodel import Session\n"
        "def work():\n    from sqlmodel import select\n    return select\n")
    (package / "rules" / "late.py").write_text(
        "import importlib\ndef f():\n    return importlib.import_module('chronicle.services.x')\n")
    (package / "rules" / "fine.py").write_text("from chronicle.domain import limits\n")
    assert layer_breaches(package) == [
        "chronicle/rules/late.py:3: the rules layer imports chronicle.services.x, a layer "
        "above it",
        "chronicle/services/hidden.py:6: imports sqlmodel, which only chronicle/persistence/ "
        "may"]
