"""A Wyld Hunt character as the rules see it: creation choices plus a ledger of events.

Cards are referred to by name; the rules resolve names against a catalog, so an unknown or
misspelt card is reported rather than lost. The character's current state is never stored: it is
derived by replaying the ledger (``chronicle.systems.wyld_hunt.rules.character``).
"""

from __future__ import annotations

from dataclasses import dataclass

from chronicle.systems.wyld_hunt.cards import Court


@dataclass(frozen=True, slots=True, kw_only=True)
class GamePlayed:
    """A game played: the quests undertaken and, in the order completed, those completed."""

    quests: tuple[str, ...]
    completed: tuple[str, ...] = ()
    date: str | None = None
    opponent: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MeritBought:
    """Experience spent on a Merit (its cost)."""

    merit: str
    date: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FlawBoughtOff:
    """Experience spent to remove a Flaw the character has (its bonus)."""

    flaw: str
    date: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Correction:
    """A fix to the record at no experience cost: Merits or Flaws added or removed, career
    experience adjusted (negative to take back experience recorded by mistake)."""

    note: str
    add_merits: tuple[str, ...] = ()
    remove_merits: tuple[str, ...] = ()
    add_flaws: tuple[str, ...] = ()
    remove_flaws: tuple[str, ...] = ()
    xp: int = 0
    date: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo:
    """Reverses an earlier event, given by its number (1 = the oldest). The reversed event
    stays in the history, marked as undone: nothing is ever erased."""

    event: int
    date: str | None = None
    note: str | None = None


Event = GamePlayed | MeritBought | FlawBoughtOff | Correction | Undo


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterBuild:
    """Creation choices and the chronicle, oldest event first."""

    name: str
    system: str = "wyld-hunt"
    icons: tuple[str, ...] = ()
    court: Court | None = None
    """The player's choice, consulted on a tie."""
    merits: tuple[str, ...] = ()
    flaws: tuple[str, ...] = ()
    background: str | None = None
    player: str | None = None
    events: tuple[Event, ...] = ()
