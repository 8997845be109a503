"""What a use case keeps only once its transaction commits: a value handed to
:func:`keep_at_commit` is given to its keeper after the session commits, and dropped when the
session rolls back (a cache of checks never remembers a state that was not written).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import event
from sqlmodel import Session

Keeper = Callable[[list[Any]], None]
"""Takes the values kept under one key by a session that committed, in the order given."""
_KEEPERS: dict[str, Keeper] = {}


def keep_at_commit(session: Session, key: str, value: Any, keeper: Keeper) -> None:
    """Give ``value`` to ``keeper`` (with the others kept under ``key``) once ``session``
    commits; forget it if the session rolls back."""
    if not _KEEPERS:
        event.listen(Session, "after_commit", _committed)
        event.listen(Session, "after_soft_rollback", _rolled_back)
    _KEEPERS.setdefault(key, keeper)
    session.info.setdefault(key, []).append(value)


def _committed(session: Session) -> None:
    for key, keeper in list(_KEEPERS.items()):
        found = session.info.pop(key, None)
        if found:
            keeper(found)


def _rolled_back(session: Session, _previous: object) -> None:
    for key in _KEEPERS:
        session.info.pop(key, None)
