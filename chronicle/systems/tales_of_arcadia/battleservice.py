"""Tales of Arcadia's use cases of the group's battles: one history of battles and their
undos, kept as the events of one record of kind ``battles`` through the generic record store
(``chronicle.services.recordstore``), which keeps each side's player and force by identity.

The history is made by the first battle, in the same transaction as that battle (two first
battles entered at once both land); a battle entered by mistake is taken back by a
compensating ``battle-undone`` event. The history is the group's one record of its kind,
found whatever it is called (an import or a restore may bring one under another name); an
archived one is brought back by :func:`restore_history`.

Errors are the services' own (``chronicle.errors``): NotFound, Refused, Conflict, BadInput.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronicle.errors import BadInput, NotFound, Refused
from chronicle.rules.report import Report
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.battles import Battle, Side, Standing, Victory
from chronicle.systems.tales_of_arcadia.stored import (
    BATTLE_EVENT,
    BATTLES,
    UNDO_EVENT,
    battle_payload,
)

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.services.recordstore import StoredRecord


@dataclass(frozen=True, slots=True)
class BattleEntry:
    """One battle of the history: its event number, the battle, whether it was undone."""

    number: int
    battle: Battle
    undone: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON shape."""
        return {"number": self.number, "undone": self.undone, **self.battle.to_dict()}


def _history(db: Database, *, archived: bool = False) -> StoredRecord | None:
    """The group's battle history (the archived one when ``archived``): the group's one
    record of kind ``battles``, whatever it is called (an import or a restore may bring one
    under another name)."""
    from chronicle.services import recordstore as records

    found = records.list_records(db, KEY, BATTLES, archived=archived)
    return found[0] if found else None


def _history_name(db: Database) -> str:
    """The name of the group's battle history in use.

    Raises:
        NotFound: it is archived (say how to restore it), or there is none.
    """
    history = _history(db)
    if history is not None:
        return history.name
    if _history(db, archived=True) is not None:
        raise NotFound("the group's battle history is archived: bring it back with "
                       "'chronicle battle restore'")
    raise NotFound("no battle is recorded yet")


def archived_history(db: Database) -> str | None:
    """The name of the group's archived battle history when none is in use (None: there is
    none, or one is in use)."""
    if _history(db) is not None:
        return None
    archived = _history(db, archived=True)
    return archived.name if archived is not None else None


def restore_history(db: Database) -> int:
    """Bring the group's archived battle history back into use; returns how many battles
    stand in it.

    Raises:
        NotFound: no archived battle history, or one is already in use.
    """
    from chronicle.services import recordstore as records

    if _history(db) is not None:
        raise NotFound("the group's battle history is in use: there is nothing to restore")
    archived = _history(db, archived=True)
    if archived is None:
        raise NotFound("there is no archived battle history to restore")
    records.restore(db, KEY, BATTLES, archived.name)
    return len(list_battles(db))


def _points(db: Database, force: str, player: str) -> int | None:
    """What the stored force ``force`` of ``player`` costs, when every cost is known.

    Raises:
        NotFound: the player has no force of that name (with the nearest name).
    """
    from chronicle.services import recordstore as records
    from chronicle.systems.tales_of_arcadia.stored import FORCE, check_force

    record = records.get(db, KEY, FORCE, force, player=player)
    summary = check_force(record.data, [], records.context(db, KEY)).summary
    return int(summary["points_spent"]) if summary.get("points_complete") else None


def record_battle(db: Database, *, date: dt.date, limit: int, sides: Sequence[Side],
                  victory: Victory = Victory.LAST_UNIT_STANDING, winner: str | None = None,
                  condition: str | None = None, note: str | None = None) -> BattleEntry:
    """Enter a battle in the group's history. A side naming a stored force of its player and
    no points gets the force's points.

    Raises:
        NotFound: a side's player, or the force named, does not exist.
        Refused: the battle breaks a rule (battle.sides, battle.winner_unknown, ...).
    """
    from chronicle.services import recordstore as records
    from chronicle.services.players import list_players
    from chronicle.systems.tales_of_arcadia.battles import check_battle

    if victory is Victory.OTHER and not condition:
        raise BadInput("an 'other' victory says which condition (--condition)")
    players = {p.name.casefold(): p.name for p in list_players(db)}
    filled: list[Side] = []
    for side in sides:
        known = players.get(side.player.casefold())
        if known is None:
            raise NotFound(_no_player(side.player, list(players.values())))
        points = side.points
        if side.force is not None and points is None:
            points = _points(db, side.force, known)
        filled.append(Side(player=known, force=side.force, points=points))
    battle = Battle(date=date, limit=limit, victory=victory, sides=tuple(filled),
                    winner=winner, condition=condition, note=note)
    from chronicle.systems.tales_of_arcadia.stored import read_battle

    problems = read_battle(battle_payload(battle))[1]
    if problems:  # beyond the battle record file's limits: a date or number nobody could mean
        raise BadInput(problems[0].replace("battle: field 'battle #1': ", "", 1))
    report = check_battle(battle)
    if report.errors:
        from chronicle.domain.text import suggest
        from chronicle.systems.tales_of_arcadia.codes import BATTLE_WINNER_UNKNOWN

        refusal = Refused("the battle cannot be recorded: "
                          + "; ".join(v.message for v in report.errors), Report(report.errors))
        unknown = NotFound.of(refusal, {BATTLE_WINNER_UNKNOWN.code})
        if unknown is None:
            raise refusal
        near = suggest(winner, [s.player for s in filled]) if winner else None
        raise NotFound(f"{unknown}" + (f"; did you mean {near!r}?" if near else ""),
                       unknown.report)
    current = _history(db)
    named = current.name if current is not None else (
        _history_name(db) if _history(db, archived=True) is not None else BATTLES)
    stored = records.append(db, KEY, BATTLES, named, BATTLE_EVENT, battle_payload(battle),
                            create_with={})  # the group's first battle makes the history
    return BattleEntry(stored.events[-1].seq, battle, False)


def list_battles(db: Database, player: str | None = None,
                 undone: bool = False) -> list[BattleEntry]:
    """The group's battles, oldest first (those undone only when ``undone``); with
    ``player``, only theirs."""
    from chronicle.systems.tales_of_arcadia.stored import read_battle

    if player is not None:              # an unknown player is said, not an empty list
        from chronicle.services.players import list_players

        names = [p.name for p in list_players(db)]
        if player.casefold() not in {n.casefold() for n in names}:
            raise NotFound(_no_player(player, names))
    history = _history(db)
    if history is None:
        return []
    gone = {e.payload.get("event") for e in history.events if e.kind == UNDO_EVENT}
    found: list[BattleEntry] = []
    for stored in history.events:
        battle = read_battle(stored.payload)[0] if stored.kind == BATTLE_EVENT else None
        if battle is None:
            continue
        entry = BattleEntry(stored.seq, battle, stored.seq in gone)
        if entry.undone and not undone:
            continue
        if player is not None and player.casefold() not in {
                s.player.casefold() for s in entry.battle.sides}:
            continue
        found.append(entry)
    return found


def _no_player(name: str, names: list[str]) -> str:
    """No player is called ``name``: the nearest of ``names``, or how to add one."""
    from chronicle.domain.text import suggest

    near = suggest(name, names)
    return f"no player is called {name!r}" + (
        f"; did you mean {near!r}?" if near else
        f"; add one with 'chronicle player add {name}'")


def undo_battle(db: Database, number: int, note: str | None = None) -> BattleEntry:
    """Take back battle ``number`` (as ``battle list`` numbers it) by a compensating event."""
    from chronicle.services import recordstore as records

    entry = next((b for b in list_battles(db, undone=True) if b.number == number), None)
    if entry is None or entry.undone:
        raise NotFound(f"there is no battle #{number} to undo" + (
            " (it is already undone)" if entry is not None else ""))
    payload: dict[str, Any] = {"event": number}
    if note:
        payload["note"] = note
    records.append(db, KEY, BATTLES, _history_name(db), UNDO_EVENT, payload)
    return BattleEntry(number, entry.battle, True)


def archive_force(db: Database, name: str, player: str | None = None) -> str:
    """Archive a battle force whatever it holds (hidden from the lists, nothing erased,
    ``restore_force`` brings it back); returns what was done, in words.

    Raises:
        NotFound: no force of that name (with the nearest).
    """
    from chronicle.services import recordstore as records
    from chronicle.systems.tales_of_arcadia.stored import FORCE

    return records.delete(db, KEY, FORCE, name, player=player, archive=True)


def standings(db: Database) -> list[Standing]:
    """Battles played, won, lost and drawn per player, most wins first."""
    from chronicle.systems.tales_of_arcadia.battles import standings as tally

    return tally(entry.battle for entry in list_battles(db))



__all__ = ["BattleEntry", "archive_force", "archived_history", "list_battles", "record_battle",
           "restore_history", "standings", "undo_battle"]
