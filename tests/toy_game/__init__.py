"""Pebbles, a toy game system that lives only under ``tests/``: the proof that a game plugs in
through the registry without an edit outside its folder.

One card kind (``pebble``: a name and a weight), one file kind (``bag``: a point limit, the
pebbles carried and inline ``[[card]]`` tables) with one rule (``bag.too_heavy``: the weights
add up beyond the limit) beside the shared ``card.unknown``. Registered by a fixture
(``chronicle.systems.registry.registered(SYSTEM)``), never installed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chronicle.catalog.problems import FileProblem
from chronicle.errors import BadInput
from chronicle.reading import parse_toml, read_text
from chronicle.rules.report import Report, Severity, Violation
from chronicle.systems.protocol import Edition, FileKind, GameSystem

KEY = "toy-pebbles"


@dataclass
class Outcome:
    """What checking a bag file gives (a ``chronicle.systems.protocol.Checked``)."""

    path: Path
    report: Report | None = None
    problems: list[FileProblem] = field(default_factory=list)
    catalog_problems: list[FileProblem] = field(default_factory=list)
    kind: str = "bag"

    @property
    def exit_code(self) -> int:
        if self.problems or self.report is None:
            return 2
        return 0 if self.report.valid else 1


def check_path(path: Path, user_cards_dir: Path | None = None) -> Outcome:
    """Check a bag file: every pebble known, their weights within the limit."""
    try:
        data: dict[str, Any] = parse_toml(read_text(path), path)
    except BadInput as exc:
        return Outcome(path, problems=[FileProblem(str(path), str(exc))])
    limit = data.get("limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        return Outcome(path, problems=[FileProblem(str(path), "limit must be a whole number "
                                                              "of 0 or more", field="limit")])
    weights = {c["name"]: c["weight"] for c in data.get("card", [])
               if c.get("kind") == "pebble"}
    found: list[Violation] = []
    total = 0
    for name in data.get("pebbles", []):
        if name not in weights:
            found.append(Violation("card.unknown", Severity.ERROR,
                                   f"no pebble is called {name!r}", (name,),
                                   fix="add it as a [[card]] with kind = \"pebble\""))
            continue
        total += weights[name]
    if total > limit:
        found.append(Violation("bag.too_heavy", Severity.ERROR,
                               f"the pebbles weigh {total}, {total - limit} over the limit of "
                               f"{limit}", tuple(data.get("pebbles", [])),
                               fix="leave a pebble out", section="Toy rules"))
    summary = {"system": KEY, "name": data.get("name"), "limit": limit, "weight": total}
    return Outcome(path, Report(found, summary))


SYSTEM = GameSystem(
    key=KEY,
    label="Pebbles (a toy game)",
    editions=(Edition(KEY, "Pebbles"),),
    card_kinds=("pebble",),
    file_kinds=(FileKind("bag", "a bag of pebbles within a weight limit",
                         "toy_game:check_path"),),
)
"""What the fixture registers."""
