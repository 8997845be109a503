"""A Wyld Hunt character as the rules see it: creation choices plus a ledger of events.

Cards are referred to by name; the rules resolve names against a catalog, so an unknown or
misspelt card is reported rather than lost. The character's current state is never stored: it is
derived by replaying the ledger (``chronicle.systems.wyld_hunt.rules.character``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronicle.systems.wyld_hunt.cards import Court


class EpicOrder(enum.StrEnum):
    """How "Quests must be completed in order of increasing Rating" (Epic Play) is read.

    The rulebook's own example orders by quest number (Quest 7 before Quest 25), which the
    engine follows; a group may instead read "Rating" as the quests' Waylay rating, as a house
    rule recorded with the game.
    """

    QUEST_NUMBER = "quest_number"
    WAYLAY_RATING = "waylay_rating"

    def describe(self) -> str:
        """A short phrase for sheets and reports."""
        if self is EpicOrder.QUEST_NUMBER:
            return "epic quests completed in increasing quest number (the rulebook's example)"
        return "epic quests completed in increasing Waylay rating (house rule)"


@dataclass(frozen=True, slots=True, kw_only=True)
class GamePlayed:
    """A game played: the quests undertaken and, in the order completed, those completed."""

    quests: tuple[str, ...]
    completed: tuple[str, ...] = ()
    date: str | None = None
    opponent: str | None = None
    note: str | None = None
    epic_order: EpicOrder = EpicOrder.QUEST_NUMBER
    """The reading of epic order the game was played under (a house rule when not the
    default)."""


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


def event_of(kind: str, table: Mapping[str, Any]) -> Event:
    """A file's ``[[event]]`` table, already judged valid, as the chronicle's event: ``kind``
    is ``buy``, ``buy_off``, ``undo``, ``correction`` or ``game``; a key left out (or None)
    takes its default. The models (``filemodels``) and the quick reader (``quickcheck``) both
    read an event through this."""
    date, note = table.get("date"), table.get("note")
    if kind == "buy":
        return MeritBought(merit=table["buy"], date=date, note=note)
    if kind == "buy_off":
        return FlawBoughtOff(flaw=table["buy_off"], date=date, note=note)
    if kind == "undo":
        return Undo(event=table["undo"], date=date, note=note)
    if kind == "correction":
        return Correction(note=note or "", add_merits=tuple(table.get("add_merits") or ()),
                          remove_merits=tuple(table.get("remove_merits") or ()),
                          add_flaws=tuple(table.get("add_flaws") or ()),
                          remove_flaws=tuple(table.get("remove_flaws") or ()),
                          xp=table.get("xp") or 0, date=date)
    return GamePlayed(quests=tuple(table.get("quests") or ()),
                      completed=tuple(table.get("completed") or ()), date=date,
                      opponent=table.get("opponent"), note=note,
                      epic_order=EpicOrder(table.get("epic_order") or EpicOrder.QUEST_NUMBER))


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
