"""No import cycles among the modules of ``chronicle``: every import counts (those inside
functions too, which only hide a cycle until the day an import moves), except those only a type
checker runs (``if TYPE_CHECKING:``). A package's ``__init__`` counts as a module.

Read from the source with ``ast`` (nothing is imported), so the test costs a fraction of a
second. ``KNOWN`` lists the cycles left to break, each a set of modules; it may only shrink.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "chronicle"

KNOWN: list[frozenset[str]] = [
]
"""Cycles not broken yet (this list may only shrink)."""


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name."""
    found: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports (type-checking imports aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree)
                   if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
                   for statement in block.body for node in ast.walk(statement)}
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".")
                if path.name != "__init__.py":
                    package.pop()
                package = package[:len(package) - node.level + 1]
                base = ".".join([*package, base] if base else package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    found: set[str] = set()
    for item in names:
        while item and item not in known:
            item = item.rpartition(".")[0]
        if item and item != name:
            found.add(item)
    return found


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def f():\n    from pkg.c import x\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nimport pkg.a\n"
                                  "if TYPE_CHECKING:\n    from pkg import d\n")
    (package / "d.py").write_text("from . import c\n")
    known = modules(package)
    graph = {name: imported(name, path, known) for name, path in known.items()}
    assert cycles(graph) == [frozenset({"pkg.a", "pkg.b", "pkg.c"})]


def test_no_module_of_chronicle_imports_itself_through_others() -> None:
    known = modules()
    graph = {name: imported(name, path, known) for name, path in known.items()}
    found = cycles(graph)
    new = [sorted(cycle) for cycle in found if cycle not in KNOWN]
    assert not new, f"import cycles: {new}"
    gone = [sorted(cycle) for cycle in KNOWN if cycle not in found]
    assert not gone, f"broken at last, take them off KNOWN: {gone}"
