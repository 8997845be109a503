"""Helpers shared by the database use cases of every game: finding an installed game and players
by name, and the policy that decides which rule violations refuse a change (each game's own
refusal lists, catalog and the finding of its own rows live in its own folder, reached through
``chronicle.systems.registry``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from chronicle.domain.text import suggest
from chronicle.errors import ChronicleError, NotFound, Refused
from chronicle.rules.report import Report, Severity, Violation

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.light import PlayerFacts
    from chronicle.persistence.models import PlayerRow
    from chronicle.persistence.reads import Reader
    from chronicle.systems.protocol import GameSystem

def installed_game(key: str) -> GameSystem:
    """The installed game ``key`` names (an edition key names its game).

    Raises:
        NotFound: no installed game is called ``key``.
        ChronicleError: the game is installed but cannot be loaded (it is named).
    """
    from chronicle.systems import registry

    try:
        return registry.system(key)
    except registry.UnknownSystem as exc:
        raise NotFound(str(exc)) from None
    except registry.BadSystem as exc:
        raise ChronicleError(str(exc)) from None


def player_row(session: Session, name: str) -> PlayerRow:
    """The player called ``name``.

    Raises:
        NotFound: naming the nearest player, or how to add one.
    """
    from chronicle.persistence import repository as repo

    row = repo.find_player(session, name)
    if row is not None:
        return row
    raise _no_player(name, [p.name for p in repo.list_players(session)])


def player_facts(session: Reader, name: str) -> PlayerFacts:
    """The player called ``name`` as :func:`player_row` finds it, read only (no table class
    built: a session, or a connection that only reads).

    Raises:
        NotFound: as :func:`player_row`.
    """
    from chronicle.persistence import reads

    found = reads.player_named(session, name)
    if found is not None:
        return found
    raise _no_player(name, reads.player_names(session))


def _no_player(name: str, names: list[str]) -> NotFound:
    near = suggest(name, names)
    return NotFound(f"no player is called {name!r}" + (
        f"; did you mean {near!r}?" if near else f"; add one with 'chronicle player add {name}'"))


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


class Archivable(Protocol):
    """A stored row that may be archived (a character, a record)."""

    @property
    def archived_at(self) -> Any: ...


A = TypeVar("A", bound=Archivable)


def one_named(every: Sequence[A], archived: bool, label: str, name: str) -> A | None:
    """The one of ``every`` (the rows called ``name``) that is (or is not) ``archived``; None
    when none is.

    Raises:
        NotFound: several players have a ``label`` of that name (the CLI's ``--player`` says
            whose).
    """
    found = [row for row in every if (row.archived_at is not None) == archived]
    if len(found) > 1:
        raise NotFound(f"{len(found)} players have a {label} called {name!r}; say whose with "
                       "--player")
    return found[0] if found else None
