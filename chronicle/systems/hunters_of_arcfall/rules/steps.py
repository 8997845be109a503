"""A game log checked after each of its entries, in one replay: what the record store needs to
find the first entry that broke a rule (an import, a restore, a backup read back) without
replaying the log once per entry.

``replay_steps`` is ``replay`` of the log's first 0, 1, 2, ... entries, from one ``Tracker``
(an undo rewinds it to a mark taken before the turn it takes back); ``check_steps`` is
``check_game``'s violations of each of those prefixes (its summary is the whole game's, asked
of ``check_game``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass

from chronicle.rules.report import Report, Violation
from chronicle.systems.hunters_of_arcfall.log import GameLog, TurnPlayed
from chronicle.systems.hunters_of_arcfall.rules.check import end_violations, setup_violations
from chronicle.systems.hunters_of_arcfall.rules.replay import (
    CardLookup,
    Mark,
    Tracker,
    continued,
    undone_entries,
)


@dataclass(frozen=True, slots=True)
class Step:
    """The replay of a log's first entries (``replay_steps``): the violations ``replay`` finds
    in them, in its order, and how the game stands after them."""

    violations: tuple[Violation, ...]
    finished: bool
    final_round: bool
    still_to_play: tuple[str, ...]
    limit_reached_by: tuple[str, ...]


def replay_steps(log: GameLog, cards: CardLookup) -> Iterator[Step]:
    """``replay`` of the log without its entries, then of its first 1, 2, ... entries, in one
    pass: each turn is played once, and an undo rewinds to the mark taken before the turn it
    takes back, playing again only the turns in effect after that one (none for an undo of
    the last turn in effect, which is what ``ledger.undo_last`` writes)."""
    undone, problems = undone_entries(log)   # an undo is judged by the entries before it
    undo_of = {undo: target for target, undo in undone.items()}
    bad = iter(problems)
    tracker = Tracker(log.seats, log.limit, cards, log.name)
    marks: dict[int, Mark] = {}
    played: list[int] = []                   # the turns in effect, by entry number
    refused: list[Violation] = []            # the bad undos so far (``replay`` lists them first)

    def play(number: int) -> None:
        entry = log.entries[number - 1]
        assert isinstance(entry, TurnPlayed)
        if number in undone:
            marks[number] = tracker.mark()
        tracker.play(entry, number)
        played.append(number)

    def step() -> Step:
        extra = continued(tracker.after_end)
        return Step((*refused, *tracker.violations, *((extra,) if extra else ())),
                    tracker.finished, tracker.final_round, tracker.still_to_play,
                    tracker.limit_reached_by)

    yield step()
    for number, entry in enumerate(log.entries, start=1):
        if isinstance(entry, TurnPlayed):
            play(number)
        elif number in undo_of:
            target = undo_of[number]
            at = bisect_left(played, target)
            again = played[at + 1:]
            del played[at:]
            tracker.rewind(marks.pop(target))
            for later in again:
                play(later)
        else:
            refused.append(next(bad))
        yield step()


def check_steps(log: GameLog, cards: CardLookup,
                catalog: list[Violation] | None = None) -> Iterator[Report]:
    """The violations ``check_game`` finds in the log without its entries, then in its first
    1, 2, ... entries (``len(log.entries) + 1`` reports, no summary), from one replay."""
    head = [*(catalog or []), *setup_violations(log, cards)]
    for step in replay_steps(log, cards):
        yield Report([*head, *step.violations, *end_violations(log, step)])
