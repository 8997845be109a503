"""A Hunters of Arcfall game as the rules see it: the seats, the point limit and the log.

The log is a ledger: every entry is an event appended in order and never changed. A turn is a
``TurnPlayed``; a mistake is taken back by appending a ``TurnUndone`` naming the entry it
reverses (the reversed turn stays in the log, marked undone). Everything else (bounty states,
scores, the round, who plays next, the winner) is derived by replaying the log
(``chronicle.systems.hunters_of_arcfall.rules``). Cards are referred to by name.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from chronicle.systems.hunters_of_arcfall import DEFAULT_LIMIT


class End(enum.StrEnum):
    """How a turn ended (On Your Turn, steps 2, 5 and 7)."""

    CLAIMED = "claimed"
    """The player stopped: every bounty beneath the hunter is claimed."""
    WOUNDED = "wounded"
    """Fatally wounded: every bounty beneath the hunter is discarded."""
    NO_DICE = "no_dice"
    """No dice were left to roll: the turn is over and nothing is claimed (bounties beneath the
    hunter stay there; see the docs for this reading of step 2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """One player at the table and the hunter they play."""

    name: str
    hunter: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPlayed:
    """One turn: the bounties drawn and captured (in order), whether the hunter's ability was
    used, how many heals were made and how the turn ended."""

    player: str
    drawn: tuple[str, ...] = ()
    captured: tuple[str, ...] = ()
    ability: bool = False
    end: End = End.CLAIMED
    heals: int = 0
    note: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUndone:
    """Reverses an earlier entry, given by its number (1 = the oldest entry of the log)."""

    entry: int
    note: str | None = None


Entry = TurnPlayed | TurnUndone


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLog:
    """A game: its name, the point limit, the seats in clockwise order from the first player,
    and the log, oldest entry first. ``ended`` is what the table says: True (the game is
    over), False (still being played) or None (not said)."""

    name: str
    seats: tuple[Seat, ...]
    limit: int = DEFAULT_LIMIT
    entries: tuple[Entry, ...] = ()
    ended: bool | None = None
    date: str | None = None
    note: str | None = None

    def append(self, entry: Entry) -> GameLog:
        """The same game with one more entry (the log is never rewritten)."""
        return GameLog(name=self.name, seats=self.seats, limit=self.limit,
                       entries=(*self.entries, entry), ended=self.ended, date=self.date,
                       note=self.note)


def entry_of(table: Mapping[str, Any]) -> Entry:
    """A ``[[turn]]`` table, already judged valid, as the log's entry: an undo when it names
    one, else a turn (a key left out, or None, takes its default). The models
    (``gamelogfile``) and the quick reader (``quickcheck``) both read a turn through this."""
    if table.get("undo") is not None:
        return TurnUndone(entry=table["undo"], note=table.get("note"))
    return TurnPlayed(player=table["player"], drawn=tuple(table.get("drawn") or ()),
                      captured=tuple(table.get("captured") or ()),
                      ability=bool(table.get("ability")), end=End(table["end"]),
                      heals=table.get("heals") or 0, note=table.get("note"))


def log_of(table: Mapping[str, Any], seats: Iterable[Seat], entries: Iterable[Entry],
           ) -> GameLog:
    """A game-log file's top-level table, already judged valid, as the game, with its seats
    and entries (read by ``seat_of`` and :func:`entry_of`)."""
    return GameLog(name=table["name"], limit=table.get("limit") or DEFAULT_LIMIT,
                   ended=table.get("ended"), date=table.get("date"), note=table.get("note"),
                   seats=tuple(seats), entries=tuple(entries))
