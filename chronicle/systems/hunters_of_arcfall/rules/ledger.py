"""What a score keeper does to the log between turns: look before appending a turn, take back
the last turn with a compensating entry, and say in one sentence what a turn did. Pure functions
over ``GameLog``; the log itself is never rewritten (``GameLog.append``)."""

from __future__ import annotations

from collections import Counter

from chronicle.rules.report import Violation
from chronicle.systems.hunters_of_arcfall.log import End, GameLog, TurnPlayed, TurnUndone
from chronicle.systems.hunters_of_arcfall.rules.replay import (
    CardLookup,
    GameState,
    TurnLine,
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


def describe(line: TurnLine, state: GameState) -> str:
    """One sentence on a turn just entered and where the game stands, for the table to hear:
    "Ana claims Vex the Smuggler (+3 Fortune, 7 now). Final round: Bo and Cy still play; Bo
    is next." Card and player names are data: a front escapes them for its medium."""
    entry = line.entry
    if isinstance(entry, TurnUndone):
        text = f"Entry {entry.entry} is taken back."
    elif not line.applied:
        text = f"Entry {line.number} is not played ({entry.player} is not at the table)."
    elif not line.counted:
        text = f"{entry.player}'s turn comes after the end of the game and is not scored."
    else:
        text = _turn_text(entry, line, state)
    if state.finished:
        return f"{text} Game over: {state.verdict}."
    if state.final_round:
        verb = "plays" if len(state.still_to_play) == 1 else "play"
        text += f" Final round: {_names(state.still_to_play)} still {verb};"
    return f"{text} {state.next_player} is next." if state.next_player else text


def _turn_text(turn: TurnPlayed, line: TurnLine, state: GameState) -> str:
    who = turn.player
    fortune = state.player(who).fortune
    if line.claimed:
        gain = f"+{line.fortune} Fortune, {fortune} now"
        return f"{who} claims {_names(line.claimed)} ({gain})."
    if line.discarded:
        return f"{who} is fatally wounded and loses {_names(line.discarded)}."
    if turn.end is End.WOUNDED:
        return f"{who} is fatally wounded."
    held = state.player(who).captured
    if turn.end is End.NO_DICE:
        verb = "stays" if len(held) == 1 else "stay"
        return f"{who} runs out of dice" + (f"; {_names(held)} {verb} beneath the hunter."
                                            if held else ".")
    return f"{who} stops with nothing to claim."


def _names(names: tuple[str, ...]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
