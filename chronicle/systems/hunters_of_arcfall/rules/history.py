"""A play group's history across games: wins and average score per player and per hunter.

A pure aggregation over finished games, given as their JSON summaries (``rules.check.summary``,
what ``--json`` prints and what a database can replay for each stored game) or as replayed
``GameState``\\ s. Games still in progress, or finished with a winner that cannot be named
(a claimed bounty of unknown worth), are listed as skipped, never guessed at.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from chronicle.domain.values import name_key
from chronicle.systems.hunters_of_arcfall.rules.replay import GameState, Result


@dataclass
class Standing:
    """One player's (or one hunter's) record."""

    name: str
    games: int = 0
    wins: int = 0
    """Outright wins (on Fortune, or on Fame after a tie)."""
    shared: int = 0
    """Wins shared in a tie on Fortune and Fame."""
    fortune: int = 0
    """Fortune over all games."""
    best: int = 0
    hunters: dict[str, int] = field(default_factory=dict)
    """For a player: games played with each hunter (for a hunter: with each player)."""

    @property
    def average(self) -> Fraction:
        """Average Fortune per game (exact)."""
        return Fraction(self.fortune, self.games) if self.games else Fraction(0)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape."""
        return {"name": self.name, "games": self.games, "wins": self.wins,
                "shared": self.shared, "fortune": self.fortune, "best": self.best,
                "average": round(float(self.average), 2), "average_exact": str(self.average),
                "with": dict(sorted(self.hunters.items()))}


@dataclass
class GroupHistory:
    """Every finished game counted, by player and by hunter (most wins first)."""

    games: int
    players: list[Standing]
    hunters: list[Standing]
    skipped: list[tuple[str, str]]
    """(game name, why) for each game not counted."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape."""
        return {"games": self.games, "players": [s.to_dict() for s in self.players],
                "hunters": [s.to_dict() for s in self.hunters],
                "skipped": [{"game": g, "reason": r} for g, r in self.skipped]}


def _as_summary(game: Mapping[str, Any] | GameState) -> Mapping[str, Any]:
    if isinstance(game, GameState):
        return {"name": game.name, "result": game.result.value, "winner": game.winner,
                "tie": list(game.tied),
                "players": [{"name": p.name, "hunter": p.hunter, "fortune": p.fortune}
                            for p in game.players]}
    return game


def group_history(games: Iterable[Mapping[str, Any] | GameState]) -> GroupHistory:
    """Aggregate finished games. Players and hunters are matched ignoring case and spacing;
    each keeps the spelling first seen."""
    players: dict[str, Standing] = {}
    hunters: dict[str, Standing] = {}
    skipped: list[tuple[str, str]] = []
    counted = 0
    for game in games:
        data = _as_summary(game)
        result = data.get("result")
        if result not in (Result.WON.value, Result.TIE.value):
            why = {Result.IN_PROGRESS.value: "still in progress",
                   Result.UNDECIDED.value: "a claimed bounty's worth is unknown"}
            skipped.append((str(data.get("name", "")), why.get(str(result), "not finished")))
            continue
        counted += 1
        winners = {name_key(n) for n in ([data["winner"]] if data.get("winner") else [])}
        sharing = {name_key(n) for n in data.get("tie", [])}
        for seat in data["players"]:
            key = name_key(seat["name"])
            for table, name, other in ((players, seat["name"], seat["hunter"]),
                                       (hunters, seat["hunter"], seat["name"])):
                standing = table.setdefault(name_key(name), Standing(name))
                standing.games += 1
                standing.wins += key in winners
                standing.shared += key in sharing
                standing.fortune += seat["fortune"]
                standing.best = max(standing.best, seat["fortune"])
                standing.hunters[other] = standing.hunters.get(other, 0) + 1

    def order(table: dict[str, Standing]) -> list[Standing]:
        return sorted(table.values(), key=lambda s: (-s.wins, -s.shared, -s.average,
                                                     s.name.casefold()))

    return GroupHistory(counted, order(players), order(hunters), skipped)
