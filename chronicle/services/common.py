"""Helpers shared by the database use cases: finding players and characters by name, the
catalog, and the policy that decides which rule violations refuse a change."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from chronicle.domain.text import suggest
from chronicle.errors import NotFound, Refused
from chronicle.rules.report import Report, Severity, Violation, arg
from chronicle.services.catalog import WyldHuntCatalog

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.catalog.loader import CardEntry
    from chronicle.persistence.models import CharacterRow, PlayerRow

EDIT_REFUSALS = frozenset({"card.unknown", "card.wrong_kind", "collection.not_owned",
                           "icon.multiple"})
"""Errors that refuse a change to a character being built. Others (over budget, no icon yet,
a court tie) describe a build in progress and are shown, not refused."""

UNFINISHED = frozenset({"icon.missing", "icon.multiple", "points.over_budget", "court.tie",
                        "collection.not_owned", "card.unknown", "card.wrong_kind"})
"""Errors that mean the character is not finished: its chronicle cannot start until fixed."""


def catalog(extra: Iterable[CardEntry] = ()) -> WyldHuntCatalog:
    """The catalog for a use case: bundled cards corrected by the group's cards (in the
    database), the user's own card files and ``extra`` (a file's own cards), in that order."""
    from chronicle.services.usercards import layered_catalog

    return layered_catalog(extra)


def player_row(session: Session, name: str) -> PlayerRow:
    """The player called ``name``.

    Raises:
        NotFound: naming the nearest player, or how to add one.
    """
    from chronicle.persistence import repository as repo

    row = repo.find_player(session, name)
    if row is not None:
        return row
    near = suggest(name, [p.name for p in repo.list_players(session)])
    raise NotFound(f"no player is called {name!r}" + (
        f"; did you mean {near!r}?" if near else f"; add one with 'chronicle player add {name}'"))


def character_row(session: Session, name: str, player: str | None = None, *,
                  archived: bool = False) -> CharacterRow:
    """The character called ``name`` (of ``player``, when given); an archived one only when
    ``archived``.

    Raises:
        NotFound: naming the nearest character, or how to restore an archived one; or when
            two players have a character of that name and no player was given.
    """
    from chronicle.persistence import repository as repo

    owner = player_row(session, player) if player else None
    every = repo.find_characters(session, name, owner.id if owner else None)
    found = [c for c in every if (c.archived_at is not None) == archived]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise NotFound(f"{len(found)} players have a character called {name!r}; say whose with "
                       "--player")
    if every and not archived:
        raise NotFound(f"{every[0].name} is archived; bring it back with "
                       f"'chronicle character restore-archived {arg(every[0].name)}'")
    if every:
        raise NotFound(f"{every[0].name} is not archived")
    near = suggest(name, [c.name for c in repo.list_characters(
        session, owner.id if owner else None, archived=archived)])
    raise NotFound(f"no character is called {name!r}" + (f" for {owner.name}" if owner else "")
                   + (f"; did you mean {near!r}?" if near else ""))


def _signature(violation: Violation) -> tuple[str, tuple[str, ...]]:
    return violation.code, violation.cards


def new_errors(before: Report, after: Report) -> list[Violation]:
    """Errors in ``after`` that ``before`` did not have (compared by code and cards)."""
    seen = Counter(_signature(v) for v in before.errors)
    fresh: list[Violation] = []
    for violation in after.errors:
        key = _signature(violation)
        if seen[key]:
            seen[key] -= 1
        else:
            fresh.append(violation)
    return fresh


def refuse_if(fresh: list[Violation], what: str, only: frozenset[str] | None = None) -> None:
    """Refuse ``what`` when ``fresh`` holds errors (of the ``only`` codes, when given).

    Raises:
        Refused: with a report of the offending violations; nothing is written.
    """
    blocking = [v for v in fresh if v.severity is Severity.ERROR
                and (only is None or v.code in only)]
    if blocking:
        raise Refused(f"{what} would break the rules: "
                      + "; ".join(v.message for v in blocking), Report(list(blocking)))
