"""Helpers shared by the database use cases of every game: finding players, characters and
games by name, and the policy that decides which rule violations refuse a change (each game's
own refusal lists and catalog live in its own folder, reached through
``chronicle.systems.registry``)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, TypeVar

from chronicle.domain.text import suggest
from chronicle.errors import NotFound, Refused
from chronicle.rules.report import Report, Severity, Violation, arg

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.grouptables import GameRow
    from chronicle.persistence.light import CharacterFacts, PlayerFacts
    from chronicle.persistence.models import CharacterRow, PlayerRow
    from chronicle.persistence.reads import Reader

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
    return _one_character(session, name, owner, archived,
                          repo.find_characters(session, name, owner.id if owner else None))


def character_facts(session: Reader, name: str, player: str | None = None, *,
                    archived: bool = False) -> CharacterFacts:
    """The character called ``name`` as :func:`character_row` finds it, read only: no table
    class is built (``chronicle character show``). A change is written through the row.

    Raises:
        NotFound: as :func:`character_row`.
    """
    from chronicle.persistence import reads

    owner = player_facts(session, player) if player else None
    return _one_character(session, name, owner, archived,
                          reads.characters_named(session, name, owner.id if owner else None))


Found = TypeVar("Found", "CharacterRow", "CharacterFacts")


def _one_character(session: Reader, name: str, owner: PlayerRow | PlayerFacts | None,
                   archived: bool,
                   every: list[Found]) -> Found:
    """The one of ``every`` character called ``name`` that is (or is not) ``archived``."""
    from chronicle.persistence import reads

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
    near = suggest(name, [c.name for c in reads.characters_of(
        session, owner.id if owner else None, archived=archived)])
    raise NotFound(f"no character is called {name!r}" + (f" for {owner.name}" if owner else "")
                   + (f"; did you mean {near!r}?" if near else ""))


def game_row(session: Session, name: str, *, archived: bool = False) -> GameRow:
    """The game called ``name`` (an archived one only when ``archived``).

    Raises:
        NotFound: naming the nearest game, or how to restore an archived one.
    """
    from chronicle.persistence import repository as repo

    row = repo.find_game(session, name)
    if row is not None and (row.archived_at is not None) == archived:
        return row
    if row is not None and not archived:
        raise NotFound(f"{row.name} is archived; bring it back with "
                       f"'chronicle game restore-archived {arg(row.name)}'")
    if row is not None:
        raise NotFound(f"{row.name} is not archived")
    near = suggest(name, [g.name for g in repo.list_games(session, archived=archived)])
    raise NotFound(f"no {'archived ' if archived else ''}game is called {name!r}"
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
