"""``chronicle systems``: the installed game systems, from the registry."""

from __future__ import annotations

import argparse
from typing import Any

from chronicle.cli.output import emit, emit_json, fail


def register(commands: Any) -> None:
    """Add the ``systems`` command."""
    parser = commands.add_parser(
        "systems", help="list the installed game systems",
        description="List the installed game systems: the keys a file may name in "
                    "`system = ...`, their editions, file kinds, card kinds, odds commands, "
                    "command groups and what they keep in the database. "
                    "Exit status 1 when a registered system cannot be loaded (it is named).")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print every installed system."""
    from chronicle.systems import registry

    found = registry.systems()
    broken = registry.broken()
    for why in broken.values():
        fail(f"left out: {why}")
    if args.json:
        emit_json({"systems": [one.to_dict() for one in found],
                   "broken": [{"key": key, "problem": why} for key, why in broken.items()]})
        return 1 if broken else 0
    for number, one in enumerate(found):
        if number:
            emit()
        emit(f"{one.key}: {one.label}")
        editions = [e.key for e in one.editions if e.key != one.key]
        if editions:
            emit(f"  editions:   {', '.join(editions)}")
        emit(f"  files:      {', '.join(kind.name for kind in one.file_kinds)}"
             "  (chronicle check FILE)")
        emit(f"  card kinds: {', '.join(one.card_kinds)}")
        if one.odds:
            emit(f"  odds:       {', '.join(f'chronicle odds {c.name}' for c in one.odds)}")
        if one.commands:
            emit(f"  commands:   {', '.join(f'chronicle {g.name}' for g in one.commands)}")
        if one.records:
            emit(f"  keeps:      {', '.join(kind.label for kind in one.records)}"
                 "  (in the database)")
    return 1 if broken else 0
