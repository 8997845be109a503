"""``chronicle stats`` (every game's numbers, from its own ledgers and records) and ``chronicle
plays export`` (every recorded game, for BG Stats or as a BoardGameGeek play-log CSV)."""

from __future__ import annotations

import argparse
from typing import Any

from chronicle.cli.common import add_json, command, database, out_path
from chronicle.cli.output import emit, emit_json


def register(commands: Any) -> None:
    """Add ``stats`` and ``plays``."""
    stats = command(
        commands, "stats", _stats, "the group's story in numbers, for every game",
        "Per game and per player: plays, wins, win rate, last played, and each game's own "
        "numbers (experience over time, wins by army list, coins per scenario, busts by "
        "hunter...), computed from the recorded games.")
    stats.add_argument("--system", metavar="KEY", help="only this game")
    stats.add_argument("--player", metavar="NAME", help="only this player's games and numbers")
    stats.add_argument("--since", metavar="DATE", help="only games from this day on (2026-01-31)")
    add_json(stats)
    plays = commands.add_parser("plays", help="every recorded game, out to other tools",
                                description="Every recorded game of every installed game.")
    sub = plays.add_subparsers(dest="plays_command", metavar="export", required=True)
    export = command(
        sub, "export", _plays_export,
        "write every recorded game for BG Stats or as a BoardGameGeek CSV",
        "Write every recorded game: in BG Stats' import file (bgstats, JSON) or as a CSV of "
        "the fields a BoardGameGeek play log records (csv). See docs/stats.md for what each "
        "field is filled from.")
    export.add_argument("--format", required=True, choices=("bgstats", "csv"))
    export.add_argument("--out", type=out_path, metavar="FILE",
                        help="the file to write (default: print it)")
    export.add_argument("--force", action="store_true", help="overwrite an existing file")


def _stats(args: argparse.Namespace) -> int:
    from chronicle.services.stats import group_stats, parse_since, text_lines

    found = group_stats(database(args), system=args.system, player=args.player,
                        since=parse_since(args.since))
    if args.json:
        emit_json([one.to_dict() for one in found])
    else:
        for line in text_lines(found):
            emit(line)
    return 0


def _plays_export(args: argparse.Namespace) -> int:
    from chronicle.cli.common import print_or_write
    from chronicle.services.plays import as_bgstats, as_csv, every_play

    plays = every_play(database(args))
    text = as_bgstats(plays) if args.format == "bgstats" else as_csv(plays)
    return print_or_write(text, args.out, args.force)
