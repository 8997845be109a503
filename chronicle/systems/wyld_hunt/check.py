"""Wyld Hunt's file check (``chronicle check`` on a character or setup file): read the file and
run the rules on it, with the catalog service's cached card sources, and what the command
prints under the report (``summary_lines``). The game system names :func:`check_path` as the
checker of both its file kinds."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

    def summary_lines(self) -> list[str]:
        """What ``chronicle check`` prints under the report (the character's icon, court,
        points and cards; the setup's players), the JSON output having everything."""
        summary = self.report.summary if self.report is not None else {}
        return character_lines(summary) if self.kind == "character" else setup_lines(summary)


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


def character_lines(s: dict[str, Any]) -> list[str]:
    """What ``chronicle check`` prints of a character file under its report."""
    lines: list[str] = []
    emit = lines.append
    court = s["court"] or "undecided"
    emit(f"Icon: {s['icon'] or '-'}   Court: {court} ({s['seelie']} Seelie, "
         f"{s['unseelie']} Unseelie)")
    extra = f" + {s['points_extra']} from card effects" if s["points_extra"] else ""
    if s["points_complete"]:
        emit(f"Creation points: {s['points_spent']} spent of {s['points_start']} starting + "
             f"{s['points_flaws']} from Flaws{extra}; {s['points_unspent']} unspent")
    else:
        emit(f"Creation points: {s['points_spent']} known spent of {s['points_start']} "
             f"starting + {s['points_flaws']} known from Flaws{extra}; the rest cannot be "
             "counted until the unknown values are filled in")
    emit(f"Experience: {s['xp_earned']} earned, {s['xp_spent']} spent, {s['xp_unspent']} "
         f"unspent   Waylay bonus: +{s['waylay_bonus']} per quest")
    emit(f"Merits: {', '.join(s['merits']) or '-'}")
    emit(f"Flaws: {', '.join(s['flaws']) or '-'}")
    if s["quests_completed"]:
        emit(f"Quests completed: {', '.join(s['quests_completed'])}")
    return lines


def setup_lines(s: dict[str, Any]) -> list[str]:
    """What ``chronicle check`` prints of a game setup file under its report."""
    lines: list[str] = []
    emit = lines.append
    emit("Solo game" if s["solo"] else f"{len(s['players'])}-player game")
    for rule in s.get("house_rules", []):
        emit(f"Played under: {rule}")
    for p in s["players"]:
        emit(f"  {p['name']}: quests {', '.join(p['quests']) or '-'}; Waylay rating "
             f"{p['waylay_rating']} (bonus +{p['waylay_bonus']}/quest); waylays "
             f"{p['waylays_total']} against {p['target'] or '-'}; treasures "
             f"{p['treasures_total']}/{p['treasure_rating']}; {p['leagues']} leagues")
        order = p.get("quest_order")
        if order and len(order) > 1:
            emit(f"    complete in this order: {', '.join(order)}")
    return lines
