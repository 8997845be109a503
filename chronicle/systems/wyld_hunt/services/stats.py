"""Wyld Hunt's statistics (``GameSystem.stats``): the games recorded, experience earned and
spent over time per character, the quests completed and the Waylays faced by rating, from the
stored games and the characters' chronicles as the services replay them.

A game's winner: the rulebook ends a game "when one player completes his Quest -- and is
victorious", so a seat that completed a quest won; its score is the quests it completed.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import TYPE_CHECKING

from chronicle.domain.values import name_key
from chronicle.services.stats import GameStats, Play, Seat, Series, Table, day_of
from chronicle.systems.wyld_hunt.chronicle import GamePlayed

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import CharacterView, HistoryLine
    from chronicle.systems.wyld_hunt.services.games import GameView


def _line_day(line: HistoryLine) -> dt.date | None:
    return day_of(line.date) or day_of(line.recorded_at)


def _mine(player: str | None, who: str) -> bool:
    return player is None or name_key(player) == name_key(who)


def stats(db: Database, since: dt.date | None, player: str | None) -> GameStats:
    """Wyld Hunt's plays, experience series and tables (see the module's docstring)."""
    from chronicle.systems.wyld_hunt.services.characters import list_characters
    from chronicle.systems.wyld_hunt.services.games import list_games

    characters = list_characters(db)
    games = list_games(db)
    days: dict[str, dt.date] = {}
    for view in characters:
        for line in view.history:
            day = _line_day(line)
            if line.game and day is not None:
                days.setdefault(line.game, day)
    plays: list[Play] = []
    for game in sorted(games, key=lambda g: g.id):
        if game.status != "played":
            continue
        day = days.get(game.name) or (game.played_at.date() if game.played_at else None)
        seats = tuple(Seat(s.player, len(s.completed or []), bool(s.completed), None,
                           s.character) for s in game.seats)
        plays.append(Play(game.system, game.name, day, seats))
    faced = _faced([g for g, p in zip(sorted(games, key=lambda g: g.id), _days(games, days),
                                      strict=True)
                    if g.status == "played" and (since is None or (p is not None and p >= since))],
                   player)
    return GameStats(tuple(plays), _series(characters, since),
                     (faced, *_tables(characters, since, player)), _used(characters, games))


def _days(games: list[GameView], days: dict[str, dt.date]) -> list[dt.date | None]:
    return [days.get(g.name) or (g.played_at.date() if g.played_at else None)
            for g in sorted(games, key=lambda g: g.id)]


def _faced(games: list[GameView], player: str | None) -> Table:
    """The Waylays each player faced, by their printed rating: those the player waylaying
    them chose (its ``target``; at a table of two, each other), as the result records it."""
    from chronicle.systems.wyld_hunt.cards import Kind, Waylay
    from chronicle.systems.wyld_hunt.services.common import catalog

    cards = catalog()
    faced: dict[tuple[str, int | None], list[str]] = {}
    for game in games:
        seats = game.seats
        for seat in seats:
            target = seat.target
            if target is None and len(seats) == 2 and not game.solo:
                target = next(s.player for s in seats if s is not seat)
            if target is None or not _mine(player, target):
                continue
            for name in seat.waylays:
                card = cards.get(name, Kind.WAYLAY.value)
                rating = card.rating if isinstance(card, Waylay) else None
                faced.setdefault((target, rating), []).append(card.name if card else name)
    rows = sorted(faced.items(), key=lambda item: (item[0][0].casefold(),
                                                   -1 if item[0][1] is None else item[0][1]))
    return Table("waylays_faced", "Waylays faced by rating (the Waylays played against each "
                                  "player)", ("player", "rating", "waylays", "cards"),
                 tuple((p, r, len(n), ", ".join(n)) for (p, r), n in rows))


def _kept(view: CharacterView, since: dt.date | None) -> list[HistoryLine]:
    return [line for line in view.history if line.applied
            and (since is None or ((_line_day(line) or dt.date.min) >= since))]


def _series(characters: list[CharacterView], since: dt.date | None) -> tuple[Series, ...]:
    found: list[Series] = []
    for view in characters:
        lines = _kept(view, since)
        if not lines:
            continue
        labels = [(_line_day(line) or dt.date.min).isoformat()
                  if _line_day(line) else f"#{line.seq}" for line in lines]
        found.append(Series("xp_earned", f"Experience earned: {view.name} ({view.player})",
                            tuple((lab, float(line.xp_earned))
                                  for lab, line in zip(labels, lines, strict=True)),
                            view.player))
        found.append(Series("xp_spent", f"Experience spent: {view.name} ({view.player})",
                            tuple((lab, float(line.xp_earned - line.xp_unspent))
                                  for lab, line in zip(labels, lines, strict=True)),
                            view.player))
    return tuple(found)


def _tables(characters: list[CharacterView], since: dt.date | None,
            player: str | None) -> tuple[Table, ...]:
    quests: list[tuple[str | int | float | None, ...]] = []
    ratings: Counter[tuple[str, str, int | None]] = Counter()
    for view in characters:
        if not _mine(player, view.player):
            continue
        kept = {line.seq for line in _kept(view, since)}
        completed: list[str] = []
        for line in view.state.ledger.lines:
            if line.index not in kept or not isinstance(line.event, GamePlayed):
                continue
            completed.extend(c for c in line.event.completed)
            for _quest, rating in line.quests:
                ratings[(view.player, view.name, rating)] += 1
        earned = sum(h.xp_change for h in view.history if h.seq in kept and h.xp_change > 0)
        quests.append((view.player, view.name, len(completed), earned,
                       ", ".join(completed) or None))
    rows = sorted(ratings.items(), key=lambda item: (
        item[0][0].casefold(), item[0][1].casefold(),
        -1 if item[0][2] is None else item[0][2]))
    return (Table("quests", "Quests completed", ("player", "character", "completed",
                                                 "xp earned", "quests"), tuple(quests)),
            Table("quest_ratings", "Quests undertaken by effective Waylay rating",
                  ("player", "character", "rating", "quests"),
                  tuple((p, c, r, n) for (p, c, r), n in rows)))


def _used(characters: list[CharacterView], games: list[GameView]) -> dict[str, frozenset[str]]:
    used: dict[str, set[str]] = {}
    for view in characters:
        state = view.state
        names = [state.icon.name] if state.icon else []
        names += [m.name for m in state.merits] + [f.name for f in state.flaws]
        used.setdefault(view.player, set()).update(name_key(n) for n in names)
    for game in games:
        for seat in game.seats:
            used.setdefault(seat.player, set()).update(
                name_key(n) for n in (*seat.quests, *seat.waylays, *seat.treasures,
                                      *seat.leagues))
    return {p: frozenset(u) for p, u in used.items()}
