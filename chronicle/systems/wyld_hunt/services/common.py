"""What Wyld Hunt's use cases share: the catalog they check against, the rule violations that
refuse a change, and finding its characters and games by name (the generic helpers, finding
players by name, are ``chronicle.services.common``'s)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from chronicle.domain.text import suggest
from chronicle.errors import NotFound
from chronicle.rules.report import arg
from chronicle.services.common import one_named, player_facts, player_row

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.catalog.loader import CardEntry
    from chronicle.persistence.grouptables import GameRow
    from chronicle.persistence.light import CharacterFacts, PlayerFacts
    from chronicle.persistence.models import CharacterRow, PlayerRow
    from chronicle.persistence.reads import Reader
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog

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
    from chronicle.systems.wyld_hunt.services.usercards import layered_catalog

    return layered_catalog(extra)


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

    found = one_named(every, archived, "character", name)
    if found is not None:
        return found
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
