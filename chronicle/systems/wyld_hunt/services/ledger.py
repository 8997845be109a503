"""The chronicle: recording games, spending experience, corrections and undo.

Every change appends an event to the character's ledger and nothing is ever rewritten. An event
is appended only when the character is finished (no creation errors) and the event breaks no
rule the chronicle did not already break; the whole check and the append happen in one
transaction. Undo appends a compensating event that reverses the latest event still in force.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from chronicle.errors import Refused
from chronicle.rules.report import Report, Severity, Violation
from chronicle.services.common import new_errors
from chronicle.services.dates import iso_date
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.chronicle import (
    Correction,
    Event,
    FlawBoughtOff,
    GamePlayed,
    MeritBought,
    Undo,
)
from chronicle.systems.wyld_hunt.codec import describe_event
from chronicle.systems.wyld_hunt.rules.character import check_character
from chronicle.systems.wyld_hunt.services.characters import (
    CharacterView,
    evaluate,
    own_names,
    stored,
    view,
)
from chronicle.systems.wyld_hunt.services.checks import remember
from chronicle.systems.wyld_hunt.services.common import (
    UNFINISHED,
    catalog,
    character_facts,
    character_row,
)

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.models import CharacterRow


def append(session: Session, row: CharacterRow, event: Event, *, game_id: int | None = None,
           expected_version: int | None = None) -> CharacterView:
    """Check ``event`` against the character's rules and append it (inside the caller's
    transaction).

    Raises:
        Refused: the character is unfinished, or the event breaks a rule.
        Conflict: ``expected_version`` is given and the character changed meanwhile.
    """
    from chronicle.persistence import repository as repo

    if expected_version is not None and row.version != expected_version:
        raise repo.stale(session, row, expected_version)
    assert row.id is not None
    iso_date(getattr(event, "date", None))
    cat = catalog()
    event = _own_event(event, cat)
    build, infos, checked = stored(session, row, cat)
    before, _state = evaluate(session, row, build, cat, checked)
    unfinished = [v for v in before.errors if v.code in UNFINISHED]
    if unfinished:
        raise Refused(f"{row.name} is not finished, so the chronicle cannot start: "
                      + "; ".join(v.message for v in unfinished), Report(unfinished))
    after_build = replace(build, events=(*build.events, event))
    after_checked = check_character(after_build, cat)
    after, _after_state = evaluate(session, row, after_build, cat, after_checked)
    _refuse_new(new_errors(before, after), row.name, event, len(build.events) + 1)
    seq = repo.append_event(session, row.id, event, game_id)
    repo.touch(row)
    session.add(row)
    after_infos = [*infos, repo.EventInfo(seq, repo.now(), game_id)]
    remember(session, row, cat, after_build, after_infos, after_checked)
    return view(session, row, cat, after_build, after_infos, after_checked)


def _own_event(event: Event, cat: Any) -> Event:
    """``event`` naming its cards by their own names: a card named by one of its other names
    (``aliases``) or in other letter case is recorded as the card."""
    if isinstance(event, MeritBought):
        return replace(event, merit=own_names(cat, (event.merit,), "merit")[0])
    if isinstance(event, FlawBoughtOff):
        return replace(event, flaw=own_names(cat, (event.flaw,), "flaw")[0])
    if isinstance(event, GamePlayed):
        return replace(event, quests=own_names(cat, event.quests, "quest"),
                       completed=own_names(cat, event.completed, "quest"))
    if isinstance(event, Correction):
        return replace(event, add_merits=own_names(cat, event.add_merits, "merit"),
                       remove_merits=own_names(cat, event.remove_merits, "merit"),
                       add_flaws=own_names(cat, event.add_flaws, "flaw"),
                       remove_flaws=own_names(cat, event.remove_flaws, "flaw"))
    return event


def _attempt(event: Event) -> str:
    """What appending ``event`` tries to do, in plain words."""
    if isinstance(event, MeritBought):
        return f"buy {event.merit}"
    if isinstance(event, FlawBoughtOff):
        return f"buy off {event.flaw}"
    if isinstance(event, GamePlayed):
        return "record this game"
    if isinstance(event, Correction):
        return "take this correction"
    return f"undo event {event.event}" if isinstance(event, Undo) else "append this event"


def _refuse_new(fresh: list[Violation], name: str, event: Event, number: int) -> None:
    """Refuse an event that would add errors, in words about the event being tried (it has
    no number yet: the messages' "Event N" becomes "this event").

    Raises:
        Refused: naming the character and what it tried.
    """
    blocking = [v for v in fresh if v.severity is Severity.ERROR]
    if not blocking:
        return
    def plain(message: str) -> str:
        message = re.sub(rf"^Event {number}: ", "", message)
        message = re.sub(rf"^Event {number}\b", "It", message)
        return re.sub(rf"\b[Ee]vent {number}\b", "this event", message)
    raise Refused(f"{name} cannot {_attempt(event)}: "
                  + "; ".join(plain(v.message) for v in blocking), Report(blocking))


def _append(db: Database, name: str, player: str | None, event: Event,
            expected_version: int | None = None) -> CharacterView:
    # db.run: when another writer appends first, check again on the fresh chronicle
    return db.run(lambda session: append(session, character_row(session, name, player), event,
                                         expected_version=expected_version))


def record_game(db: Database, name: str, quests: list[str], completed: list[str], *,
                player: str | None = None, date: str | None = None,
                opponent: str | None = None, note: str | None = None) -> CharacterView:
    """Record a game played: the quests undertaken and, in order, those completed."""
    return _append(db, name, player, GamePlayed(quests=tuple(quests),
                                                completed=tuple(completed), date=date,
                                                opponent=opponent, note=note))


def buy(db: Database, name: str, merit: str, *, player: str | None = None,
        date: str | None = None, note: str | None = None) -> CharacterView:
    """Spend experience on a Merit (its cost)."""
    return _append(db, name, player, MeritBought(merit=merit, date=date, note=note))


def buy_off(db: Database, name: str, flaw: str, *, player: str | None = None,
            date: str | None = None, note: str | None = None) -> CharacterView:
    """Spend experience to buy off a Flaw the character has (its bonus)."""
    return _append(db, name, player, FlawBoughtOff(flaw=flaw, date=date, note=note))


def correct(db: Database, name: str, note: str, *, player: str | None = None,
            add_merits: tuple[str, ...] = (), remove_merits: tuple[str, ...] = (),
            add_flaws: tuple[str, ...] = (), remove_flaws: tuple[str, ...] = (),
            xp: int = 0, date: str | None = None) -> CharacterView:
    """Fix the record without spending experience; the note says why."""
    from chronicle.errors import BadInput

    if not note.strip():
        raise BadInput("a correction says why (a note)")
    if not (add_merits or remove_merits or add_flaws or remove_flaws or xp):
        # A character file cannot hold such an event, so the export could not be imported.
        raise BadInput("this correction changes nothing: add or remove a Merit or a Flaw, or "
                       "adjust the experience")
    return _append(db, name, player, Correction(
        note=note, add_merits=add_merits, remove_merits=remove_merits, add_flaws=add_flaws,
        remove_flaws=remove_flaws, xp=xp, date=date))


def undo(db: Database, name: str, *, player: str | None = None,
         note: str | None = None) -> tuple[CharacterView, str]:
    """Reverse the latest event still in force with a compensating event.

    Returns the character after the undo, and a description of what was undone.

    Raises:
        Refused: nothing to undo, or undoing would break a rule (say, experience already spent
            that the undone game had earned).
    """
    from chronicle.persistence import repository as repo

    def work(session: Session) -> tuple[CharacterView, str]:
        row = character_row(session, name, player)
        assert row.id is not None
        events, _infos = repo.events(session, row.id)
        undone = {e.event for e in events if isinstance(e, Undo)}
        target = next((i for i in range(len(events), 0, -1)
                       if i not in undone and not isinstance(events[i - 1], Undo)), None)
        if target is None:
            raise Refused(f"{row.name}'s chronicle has nothing left to undo")
        what = f"event {target}: {describe_event(events[target - 1])}"
        result = append(session, row, Undo(event=target, note=note))
        return result, what

    return db.run(work)


def history(db: Database, name: str, player: str | None = None) -> CharacterView:
    """A character with every event of its chronicle, undone ones included."""
    with db.reading() as connection:
        return view(connection, character_facts(connection, name, player))
