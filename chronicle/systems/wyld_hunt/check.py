"""Wyld Hunt's file check (``chronicle check`` on a character or setup file): read the file and
run the rules on it, with the catalog service's cached card sources. The game system names
:func:`check_path` as the checker of both its file kinds."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from chronicle.catalog.problems import FileProblem
from chronicle.rules.report import Report
from chronicle.systems.wyld_hunt.fileloader import load_file
from chronicle.systems.wyld_hunt.services.catalog import CatalogSources, read_sources


@dataclass
class CheckResult:
    """The outcome of checking one file."""

    path: Path
    kind: str
    report: Report | None = None
    problems: list[FileProblem] = field(default_factory=list)
    """Problems that make the file unusable; when present there is no report."""
    catalog_problems: list[FileProblem] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 without errors, 1 with rule errors, 2 when the file cannot be used."""
        if self.problems or self.report is None:
            return 2
        return 0 if self.report.valid else 1


def check_file(path: Path, sources: CatalogSources | None = None) -> CheckResult:
    """Check a character file or a game setup file (told apart by content)."""
    loaded = load_file(path)
    if loaded.problems:
        return CheckResult(path, loaded.kind, problems=loaded.problems)
    sources = sources or read_sources()
    catalog = sources.build(loaded.cards)
    result = CheckResult(path, loaded.kind, catalog_problems=list(catalog.problems))
    if loaded.character is not None:
        from chronicle.systems.wyld_hunt.rules.character import check_character

        result.report, _state = check_character(loaded.character, catalog)
    elif loaded.setup is not None:
        from chronicle.systems.wyld_hunt.rules.game import check_setup

        result.report, _setup_state = check_setup(loaded.setup, catalog)
    return result


def check_path(path: Path, user_cards_dir: Path | None = None) -> CheckResult:
    """The game-system protocol's checker (``chronicle.systems.protocol.FileKind.check``):
    :func:`check_file` with the user's card folder, or ``user_cards_dir`` in its place."""
    return check_file(path, read_sources(user_dir=user_cards_dir) if user_cards_dir else None)
