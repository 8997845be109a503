"""A game in play's state one event at a time: the ``play`` record kind's ``Fold`` (the store
keeps the state of the version it last saw and judges an appended event on it, so a step costs
the same on the first Day and after ten thousand steps), and ``steps``, the report after each
event from one pass over the same fold.

The rules are ``rules.playevents.apply``'s; what this adds is undo. An undo takes back the
latest event in force, so the fold keeps, for each event in force, the state before it (the
state is never changed once made: a step plays on a copy, ``PlayState.clone``, which shares the
cards and the table's data), how long the log and the report were, and the event below it: a
stack that costs the size of the table per event, never a copy of the history.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from chronicle.rules.report import Report, Violation
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.rules.play import PlayState, initial
from chronicle.systems.wyld_hunt.rules.playevents import apply


@dataclass(frozen=True, slots=True)
class Undoable:
    """An event in force, as an undo takes it back."""

    index: int
    """Its place in the history, from 0."""
    event: dict[str, Any]
    before: PlayState
    """The state before it (never changed)."""
    log: int
    """The log's length before it."""
    found: int
    """How many violations the report had before it."""
    below: Undoable | None
    """The event in force before it."""


@dataclass(frozen=True, slots=True)
class PlayFold:
    """A game in play after some events: never changed once made (``step`` makes another)."""

    state: PlayState
    """The state, its own log left empty (``log`` holds the lines)."""
    log: tuple[str, ...]
    """One line per event in force (what happened), oldest first."""
    found: tuple[Violation, ...]
    """Every violation of the events in force, and the bad undos, in the order met."""
    top: Undoable | None
    """The latest event in force (what an undo takes back)."""

    def played(self) -> PlayState:
        """A copy of the state with its log, for a view to show (and keep)."""
        state = self.state.clone()
        state.log = list(self.log)
        return state


def _unreadable(exc: Exception) -> Report:
    return Report([codes.PLAY_UNREADABLE(f"the game in play's data cannot be read ({exc})")])


def begin(data: dict[str, Any], context: object = None) -> tuple[PlayFold | None, Report]:
    """The game laid out, before the first Day (None with the report saying why when the
    data cannot be read)."""
    try:
        return PlayFold(initial(data), (), (), None), Report()
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return None, _unreadable(exc)


def step(fold: PlayFold | None, event: dict[str, Any], seq: int, context: object = None,
         ) -> tuple[PlayFold | None, Report]:
    """The game after event number ``seq``, and the report on the history up to it."""
    if fold is None:
        return None, _unreadable(ValueError("no table"))
    if event.get("kind") == "undo":
        undone = event.get("payload", {}).get("seq")
        top = fold.top
        if top is not None and undone == top.index + 1 and top.event.get("kind") != "finish":
            after = PlayFold(top.before, fold.log[:top.log], fold.found[:top.found], top.below)
        else:
            bad = codes.PLAY_BAD_UNDO(
                f"event {seq} undoes event {undone}, which is not the latest in force",
                fix="undo only the latest event: chronicle play undo <game>")
            after = PlayFold(fold.state, fold.log, (*fold.found, bad), top)
    else:
        state = fold.state.clone()
        found = apply(state, event, seq)
        lines, state.log = state.log, []
        after = PlayFold(state, (*fold.log, *lines), (*fold.found, *found),
                         Undoable(seq - 1, event, fold.state, len(fold.log), len(fold.found),
                                  fold.top))
    return after, Report(list(after.found))


def steps(data: dict[str, Any], events: list[dict[str, Any]], context: object = None,
          ) -> Iterator[Report]:
    """The report on the data alone, then after each event, from one pass of the fold (the
    record kind's ``steps``)."""
    fold, report = begin(data)
    yield report
    if fold is None:
        return
    for seq, event in enumerate(events, start=1):
        fold, report = step(fold, event, seq)
        yield report
