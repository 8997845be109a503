"""Mending Wyld Hunt's characters and games: renaming, deleting or archiving what has a
chronicle, restoring it, and changing a game's seats before its result is recorded. The
generic mending (``chronicle.services.playermending``) gives the plan every delete makes
(``Removal``) and deletes players; what of Wyld Hunt's own tables keeps a player from being
deleted is said by ``chronicles.player_blockers`` (reached through ``GameSystem.chronicles``).

A chronicle is never erased by accident. Deleting a character whose chronicle has begun (it
has events, or sat at a game whose result is recorded) or a game whose result is recorded
archives it instead: it is hidden from the lists, its cards are no longer in use, and
``restore_character`` / ``restore_game`` bring it back. A delete that would break another
record (a prepared game seating the character) is refused and names that record. ``plan_*``
says beforehand what a delete would do and what the thing holds, for the fronts'
confirmation; ``delete_*`` re-plans inside its own transaction and refuses when the plan
changed meanwhile. Each change is one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chronicle.domain.limits import SEATS_MAX
from chronicle.domain.values import name_key
from chronicle.errors import AlreadyExists, BadInput, NotFound, Refused
from chronicle.rules.report import Report, arg
from chronicle.services.common import new_errors, player_row
from chronicle.services.db import Database
from chronicle.services.playermending import Action, Removal, clean_name, expect, plural
from chronicle.systems.wyld_hunt.services import chronicles
from chronicle.systems.wyld_hunt.services.common import character_row, game_row

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.grouptables import GameRow
    from chronicle.persistence.models import CharacterRow
    from chronicle.systems.wyld_hunt.services.characters import CharacterView
    from chronicle.systems.wyld_hunt.services.games import GameView

SEAT_REFUSALS = frozenset({"collection.not_owned", "collection.shared_copy"})
"""Errors that refuse a seat change: the new character would need cards its player lacks."""
RESTORE_REFUSALS = SEAT_REFUSALS
"""Errors that refuse bringing back an archived character: its cards are now used by others."""
CHARACTER_ARCHIVED = ("its chronicle has begun", ", its cards no longer in use",
                      "its chronicle has begun; it is hidden from the lists and its cards are "
                      "no longer counted as in use")
"""Why a character is archived, what it takes away, and both in the app's terms."""
GAME_ARCHIVED = ("its result is recorded", "",
                 "its result is recorded; it is hidden from the list and the characters' "
                 "chronicles keep it")
"""Why a game is archived, what it takes away, and both in the app's terms."""


# Characters ------------------------------------------------------------------------------------

def _games_seating(session: Session, *, player_id: int | None = None,
                   character_id: int | None = None, status: str | None = None,
                   ) -> list[GameRow]:
    """The games (archived ones too) with a seat of ``player_id`` or ``character_id``."""
    from chronicle.persistence.removals import games_seating

    return games_seating(session, player_id=player_id, character_id=character_id,
                         status=status)


def _character_plan(session: Session, row: CharacterRow) -> Removal:
    from chronicle.persistence import repository as repo

    assert row.id is not None
    merits, flaws = repo.creation_cards(session, row.id)
    events, _infos = repo.events(session, row.id)
    holds = [f"{plural(len(merits), 'Merit')} and {plural(len(flaws), 'Flaw')} at creation"]
    if events:
        kinds: dict[str, int] = {}
        for event in events:
            kind = type(event).__name__
            kinds[kind] = kinds.get(kind, 0) + 1
        words = {"GamePlayed": "game", "MeritBought": "purchase", "FlawBoughtOff": "buy-off",
                 "Correction": "correction", "Undo": "undo"}
        holds.append(f"a chronicle of {plural(len(events), 'event')}: " + ", ".join(
            plural(n, words.get(k, k)) for k, n in kinds.items()))
    played = _games_seating(session, character_id=row.id, status="played")
    if played:
        holds.append("a seat in " + ", ".join(g.name for g in played))
    prepared = _games_seating(session, character_id=row.id, status="prepared")
    if prepared:
        owner = _owner_name(session, row)
        games = ", ".join(g.name for g in prepared)
        return Removal("character", row.name, "refuse", holds,
                       [f"{row.name} has a seat in {games}, not yet played"],
                       f"seat another character first: chronicle game seat "
                       f"{arg(prepared[0].name)} {arg(owner)}, or delete that game",
                       app_fix="open that game (3, enter) and press c to seat another "
                               "character, or delete that game (3, then del)")
    if bool(events) or bool(played):
        why, hidden, app_why = CHARACTER_ARCHIVED
        return Removal("character", row.name, "archive", holds, why=why, hidden=hidden,
                       app_why=app_why)
    return Removal("character", row.name, "delete", holds)


def _owner_name(session: Session, row: CharacterRow) -> str:
    from chronicle.persistence.models import PlayerRow

    owner = session.get(PlayerRow, row.player_id)
    return owner.name if owner else "?"


def plan_character_delete(db: Database, name: str, player: str | None = None) -> Removal:
    """What deleting a character would do: delete, archive (its chronicle has begun) or
    refuse (a prepared game seats it)."""
    with db.transaction() as session:
        return _character_plan(session, character_row(session, name, player))


def delete_character(db: Database, name: str, player: str | None = None, *,
                     expected: Action | None = None,
                     expected_version: int | None = None) -> Removal:
    """Delete a character never played, or archive one whose chronicle has begun.

    Args:
        expected: the action the user confirmed; refused with a Conflict when it changed.

    Raises:
        Refused: a prepared game seats the character (named). Conflict: it changed meanwhile.
    """
    from chronicle.persistence.removals import erase_character_parts

    with db.transaction() as session:
        row = character_row(session, name, player)
        return _remove(session, row, expected_version,
                       lambda: expect(_character_plan(session, row), expected),
                       erase_character_parts)


def restore_character(db: Database, name: str, player: str | None = None,
                      ) -> CharacterView:
    """Bring an archived character back into play, checked by the rules: refused when its
    cards are now used by the player's other characters.

    Raises:
        NotFound: no archived character of that name. Refused: with the collection report.
    """
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        row = character_row(session, name, player, archived=True)
        row.archived_at = None
        session.add(row)
        session.flush()
        restored = chronicles.character_view(session, row)
        blocking = [v for v in restored.report.errors if v.code in RESTORE_REFUSALS]
        if blocking:
            raise Refused(f"Bringing back {row.name} would use cards its player no longer has "
                          "free: " + "; ".join(v.message for v in blocking), Report(blocking))
        repo.touch(row, "it was brought back from the archive")
        session.add(row)
        restored.version = row.version
        return restored


# Games -----------------------------------------------------------------------------------------

def rename_game(db: Database, name: str, new_name: str, *,
                expected_version: int | None = None) -> GameView:
    """Give a game another name; its seats and the chronicle events it recorded stay with it.

    Raises:
        BadInput: not a usable name. AlreadyExists: another game has it. Conflict: stale.
    """
    from chronicle.persistence import repository as repo

    clean = clean_name(new_name, "a game's name")
    with db.transaction() as session:
        row = game_row(session, name)
        if expected_version is not None and row.version != expected_version:
            raise repo.stale(session, row, expected_version)
        other = repo.find_game(session, clean)
        if other is not None and other.id != row.id:
            raise AlreadyExists(f"there is already a game called {other.name!r}"
                                + (" (archived)" if other.archived_at else ""))
        old = row.name
        row.name, row.name_key = clean, name_key(clean)
        repo.touch(row, f"it was renamed from {old}")
        session.add(row)
        session.flush()
        return chronicles.game_view(session, row)


def _game_plan(session: Session, row: GameRow) -> Removal:
    from chronicle.persistence import repository as repo

    assert row.id is not None
    seats = repo.game_players(session, row.id)
    chosen = sum(len(s.quests) + len(s.waylays) + len(s.treasures) + len(s.leagues)
                 for s in seats)
    holds = [f"{plural(len(seats), 'seat')} with {plural(chosen, 'card')} chosen"]
    if row.status == "played":
        holds.append("its recorded result, part of the seated characters' chronicles")
        why, hidden, app_why = GAME_ARCHIVED
        return Removal("game", row.name, "archive", holds, why=why, hidden=hidden,
                       app_why=app_why)
    return Removal("game", row.name, "delete", holds)


def plan_game_delete(db: Database, name: str) -> Removal:
    """What deleting a game would do: delete a prepared game, archive a played one."""

    with db.transaction() as session:
        return _game_plan(session, game_row(session, name))


def delete_game(db: Database, name: str, *, expected: Action | None = None,
                expected_version: int | None = None) -> Removal:
    """Delete a prepared game, or archive one whose result is recorded (the characters'
    chronicles keep the games they played).

    Raises:
        Conflict: the game changed meanwhile (its result was recorded, say).
    """
    from chronicle.persistence.removals import erase_game_parts

    with db.transaction() as session:
        row = game_row(session, name)
        return _remove(session, row, expected_version,
                       lambda: expect(_game_plan(session, row), expected), erase_game_parts)


def _remove(session: Session, row: Any, expected_version: int | None,
            plan: Callable[[], Removal], erase: Callable[[Session, int], None]) -> Removal:
    """Carry out the plan for ``row`` (a character's or a game's), made on the version the
    user saw: archive it (hidden, restorable) or erase it and its parts (``erase``)."""
    from chronicle.persistence import repository as repo

    if expected_version is not None and row.version != expected_version:
        raise repo.stale(session, row, expected_version)
    done = plan()
    if done.action == "archive":
        row.archived_at = repo.now()
        repo.touch(row, "it was archived")
        session.add(row)
        return done
    assert row.id is not None
    erase(session, row.id)
    session.delete(row)
    return done


def restore_game(db: Database, name: str) -> GameView:
    """Bring an archived game back into the lists.

    Raises:
        NotFound: no archived game of that name.
    """
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        row = game_row(session, name, archived=True)
        row.archived_at = None
        repo.touch(row, "it was brought back from the archive")
        session.add(row)
        session.flush()
        return chronicles.game_view(session, row)


# Seats -----------------------------------------------------------------------------------------

def _open_game(session: Session, name: str, expected_version: int | None) -> GameRow:
    from chronicle.persistence import repository as repo

    row = game_row(session, name)
    if row.status == "played":
        raise Refused(f"{row.name}'s result is recorded; its seats no longer change")
    if expected_version is not None and row.version != expected_version:
        raise repo.stale(session, row, expected_version)
    return row


def seat(db: Database, game: str, player: str, character: str | None = None, *,
         expected_version: int | None = None) -> GameView:
    """Seat ``player`` at ``game`` with ``character`` (None: no character), or change the
    character of their seat; only until the game's result is recorded. Checked by the rules:
    refused when the character would need cards its player lacks.

    Raises:
        Refused: the result is recorded, or the rules refuse. NotFound: unknown names.
        BadInput: the table is full.
    """
    from chronicle.persistence import repository as repo
    from chronicle.persistence.grouptables import GamePlayerRow

    with db.transaction() as session:
        row = _open_game(session, game, expected_version)
        assert row.id is not None
        owner = player_row(session, player)
        chosen = character_row(session, character, owner.name) if character else None
        rules = chronicles
        cat = rules.catalog()
        before = rules.game_view(session, row, cat)
        seats = repo.game_players(session, row.id)
        mine = next((s for s in seats if s.player_id == owner.id), None)
        if mine is None:
            if len(seats) >= SEATS_MAX:
                raise BadInput(f"{row.name} already seats {len(seats)} players, the most a "
                               "game can")
            assert owner.id is not None
            mine = GamePlayerRow(game_id=row.id, player_id=owner.id, position=len(seats),
                                 quests=[], waylays=[], treasures=[], leagues=[])
            what = f"{owner.name} was seated"
        else:
            what = f"{owner.name}'s character was changed"
        mine.character_id = chosen.id if chosen else None
        session.add(mine)
        session.flush()
        after = rules.game_view(session, row, cat)
        fresh = [v for v in new_errors(before.report, after.report) if v.code in SEAT_REFUSALS]
        if fresh:
            raise Refused(f"Seating {chosen.name if chosen else owner.name} at {row.name} would "
                          "break the rules: " + "; ".join(v.message for v in fresh),
                          Report(fresh))
        repo.touch(row, what)
        session.add(row)
        after.version = row.version
        return after


def unseat(db: Database, game: str, player: str, *,
           expected_version: int | None = None) -> GameView:
    """Take ``player``'s seat away from ``game`` (their choices with it; players who targeted
    them target nobody), only until the result is recorded.

    Raises:
        Refused: the result is recorded, or it is the last seat (delete the game instead).
        NotFound: the player has no seat there.
    """
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        row = _open_game(session, game, expected_version)
        assert row.id is not None
        owner = player_row(session, player)
        seats = repo.game_players(session, row.id)
        mine = next((s for s in seats if s.player_id == owner.id), None)
        if mine is None:
            raise NotFound(f"{owner.name} has no seat in {row.name}")
        if len(seats) == 1:
            raise Refused(f"{owner.name} has the only seat in {row.name}; delete the game "
                          f"instead: chronicle game delete {arg(row.name)}")
        session.delete(mine)
        for position, other in enumerate(s for s in seats if s is not mine):
            other.position = position
            if other.target_player_id == owner.id:
                other.target_player_id = None
            session.add(other)
        session.flush()
        repo.touch(row, f"{owner.name}'s seat was taken away")
        session.add(row)
        session.flush()
        return chronicles.game_view(session, row)
