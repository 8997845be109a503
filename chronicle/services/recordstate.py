"""Each record's derived state kept between writes, so appending one event costs the same
whatever the history's length.

The store (``chronicle.services.recordstore``) judges an appended event by the game's report on
the history before it and after it. Instead of reading, decoding and replaying the whole
history on each write, it keeps, per record, what the last write (or read) derived: the
record's data, how many events it has, the game's report on them and, for a kind with a
``RecordKind.fold``, the game's state after them (for a kind without one, the history as the
rules see it, so its check runs once per append instead of twice and nothing is read again).
The state is kept in this process, keyed by the database and the record's id, and belongs to
one version: a write installs the state it derived only once its transaction has committed,
and a write that loses a race starts again from the state of the version it then reads.

Kept state never hides a change made behind the program's back. Each use first reads the
record's **token**, cheap whatever the history's length: the row's version, name, owner
and data,
the history's mark summed by the database (how many events, the last number, the total length
of their kinds and payloads: ``persistence.recordqueries.history_tail``), the last event itself, the
context the game's check is given (the group's cards, the user's card files by size and time)
and, for a kind naming players or records, their names. Kept state whose token differs is
rebuilt from the whole history, decoded as every read decodes it (``damage.decode``: a damaged
record is refused, ``Damaged``). A hand edit that keeps every length of the history (a
different name of the same length in an old event) is the one change the token does not see;
``chronicle db check`` and every full read still do.

A kind whose fold can write its state as plain values (``Fold.dump`` and ``load``) also keeps
it in the database, written in the transaction of the write that made it (``fold_snapshot``,
``persistence.snapshots``): a process that keeps nothing yet (each ``chronicle`` command)
reads it instead of replaying the history. A snapshot is used only when all of these match
the record as read: how many events it covers, the token above, the digest of every event as
stored (a chain of one link per event: an event edited by hand is seen whatever its length,
at the cost of one light read of the history's stored text) and the row's own seal (a hand
edit of the snapshot is seen); else, or when ``load`` cannot read it, the history is
replayed, and the next write replaces the snapshot. The seal is a digest, not a signature:
someone who rewrites the snapshot and computes its seal again is not stopped (the database
is the group's own; ``chronicle db check`` replays every history). A snapshot's state may
keep only the recent part of what a replay holds (Wyld Hunt's keeps the latest events in
force): a step that needs more (``chronicle.rules.folding.NeedsHistory``) is judged on the
state of a full replay.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chronicle.rules.report import Report

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.grouptables import RecordEventRow, RecordRow
    from chronicle.services.playernames import Boundary
    from chronicle.systems.protocol import RecordContext, RecordKind

KEPT_MAX = 32
"""How many records' states one process keeps (the ones used last)."""


@dataclass(frozen=True)
class Folded:
    """A record's derived state at one version. Shared with the store's next write: read it,
    never change it (a game's view copies what it keeps)."""

    id: int
    name: str
    version: int
    events: int
    """How many events its history holds."""
    data: dict[str, Any]
    """Its data as the rules see it."""
    state: Any
    """The game's fold state after the history (``RecordKind.fold``); for a kind without a
    fold, the history as the rules see it (``{"kind", "payload"}``, oldest first)."""
    report: Report
    """The game's report on the whole history."""
    mark: tuple[int, int, int, int]
    """The history's mark (``persistence.recordqueries.history_tail``)."""
    token: str
    """What the record looked like when this was derived (see the module)."""
    history: str = ""
    """The digest of the history as stored (``persistence.snapshots.digest``), for a kind
    whose state is kept in the database; "" otherwise."""


_KEPT: OrderedDict[tuple[str, int], Folded] = OrderedDict()


def _context(context: RecordContext) -> list[Any]:
    files: list[Any] = []
    folder = context.user_cards_dir
    if folder is not None and folder.is_dir():
        for root, dirs, names in os.walk(folder):
            dirs.sort()
            for name in sorted(names):
                try:
                    found = os.stat(os.path.join(root, name))
                except OSError:
                    continue
                files.append([os.path.join(root, name), found.st_mtime_ns, found.st_size])
    return [str(folder), files, list(context.group_cards)]


def _names(names: Boundary) -> list[Any]:
    players = names.players
    return [sorted(players.names.items()), sorted(players.record_names.items()),
            sorted([*key, value] for key, value in players.records.items())]


def token(session: Session, row: RecordRow, names: Boundary, context: RecordContext,
          mark: tuple[int, int, int, int], last: tuple[int, str, Any] | None) -> str:
    """The record's token (see the module): ``row`` as ``session`` reads it, its history's
    ``mark`` and ``last`` event (seq, kind, payload as stored)."""
    from chronicle.persistence import recordqueries as store

    owner = None if row.player_id is None else \
        store.player_names(session, {row.player_id}).get(row.player_id)
    parts = [row.version, row.game, row.kind, row.name, row.player_id, owner, mark, row.data,
             last, _context(context), _names(names)]
    text = json.dumps(parts, sort_keys=True, default=repr, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def written(session: Session, row: RecordRow, spec: RecordKind, names: Boundary,
            context: RecordContext, before: Folded, event: RecordEventRow, state: Any,
            report: Report) -> Folded:
    """The state once ``event`` is appended to ``before`` and ``row``'s version bumped, in
    the write's own transaction (its token from ``before``'s mark and the new row alone),
    written as the record's snapshot when its kind's fold can write its state."""
    from chronicle.persistence import recordqueries as store

    assert row.id is not None and event.id is not None
    kind, payload = store.event_mark(session, event.id)
    count, _last, kinds, payloads = before.mark
    mark = (count + 1, event.seq, kinds + kind, payloads + payload)
    found = token(session, row, names, context, mark, (event.seq, event.kind, event.payload))
    history = ""
    if _snapshots(spec) is not None:
        from chronicle.persistence import snapshots

        history = snapshots.link(before.history, event.seq, event.kind,
                                 snapshots.event_text(session, event.id))
    after = Folded(row.id, row.name, row.version, before.events + 1, before.data, state,
                   report, mark, found, history)
    _save(session, spec, after)
    return after


def _snapshots(spec: RecordKind) -> Any:
    """The kind's fold when it writes its state as plain values (``dump`` and ``load``)."""
    fold = spec.folder()
    if fold is None or not callable(getattr(fold, "dump", None)) or \
            not callable(getattr(fold, "load", None)):
        return None
    return fold


def _seal(record_id: int, events: int, made: str, history: str, state: str) -> str:
    head = json.dumps([record_id, events, made, history], separators=(",", ":"))
    found = hashlib.blake2b(digest_size=16)
    found.update(head.encode("utf-8"))
    found.update(b"\n")
    found.update(state.encode("utf-8", "surrogatepass"))
    return found.hexdigest()


def _save(session: Session, spec: RecordKind, folded: Folded) -> None:
    """Write ``folded`` as the record's snapshot, in the write's own transaction (a kind whose
    fold cannot write its state: nothing)."""
    fold = _snapshots(spec)
    if fold is None:
        return
    from chronicle.persistence import snapshots

    text = json.dumps(fold.dump(folded.state), separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)
    snapshots.write(session, folded.id, snapshots.Snapshot(
        folded.events, folded.token, folded.history,
        _seal(folded.id, folded.events, folded.token, folded.history, text), text))


def _snapshot(session: Session, row: RecordRow, spec: RecordKind, names: Boundary,
              context: RecordContext, mark: tuple[int, int, int, int],
              found_token: str) -> Folded | None:
    """The state the record's snapshot keeps, when it matches the record as read (see the
    module); None when there is none, it does not match or it cannot be read."""
    fold = _snapshots(spec)
    if fold is None:
        return None
    from chronicle.persistence import snapshots
    from chronicle.services.damage import decode

    assert row.id is not None
    kept = snapshots.read(session, row.id)
    if kept is None or kept.events != mark[0] or kept.token != found_token or \
            kept.seal != _seal(row.id, kept.events, kept.token, kept.history, kept.state):
        return None
    if snapshots.digest(session, row.id) != kept.history:
        return None
    decoded = decode(None, row.name, row.data, [], seen=names.seen)
    if decoded.damage:
        return None
    try:
        state = fold.load(json.loads(kept.state), decoded.data, context)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return None
    return Folded(row.id, row.name, row.version, kept.events, decoded.data, state,
                  fold.report(state), mark, found_token, kept.history)


def fold_all(spec: RecordKind, game: str, data: dict[str, Any], events: list[dict[str, Any]],
             context: RecordContext) -> tuple[Any, Report]:
    """The state and the report after ``events`` (the game's fold over each; without one, the
    history itself and the game's check on it). ``data`` and ``events`` are the caller's own:
    the state may keep them."""
    import copy

    from chronicle.services.recordchecks import check_record

    fold = spec.folder()
    if fold is None:
        return events, check_record(None, game, spec, data, events, context)
    state = fold.begin(copy.deepcopy(data), context)
    for seq, event in enumerate(events, start=1):
        state = fold.step(state, event, seq, context)
    return state, fold.report(state)


def fold_one(spec: RecordKind, game: str, folded: Folded, event: dict[str, Any],
             context: RecordContext) -> tuple[Any, Report]:
    """The state and the report once ``event`` is appended to ``folded`` (which is left as
    it was)."""
    from chronicle.services.recordchecks import check_record

    fold = spec.folder()
    if fold is None:
        history = [*folded.state, event]
        return history, check_record(None, game, spec, folded.data, history, context)
    state = fold.step(folded.state, event, folded.events + 1, context)
    return state, fold.report(state)


def stepped(session: Session, key: tuple[str, int], row: RecordRow, spec: RecordKind,
            names: Boundary, context: RecordContext, before: Folded, event: dict[str, Any],
            ) -> tuple[Folded, Any, Report]:
    """The state and the report once ``event`` is appended to ``before`` (``fold_one``), with
    the state it was judged on: ``before``, or the whole history's replay when the state read
    from a snapshot lacks what the event needs (``NeedsHistory``)."""
    from chronicle.rules.folding import NeedsHistory

    try:
        return (before, *fold_one(spec, row.game, before, event, context))
    except NeedsHistory:
        whole = current(session, key, row, spec, names, context, write=True, replay=True)
        return (whole, *fold_one(spec, row.game, whole, event, context))


def current(session: Session, key: tuple[str, int], row: RecordRow, spec: RecordKind,
            names: Boundary, context: RecordContext, *, write: bool,
            replay: bool = False) -> Folded:
    """The record's derived state at the version ``session`` reads: the kept one when its
    token still matches, else the snapshot's when it matches (see the module), else rebuilt
    from the whole history (and kept); ``replay``: rebuilt whatever is kept.

    Raises:
        Damaged: the history was edited outside the program into something the game cannot
            read (``write``: the refusal says nothing was written).
    """
    from chronicle.persistence import recordqueries as store
    from chronicle.services import damage
    from chronicle.services.recordrows import _stored

    assert row.id is not None
    mark, last = store.history_tail(session, row.id)
    found_token = token(session, row, names, context, mark,
                        None if last is None else (last.seq, last.kind, last.payload))
    kept = _KEPT.get(key)
    if kept is not None and kept.token == found_token and not replay:
        _KEPT.move_to_end(key)
        return kept
    snapshot = None
    if not replay:
        collecting = gc.isenabled()
        gc.disable()  # the history's text: many young objects, gone at once, no cycles
        try:
            snapshot = _snapshot(session, row, spec, names, context, mark, found_token)
        finally:
            if collecting:
                gc.enable()
    if snapshot is not None:
        keep(key, snapshot)
        return snapshot
    collecting = gc.isenabled()
    gc.disable()  # a long history is many young objects that all live on: no cycles to find
    try:
        history = store.record_events(session, [row.id])[row.id]
        stored = damage.sound(_stored(session, row, history, names=names), spec.label,
                              write=write)
        events = [{"kind": e.kind, "payload": e.payload} for e in stored.events]
        state, report = fold_all(spec, row.game, stored.data, events, context)
    finally:
        if collecting:
            gc.enable()
    digest = ""
    if _snapshots(spec) is not None:
        from chronicle.persistence import snapshots

        digest = snapshots.digest(session, row.id)
    folded = Folded(row.id, row.name, row.version, len(events), stored.data, state, report,
                    mark, found_token, digest)
    keep(key, folded)
    return folded


def keep(key: tuple[str, int], folded: Folded) -> None:
    """Keep ``folded`` as the record's state (call it once the write that made it has
    committed); the state used longest ago goes when more than ``KEPT_MAX`` are kept."""
    _KEPT[key] = folded
    _KEPT.move_to_end(key)
    while len(_KEPT) > KEPT_MAX:
        _KEPT.popitem(last=False)


def forget() -> None:
    """Drop every kept state (the next use of each record rebuilds it)."""
    _KEPT.clear()
