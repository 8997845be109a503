"""``chronicle check FILE``: the rules report for a character or setup file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from chronicle.cli.output import emit, emit_json, fail, problems, report
from chronicle.rules.report import Front


def register(commands: Any) -> None:
    """Add the ``check`` command."""
    parser = commands.add_parser(
        "check", help="check a character file or a game setup file",
        description="Check a character file or a game setup file against the rules. Exit "
                    "status: 0 without errors, 1 with errors, 2 when the file cannot be used.")
    parser.add_argument("file", type=Path, help="a character or setup TOML file")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check the file and print the report."""
    from chronicle.services.check import check_file

    result = check_file(args.file)
    if result.problems:
        if args.json:
            emit_json({"valid": False, "file_problems": [p.to_dict() for p in result.problems]})
        fail(f"cannot use {args.file}:")
        problems(result.problems)
        return result.exit_code
    assert result.report is not None
    if result.catalog_problems:
        fail(f"{len(result.catalog_problems)} problem(s) in card definitions (a bad card is "
             "skipped):")
        problems(result.catalog_problems)
    if args.json:
        emit_json({**result.report.to_dict(), "kind": result.kind})
        return result.exit_code
    summary = result.report.summary
    verdict = "valid" if result.report.valid else f"{len(result.report.errors)} error(s)"
    if result.report.warnings:
        verdict += f", {len(result.report.warnings)} warning(s)"
    title = summary.get("name") or args.file.name
    emit(f"{title} ({result.kind}, {summary.get('system')}): {verdict}")
    emit()
    report(result.report, Front.FILE)
    emit()
    if result.kind == "character":
        _character(summary)
    else:
        _setup(summary)
    return result.exit_code


def _character(s: dict[str, Any]) -> None:
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


def _setup(s: dict[str, Any]) -> None:
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
