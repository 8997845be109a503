"""A game in play's state one event at a time: the ``play`` record kind's ``Fold`` (the store
keeps the state of the version it last saw and judges an appended event on it, so a step costs
the same on the first Day and after ten thousand steps), and ``steps``, the report after each
event from one pass over the same fold.

The rules are ``rules.playevents.apply``'s; what this adds is undo. An undo takes back the
latest event in force, so the fold keeps a stack of the events in force, each with the log and
the violations as they were before it, and, every ``CHECKPOINT`` events, the state before it (a
state is never changed once made: a step plays on a copy, ``PlayState.clone``, which shares the
cards and the table's data). The state before any event in force is the nearest state kept
below it with the events in force between played again: an undo costs at most
``CHECKPOINT`` events, and the stack a state per ``CHECKPOINT`` events. The log and the
violations are chains that each step extends (``Chain``): nothing is copied whole.

``dump`` and ``load`` write the fold as plain JSON values and read it back (the store's snapshot,
kept in the database with the step, so a new process's first step need not replay the ledger):
the state, every violation, the log's latest lines (``LOG_KEPT``, and as far down as the
events kept reach) and the latest events in force (at least ``KEPT``, down to one whose state
before it is kept). Below them the fold read back holds a mark (``_unloaded``): an undo that
reaches it raises ``chronicle.rules.folding.NeedsHistory`` and the store folds the whole
ledger instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from chronicle.rules.folding import NeedsHistory
from chronicle.rules.report import Fix, Report, Severity, Violation
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.rules.play import PlayState, initial
from chronicle.systems.wyld_hunt.rules.playevents import apply
from chronicle.systems.wyld_hunt.rules.playplain import frozen, thawed

T = TypeVar("T")

CHECKPOINT = 32
"""The stack keeps the state before one event in force in this many."""
KEPT = 32
"""A snapshot (``dump``) keeps at least this many of the latest events in force."""
LOG_KEPT = 200
"""A snapshot keeps at least this many of the log's latest lines (a view shows 100)."""
SNAPSHOT = 1
"""The version of ``dump``'s form (``load`` refuses any other)."""


@dataclass(frozen=True, slots=True)
class Chain(Generic[T]):
    """A list that grows at its end and is never changed: each link its last item, the list
    before it and how many items it holds (two chains share what they have in common)."""

    item: T
    below: Chain[T] | None
    count: int


def _extended(chain: Chain[T] | None, items: list[T]) -> Chain[T] | None:
    for item in items:
        chain = Chain(item, chain, 1 if chain is None else chain.count + 1)
    return chain


def _last(chain: Chain[T] | None, count: int) -> list[T]:
    """The last ``count`` items of ``chain``, oldest first."""
    found: list[T] = []
    while chain is not None and len(found) < count:
        found.append(chain.item)
        chain = chain.below
    found.reverse()
    return found


def _length(chain: Chain[Any] | None) -> int:
    return 0 if chain is None else chain.count


@dataclass(frozen=True, slots=True)
class Undoable:
    """An event in force, as an undo takes it back."""

    index: int
    """Its place in the history, from 0."""
    event: dict[str, Any]
    before: PlayState | None
    """The state before it (never changed), kept for one event in ``CHECKPOINT``."""
    depth: int
    """How many events in force are below it."""
    log: Chain[str] | None
    """The log before it."""
    found: Chain[Violation] | None
    """The violations before it."""
    below: Undoable | None
    """The event in force before it."""


@dataclass(frozen=True, slots=True)
class PlayFold:
    """A game in play after some events: never changed once made (``step`` makes another)."""

    state: PlayState
    """The state, its own log left empty (``log`` holds the lines)."""
    log: Chain[str] | None
    """One line per event in force (what happened)."""
    found: Chain[Violation] | None
    """Every violation of the events in force, and the bad undos, in the order met."""
    top: Undoable | None
    """The latest event in force (what an undo takes back)."""

    @property
    def lines(self) -> int:
        """How many lines the log holds."""
        return _length(self.log)

    def said_since(self, lines: int) -> list[str]:
        """The log's lines after its first ``lines``."""
        return _last(self.log, self.lines - lines)

    def played(self, lines: int | None = None) -> PlayState:
        """A copy of the state for a view to show (and keep), with its log's last ``lines``
        (None: the whole log)."""
        state = self.state.clone()
        state.log = _last(self.log, self.lines if lines is None else lines)
        return state


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A game in play whose data cannot be read: why."""

    message: str


def _state_before(top: Undoable) -> PlayState:
    """The state before the event ``top``: the nearest kept below it, the events in force
    between played again on a copy."""
    again: list[Undoable] = []
    node: Undoable | None = top
    while node is not None and node.before is None:
        node = node.below
        if node is not None:
            again.append(node)
    assert node is not None and node.before is not None, "the bottom of the stack is kept"
    if not again:
        return node.before
    state = node.before.clone()
    for done in reversed(again):
        apply(state, done.event, done.index + 1)
    state.log = []
    return state


def _unloaded(node: Undoable) -> bool:
    """True for the mark below the events a snapshot kept (neither a state before it nor an
    event below it; a real event with no state kept always has one below)."""
    return node.before is None and node.below is None


def begin(data: dict[str, Any], context: object = None) -> PlayFold | Unreadable:
    """The game laid out, before the first Day (``Unreadable`` when its data cannot be
    read)."""
    try:
        return PlayFold(initial(data), None, None, None)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return Unreadable(f"the game in play's data cannot be read ({exc})")


def step(fold: PlayFold | Unreadable, event: dict[str, Any], seq: int,
         context: object = None) -> PlayFold | Unreadable:
    """The game after event number ``seq`` (``fold`` is left as it was)."""
    if isinstance(fold, Unreadable):
        return fold
    top = fold.top
    if event.get("kind") != "undo":
        state = fold.state.clone()
        found = apply(state, event, seq)
        lines, state.log = state.log, []
        depth = 0 if top is None else top.depth + 1
        return PlayFold(state, _extended(fold.log, lines), _extended(fold.found, found),
                        Undoable(seq - 1, event, None if depth % CHECKPOINT else fold.state,
                                 depth, fold.log, fold.found, top))
    if top is not None and _unloaded(top):
        raise NeedsHistory(f"event {seq} undoes an event below those the snapshot kept")
    undone = event.get("payload", {}).get("seq")
    if top is not None and undone == top.index + 1 and top.event.get("kind") != "finish":
        return PlayFold(_state_before(top), top.log, top.found, top.below)
    bad = codes.PLAY_BAD_UNDO(
        f"event {seq} undoes event {undone}, which is not the latest in force",
        fix="undo only the latest event: chronicle play undo <game>")
    return PlayFold(fold.state, fold.log, _extended(fold.found, [bad]), top)


def report(fold: PlayFold | Unreadable) -> Report:
    """The report on the history ``fold`` was made from: every violation in the order met."""
    if isinstance(fold, Unreadable):
        return Report([codes.PLAY_UNREADABLE(fold.message)])
    return Report(_last(fold.found, _length(fold.found)))


def steps(data: dict[str, Any], events: list[dict[str, Any]], context: object = None,
          ) -> Iterator[Report]:
    """The report on the data alone, then after each event, from one pass of the fold (the
    record kind's ``steps``)."""
    fold = begin(data)
    yield report(fold)
    if isinstance(fold, Unreadable):
        return
    for seq, event in enumerate(events, start=1):
        fold = step(fold, event, seq)
        yield report(fold)


def _violation(found: Violation) -> dict[str, Any]:
    fixes = found.fixes
    return {"code": found.code, "severity": found.severity.value, "message": found.message,
            "cards": list(found.cards), "fix": found.fix, "section": found.section,
            "fixes": None if fixes is None else [fixes.text, fixes.cli, fixes.app, fixes.file]}


def _read_violation(value: dict[str, Any]) -> Violation:
    fixes = value["fixes"]
    return Violation(str(value["code"]), Severity(value["severity"]), str(value["message"]),
                     tuple(str(c) for c in value["cards"]), value["fix"], str(value["section"]),
                     None if fixes is None else Fix(*fixes))


def _count(chain: Chain[Any] | None) -> int:
    return _length(chain)


def dump(fold: PlayFold | Unreadable) -> dict[str, Any]:
    """``fold`` as plain JSON values (see the module): what ``load`` reads back."""
    if isinstance(fold, Unreadable):
        return {"snapshot": SNAPSHOT, "unreadable": fold.message}
    kept: list[Undoable] = []
    node = fold.top
    while node is not None and not _unloaded(node) and not (
            len(kept) >= KEPT and kept[-1].before is not None):
        kept.append(node)
        node = node.below
    kept.reverse()
    lines = fold.lines
    lowest = min([_count(k.log) for k in kept] + [max(0, lines - LOG_KEPT)])
    base = max(0, lowest - 1)
    distinct: dict[Violation, int] = {}
    order = [distinct.setdefault(v, len(distinct))
             for v in _last(fold.found, _length(fold.found))]
    table = [_violation(v) for v in distinct]
    return {
        "snapshot": SNAPSHOT, "state": frozen(fold.state),
        "log": {"base": base, "lines": _last(fold.log, lines - base)},
        "found": {"distinct": table, "order": order},
        "below": None if node is None else [node.index, node.depth],
        "kept": [{"index": k.index, "event": k.event, "depth": k.depth, "log": _count(k.log),
                  "found": _count(k.found),
                  "before": None if k.before is None else frozen(k.before)} for k in kept]}


def _links(base: int, items: list[T]) -> dict[int, Chain[T] | None]:
    """The chain of ``items`` after ``base`` items not kept, by each link's count."""
    links: dict[int, Chain[T] | None] = {0: None}
    chain: Chain[T] | None = None
    for count, item in enumerate(items, start=base + 1):
        chain = Chain(item, chain, count)
        links[count] = chain
    return links


def load(value: dict[str, Any], data: dict[str, Any] | None = None,
         context: object = None) -> PlayFold | Unreadable:
    """The fold ``dump`` wrote (see the module).

    Raises:
        KeyError, TypeError, ValueError: ``value`` is not what ``dump`` writes.
    """
    if value["snapshot"] != SNAPSHOT:
        raise ValueError(f"a snapshot of form {value['snapshot']!r}, not {SNAPSHOT}")
    if "unreadable" in value:
        return Unreadable(str(value["unreadable"]))
    log = value["log"]
    base = int(log["base"])
    lines: dict[int, Chain[str] | None] = _links(base, [str(x) for x in log["lines"]])
    table = [_read_violation(v) for v in value["found"]["distinct"]]
    found = _links(0, [table[int(i)] for i in value["found"]["order"]])
    below = value["below"]
    top: Undoable | None = None if below is None else Undoable(
        int(below[0]), {"kind": "(not kept)", "payload": {}}, None, int(below[1]), None, None,
        None)
    for kept in value["kept"]:
        before = kept["before"]
        top = Undoable(int(kept["index"]), dict(kept["event"]),
                       None if before is None else thawed(before), int(kept["depth"]),
                       lines[int(kept["log"])], found[int(kept["found"])], top)
    if top is not None and not _unloaded(top):
        node: Undoable | None = top
        while node is not None and node.before is None:
            node = node.below
        if node is None or _unloaded(node):
            raise ValueError("the events kept reach no state kept before them")
    return PlayFold(thawed(value["state"]), lines[base + len(log["lines"])],
                    found[len(value["found"]["order"])], top)
