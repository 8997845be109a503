"""Battle records as pure data: who fought, at what limit, for which victory, who won.

The seed (*Winning*): a player wins when they are the only one with surviving units; "other win
conditions are also possible, such as regicide or territory", so each battle records the
condition its players agreed. ``check_battle`` validates one record (two or more different
sides, a winner among them, no side's force above the limit); ``standings`` sums a group's
history per player. The history is a ledger: a battle entered by mistake is taken back by a
compensating ``BattleUndone`` event, never deleted, and ``replay`` derives the battles that
stand. The database stores these events next session.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from chronicle.domain.values import name_key
from chronicle.rules.report import Report
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia import codes as k


class Victory(enum.StrEnum):
    """The victory condition agreed before the battle."""

    LAST_UNIT_STANDING = "last-unit-standing"
    """The seed's default: the only player with surviving units wins."""
    REGICIDE = "regicide"
    TERRITORY = "territory"
    OTHER = "other"
    """Another condition the players agreed; the record's ``condition`` says which."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Side:
    """One player in a battle, with the force they brought and what it cost, when known."""

    player: str
    force: str | None = None
    points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON shape."""
        return {"player": self.player, "force": self.force, "points": self.points}


@dataclass(frozen=True, kw_only=True, slots=True)
class Battle:
    """One battle fought. ``winner`` is a side's player, or None for a draw."""

    date: dt.date
    limit: int
    victory: Victory
    sides: tuple[Side, ...]
    winner: str | None = None
    condition: str | None = None
    """What "other" victory meant, in the players' words."""
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON shape (the date as ISO text)."""
        return {"date": self.date.isoformat(), "limit": self.limit,
                "victory": self.victory.value, "sides": [s.to_dict() for s in self.sides],
                "winner": self.winner, "condition": self.condition, "note": self.note}


def check_battle(battle: Battle) -> Report:
    """Every problem of one battle record, and its summary (the record as JSON)."""
    report = Report()
    keys = [name_key(side.player) for side in battle.sides]
    repeated = sorted({side.player for side in battle.sides if keys.count(name_key(side.player))
                       > 1})
    if len(set(keys)) < 2:
        report.add(k.BATTLE_SIDES(
            f"the battle has {len(set(keys))} different side(s); a battle needs two or more",
            [s.player for s in battle.sides], "add the opponent's side"))
    elif repeated:
        report.add(k.BATTLE_SIDES(f"{', '.join(repeated)} is recorded as more than one side",
                                  repeated, "record each player once"))
    if battle.winner is not None and name_key(battle.winner) not in keys:
        report.add(k.BATTLE_WINNER_UNKNOWN(
            f"the winner {battle.winner!r} is not one of the sides "
            f"({', '.join(s.player for s in battle.sides)})", [battle.winner],
            "name one of the sides as winner, or none for a draw"))
    for side in battle.sides:
        if side.points is not None and side.points > battle.limit:
            report.add(k.BATTLE_OVER_LIMIT(
                f"{side.player}'s force costs {side.points} points, over the agreed limit of "
                f"{battle.limit}", [side.player] + ([side.force] if side.force else []),
                "correct the force's points or the battle's limit"))
    report.summary = {"system": KEY, **battle.to_dict()}
    return report


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's record over a history of battles."""

    player: str
    played: int
    won: int
    lost: int
    drawn: int


def standings(battles: Iterable[Battle]) -> list[Standing]:
    """Battles played, won, lost and drawn per player; most wins first, then by name."""
    names: dict[str, str] = {}
    tally: dict[str, list[int]] = {}
    for battle in battles:
        winner = name_key(battle.winner) if battle.winner else None
        for key in dict.fromkeys(name_key(s.player) for s in battle.sides):
            names.setdefault(key, next(s.player for s in battle.sides
                                       if name_key(s.player) == key))
            row = tally.setdefault(key, [0, 0, 0, 0])
            row[0] += 1
            if winner is None:
                row[3] += 1
            elif winner == key:
                row[1] += 1
            else:
                row[2] += 1
    found = [Standing(names[key], *row) for key, row in tally.items()]
    found.sort(key=lambda s: (-s.won, s.player.casefold()))
    return found


# --- a group's history as a ledger -------------------------------------------------------------

@dataclass(frozen=True, kw_only=True, slots=True)
class BattleRecorded:
    """A battle entered in the group's history."""

    battle: Battle


@dataclass(frozen=True, kw_only=True, slots=True)
class BattleUndone:
    """The compensating event for a battle entered by mistake: ``event`` is the 1-based number
    of the ``BattleRecorded`` it takes back. Nothing is deleted; replay leaves it out."""

    event: int
    note: str | None = None


BattleEvent = BattleRecorded | BattleUndone


class BattleLedger:
    """A group's history folded one event at a time (``replay`` and ``replay_steps``): the
    battles recorded, the undone ones, and every problem so far."""

    def __init__(self) -> None:
        self.report = Report()
        self.recorded: dict[int, Battle] = {}
        self.undone: set[int] = set()
        self.count = 0

    def add(self, event: BattleEvent) -> None:
        """The next event: a battle's own problems, or an undo that names no battle or one
        already undone (``ledger.bad_undo``)."""
        self.count += 1
        number = self.count
        if isinstance(event, BattleRecorded):
            self.recorded[number] = event.battle
            for violation in check_battle(event.battle):
                self.report.add(violation)
            return
        target = event.event
        if target not in self.recorded:
            self.report.add(k.LEDGER_BAD_UNDO(
                f"event {number} undoes event {target}, which is not a battle recorded before it",
                [], f"remove event {number}"))
        elif target in self.undone:
            self.report.add(k.LEDGER_BAD_UNDO(
                f"event {number} undoes event {target}, which is already undone", [],
                f"remove event {number}"))
        else:
            self.undone.add(target)


def replay(events: Iterable[BattleEvent]) -> tuple[list[Battle], Report]:
    """The battles a history holds (in order, undone ones left out) and every problem: each
    battle's own (``check_battle``) and undos that name no battle or one already undone
    (``ledger.bad_undo``). Summary: ``battles`` (how many stand), ``undone`` (their numbers)."""
    ledger = BattleLedger()
    for event in events:
        ledger.add(event)
    standing = [battle for number, battle in ledger.recorded.items()
                if number not in ledger.undone]
    report = ledger.report
    report.summary = {"system": KEY, "battles": len(standing), "undone": sorted(ledger.undone)}
    return standing, report


def replay_steps(events: Iterable[BattleEvent]) -> Iterator[Report]:
    """``replay``'s problems in the history without events, then after each event in turn,
    from one fold (no summary)."""
    ledger = BattleLedger()
    yield Report(list(ledger.report.violations))
    for event in events:
        ledger.add(event)
        yield Report(list(ledger.report.violations))
