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
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from chronicle.rules.report import Report, Violation
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.rules.play import PlayState, initial
from chronicle.systems.wyld_hunt.rules.playevents import apply

T = TypeVar("T")

CHECKPOINT = 32
"""The stack keeps the state before one event in force in this many."""


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
