"""Replaying any game's ledger: events in order, undo as a later event that reverses an earlier
one, and corrections that add or remove what is held, each game applying its own events.

A history is never overwritten: an undo is a compensating event naming an earlier one, and
replaying skips the event it reverses (marking it, so a log can show it struck through). The
game supplies the step that applies one event to its state; :func:`replay` decides which events
count, in which order, and reports an undo that names no earlier event, names an undo, or names
an event already undone. :func:`remove_held` is the shared half of a correction: taking named
items out of what is held, reporting the names that are not.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Protocol, TypeVar

from chronicle.domain.values import name_key
from chronicle.rules.codes import Code
from chronicle.rules.report import Report

E = TypeVar("E")
L = TypeVar("L")


class Named(Protocol):
    """Something held by name (a card)."""

    @property
    def name(self) -> str: ...


H = TypeVar("H", bound=Named)

UNDO_FIX = "point the undo at an earlier event"


def undone_events(events: Sequence[E], undo_of: Callable[[E], int | None], report: Report,
                  code: Code) -> dict[int, int]:
    """Which events (numbered from 1) are reversed, and by which undo.

    An undo names an earlier event that is not itself an undo and not already undone; any other
    undo is reported with ``code`` and reverses nothing.

    Args:
        undo_of: the number of the event an event undoes, or None when it is not an undo.
    """
    undone: dict[int, int] = {}
    for index, event in enumerate(events, start=1):
        target = undo_of(event)
        if target is None:
            continue
        problem = None
        if not 1 <= target < index:
            problem = f"names event {target}, but only events 1 to {index - 1} come before it"
        elif undo_of(events[target - 1]) is not None:
            problem = f"names event {target}, which is itself an undo"
        elif target in undone:
            problem = f"names event {target}, already undone by event {undone[target]}"
        if problem:
            report.add(code(f"Event {index} (undo) {problem}", fix=UNDO_FIX))
            continue
        undone[target] = index
    return undone


def replay(events: Sequence[E], *, undo_of: Callable[[E], int | None],
           step: Callable[[int, E], L], skipped: Callable[[int, E, int], L],
           report: Report, bad_undo: Code) -> list[L]:
    """Apply every event in order through the game's ``step``, one line per event.

    Events reversed by a later undo are not applied: ``skipped(index, event, undone_by)`` makes
    their line instead, so their effects never count. Undo events themselves go through
    ``step`` (a game usually records them as lines that change nothing). Corrections are the
    game's own events, applied by its step (see :func:`remove_held`).
    """
    undone = undone_events(events, undo_of, report, bad_undo)
    lines: list[L] = []
    for index, event in enumerate(events, start=1):
        if index in undone:
            lines.append(skipped(index, event, undone[index]))
        else:
            lines.append(step(index, event))
    return lines


def remove_held(names: Sequence[str], held: MutableSequence[H]) -> list[str]:
    """Take each named item out of ``held`` (the first one of that name, names compared as
    the domain compares them); returns the names that were not held, in order."""
    missing: list[str] = []
    for name in names:
        position = next((i for i, item in enumerate(held)
                         if name_key(item.name) == name_key(name)), None)
        if position is None:
            missing.append(name)
            continue
        del held[position]
    return missing
