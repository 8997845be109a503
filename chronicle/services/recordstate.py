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


def written(session: Session, row: RecordRow, names: Boundary, context: RecordContext,
            before: Folded, event: RecordEventRow, state: Any, report: Report) -> Folded:
    """The state once ``event`` is appended to ``before`` and ``row``'s version bumped, in
    the write's own transaction (its token from ``before``'s mark and the new row alone)."""
    from chronicle.persistence import recordqueries as store

    assert row.id is not None and event.id is not None
    kind, payload = store.event_mark(session, event.id)
    count, _last, kinds, payloads = before.mark
    mark = (count + 1, event.seq, kinds + kind, payloads + payload)
    found = token(session, row, names, context, mark, (event.seq, event.kind, event.payload))
    return Folded(row.id, row.name, row.version, before.events + 1, before.data, state, report,
                  mark, found)


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


def current(session: Session, key: tuple[str, int], row: RecordRow, spec: RecordKind,
            names: Boundary, context: RecordContext, *, write: bool) -> Folded:
    """The record's derived state at the version ``session`` reads: the kept one when its
    token still matches, else rebuilt from the whole history (and kept).

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
    if kept is not None and kept.token == found_token:
        _KEPT.move_to_end(key)
        return kept
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
    folded = Folded(row.id, row.name, row.version, len(events), stored.data, state, report,
                    mark, found_token)
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
