"""Tales of Arcadia's statistics (``GameSystem.stats``): the battles that stand in the group's
history (undone ones left out, as ``battle list`` shows them), wins by force and by army list,
the points fielded and the victory conditions played, from the battle ledger and the stored
forces.

A battle has no score in the rulebook: a side's score is left empty and its points fielded
are a table of their own. The sides are listed in the order the battle recorded them, which
says nothing of who started, so no start position is given.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import TYPE_CHECKING

from chronicle.domain.values import name_key
from chronicle.services.stats import GameStats, Play, Seat, Series, Table

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.battles import Battle


def _mine(player: str | None, who: str) -> bool:
    return player is None or name_key(player) == name_key(who)


def stats(db: Database, since: dt.date | None, player: str | None) -> GameStats:
    """Tales of Arcadia's plays, series and tables (see the module's docstring)."""
    from chronicle.systems.tales_of_arcadia import KEY
    from chronicle.systems.tales_of_arcadia.service import list_battles, list_forces

    entries = list_battles(db)
    forces = list_forces(db)
    army_of = {(name_key(f.player or ""), name_key(f.name)): f.roster.army for f in forces}
    plays = tuple(Play(KEY, f"battle #{e.number}", e.battle.date, tuple(
        Seat(s.player, None, e.battle.winner is not None
             and name_key(s.player) == name_key(e.battle.winner), None, s.force)
        for s in e.battle.sides)) for e in entries)
    battles = [e.battle for e in entries if since is None or e.battle.date >= since]
    used: dict[str, set[str]] = {}
    for force in forces:
        names = used.setdefault(force.player or "", set())
        names.add(name_key(force.roster.army))
        names.update(name_key(line.unit) for line in force.roster.units)
    return GameStats(plays, _series(battles, player), _tables(battles, army_of, player),
                     {p: frozenset(u) for p, u in used.items()})


def _series(battles: list[Battle], player: str | None) -> tuple[Series, ...]:
    by_player: dict[str, list[tuple[str, float]]] = {}
    names: dict[str, str] = {}
    for battle in battles:
        for side in battle.sides:
            if side.points is None or not _mine(player, side.player):
                continue
            names.setdefault(name_key(side.player), side.player)
            by_player.setdefault(name_key(side.player), []).append(
                (battle.date.isoformat(), float(side.points)))
    return tuple(Series("points", f"Points fielded: {names[k]}", tuple(points), names[k])
                 for k, points in by_player.items())


def _tables(battles: list[Battle], army_of: dict[tuple[str, str], str],
            player: str | None) -> tuple[Table, ...]:
    forces: Counter[tuple[str, str, bool]] = Counter()
    armies: Counter[tuple[str, bool]] = Counter()
    points: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    victories: Counter[tuple[str, bool]] = Counter()
    for battle in battles:
        condition = battle.victory.value if battle.condition is None else (
            f"{battle.victory.value}: {battle.condition}")
        victories[(condition, battle.winner is None)] += 1
        for side in battle.sides:
            if not _mine(player, side.player):
                continue
            won = battle.winner is not None and name_key(battle.winner) == name_key(side.player)
            names.setdefault(name_key(side.player), side.player)
            if side.force:
                forces[(side.player, side.force, won)] += 1
                army = army_of.get((name_key(side.player), name_key(side.force)))
                armies[(army or "(force not stored)", won)] += 1
            if side.points is not None:
                points.setdefault(name_key(side.player), []).append(side.points)
    by_force = sorted({(p, f) for p, f, _w in forces}, key=lambda k: (k[0].casefold(),
                                                                      k[1].casefold()))
    by_army = sorted({a for a, _w in armies}, key=str.casefold)
    by_victory = sorted({v for v, _d in victories})
    return (
        Table("forces", "Wins by force", ("player", "force", "battles", "wins"),
              tuple((p, f, forces[(p, f, True)] + forces[(p, f, False)], forces[(p, f, True)])
                    for p, f in by_force)),
        Table("armies", "Wins by army list", ("army list", "sides", "wins"),
              tuple((a, armies[(a, True)] + armies[(a, False)], armies[(a, True)])
                    for a in by_army)),
        Table("points", "Points fielded", ("player", "battles", "total", "average", "most"),
              tuple((names[k], len(v), sum(v), round(sum(v) / len(v), 2), max(v))
                    for k, v in sorted(points.items()))),
        Table("victories", "Victory conditions", ("condition", "battles", "draws"),
              tuple((v, victories[(v, False)] + victories[(v, True)], victories[(v, True)])
                    for v in by_victory)),
    )
