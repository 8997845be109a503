"""Hunters of Arcfall games in the database: the table's score keeper as use cases over the
generic record store (``chronicle.services.recordstore``), for the CLI and the app alike.

A game is a record of kind ``"hunt"`` (the group's); each turn is an event, and undo appends a
compensating event (``records``: the layout). Every write goes through the store, which runs the
game's check before and after: a turn that breaks a rule is refused with the violations and
nothing is written. Reading a game replays its log through the same rules as ``chronicle check``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import BadInput, NotFound, Refused
from chronicle.rules.report import Report, Violation
from chronicle.services.gamerecords import GameRecords
from chronicle.systems.hunters_of_arcfall import DEFAULT_LIMIT, KEY, codes
from chronicle.systems.hunters_of_arcfall.huntrecords import (
    RECORD_KIND,
    StoredGame,
    check_stored,
    read_stored,
    record_data,
    record_event,
)
from chronicle.systems.hunters_of_arcfall.log import End, GameLog, Seat, TurnUndone
from chronicle.systems.hunters_of_arcfall.rules.replay import GameState

if TYPE_CHECKING:
    from chronicle.export.model import Document
    from chronicle.services.db import Database
    from chronicle.services.recordstore import StoredRecord
    from chronicle.systems.hunters_of_arcfall.catalog import HuntersCatalog
    from chronicle.systems.hunters_of_arcfall.rules.history import GroupHistory


@dataclass(frozen=True)
class HuntView:
    """A stored game as the fronts show it."""

    name: str
    log: GameLog
    state: GameState
    report: Report
    catalog: HuntersCatalog
    cards: tuple[dict[str, Any], ...]
    """The game's own card tables (hunters and bounties entered for it)."""
    version: int
    archived: bool
    said: str = ""
    """What the last write did, in one sentence (a turn entered, a turn taken back)."""

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` shape: the check's summary, the log and every violation."""
        from chronicle.systems.hunters_of_arcfall.huntrecords import describe_event

        entries = []
        for line in self.state.lines:
            kind, payload = record_event(line.entry)
            entries.append({"entry": line.number, "kind": kind, "payload": payload,
                            "round": line.round, "undone_by": line.undone_by,
                            "counted": line.counted and line.applied,
                            "text": describe_event({"kind": kind, "payload": payload})})
        return {**self.report.summary, "version": self.version, "archived": self.archived,
                "date": self.log.date, "note": self.log.note, "cards": list(self.cards),
                "entries": entries, "said": self.said or None,
                "valid": self.report.valid,
                "violations": [v.to_dict() for v in self.report.violations]}


def _context(db: Database) -> tuple[Path | None, tuple[dict[str, Any], ...]]:
    """The user's card folder and the group's cards of this game, as the store checks with."""
    from chronicle.services import recordstore as records

    found = records.context(db, KEY)
    return found.user_cards_dir, tuple(found.group_cards)


def view_of(db: Database, record: StoredRecord, said: str = "") -> HuntView:
    """Replay a stored game with the catalog the store checks it with.

    Raises:
        BadInput: the stored game breaks the game-log format (a damaged database).
    """
    folder, group = _context(db)
    stored = read_stored(record.name, record.data, record.history(), folder, group)
    view = _view(record.name, stored, record.version, record.archived_at is not None, said)
    view.report.extend(not_owned(db, view.log))
    return view


def not_owned(db: Database, log: GameLog) -> list[Violation]:
    """The ``collection.not_owned`` warnings of a game: a hunter its player has not recorded
    in their collection (once they have recorded any Hunters of Arcfall card; never a
    refusal)."""
    from chronicle.services.collection import not_owned_warnings

    return not_owned_warnings(db, KEY, [(seat.name, seat.hunter, "hunter")
                                        for seat in log.seats])


def view_stored(name: str, stored: StoredGame, version: int) -> HuntView:
    """The view of a game in use already read back (``records.read_stored``).

    Raises:
        BadInput: the stored game breaks the game-log format (a damaged database).
    """
    return _view(name, stored, version, False, "")


def _view(name: str, stored: StoredGame, version: int, archived: bool, said: str) -> HuntView:
    report, state = check_stored(stored)
    if stored.log is None or stored.catalog is None or state is None:
        raise BadInput(f"the game {name!r} cannot be read: "
                       + "; ".join(v.message for v in report.errors))
    tables = tuple(dict(entry.data) for entry in stored.own_cards)
    return HuntView(name, stored.log, state, report, stored.catalog, tables, version, archived,
                    said)


def parse_seats(values: Sequence[str]) -> list[tuple[str, str]]:
    """``PLAYER:HUNTER`` strings as pairs.

    Raises:
        BadInput: a seat without its hunter.
    """
    seats = []
    for value in values:
        player, colon, hunter = value.partition(":")
        if not colon or not player.strip() or not hunter.strip():
            raise BadInput(f"the seat {value!r:.80} names no hunter: write PLAYER:HUNTER, "
                           "e.g. Ana:Gus")
        seats.append((player.strip(), hunter.strip()))
    return seats


def new_hunt(db: Database, name: str, seats: Sequence[tuple[str, str]], *,
             limit: int = DEFAULT_LIMIT, date: str | None = None, note: str | None = None,
             hunters: Iterable[str] = ()) -> HuntView:
    """Start a game: the seats in clockwise order from the first player, the point limit, and
    ``hunters`` the catalog lacks (entered for this game, their values unknown).

    Raises:
        BadInput: a date that is not ISO, a limit out of range; Refused: a rule of the set-up
        broken (fewer than 2 players, a hunter taken twice, an unknown hunter).
    """
    from chronicle.domain.limits import name_problem
    from chronicle.services.dates import iso_date

    for player, hunter in seats:       # said plainly here, before the store reads it back
        wrong = name_problem(player, "a player's name") or name_problem(hunter, "a hunter")
        if wrong:
            raise BadInput(f"the seat {player[:40]!r}: {wrong}")
    if not 1 <= limit <= 1000:
        raise BadInput(f"the point limit is 1 to 1000 (the rulebook recommends 15), not {limit}")
    log = GameLog(name=name, seats=tuple(Seat(name=p, hunter=h) for p, h in seats),
                  limit=limit, date=iso_date(date), note=note)
    from chronicle.services.cardnames import card_named

    cards = [{"name": hunter, "kind": "hunter"} for hunter in dict.fromkeys(hunters)
             if card_named(db, KEY, hunter, ("hunter",)) is None]  # only those nobody entered:
    # a hunter known (by any of its names) is the group's, its values and other names kept
    _unknown_hunters(db, name, log, cards)
    view = HUNTS.create(db, name, record_data(log, cards))
    if cards:                           # the group's cards too: the next hunt knows them
        from chronicle.services.cardfront import enter_cards

        enter_cards(db, KEY, cards)
    return _said(view, f"{name}: {len(seats)} players, first to {limit} Fortune; "
                           f"{seats[0][0] if seats else '-'} plays first.")


def _unknown_hunters(db: Database, name: str, log: GameLog,
                     cards: list[dict[str, Any]]) -> None:
    """Refuse a game started with a hunter no card has as an unknown name (exit 2), its fix
    the command that starts the game with the hunter entered: the game is not there yet, so
    no fix may name it.

    Raises:
        NotFound: a seat's hunter is neither in the catalog nor entered for the game.
    """
    from chronicle.systems.hunters_of_arcfall.rules.check import setup_violations

    folder, group = _context(db)
    stored = read_stored(name, record_data(log, cards), [], folder, group)
    if stored.catalog is None:
        return                          # the format's problems: the store says them
    unknown = [v for v in setup_violations(log, stored.catalog, creating=True)
               if v.code == codes.CARD_UNKNOWN.code]
    if unknown:
        raise NotFound("; ".join(v.message for v in unknown), Report(unknown),
                       names={"game": name})


def _not_found(refusal: Refused) -> NotFound | Refused:
    """A refusal whose every violation is an unknown card (``card.unknown``) as the unknown
    name it is (exit 2, with the nearest name and the fix); any other refusal as it is."""
    return NotFound.of(refusal, {codes.CARD_UNKNOWN.code}) or refusal


def _seated(view: HuntView, player: str) -> str:
    """The seat's name of ``player`` at ``view``'s table.

    Raises:
        NotFound: nobody of that name sits at the table (with the nearest name).
    """
    from chronicle.domain.text import suggest
    from chronicle.domain.values import name_key

    names = [seat.name for seat in view.log.seats]
    found = next((n for n in names if name_key(n) == name_key(player)), None)
    if found is None:
        near = suggest(player, names)
        raise NotFound(f"{player!r} has no seat in {view.name}"
                       + (f"; did you mean {near!r}?" if near else
                          f" (the table: {', '.join(names)})"))
    return found


def play_turn(db: Database, name: str, *, player: str | None = None,
              drawn: Sequence[str] = (), captured: Sequence[str] = (), ability: bool = False,
              end: str | End = End.CLAIMED, heals: int = 0,
              note: str | None = None) -> HuntView:
    """Append a turn (by default the next player's) and say what it did.

    Raises:
        BadInput: a value the game-log format refuses; NotFound: a player not at the table,
        or a bounty no card has (the nearest name, and how to enter it); Refused: a rule
        broken (nothing written): the violations say which and how to fix it. Conflict: no
        player was named and someone else entered a turn between the read that chose the next
        player and this write (nothing written).
    """
    from chronicle.systems.hunters_of_arcfall.gamelogfile import EntryRejected, entry_from_payload
    from chronicle.systems.hunters_of_arcfall.rules.ledger import describe

    before = show_hunt(db, name)
    seen: int | None = None
    who: str | None
    if player is not None:
        who = _seated(before, player)
    else:                               # the next player: the game as it stands says who
        who, seen = before.state.next_player, before.version
    if who is None:                     # no next player: the game as it stands is over
        raise Refused(f"{name} is over ({before.state.verdict}): no turn follows; start "
                      "a new game", before.report)
    payload: dict[str, Any] = {"player": who, "drawn": list(drawn), "captured": list(captured),
                               "ability": ability, "end": str(getattr(end, "value", end)),
                               "heals": heals}
    if note:
        payload["note"] = note
    try:
        entry = entry_from_payload(payload)
    except EntryRejected as exc:
        raise BadInput(f"the turn cannot be entered: {exc}") from None
    _kind, stored = record_event(entry)
    # the next player as read: if someone entered a turn meanwhile, this one is not theirs
    try:
        after = HUNTS.append(db, name, "turn", stored, expected_version=seen)
    except Refused as exc:
        raise _not_found(exc) from None
    return _said(after, describe(after.state.lines[-1], after.state))


def undo_turn(db: Database, name: str, note: str | None = None) -> HuntView:
    """Take back the last turn still in effect with a compensating entry.

    Raises:
        Refused: no turn to take back. Conflict: the game changed between the read that
        found the last turn and this write (nothing written).
    """
    from chronicle.systems.hunters_of_arcfall.rules.ledger import (
        NothingToUndo,
        describe,
        undo_last,
    )

    before = show_hunt(db, name)
    try:
        undone = undo_last(before.log, note)
    except NothingToUndo:
        raise Refused(f"{name}: no turn to undo", Report()) from None
    _kind, payload = record_event(undone.entries[-1])
    after = HUNTS.append(db, name, "undo", payload,
                         expected_version=before.version)  # the last turn as read
    return _said(after, describe(after.state.lines[-1], after.state))


def _said(view: HuntView, text: str) -> HuntView:
    return HuntView(view.name, view.log, view.state, view.report, view.catalog, view.cards,
                    view.version, view.archived, text)


def set_card(db: Database, name: str, table: Mapping[str, Any]) -> HuntView:
    """Enter or correct one of the game's own cards (a ``[[card]]`` table: a hunter or bounty
    the catalog lacks, or a value it does not know): a card of that name and kind (one of its
    other names too) takes the values given and keeps the others; it
    becomes the group's card as well (``chronicle.services.cardfront``), so the next hunt
    knows it (refused when it would make another saved hunt break a rule).

    Raises:
        Refused: a hunter given other than 3 wounds (``card.hunter_wounds``); BadInput: the
        table breaks the card format (every problem named).
    """
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.domain.values import Origin, name_key
    from chronicle.systems.hunters_of_arcfall.rules.cards import hunter_wounds
    from chronicle.systems.hunters_of_arcfall.schema import SCHEMA

    clean = {k: v for k, v in table.items() if v is not None}
    if clean.get("kind") == "hunter":   # the rule the card format holds, said as a refusal
        broken = hunter_wounds(str(clean.get("name", "?")), clean.get("wounds"))
        if broken is not None:
            raise Refused(f"{clean.get('name')} cannot be entered for {name}: "
                          f"{broken.message} ({broken.code})", Report([broken]),
                          names={"game": name})
    _entries, problems = validate_card_tables([clean], SCHEMA, path="the card", lines=None,
                                              origin=Origin.FILE)
    if problems:
        raise BadInput("; ".join(f"{p.field}: {p.message}" if p.field else p.message
                                 for p in problems))
    HUNTS.record(db, name)              # the game is there (NotFound: nearest name)
    from chronicle.services.cardfront import enter_cards

    entered = enter_cards(db, KEY, [clean])     # the group's card too: the next hunt knows it
    if entered.cards:                   # named by another of its names: the card's own
        clean = {**clean, "name": entered.cards[0].name}
    folder, group = _context(db)
    key = (name_key(str(clean["name"])), clean.get("kind"))

    def change(record: StoredRecord) -> dict[str, Any]:  # on the game as the write reads it
        stored = read_stored(record.name, record.data, record.history(), folder, group)
        view = _view(record.name, stored, record.version, False, "")
        def same(card: Mapping[str, Any]) -> bool:
            return (name_key(str(card.get("name", ""))), card.get("kind")) == key

        had = next((dict(c) for c in view.cards if same(c)), {})   # a correction keeps the
        kept = [c for c in view.cards if not same(c)]               # values it does not give
        return record_data(view.log, [*kept, {**had, **clean}])

    return _said(HUNTS.modify(db, name, change),
                 f"{clean['name']} ({clean.get('kind')}) entered for {name}.")


def export_text(db: Database, name: str) -> str:
    """The stored game as a game-log file: ``hunt import`` and ``chronicle check`` read it."""
    from chronicle.systems.hunters_of_arcfall.gamelogfile import dump_game

    view = show_hunt(db, name)
    return dump_game(view.log, list(view.cards))


def import_file(db: Database, path: Path, name: str | None = None) -> HuntView:
    """Store a game-log file as a game (under ``name`` or its own), after the same checks as
    every write: each turn, in order, may break no rule that was not broken before it.
    Nothing is written unless the whole log passes.

    Raises:
        BadInput: the file cannot be read (every problem located); Refused: a rule broken.
    """
    from chronicle.systems.hunters_of_arcfall.catalog import load_catalog
    from chronicle.systems.hunters_of_arcfall.gamelogfile import load_game

    loaded = load_game(path)
    if loaded.problems or loaded.log is None:
        raise BadInput("\n".join(str(p) for p in loaded.problems))
    log = loaded.log
    if name:
        log = GameLog(name=name, seats=log.seats, limit=log.limit, entries=log.entries,
                      ended=log.ended, date=log.date, note=log.note)
    catalog = load_catalog(None, loaded.cards)
    try:
        _first_new_error(log, catalog)
    except Refused as exc:              # the game is not kept yet: its fixes are the file's
        refusal = Refused(str(exc), Report([_in_file(v, path) for v in exc.report]))
        raise _not_found(refusal) from None
    cards = [dict(entry.data) for entry in loaded.cards]
    start = GameLog(name=log.name, seats=log.seats, limit=log.limit, date=log.date,
                    note=log.note)
    # the end is said once the turns are in (checked against them), in the same transaction
    view = HUNTS.create(db, log.name, record_data(start, cards),
                        events=[record_event(entry) for entry in log.entries],
                        final_data=record_data(log, cards) if log.ended is not None else None)
    return _said(view, f"{log.name}: {len(log.entries)} entries imported from {path.name}.")


def _in_file(violation: Violation, path: Path) -> Violation:
    """``violation`` with its fix on the command line said as the change to the file being
    imported (the game it would name is not kept until the import passes)."""
    from dataclasses import replace

    from chronicle.rules.report import Fix, Front

    if violation.fixes is None:
        return violation
    change = violation.fix_for(Front.FILE)
    return replace(violation, fixes=Fix(violation.fixes.text,
                                        cli=f"in {path.name}: {change}; then import it again",
                                        app=violation.fixes.app, file=violation.fixes.file))


def _first_new_error(log: GameLog, catalog: HuntersCatalog) -> None:
    """Refuse a log whose set-up, or one of whose entries, adds an error (what the store would
    refuse halfway through), from one replay of the log (``rules.check_steps``)."""
    from chronicle.systems.hunters_of_arcfall.catalog import catalog_violations
    from chronicle.systems.hunters_of_arcfall.rules.check import check_game
    from chronicle.systems.hunters_of_arcfall.rules.steps import check_steps

    extra = catalog_violations(catalog)
    played = GameLog(name=log.name, seats=log.seats, limit=log.limit, entries=log.entries)
    seen: set[tuple[str, str]] = set()
    for number, report in enumerate(check_steps(played, catalog, extra)):
        if number == 0 and report.errors:
            setup, _state = check_game(GameLog(name=log.name, seats=log.seats, limit=log.limit),
                                       catalog, extra)
            raise Refused(f"{log.name}: the set-up breaks the rules", setup)
        new = [v for v in report.errors if (v.code, v.message) not in seen]
        if new:
            shown = Report()
            shown.extend(new)
            entry = log.entries[number - 1]
            what = "undo" if isinstance(entry, TurnUndone) else f"{entry.player}'s turn"
            raise Refused(f"{log.name}: entry {number} ({what}) breaks a rule; every entry is "
                          "checked as it is written", shown)
        seen = {(v.code, v.message) for v in report.errors}
    if log.ended is not None:
        final = GameLog(name=log.name, seats=log.seats, limit=log.limit, entries=log.entries,
                        ended=log.ended)
        report, _state = check_game(final, catalog, extra)
        new = [v for v in report.errors if (v.code, v.message) not in seen]
        if new:
            shown = Report()
            shown.extend(new)
            raise Refused(f"{log.name}: the log says the game ended, but it did not", shown)


def history(db: Database) -> GroupHistory:
    """The group's record across its finished games: wins and average Fortune per player and
    per hunter."""
    from chronicle.systems.hunters_of_arcfall.rules.history import group_history

    damaged: list[str] = []
    found = group_history([view.report.summary for view in list_hunts(db, damaged=damaged)])
    found.skipped.extend(("?", text) for text in damaged)
    return found


def hunt_sheet(db: Database, name: str, player: str | None = None) -> Document:
    """The score pad and the log of a stored game (``chronicle export hunt NAME``; a game
    is the group's, so ``player`` is not used)."""
    from chronicle.systems.hunters_of_arcfall.sheets import hunt_document

    view = show_hunt(db, name)
    return hunt_document(view.log, view.state, view.report)


HUNTS: GameRecords[HuntView] = GameRecords(KEY, RECORD_KIND, view_of, sheet=hunt_sheet,
                                           suffix="-hunt")
"""The group's games: the use cases every kept record has (``GameRecords``)."""
show_hunt = HUNTS.get
list_hunts = HUNTS.list
rename_hunt = HUNTS.rename
delete_hunt = HUNTS.delete
restore_hunt = HUNTS.restore
export_sheet = export_pdf = HUNTS.export_sheet
