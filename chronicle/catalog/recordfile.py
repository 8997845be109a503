"""A game's file that is one of its kept records written down (a bag, a campaign, a game log):
checked by the same rules as the record in the database. The game says how the file's
tables become the record's data and events, and names its record check; the shared loader
reads the file and its own ``[[card]]`` tables (problems located by line and field), and the
outcome is every game's (``CheckOutcome``: exit 0, 1 or 2)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.catalog.loader import read_toml, validate_card_tables
from chronicle.catalog.outcome import CheckOutcome
from chronicle.catalog.problems import FileProblem
from chronicle.domain.values import Origin

if TYPE_CHECKING:
    from chronicle.catalog.loader import CardSchema
    from chronicle.rules.report import Report
    from chronicle.systems.protocol import RecordContext

Record = tuple[dict[str, Any], list[dict[str, Any]]]
"""A record's data and its events (``{"kind", "payload"}``, oldest first)."""
RecordCheck = Callable[[dict[str, Any], list[dict[str, Any]], "RecordContext"], "Report"]
"""A record kind's check (``RecordKind.check``)."""


def check_record_file(path: Path, user_cards_dir: Path | None, *, system: str, kind: str,
                      schema: CardSchema, record: Callable[[dict[str, Any]], Record | str],
                      check: str | RecordCheck) -> CheckOutcome:
    """Check the file at ``path`` as a record of the game ``system``: ``record(document)``
    gives the data and events its tables hold (or says, in a sentence, what keeps them from
    being one: the file is unusable), ``check`` is the record kind's (or its lazy name),
    given the user's card folder and the file's own cards as the group's. A game's file check
    is this with its own words bound (``functools.partial``)."""
    from chronicle.systems.protocol import RecordContext, load_name

    problems: list[FileProblem] = []
    read = read_toml(path, problems)
    if read is None:
        return CheckOutcome(path, problems=problems, kind=kind)
    document, lines = read
    tables = document.get("card", [])
    problems = validate_card_tables(tables, schema, path=str(path), lines=lines,
                                    origin=Origin.FILE)[1]
    made = record(document) if not problems else ""
    if isinstance(made, str):
        return CheckOutcome(path, problems=problems or [FileProblem(str(path), made)],
                            kind=kind)
    rules: RecordCheck = load_name(check) if isinstance(check, str) else check
    report = rules(*made, RecordContext(user_cards_dir, tuple(tables)))
    report.summary.update(system=system, name=document.get("name"))
    return CheckOutcome(path, report, kind=kind)
