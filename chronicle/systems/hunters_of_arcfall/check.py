"""``check_path``: what ``chronicle check`` runs on a file with ``system = "hunters-of-arcfall"``.

Reads the game log, builds the catalog (bundled cards, the user's, the log's own) and checks the
game. Exit status: 0 without errors, 1 when a rule is broken, 2 when the file cannot be used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from chronicle.catalog.problems import FileProblem
from chronicle.rules.report import Report
from chronicle.systems.hunters_of_arcfall.rules.replay import GameState


@dataclass
class CheckResult:
    """The outcome of checking one game log."""

    path: Path
    report: Report | None = None
    state: GameState | None = None
    problems: list[FileProblem] = field(default_factory=list)
    """Problems that make the file unusable; when present there is no report."""
    catalog_problems: list[FileProblem] = field(default_factory=list)
    """Problems in card files (those cards were skipped; the check still ran)."""
    kind: str = "game"

    @property
    def exit_code(self) -> int:
        """0 without errors, 1 with rule errors, 2 when the file cannot be used."""
        if self.problems or self.report is None:
            return 2
        return 0 if self.report.valid else 1


def check_path(path: Path, user_cards_dir: Path | None = None) -> CheckResult:
    """Check a game-log file. ``user_cards_dir`` overrides the user's card folder."""
    from chronicle.systems.hunters_of_arcfall.catalog import catalog_violations, load_catalog
    from chronicle.systems.hunters_of_arcfall.files import load_game
    from chronicle.systems.hunters_of_arcfall.rules.check import check_game

    loaded = load_game(path)
    if loaded.problems or loaded.log is None:
        return CheckResult(path, problems=loaded.problems)
    catalog = load_catalog(user_cards_dir, loaded.cards)
    result = CheckResult(path, catalog_problems=list(catalog.problems))
    result.report, result.state = check_game(loaded.log, catalog, catalog_violations(catalog))
    return result
