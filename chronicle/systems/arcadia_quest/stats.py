"""Arcadia Quest's statistics (``GameSystem.stats``): each scenario played is a play (its
winner the guild that won it, each guild's score the coins it earned there), the coins earned
per guild per scenario, the titles, the deaths and curses, and each campaign's standings, from
the campaigns' ledgers replayed with the game's own rules (``service.list_campaigns``: undone
events left out).

A guild no player is named for is seated as "<colour> guild". The start areas are drawn at
each set-up, so no start position is given.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from chronicle.domain.values import name_key
from chronicle.services.stats import Cell, GameStats, Play, Seat, Series, Table, day_of, from_since

if TYPE_CHECKING:
    from chronicle.services.db import Database


def _who(guild: dict[str, Any], color: str) -> str:
    player = guild.get("player")
    return str(player) if player else f"{color} guild"


def stats(db: Database, since: dt.date | None, player: str | None) -> GameStats:
    """Arcadia Quest's plays, series and tables (see the module's docstring)."""
    from chronicle.systems.arcadia_quest import KEY
    from chronicle.systems.arcadia_quest.ledger import ScenarioPlayed, effective
    from chronicle.systems.arcadia_quest.service import list_campaigns

    plays: list[Play] = []
    series: list[Series] = []
    coins: list[tuple[Cell, ...]] = []
    titles: list[tuple[Cell, ...]] = []
    deaths: list[tuple[Cell, ...]] = []
    standings: list[tuple[Cell, ...]] = []
    used: dict[str, set[str]] = {}
    key = name_key(player) if player else None
    for view in list_campaigns(db):
        summary = view.summary
        guilds: dict[str, dict[str, Any]] = summary.get("guilds", {})
        scenarios: list[dict[str, Any]] = summary.get("scenarios", [])
        events = [e for _n, e in effective(view.events)[0] if isinstance(e, ScenarioPlayed)]
        days = [day_of(e.date) for e in events] + [None] * len(scenarios)
        shown = [i for i, _s in enumerate(scenarios) if from_since(days[i], since)]
        for index, scenario in enumerate(scenarios):
            seats = tuple(Seat(_who(g, color), _earned(g, index), color == scenario["winner"],
                               None, color) for color, g in guilds.items())
            plays.append(Play(KEY, f"{view.name}: {scenario['name']}", days[index], seats))
        winner = summary.get("next", {}).get("campaign_winner")
        for color, g in guilds.items():
            who = _who(g, color)
            used.setdefault(who, set()).update(
                name_key(n) for n in [*g.get("heroes", []),
                                      *(c for cards in g.get("slots", {}).values()
                                        for c in cards)])
            if key is not None and name_key(who) != key:
                continue
            points = tuple((f"{scenarios[i]['number']}. {scenarios[i]['name']}",
                            float(_earned(g, i) or 0)) for i in shown)
            series.append(Series("coins", f"Coins per scenario: {view.name}, {color} ({who})",
                                 points, who))
            coins.extend((view.name, scenarios[i]["number"], scenarios[i]["name"], color, who,
                          _earned(g, i)) for i in shown)
            kept = {scenarios[i]["name"] for i in shown}
            titles.extend((view.name, color, who, t["title"], t["scenario"])
                          for t in g.get("titles", []) if t["scenario"] in kept)
            curses: dict[str, str] = g.get("curses", {})
            deaths.extend((view.name, color, who, hero, count, curses.get(hero))
                          for hero, count in g.get("deaths", {}).items())
            standings.append((view.name, color, who,
                              sum(1 for i in shown if scenarios[i]["winner"] == color),
                              len(g.get("titles", [])), sum(g.get("coins_earned", [])),
                              sum(g.get("deaths", {}).values()),
                              "yes" if winner == color else None))
    standings.sort(key=lambda r: (str(r[0]).casefold(), -int(r[3] or 0), -int(r[4] or 0)))
    return GameStats(tuple(plays), tuple(series), (
        Table("coins", "Coins earned per guild per scenario",
              ("campaign", "number", "scenario", "guild", "player", "coins"), tuple(coins)),
        Table("titles", "Titles", ("campaign", "guild", "player", "title", "scenario"),
              tuple(titles)),
        Table("deaths", "Deaths and curses (deaths over the campaign, the curse kept now)",
              ("campaign", "guild", "player", "hero", "deaths", "curse"), tuple(deaths)),
        Table("standings", "Campaign standings",
              ("campaign", "guild", "player", "scenarios won", "titles", "coins", "deaths",
               "campaign winner"), tuple(standings)),
    ), {p: frozenset(u) for p, u in used.items()})


def _earned(guild: dict[str, Any], index: int) -> int | None:
    earned: list[int] = guild.get("coins_earned", [])
    return earned[index] if index < len(earned) else None
