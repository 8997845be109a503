"""Replaying any game's ledger: events in order, undo as a later event that reverses an earlier
one, and corrections that add or remove what is held, each game applying its own events.

A history is never overwritten: an undo is a compensating event naming an earlier one, and
replaying skips the event it reverses (marking it, so a log can show it struck through). The
game supplies the step that applies one event to its state; :func:`replay` decides which events
count, in which order, and reports an undo that names no earlier event, names an undo, or names
an event already undone. :func:`remove_held` is the shared half of a correction: taking named
items out of what is held, reporting the names that are not. :func:`event_line` words a stored
event for a history listing from the game's templates.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from chronicle.domain.values import name_key
from chronicle.rules.codes import Code
from chronicle.rules.report import Report, Violation

E = TypeVar("E")
L = TypeVar("L")
M = TypeVar("M")


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


def replay_steps(events: Sequence[E], *, undo_of: Callable[[E], int | None],
                 step: Callable[[int, E], object], mark: Callable[[], M],
                 rewind: Callable[[M], None], bad_undo: Code) -> Iterator[list[Violation]]:
    """:func:`replay` of the first 0, 1, 2, ... events, in one pass: yields before the first
    event and after each one the bad undos so far (which :func:`replay` reports first), the
    game's state being then that of :func:`replay` of those events.

    Each event goes through ``step`` once, ``mark()`` taken just before an event a later undo
    reverses; the undo ``rewind``s to that mark and steps again only the events stepped after
    it (none when the undo takes back the latest event, as an undo usually does). Events that
    are not undone but not applied (a bad undo) go through ``step`` as in :func:`replay`.
    """
    found = Report()
    undone = undone_events(events, undo_of, found, bad_undo)
    undo_at = {undo: target for target, undo in undone.items()}
    bad = {index: problem for index, problem in zip(
        (i for i, e in enumerate(events, start=1) if undo_of(e) is not None
         and i not in undo_at), found.violations, strict=True)}
    marks: dict[int, M] = {}
    stepped: list[int] = []
    refused: list[Violation] = []

    def apply(index: int) -> None:
        if index in undone:
            marks[index] = mark()
        step(index, events[index - 1])
        stepped.append(index)

    yield list(refused)
    for index in range(1, len(events) + 1):
        if index in undo_at:
            at = bisect_left(stepped, undo_at[index])
            again = stepped[at + 1:]
            del stepped[at:]
            rewind(marks.pop(undo_at[index]))
            for later in again:
                apply(later)
        elif index in bad:
            refused.append(bad[index])
        apply(index)
        yield list(refused)


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


class _Shown(dict[str, Any]):
    """A payload as a template reads it: a key left out shows as None."""

    def __missing__(self, key: str) -> None:
        return None


def event_line(templates: Mapping[str, str], kind: str, values: Mapping[str, Any]) -> str:
    """One line for a stored event of ``kind`` (a history listing): the game's template for
    that kind, its ``{fields}`` filled from ``values`` (the payload, with what the game adds;
    a key left out shows as None), or the kind itself when there is no template. Values are
    text, never templates: only the game's template is formatted."""
    template = templates.get(kind)
    return kind if template is None else template.format_map(_Shown(values))
