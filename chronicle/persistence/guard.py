"""The last check before anything is written: every new or changed row is held to the limits
of ``chronicle.domain.limits``, the same on SQLite and PostgreSQL.

Whatever way a value came in (the command line, the app, an import, a restore), it is refused
here when an export of the database could not be imported again: a name with a control
character or over 200 characters, a note over 4,000, experience beyond ±1000, a count over
1000, a number over 2^31, a NUL character (PostgreSQL cannot store one), a time outside the
years 1900 to 9998. The message names the row and the field; nothing of the transaction is
written. ``Database.transaction`` installs :func:`check_flush` on every session.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import inspect
from sqlalchemy.orm import Session

from chronicle.domain import limits
from chronicle.errors import BadInput

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlmodel import Session as SQLModelSession

_NAMES = {
    "player": ("name",), "ownership": ("card_name",), "character": ("name", "icon"),
    "creation_card": ("card_name",), "game": ("name",), "group_card": ("name",),
    "record": ("name",),
}
"""Columns holding a name, per table."""
_TEXTS = {"character": ("background",)}
_LISTS = ("quests", "waylays", "treasures", "leagues", "pool", "completed")
_SEATS = "game_player"


def _shown(name: str) -> str:
    shown = limits.printable(name)
    return shown if len(shown) <= limits.ECHO_MAX else shown[:limits.ECHO_MAX - 3] + "..."


def _label(session: Session, table: str, row: Any) -> str:
    name = getattr(row, "name", None) or getattr(row, "card_name", None)
    if isinstance(name, str) and name:
        return f"{table} {_shown(name)}"
    if table == "ledger_event":
        owner = f"character number {getattr(row, 'character_id', '?')}"
        for other in list(session.identity_map.values()):
            found: Any = other
            if getattr(found, "__tablename__", None) == "character" \
                    and found.id == getattr(row, "character_id", None):
                owner = _shown(str(found.name))
        return f"{owner}'s event {getattr(row, 'seq', '?')} ({getattr(row, 'kind', '?')})"
    if table == "record_event":
        return (f"record number {getattr(row, 'record_id', '?')}'s event "
                f"{getattr(row, 'seq', '?')} ({_shown(str(getattr(row, 'kind', '?')))})")
    return f"a {table} row"


def _changed(row: Any, new: bool) -> list[str]:
    state = inspect(row)
    return [attr.key for attr in state.attrs
            if new or attr.history.has_changes()]


def _payload_problems(session: Session | None, row: Any, payload: Any,
                      ) -> list[tuple[str, str]]:
    """Why an event's stored payload is refused, by the ledger codec of its character's game
    system (the home system's when the character is not found: the foreign key refuses that
    row anyway): its ``payload_problems(kind, payload)``; a codec without one checks nothing
    more than the limits every JSON value is held to."""
    from chronicle.persistence.repository import ledger_codec
    from chronicle.systems.registry import home

    system = _system_of(session, getattr(row, "character_id", None)) or home()
    check = getattr(ledger_codec(system), "payload_problems", None)
    if check is None:
        problem = limits.json_problem(payload, "payload", max_bytes=limits.PAYLOAD_BYTES_MAX)
        return [("payload", problem)] if problem else []
    found: list[tuple[str, str]] = check(row.kind, payload)
    return found


def _system_of(session: Session | None, character_id: Any) -> str | None:
    """The game system of the character ``character_id`` (from the session's identity map
    when it is loaded, else read without flushing)."""
    if session is None or character_id is None:
        return None
    from chronicle.persistence.models import CharacterRow

    with session.no_autoflush:
        row = session.get(CharacterRow, character_id)
    return None if row is None else row.system


def row_problems(table: str, row: Any, columns: list[str], session: Session | None = None,
                 ) -> list[str]:
    """Why the ``columns`` of ``row`` of ``table`` cannot be stored: ``field: message``;
    ``session`` finds an event's game system (its codec checks the payload)."""
    found: list[str] = []
    for column in columns:
        value = getattr(row, column, None)
        if value is None:
            continue
        problem: str | None = None
        if column in _NAMES.get(table, ()):
            problem = limits.name_problem(value, column.replace("_", " "))
        elif column in _TEXTS.get(table, ()):
            problem = limits.text_problem(value, column)
        elif column == "count" and table == "ownership":
            problem = limits.count_problem(value, "count")
        elif column == "payload" and table == "ledger_event":
            found.extend(message if message.startswith(("the ", "experience")) else
                         f"payload.{where}: {message}"
                         for where, message in _payload_problems(session, row, value))
            continue
        elif (table, column) in (("record", "data"), ("record_event", "payload")):
            problem = limits.json_problem(
                value, column, max_bytes=limits.RECORD_BYTES_MAX if column == "data"
                else limits.PAYLOAD_BYTES_MAX)
            if problem:
                found.append(problem)
            continue
        elif column in _LISTS and table == _SEATS:
            problem = limits.names_problem(value, column)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            problem = limits.int_problem(value, column, low=-limits.INT_MAX)
        elif isinstance(value, str):
            problem = limits.stored_text_problem(value, column)
            if problem is None and len(value) > limits.TEXT_MAX:
                problem = f"{column} has {len(value):,} characters; at most " \
                          f"{limits.TEXT_MAX} are allowed"
        elif isinstance(value, datetime):
            problem = limits.stamp_problem(value, column.replace("_", " "))
        if problem:
            found.append(f"{column}: {problem}")
    return found


def check_flush(session: Session, _context: Any, _instances: Any) -> None:
    """``before_flush``: refuse the flush when a new or changed row breaks the limits.

    Raises:
        BadInput: naming the table, the row and each field at fault.
    """
    problems: list[str] = []
    for row, new in [*((r, True) for r in session.new), *((r, False) for r in session.dirty)]:
        table = getattr(row, "__tablename__", None)
        if not isinstance(table, str):
            continue
        for problem in row_problems(table, row, _changed(row, new), session):
            problems.append(f"{_label(session, table, row)}: {problem}")
    if problems:
        shown = problems[:5]
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise BadInput("refused, nothing was written: " + "; ".join(shown) + more)


def install(session: Session) -> None:
    """Check every flush of ``session`` (once per session)."""
    from sqlalchemy import event

    if not event.contains(session, "before_flush", check_flush):
        event.listen(session, "before_flush", check_flush)


def open_session(engine: Engine) -> SQLModelSession:
    """A new session on ``engine`` whose rows stay readable after it commits (the services
    return what they wrote)."""
    from sqlmodel import Session as SQLModelSession

    return SQLModelSession(engine, expire_on_commit=False)
