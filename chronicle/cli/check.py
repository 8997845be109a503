"""``chronicle check FILE``: the rules report for any game's file.

The file's ``system = "..."`` key picks the game system through the registry
(``chronicle.systems.registry``); a file without it is read as the default system's (Wyld Hunt
character and setup files predate the key). Only the named system is imported. The play
group's cards of that game in the database configured are part of the catalog
(``with_group_cards``; a SQLite file is read without the database stack).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from chronicle.catalog.problems import FileProblem
from chronicle.cli.common import command
from chronicle.cli.output import emit, emit_json, fail, problems, report
from chronicle.domain.limits import cut, printable
from chronicle.rules.report import Front

T = TypeVar("T")


def register(commands: Any) -> None:
    """Add the ``check`` command."""
    parser = command(
        commands, "check", run, "check a character, setup, roster, campaign or game-log file",
        "Check a game's file against its rules; the file's `system = ...` key names the game "
        "(`chronicle systems` lists them). Exit status: 0 without errors, 1 with errors, 2 "
        "when the file cannot be used.", service=False)
    parser.add_argument("file", type=Path, help="a TOML file of any installed game")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def _system_key(path: Path) -> str | None:
    """The file's ``system`` key, or None when it has none or cannot be read (the default
    system's checker then reports why, located)."""
    from chronicle.errors import BadInput
    from chronicle.reading import parse_toml, read_text

    try:
        value = parse_toml(read_text(path), path).get("system")
    except (BadInput, OSError, ValueError):
        return None
    return value if isinstance(value, str) else None


def with_group_cards(args: argparse.Namespace, game: str, work: Callable[[], T]) -> T:
    """``work`` with the play group's cards of ``game`` in every catalog it builds, read from
    the database configured (``--db``, ``CHRONICLE_DB`` or the default file; none is fine): a
    SQLite file with the standard library alone (``chronicle.services.groupcards``)."""
    from chronicle.catalog import group
    from chronicle.services.groupcards import use_group_cards

    warning = use_group_cards(getattr(args, "db", None), game)
    if warning:
        fail(f"warning: {printable(warning)}")
    try:
        return work()
    finally:
        group.forget()


def run(args: argparse.Namespace) -> int:
    """Check the file with its game system's checker and print the report."""
    from chronicle.systems import registry

    key = _system_key(args.file) or registry.home()
    if key not in registry.installed():
        from difflib import get_close_matches

        close = get_close_matches(key.casefold(), registry.installed(), n=1)
        unknown = FileProblem(str(args.file), f"system = {cut(key)} is not an installed game "
                              f"system (installed: {', '.join(registry.installed())})",
                              field="system", hint=f"did you mean {close[0]!r}?" if close else
                              "`chronicle systems` lists them")
        if args.json:
            emit_json({"valid": False, "file_problems": [unknown.to_dict()]})
        fail(f"cannot use {printable(str(args.file))}:")
        problems([unknown])
        return 2
    system = registry.system(key)
    result = with_group_cards(args, system.key, lambda: system.checker()(args.file, None))
    kind = getattr(result, "kind", None) or system.file_kinds[0].name
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
        to_dict = getattr(result, "to_dict", None)
        data = to_dict() if callable(to_dict) else {**result.report.to_dict(), "kind": kind}
        if result.catalog_problems and "card_problems" not in data:
            data["card_problems"] = [p.to_dict() for p in result.catalog_problems]
        emit_json(data)
        return result.exit_code
    summary = result.report.summary
    verdict = "valid" if result.report.valid else f"{len(result.report.errors)} error(s)"
    if result.report.warnings:
        verdict += f", {len(result.report.warnings)} warning(s)"
    title = summary.get("name") or args.file.name
    emit(f"{printable(str(title))} ({kind}, {summary.get('system') or system.key}): {verdict}")
    emit()
    report(result.report, Front.FILE)
    emit()
    lines = getattr(result, "summary_lines", None)  # a game's own words for its summary
    if callable(lines):
        for line in lines():
            emit(line)
    else:
        _summary(summary)
    return result.exit_code


def _shown(value: Any) -> str | None:
    """A summary value on one line, or None when it is nested (the JSON output has it)."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "-"}[value]
    if isinstance(value, int | float | str):
        return printable(str(value))
    if isinstance(value, list | tuple) and all(isinstance(v, int | str) for v in value):
        return ", ".join(printable(str(v)) for v in value) or "-"
    return None


def _plain(entry: dict[str, Any], skip: str | None = None) -> str:
    """The plain values of one nested entry, on one line."""
    parts = [f"{key.replace('_', ' ')} {shown}" for key, value in entry.items()
             if key != skip and (shown := _shown(value)) is not None]
    return "; ".join(parts) or "-"


def _summary(s: dict[str, Any]) -> None:
    """Any game's summary: plain values one per line, nested entries (players, guilds, units)
    one line each with their plain values; the JSON output has everything."""
    for key, value in s.items():
        if key in ("name", "system"):
            continue
        label = key.replace("_", " ")
        shown = _shown(value)
        if shown is not None:
            emit(f"{label}: {shown}")
        elif isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()):
            emit(f"{label}:")
            for name, entry in value.items():
                emit(f"  {printable(str(name))}: {_plain(entry)}")
        elif isinstance(value, dict):
            emit(f"{label}: {_plain(value)}")
        elif isinstance(value, list) and all(isinstance(v, dict) for v in value):
            emit(f"{label}:")
            for number, entry in enumerate(value, 1):
                named = next((k for k in ("name", "unit", "color") if k in entry), None)
                name = entry[named] if named else number
                emit(f"  {printable(str(name))}: {_plain(entry, skip=named)}")
        else:
            emit(f"{label}: (see --json)")
