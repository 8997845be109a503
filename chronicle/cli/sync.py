"""``chronicle db checkout|sync|conflicts``: an offline copy of the group's database, merged
back entry by entry (``chronicle.services.sync``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from chronicle.cli.common import command, database, out_path
from chronicle.cli.output import counts_in_words, emit, emit_json

_DB_HELP = "the group's database (default: --db before the command, CHRONICLE_DB, else the " \
           "URL the copy came from)"


def _with_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", default=argparse.SUPPRESS, help=_DB_HELP)


def register(sub: Any) -> None:
    """Add ``checkout``, ``sync`` and ``conflicts`` to the ``db`` subcommands."""
    checkout = command(sub, "checkout", _checkout, "make an offline copy of the group's database",
                       "Copy the group's database into a new SQLite file to take to the "
                       "table; work on it with --db sqlite:///FILE, then `chronicle db sync "
                       "FILE`. Never overwrites a file.")
    _with_db(checkout)
    checkout.add_argument("--out", type=out_path, required=True, metavar="FILE")
    synced = command(sub, "sync", _sync, "merge an offline copy with the group's database",
                     "Send the copy's new entries to the group and bring the group's into the "
                     "copy, entry by entry; an entry the rules no longer allow is kept as a "
                     "conflict in the copy (chronicle db conflicts FILE). Exit status 1 when "
                     "the copy keeps conflicts.", json=True)
    synced.add_argument("file", type=Path)
    _with_db(synced)
    synced.add_argument("--dry-run", action="store_true",
                        help="say what would be sent, received and refused; change nothing")
    listed = command(sub, "conflicts", _conflicts, "list or resolve an offline copy's conflicts",
                     "List the entries a sync kept in the copy, or resolve one: --drop ID "
                     "forgets it, --apply ID sends the copy's value over the group's (a value "
                     "both changed) or restores what the group deleted meanwhile (never an "
                     "entry against the rules), --rewrite ID "
                     "FIELD=VALUE ... changes the entry's values and offers it again at the "
                     "next sync.", json=True)
    listed.add_argument("file", type=Path)
    how = listed.add_mutually_exclusive_group()
    how.add_argument("--drop", type=int, metavar="ID")
    how.add_argument("--apply", type=int, metavar="ID")
    how.add_argument("--rewrite", nargs="+", metavar="ID FIELD=VALUE")


def _checkout(args: argparse.Namespace) -> int:
    from chronicle.persistence.engine import safe_url
    from chronicle.services.sync import checkout

    group = database(args)
    try:
        counts = checkout(group, args.out)
        emit(f"Checked out {safe_url(group.url)} to {args.out}: {counts_in_words(counts)}. "
             f"Work on it with --db sqlite:///{args.out}; bring it back with "
             f"`chronicle db sync {args.out}`.")
    finally:
        group.close()
    return 0


def _sync(args: argparse.Namespace) -> int:
    from chronicle.services.sync import sync

    group = database(args) if getattr(args, "db", None) else None
    try:
        result = sync(args.file, group, dry_run=args.dry_run)
    finally:
        if group is not None:
            group.close()
    if args.json:
        emit_json({"sent": result.sent, "received": result.received,
                   "refused": [{"subject": c.subject, "code": c.code, "message": c.message,
                                "section": c.section} for c in result.conflicts],
                   "conflicts_kept": result.kept, "group_written": result.group_written,
                   "dry_run": result.dry_run})
    else:
        said = "Would send" if result.dry_run else "Sent"
        emit(f"{said}: {_counts(result.sent)}.")
        emit(f"{'Would receive' if result.dry_run else 'Received'}: "
             f"{_counts(result.received)}.")
        for c in result.conflicts:
            emit(f"{'Would refuse' if result.dry_run else 'Refused'}: {c.subject}: {c.message} "
                 f"({c.code}" + (f"; {c.section}" if c.section else "") + ")")
        if not result.dry_run:
            emit(f"{args.file} is in step with the group"
                 + (f"; it keeps {result.kept} conflict(s): `chronicle db conflicts "
                    f"{args.file}`" if result.kept else "") + ".")
    return 1 if result.kept or (result.dry_run and result.conflicts) else 0


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in sorted(counts.items())) \
        or "nothing"


def _conflicts(args: argparse.Namespace) -> int:
    from chronicle.errors import BadInput
    from chronicle.services.sync import list_conflicts, resolve

    if args.drop is not None:
        emit(resolve(args.file, args.drop, "drop"))
        return 0
    if args.apply is not None:
        emit(resolve(args.file, args.apply, "apply"))
        return 0
    if args.rewrite:
        number, *pairs = args.rewrite
        if not number.isdigit() or not pairs:
            raise BadInput("--rewrite takes the conflict's ID and then FIELD=VALUE pairs "
                           "(VALUE as JSON, else text)")
        values: dict[str, Any] = {}
        for pair in pairs:
            name, sep, text = pair.partition("=")
            if not sep or not name:
                raise BadInput(f"--rewrite: {pair!r:.80} is not FIELD=VALUE")
            try:
                values[name] = json.loads(text)
            except ValueError:
                values[name] = text
        emit(resolve(args.file, int(number), "rewrite", values))
        return 0
    found = list_conflicts(args.file)
    if args.json:
        emit_json([{"id": c.id, "subject": c.subject, "what": c.what, "code": c.code,
                    "message": c.message, "section": c.section, "state": c.state,
                    "entry": c.entry} for c in found])
        return 1 if found else 0
    if not found:
        emit(f"{args.file} keeps no conflicts.")
        return 0
    for c in found:
        emit(f"{c.id}. {c.subject}: {c.message} ({c.code}"
             + (f"; {c.section}" if c.section else "") + ")"
             + (" [rewritten: offered at the next sync]" if c.state == "retry" else ""))
    emit(f"Resolve each: chronicle db conflicts {args.file} --drop ID | --apply ID | "
         "--rewrite ID FIELD=VALUE")
    return 1
