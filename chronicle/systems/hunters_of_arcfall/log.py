"""A Hunters of Arcfall game as the rules see it: the seats, the point limit and the log.

The log is a ledger: every entry is an event appended in order and never changed. A turn is a
``TurnPlayed``; a mistake is taken back by appending a ``TurnUndone`` naming the entry it
reverses (the reversed turn stays in the log, marked undone). Everything else (bounty states,
scores, the round, who plays next, the winner) is derived by replaying the log
(``chronicle.systems.hunters_of_arcfall.rules``). Cards are referred to by name.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

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
