"""What a score keeper does to the log between turns: look before appending a turn, and take
back the last turn with a compensating entry. Pure functions over ``GameLog``; the log itself
is never rewritten (``GameLog.append``)."""

from __future__ import annotations

from collections import Counter

from chronicle.rules.report import Violation
from chronicle.systems.hunters_of_arcfall.log import GameLog, TurnPlayed, TurnUndone
from chronicle.systems.hunters_of_arcfall.rules.replay import (
    CardLookup,
    GameState,
    replay,
    undone_entries,
)


class NothingToUndo(ValueError):
    """The log holds no turn still in effect."""


def turns_in_effect(log: GameLog) -> list[int]:
    """The entry numbers of the turns not taken back, oldest first."""
    undone, _problems = undone_entries(log)
    return [number for number, entry in enumerate(log.entries, start=1)
            if isinstance(entry, TurnPlayed) and number not in undone]


def undo_last(log: GameLog, note: str | None = None) -> GameLog:
    """The log with a compensating entry taking back its last turn still in effect.

    Raises:
        NothingToUndo: when every turn is already taken back (or none was played).
    """
    turns = turns_in_effect(log)
    if not turns:
        raise NothingToUndo(f"{log.name}: no turn to undo")
    return log.append(TurnUndone(entry=turns[-1], note=note))


def preview(log: GameLog, turn: TurnPlayed,
            cards: CardLookup) -> tuple[GameState, list[Violation]]:
    """The game as it would stand after ``turn``, and the violations that turn would add (empty
    when it is legal): what the app shows before the turn is written."""
    before = Counter(replay(log, cards).violations)
    after = replay(log.append(turn), cards)
    added = Counter(after.violations) - before
    new: list[Violation] = []
    for violation in after.violations:
        if added[violation] > 0:
            added[violation] -= 1
            new.append(violation)
    return after, new
