"""Tales of Arcadia use cases over the database: battle forces per player and the group's
battles, through the generic record store (``chronicle.services.recordstore``).

A battle force is a record of kind ``force`` belonging to a player; every edit (add, remove,
set, copy, import) makes the changed force with the pure core (``force.Roster``) and writes it
in one transaction, and the store refuses it when the rules find an error the force did not
have before (``stored.check_force``). An edit is made on the force as that transaction reads
it (``records.modify``: made again on the fresh force when another member's edit lands first,
so neither is lost), or refused with a ``Conflict`` when the version the member saw is given
and the force moved on. The group's battles are the events of one record of kind ``battles``,
made by the first battle in the same transaction; a battle entered by mistake is taken back by
a compensating ``battle-undone`` event. A player's army lists are the lists of the forces
they have entered or imported.

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
from chronicle.services.gamerecords import GameRecords
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.battleservice import (  # the battles' use cases
    BattleEntry,
    archived_history,
    list_battles,
    record_battle,
    restore_history,
    standings,
    undo_battle,
)
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.stored import (
    FORCE,
    catalog_for,
    force_data,
    read_force,
)

if TYPE_CHECKING:
    from chronicle.export.model import Document
    from chronicle.services.db import Database
    from chronicle.services.recordstore import StoredRecord
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
    from chronicle.services import recordstore as records
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


def _roster(record: StoredRecord) -> Roster:
    """The force a stored record holds.

    Raises:
        BadInput: the record cannot be read as a force (a damaged database).
    """
    roster = read_force(record.name, record.data)[0]
    if roster is None:
        raise BadInput(f"the battle force {record.name!r} cannot be read: "
                       f"{read_force(record.name, record.data)[2][0]}")
    return replace(roster, player=record.player)


def _edit(db: Database, name: str, player: str | None,
          edit: Callable[[Roster, StoredRecord], Roster],
          expected_version: int | None,
          adding: Callable[[StoredRecord], RosterLine] | None = None) -> ForceView:
    """Write ``edit`` of the force as it stands in the write's own transaction (made again on
    the fresh force when another member's edit lands first, so both land); with
    ``expected_version``, a force changed since is refused (``Conflict``) instead. A trimmed
    copy that fits its limit again loses its mark. ``adding``: the line an add appends (of the
    record), whose refusal says its fixes as the add itself.

    Raises:
        NotFound: the edit names a unit, variant or option nobody has (and breaks no other
        rule); Refused: a rule broken, nothing written.
    """
    from chronicle.services import recordstore as records
    from chronicle.systems.tales_of_arcadia.codes import UNKNOWN_NAMES
    from chronicle.systems.tales_of_arcadia.rules import points_left

    shared = context(db)

    def change(record: StoredRecord) -> dict[str, Any]:
        roster = edit(_roster(record), record)
        if roster.trim_from is not None:    # trimmed to fit: the limit is the rule again
            left = points_left(roster, catalog_for(shared, read_force(record.name,
                                                                      record.data)[1]))
            if left is not None and left >= 0:
                roster = replace(roster, trim_from=None)
        return _data(record.name, roster, _inline(record))

    try:
        stored = records.modify(db, KEY, FORCE, name, change, player=player,
                                expected_version=expected_version)
    except Refused as exc:
        refusal = exc
        if adding is not None:
            record = _record(db, name, player)
            before = _view(db, record)
            refusal = _adding(db, record, before, before.roster.add(adding(record)), exc)
        raise NotFound.of(refusal, UNKNOWN_NAMES) or refusal from None
    return _view(db, stored)


def _adding(db: Database, record: StoredRecord, before: ForceView, roster: Roster,
            refusal: Refused) -> Refused:
    """The refusal of an add, its violations found again with the added line as the one
    being added (``check_roster(pending=...)``): no fix names a line the force has not."""
    from chronicle.services.recordstore import new_errors
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    cards = catalog_for(context(db), read_force(record.name, record.data)[1])
    after = check_roster(roster, cards, pending=len(roster.units) - 1)
    fresh = new_errors(before.report, after) or list(refusal.report.violations)
    added = roster.units[-1]
    return Refused(f"adding {added.count}× {added.unit} to {record.name} would break the "
                   "rules: " + "; ".join(f"{v.message} ({v.code})" for v in fresh)
                   + "; nothing was written", Report(fresh), names=refusal.names)


def _record(db: Database, name: str, player: str | None) -> StoredRecord:
    return FORCES.record(db, name, player)


def _army_name(army: str, cards: TalesCatalog) -> str:
    """The army list's name as the catalog spells it.

    Raises:
        NotFound: no army list of that name (with the nearest).
    """
    from chronicle.domain.text import suggest
    from chronicle.domain.values import name_key
    from chronicle.systems.tales_of_arcadia.catalog import armies, army_named

    known = armies(cards)
    wanted = name_key(army_named(cards, army))      # one of its other names: the list itself
    found = next((a for a in known if name_key(a) == wanted), None)
    if found is None:
        near = suggest(army, known)
        raise NotFound(f"no army list is called {army!r}" + (
            f"; did you mean {near!r}?" if near else f" (known: {', '.join(known) or 'none'})"))
    return found


# --- battle forces -----------------------------------------------------------------------------

def new_force(db: Database, player: str, name: str, army: str, limit: int,
              notes: str | None = None) -> ForceView:
    """Create an empty battle force of ``player`` drawn from ``army`` at ``limit`` points."""
    from chronicle.services import recordstore as records

    if not 1 <= limit <= 1_000_000:
        raise BadInput(f"a point limit is 1 to 1,000,000, not {limit}")
    cards = catalog(db)
    roster = Roster(name=name, army=_army_name(army, cards), limit=limit, notes=notes)
    return _view(db, records.create(db, KEY, FORCE, name, _data(name, roster), player=player),
                 cards)


def list_forces(db: Database, player: str | None = None,
                archived: bool = False) -> list[ForceView]:
    """Every battle force (of ``player``), by player and name."""
    from chronicle.services import recordstore as records

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

    shared = context(db) if not line.options else None

    def filled(record: StoredRecord) -> RosterLine:
        if shared is None:
            return line
        card = catalog_for(shared, read_force(record.name, record.data)[1]).get(line.unit,
                                                                              "unit")
        if not isinstance(card, Unit):
            return line
        return replace(line, options=tuple(o.name for o in card.options for _ in range(o.min)))

    return _edit(db, name, player, lambda roster, record: roster.add(filled(record)),
                 expected_version, adding=filled)


def _index(roster: Roster, number: int) -> int:
    if not 1 <= number <= len(roster.units):
        raise BadInput(f"{roster.name} has no unit line #{number}"
                       + (f" (lines 1 to {len(roster.units)})" if roster.units else
                          " (it has no units yet)"))
    return number - 1


def remove_unit(db: Database, name: str, number: int, player: str | None = None,
                expected_version: int | None = None) -> ForceView:
    """Remove roster line ``number`` (1-based, as ``show`` numbers them). A line is named by
    its number as a member saw it: give ``expected_version`` (the CLI's --expect-version, the
    app does) so that a force changed meanwhile is refused rather than another line removed."""
    return _edit(db, name, player, lambda roster, _record: roster.remove(
        _index(roster, number)), expected_version)


_KEEP: Any = object()


def set_force(db: Database, name: str, player: str | None = None, *, limit: int | None = None,
              army: str | None = None, notes: Any = _KEEP, line: int | None = None,
              variant: Any = _KEEP, options: Sequence[str] | None = None,
              count: int | None = None, expected_version: int | None = None) -> ForceView:
    """Change a force's limit, army list or notes, or one line's variant, options or count
    (``variant=None`` removes the variant, ``notes=None`` the notes)."""
    if line is None and (variant is not _KEEP or options is not None or count is not None):
        raise BadInput("say which unit line to change (--line N, as 'force show' numbers "
                       "them)")
    if count is not None and count < 1:
        raise BadInput("a line stands for 1 unit or more")
    chosen = _army_name(army, catalog(db)) if army is not None else None

    def change(roster: Roster, _record: StoredRecord) -> Roster:
        if limit is not None:
            roster = roster.copy(limit=limit)
        if chosen is not None:
            roster = replace(roster, army=chosen)
        if notes is not _KEEP:
            roster = replace(roster, notes=notes)
        if line is not None:
            index = _index(roster, line)
            old = roster.units[index]
            roster = roster.set_line(index, replace(
                old, variant=old.variant if variant is _KEEP else variant,
                options=old.options if options is None else tuple(options),
                count=old.count if count is None else count))
        return roster

    return _edit(db, name, player, change, expected_version)


def copy_force(db: Database, name: str, new_name: str, player: str | None = None, *,
               limit: int | None = None, to_player: str | None = None) -> ForceView:
    """The same force under ``new_name`` (at ``limit`` points; for ``to_player``). A copy to
    a limit the force no longer fits is made all the same, marked as being trimmed
    (``Roster.trim_from``): its report says what no longer fits (``roster.over_limit``, a
    warning until it costs more than when copied) and the fix, so the list can be trimmed."""
    from chronicle.services import recordstore as records

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


def _battles_naming(db: Database, record: StoredRecord) -> list[int]:
    """The numbers of the battles (undone ones too) a side of which names the force
    ``record`` of its player."""
    from chronicle.domain.values import name_key

    return [entry.number for entry in list_battles(db, undone=True)
            if any(side.force is not None and name_key(side.force) == name_key(record.name)
                   and side.player == record.player for side in entry.battle.sides)]


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
    from chronicle.services import recordstore as records
    from chronicle.systems.tales_of_arcadia.rosterfile import load_roster

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


class _Forces(GameRecords[ForceView]):
    """The players' battle forces: a force a battle names is archived when deleted (the
    history names it by identity), so it can be restored."""

    def delete(self, db: Database, name: str, player: str | None = None, *,
               named_by: str | None = None) -> str:
        named = _battles_naming(db, self.record(db, name, player))
        return super().delete(db, name, player,
                              named_by=named_by or (f"battle #{named[0]}" if named else None))


FORCES = _Forces(KEY, FORCE, _view, sheet=force_document)
"""The players' battle forces: the use cases every kept record has (``GameRecords``)."""
get_force = FORCES.get
rename_force = FORCES.rename
delete_force = FORCES.delete
restore_force = FORCES.restore


__all__ = ["BattleEntry", "ForceView", "add_unit", "archived_history", "armies_of", "catalog",
           "context",
           "copy_force", "delete_force", "export_force", "force_document", "get_force",
           "import_force", "list_battles", "list_forces", "new_force",
           "record_battle", "remove_unit", "rename_force", "restore_force", "restore_history",
           "set_force",
           "standings",
           "undo_battle"]
