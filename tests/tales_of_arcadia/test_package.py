"""The package's pure core stays pure: no heavy stack, no other game, no services or fronts;
its fronts (SEAM §3: service.py, cli.py, sheets.py, screens/; and entry.py, the unit entry
that the form and the CLI share) reach exactly the layers they may;
docs/games/tales-of-arcadia.md documents exactly the codes of ``codes.py``, and its example
roster is legal."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from chronicle.systems.tales_of_arcadia import codes
from chronicle.systems.tales_of_arcadia.catalog import load_catalog
from chronicle.systems.tales_of_arcadia.rosterfile import read_roster
from chronicle.systems.tales_of_arcadia.rules import check_roster

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "chronicle" / "systems" / "tales_of_arcadia"
DOC = REPO / "docs" / "games" / "tales-of-arcadia.md"
HEAVY = ["textual", "sqlmodel", "sqlalchemy", "reportlab", "rich", "alembic", "psycopg"]
ALLOWED = ("chronicle.rules", "chronicle.domain", "chronicle.catalog", "chronicle.paths",
           "chronicle.systems.protocol",  # plugin.py registers the game through the protocol
           "chronicle.reading", "chronicle.systems.tales_of_arcadia")


FRONT_LAYERS = ("chronicle.cli.output", "chronicle.cli.common", "chronicle.tui",
                "chronicle.services", "chronicle.errors", "chronicle.export")
FRONTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # module (or folder): (the chronicle layers it may import besides the core's, stacks allowed)
    "sheets.py": (("chronicle.export.model",), ()),
    "service.py": (("chronicle.services", "chronicle.errors", "chronicle.export.model"), ()),
    "battleservice.py": (("chronicle.services", "chronicle.errors"), ()),
    "stats.py": (("chronicle.services",), ()),  # the game's numbers, over its services
    "entry.py": (("chronicle.services.textfiles", "chronicle.errors",
                  "chronicle.export.safefiles"), ()),
    "cli.py": (("chronicle.cli.output", "chronicle.cli.common", "chronicle.cli.recordcommands",
                "chronicle.services",
                "chronicle.errors", "chronicle.rules"), ()),
    "armycli.py": (("chronicle.cli.output", "chronicle.cli.common", "chronicle.errors",
                    "chronicle.services.cardfront", "chronicle.services.groupcards"), ()),
    "screens": (FRONT_LAYERS, ("textual", "rich")),
}


def _imports(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


def test_every_module_imports_only_the_allowed_layers() -> None:
    modules = [*PACKAGE.glob("*.py"), *PACKAGE.glob("screens/*.py")]
    for module in modules:
        tree = ast.parse(module.read_text("utf-8"))
        assert ast.get_docstring(tree), module.name
        assert len(module.read_text("utf-8").splitlines()) < 600, module.name
        front = FRONTS.get(module.parent.name if module.parent.name == "screens"
                           else module.name)
        layers, stacks = front if front else ((), ())
        for name in _imports(tree):
            if name.startswith("chronicle"):
                assert name == "chronicle" or name.startswith((*ALLOWED, *layers)), \
                    (module.name, name)
            assert name.split(".")[0] not in HEAVY or name.split(".")[0] in stacks, \
                (module.name, name)


def test_the_pure_core_imports_no_front() -> None:
    fronts = tuple(f"chronicle.systems.tales_of_arcadia.{name.removesuffix('.py')}"
                   for name in FRONTS)
    for module in PACKAGE.glob("*.py"):
        if module.name in FRONTS or module.name == "plugin.py":
            continue
        for name in _imports(ast.parse(module.read_text("utf-8"))):
            assert not name.startswith(fronts), (module.name, name)


def test_importing_and_checking_loads_no_heavy_stack() -> None:
    roster = REPO / "tests" / "tales_of_arcadia" / "golden" / "rosters" / "legal-exact.toml"
    probe = ("import sys, json\n"
             "import chronicle.systems.tales_of_arcadia as toa\n"
             "assert 'pydantic' not in sys.modules\n"
             "from chronicle.systems.tales_of_arcadia import odds, rules, battles, cards\n"
             "from chronicle.systems.tales_of_arcadia.check import check_path\n"
             f"check_path(__import__('pathlib').Path({str(roster)!r}))\n"
             "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    modules = json.loads(done.stdout)
    assert [m for m in modules if m.split(".")[0] in HEAVY] == []
    assert not [m for m in modules if m.startswith(("chronicle.services", "chronicle.cli",
                                                    "chronicle.systems.wyld_hunt"))]


def test_every_code_is_documented_with_its_severity() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = dict(re.findall(r"^### `([a-z_.]+)` — (error|warning)", text, re.MULTILINE))
    assert set(documented) == {code.code for code in codes.ALL_CODES}
    for code in codes.ALL_CODES:
        assert documented[code.code] == code.severity.value, code.code


def test_codes_are_unique_dotted_and_sourced() -> None:
    names = [code.code for code in codes.ALL_CODES]
    assert len(names) == len(set(names))
    assert all(re.fullmatch(r"[a-z]+\.[a-z_]+", name) for name in names)
    headings = {"Introduction", "Units", "Attacking", "Variations", "Keyworded Special Rules",
                "Winning"}
    for code in codes.ALL_CODES:
        assert set(code.section.split("; ")) <= headings, code.code


def test_the_documented_example_roster_is_legal(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", text, re.DOTALL)
    rosters = [b for b in blocks if b.lstrip().startswith('system = "tales-of-arcadia"')]
    assert rosters
    for block in rosters:
        loaded = read_roster(tomllib.loads(block), None, "doc")
        assert loaded.problems == [] and loaded.roster is not None
        report = check_roster(loaded.roster, load_catalog(tmp_path, loaded.cards))
        assert report.codes == [], report.codes
