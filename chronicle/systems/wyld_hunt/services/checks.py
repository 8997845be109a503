"""The rules checks of stored Wyld Hunt characters this process has made, kept by database,
character, version and catalog: a character shown again, or read again as a sister character
of another's view, is not checked again while it is unchanged. A check made in a session is
kept once the session commits; one read through a connection that only reads, at once.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any, cast

from chronicle.services.remembered import forget_with

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.light import CharacterFacts
    from chronicle.persistence.models import CharacterRow
    from chronicle.persistence.reads import EventInfo, Reader
    from chronicle.rules.report import Report
    from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
    from chronicle.systems.wyld_hunt.rules.character import CharacterState
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog

    Stored = CharacterRow | CharacterFacts
    """A character as written (its row) or as read only (its facts: ``show``, ``list``)."""
    Checked = tuple[Report, CharacterState]
    """A character's rules report and the state the rules derived."""

_CACHE_SIZE = 64
_CHECKED: OrderedDict[tuple[str, int, int, int],
                      tuple[WyldHuntCatalog, CharacterBuild, list[EventInfo], Report,
                            CharacterState]] = OrderedDict()
"""Stored characters already checked in this process, by database, id, version and catalog.
Every write bumps the version, so an entry can only be stale if a database is replaced by
another at the same URL; ``forget_checked`` clears it then."""


def forget_checked() -> None:
    """Drop every remembered check (after a database is restored or replaced)."""
    _CHECKED.clear()


forget_with(forget_checked)


def kept(session: Reader, row: Stored, cat: WyldHuntCatalog,
         ) -> tuple[CharacterBuild, list[EventInfo], Checked] | None:
    """The check of ``row`` kept at its current version, if any."""
    key = _cache_key(session, row, cat)
    hit = _CHECKED.get(key)
    if hit is None:
        return None
    _CHECKED.move_to_end(key)
    return hit[1], hit[2], (hit[3], hit[4])


def _cache_key(session: Reader, row: Stored, cat: WyldHuntCatalog,
               ) -> tuple[str, int, int, int]:
    from chronicle.persistence.reads import engine_of

    assert row.id is not None
    return (str(engine_of(session).url), row.id, row.version, id(cat))


def remember(session: Reader, row: Stored, cat: WyldHuntCatalog, build: CharacterBuild,
             infos: list[EventInfo], checked: Checked) -> None:
    """Keep a check of ``row`` at its current version, once the transaction commits (at once
    when read through a connection that only reads: what it read is committed)."""
    from chronicle.persistence.reads import is_session

    found = (_cache_key(session, row, cat), (cat, build, infos, *checked))
    if not is_session(session):
        _keep([found])
        return
    from chronicle.persistence.commits import keep_at_commit

    keep_at_commit(cast("Session", session), "chronicle_checked", found, _keep)


def _keep(found: list[Any]) -> None:
    for key, value in found:
        _CHECKED[key] = value
        while len(_CHECKED) > _CACHE_SIZE:
            _CHECKED.popitem(last=False)
