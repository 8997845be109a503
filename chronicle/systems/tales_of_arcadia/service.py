"""Tales of Arcadia use cases over the database: battle forces per player and the group's
battles, through the generic record store (``chronicle.services.records``).

A battle force is a record of kind ``force`` belonging to a player; every edit (add, remove,
set, copy, import) makes the changed force with the pure core (``force.Roster``) and writes it
in one transaction, and the store refuses it when the rules find an error the force did not
have before (``stored.check_force``). The group's battles are the events of one record of kind
``battles``; a battle entered by mistake is taken back by a compensating ``battle-undone``
event. A player's army lists are the lists of the forces they have entered or imported.

Errors are the services' own (``chronicle.errors``): NotFound, AlreadyExists, Refused,
Conflict, BadInput.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import BadInput, NotFound, Refused
from chronicle.rules.report import Report, Violation
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.battles import Battle, Side, Standing, Victory
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.stored import (
    BATTLE_EVENT,
    BATTLES,
    FORCE,
    UNDO_EVENT,
    battle_payload,
    catalog_for,
    force_data,
    read_force,
)

if TYPE_CHECKING:
    from chronicle.export.model import Document
    from chronicle.services.db import Database
    from chronicle.services.records import StoredRecord
    from chronicle.systems.protocol import RecordContext
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog


@dataclass(frozen=True, slots=True)
class ForceView:
    """A stored battle force as the fronts show it: the force, its report, its record."""

    name: str
    player: str | None
    roster: Roster
    report: Report
    version: int
    created_at: dt.datetime | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON: the record's name, player and version, the report's summary and violations."""
        return {"name": self.name, "player": self.player, "version": self.version,
                "legal": self.report.valid, **self.report.to_dict()}


def context(db: Database) -> RecordContext:
    """What the store's check of a force is given: the user's card folder for the game and the
    group's cards of the game."""
    from chronicle import paths
    from chronicle.services import records
    from chronicle.systems.protocol import RecordContext

    shared: Callable[[Database, str], RecordContext] | None = getattr(records, "context", None)
    if shared is not None:  # the store's own (hoa's request of 12:28), when it has landed
        return shared(db, KEY)
    return RecordContext(paths.user_cards_dir(KEY))


def catalog(db: Database | None = None) -> TalesCatalog:
    """The catalog a force is built from: bundled, the user's card files, the group's cards."""
    if db is None:
        from chronicle.systems.tales_of_arcadia.entry import user_catalog

        return user_catalog()
    return catalog_for(context(db))


def _view(db: Database, record: StoredRecord, cards: TalesCatalog | None = None) -> ForceView:
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    roster, inline, problems = read_force(record.name, record.data)
    if roster is None:
        raise BadInput(f"the battle force {record.name!r} cannot be read: {problems[0]}")
    base = cards if cards is not None and not inline else catalog_for(context(db), inline)
    roster = replace(roster, player=record.player)
    report = check_roster(roster, base)
    report.extend(not_owned(db, roster))
    return ForceView(record.name, record.player, roster, report, record.version,
                     record.created_at)


def not_owned(db: Database, roster: Roster) -> list[Violation]:
    """The ``collection.not_owned`` warnings of a force: a unit fielded more often than its
    player owns it (once they have recorded any unit; never a refusal)."""
    from chronicle.services.collection import not_owned_warnings

    uses = [(roster.player, line.unit, "unit") for line in roster.units
            for _copy in range(min(line.count, 1000))]
    return not_owned_warnings(db, KEY, uses)


def _inline(record: StoredRecord) -> list[dict[str, Any]]:
    cards = record.data.get("card")
    return [dict(card) for card in cards] if isinstance(cards, list) else []


def _data(name: str, roster: Roster, cards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The record data of ``roster``, once it reads back as a roster.

    Raises:
        BadInput: a value beyond the roster file's limits (a count over 1,000, ...), named.
    """
    data = force_data(roster, cards or ())
    problems = read_force(name, data)[2]
    if problems:
        raise BadInput(problems[0].replace(f"battle force {name or '?'!r}: ", "", 1))
    return data


def _write(db: Database, record: StoredRecord, roster: Roster,
           expected_version: int | None, before: ForceView | None = None) -> ForceView:
    """Store ``roster`` as the force's new state. ``before``: the force a line was just added
    to (the last line of ``roster``), whose refusal says its fixes as the add itself.

    Raises:
        NotFound: the edit names a unit, variant or option nobody has (and breaks no other
        rule); Refused: a rule broken, nothing written.
    """
    from chronicle.services import records
    from chronicle.systems.tales_of_arcadia.codes import UNKNOWN_NAMES
    from chronicle.systems.tales_of_arcadia.rules import points_left

    if roster.trim_from is not None:    # trimmed to fit: the limit is the rule again
        left = points_left(roster, catalog_for(context(db), read_force(record.name,
                                                                       record.data)[1]))
        if left is not None and left >= 0:
            roster = replace(roster, trim_from=None)
    data = _data(record.name, roster, _inline(record))
    try:
        stored = records.update(db, KEY, FORCE, record.name, data, player=record.player,
                                expected_version=expected_version)
    except Refused as exc:
        refusal = exc if before is None else _adding(db, record, before, roster, exc)
        raise NotFound.of(refusal, UNKNOWN_NAMES) or refusal from None
    return _view(db, stored)


def _adding(db: Database, record: StoredRecord, before: ForceView, roster: Roster,
            refusal: Refused) -> Refused:
    """The refusal of an add, its violations found again with the added line as the one
    being added (``check_roster(pending=...)``): no fix names a line the force has not."""
    from chronicle.services.records import new_errors
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    cards = catalog_for(context(db), read_force(record.name, record.data)[1])
    after = check_roster(roster, cards, pending=len(roster.units) - 1)
    fresh = new_errors(before.report, after) or list(refusal.report.violations)
    added = roster.units[-1]
    return Refused(f"adding {added.count}× {added.unit} to {record.name} would break the "
                   "rules: " + "; ".join(f"{v.message} ({v.code})" for v in fresh)
                   + "; nothing was written", Report(fresh), names=refusal.names)


def _record(db: Database, name: str, player: str | None) -> StoredRecord:
    from chronicle.services import records

    return records.get(db, KEY, FORCE, name, player=player)


def _army_name(army: str, cards: TalesCatalog) -> str:
    """The army list's name as the catalog spells it.

    Raises:
        NotFound: no army list of that name (with the nearest).
    """
    from chronicle.domain.text import suggest
    from chronicle.domain.values import name_key
    from chronicle.systems.tales_of_arcadia.catalog import armies

    known = armies(cards)
    found = next((a for a in known if name_key(a) == name_key(army)), None)
    if found is None:
        near = suggest(army, known)
        raise NotFound(f"no army list is called {army!r}" + (
            f"; did you mean {near!r}?" if near else f" (known: {', '.join(known) or 'none'})"))
    return found


# --- battle forces -----------------------------------------------------------------------------

def new_force(db: Database, player: str, name: str, army: str, limit: int,
              notes: str | None = None) -> ForceView:
    """Create an empty battle force of ``player`` drawn from ``army`` at ``limit`` points."""
    from chronicle.services import records

    if not 1 <= limit <= 1_000_000:
        raise BadInput(f"a point limit is 1 to 1,000,000, not {limit}")
    cards = catalog(db)
    roster = Roster(name=name, army=_army_name(army, cards), limit=limit, notes=notes)
    return _view(db, records.create(db, KEY, FORCE, name, _data(name, roster), player=player),
                 cards)


def get_force(db: Database, name: str, player: str | None = None) -> ForceView:
    """The battle force called ``name`` (of ``player``; needed when two players have one of
    that name), with its report."""
    return _view(db, _record(db, name, player))


def list_forces(db: Database, player: str | None = None,
                archived: bool = False) -> list[ForceView]:
    """Every battle force (of ``player``), by player and name."""
    from chronicle.services import records

    cards = catalog(db)
    found = [_view(db, r, cards) for r in records.list_records(db, KEY, FORCE, player=player,
                                                                archived=archived)]
    found.sort(key=lambda v: ((v.player or "").casefold(), v.name.casefold()))
    return found


def armies_of(db: Database, player: str) -> list[str]:
    """The army lists ``player`` has: those of the forces they entered or imported."""
    from chronicle.domain.values import name_key

    seen: dict[str, str] = {}
    for view in list_forces(db, player):
        seen.setdefault(name_key(view.roster.army), view.roster.army)
    return sorted(seen.values(), key=str.casefold)


def add_unit(db: Database, name: str, line: RosterLine, player: str | None = None,
             expected_version: int | None = None) -> ForceView:
    """Add a roster line (a unit, its variant, options and count) to a force. A line given no
    options takes the options its unit must take (their ``min``)."""
    from chronicle.systems.tales_of_arcadia.cards import Unit

    record = _record(db, name, player)
    view = _view(db, record)
    if not line.options:
        card = catalog_for(context(db), read_force(record.name, record.data)[1]).get(
            line.unit, "unit")
        if isinstance(card, Unit):
            line = replace(line, options=tuple(o.name for o in card.options
                                               for _ in range(o.min)))
    return _write(db, record, view.roster.add(line), expected_version, view)


def _index(roster: Roster, number: int) -> int:
    if not 1 <= number <= len(roster.units):
        raise BadInput(f"{roster.name} has no unit line #{number}"
                       + (f" (lines 1 to {len(roster.units)})" if roster.units else
                          " (it has no units yet)"))
    return number - 1


def remove_unit(db: Database, name: str, number: int, player: str | None = None,
                expected_version: int | None = None) -> ForceView:
    """Remove roster line ``number`` (1-based, as ``show`` numbers them)."""
    record = _record(db, name, player)
    roster = _view(db, record).roster
    return _write(db, record, roster.remove(_index(roster, number)), expected_version)


_KEEP: Any = object()


def set_force(db: Database, name: str, player: str | None = None, *, limit: int | None = None,
              army: str | None = None, notes: Any = _KEEP, line: int | None = None,
              variant: Any = _KEEP, options: Sequence[str] | None = None,
              count: int | None = None, expected_version: int | None = None) -> ForceView:
    """Change a force's limit, army list or notes, or one line's variant, options or count
    (``variant=None`` removes the variant, ``notes=None`` the notes)."""
    record = _record(db, name, player)
    roster = _view(db, record).roster
    if limit is not None:
        roster = roster.copy(limit=limit)
    if army is not None:
        roster = replace(roster, army=_army_name(army, catalog(db)))
    if notes is not _KEEP:
        roster = replace(roster, notes=notes)
    if line is not None:
        index = _index(roster, line)
        old = roster.units[index]
        changed = replace(old, variant=old.variant if variant is _KEEP else variant,
                          options=old.options if options is None else tuple(options),
                          count=old.count if count is None else count)
        if changed.count < 1:
            raise BadInput("a line stands for 1 unit or more")
        roster = roster.set_line(index, changed)
    elif variant is not _KEEP or options is not None or count is not None:
        raise BadInput("say which unit line to change (--line N, as 'force show' numbers "
                       "them)")
    return _write(db, record, roster, expected_version)


def copy_force(db: Database, name: str, new_name: str, player: str | None = None, *,
               limit: int | None = None, to_player: str | None = None) -> ForceView:
    """The same force under ``new_name`` (at ``limit`` points; for ``to_player``). A copy to
    a limit the force no longer fits is made all the same, marked as being trimmed
    (``Roster.trim_from``): its report says what no longer fits (``roster.over_limit``, a
    warning until it costs more than when copied) and the fix, so the list can be trimmed."""
    from chronicle.services import records

    record = _record(db, name, player)
    source = _view(db, record)
    spent = source.report.summary["points_spent"]
    trim = spent if limit is not None and spent > limit >= 1 and \
        source.report.summary["points_complete"] else None   # kept, to be trimmed
    roster = source.roster.copy(limit=limit, name=new_name, trim_from=trim)
    owner = to_player or record.player
    stored = records.create(db, KEY, FORCE, new_name, _data(new_name, roster, _inline(record)),
                            player=owner)
    return _view(db, stored)


def rename_force(db: Database, name: str, new_name: str, player: str | None = None) -> ForceView:
    """Rename a force."""
    from chronicle.services import records

    return _view(db, records.rename(db, KEY, FORCE, name, new_name, player=player))


def delete_force(db: Database, name: str, player: str | None = None) -> str:
    """Delete a force; returns what was done, in words."""
    from chronicle.services import records

    return records.delete(db, KEY, FORCE, name, player=player)


def export_force(db: Database, name: str, player: str | None = None) -> str:
    """The force as a roster file (TOML; its inline cards as ``[[card]]`` tables), which
    ``import_force`` and ``chronicle check`` read back."""
    from chronicle.catalog.tomlwrite import dumps

    record = _record(db, name, player)
    roster = _view(db, record).roster
    document = roster.to_dict()
    if record.player:
        document["player"] = record.player
    inline = _inline(record)
    if inline:
        document["card"] = inline
    return dumps(document, header=f"Tales of Arcadia battle force ({KEY}), exported by "
                                  "Arcadia Chronicle")


def import_force(db: Database, path: Path, player: str | None = None,
                 name: str | None = None) -> ForceView:
    """Store the roster file at ``path`` as a battle force of ``player`` (default: the file's
    ``player``) under ``name`` (default: the file's). Nothing is written when the file has a
    problem or the force breaks a rule.

    Raises:
        BadInput: the file cannot be used (every located problem in the message).
    """
    from chronicle.services import records
    from chronicle.systems.tales_of_arcadia.files import load_roster

    loaded = load_roster(path)
    if loaded.problems or loaded.roster is None:
        shown = "\n  ".join(str(p) for p in loaded.problems[:20])
        raise BadInput(f"{path} cannot be imported:\n  {shown}")
    roster = loaded.roster
    owner = player or roster.player
    if owner is None:
        raise BadInput(f"{path} names no player: say whose force it is (--player)")
    tables = [dict(entry.data) for entry in loaded.cards]
    named = name or roster.name
    try:
        stored = records.create(db, KEY, FORCE, named, _data(named, roster, tables),
                                player=owner)
    except Refused as exc:              # a unit, variant or option nobody has: exit 2
        from chronicle.systems.tales_of_arcadia.codes import UNKNOWN_NAMES

        raise NotFound.of(exc, UNKNOWN_NAMES) or exc from None
    return _view(db, stored)


def force_document(db: Database, name: str, player: str | None = None) -> Document:
    """The printed roster and its reference page (``chronicle export force NAME``: the
    registry's ``force`` sheet)."""
    from chronicle.systems.tales_of_arcadia.sheets import roster_document

    record = _record(db, name, player)
    view = _view(db, record)
    cards = catalog_for(context(db), read_force(record.name, record.data)[1])
    return roster_document(view.roster, cards, record.player)


# --- the group's battles -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BattleEntry:
    """One battle of the history: its event number, the battle, whether it was undone."""

    number: int
    battle: Battle
    undone: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON shape."""
        return {"number": self.number, "undone": self.undone, **self.battle.to_dict()}


def _history(db: Database) -> StoredRecord | None:
    from chronicle.services import records

    try:
        return records.get(db, KEY, BATTLES, BATTLES)
    except NotFound:
        return None


def record_battle(db: Database, *, date: dt.date, limit: int, sides: Sequence[Side],
                  victory: Victory = Victory.LAST_UNIT_STANDING, winner: str | None = None,
                  condition: str | None = None, note: str | None = None) -> BattleEntry:
    """Enter a battle in the group's history. A side naming a stored force of its player and
    no points gets the force's points.

    Raises:
        NotFound: a side's player, or the force named, does not exist.
        Refused: the battle breaks a rule (battle.sides, battle.winner_unknown, ...).
    """
    from chronicle.services import records
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
            view = get_force(db, side.force, known)
            if view.report.summary["points_complete"]:
                points = int(view.report.summary["points_spent"])
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
    if _history(db) is None:
        records.create(db, KEY, BATTLES, BATTLES, {})
    stored = records.append(db, KEY, BATTLES, BATTLES, BATTLE_EVENT, battle_payload(battle))
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
    from chronicle.services import records

    entry = next((b for b in list_battles(db, undone=True) if b.number == number), None)
    if entry is None or entry.undone:
        raise NotFound(f"there is no battle #{number} to undo" + (
            " (it is already undone)" if entry is not None else ""))
    payload: dict[str, Any] = {"event": number}
    if note:
        payload["note"] = note
    records.append(db, KEY, BATTLES, BATTLES, UNDO_EVENT, payload)
    return BattleEntry(number, entry.battle, True)


def standings(db: Database) -> list[Standing]:
    """Battles played, won, lost and drawn per player, most wins first."""
    from chronicle.systems.tales_of_arcadia.battles import standings as tally

    return tally(entry.battle for entry in list_battles(db))


__all__ = ["BattleEntry", "ForceView", "add_unit", "armies_of", "catalog", "context",
           "copy_force", "delete_force", "export_force", "force_document", "get_force",
           "import_force", "list_battles", "list_forces", "new_force",
           "record_battle", "remove_unit", "rename_force", "set_force", "standings",
           "undo_battle"]
